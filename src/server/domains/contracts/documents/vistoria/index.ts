import sharp from "sharp";
import { z } from "zod";
import {
  type InspectionItem,
  type InspectionView,
  type ItemState,
  inspectionView,
} from "../../../../../shared/contracts/inspections";
import { brazilDateTime } from "../../../../../shared/contracts/proposals";
import { formatBRL } from "../../../../../shared/money";
import { inspectionChanged } from "../../../../realtime/events";
import { recordInspectionEvent } from "../../../inspections/inspection-events.repository";
import { markSigned } from "../../../inspections/inspections.repository";
import { ensureRoom, MARGIN, WIDTH, type Writer, write, writeRow } from "../../pdf-writer";
import { partyBrief } from "../../template";
import { type DocumentFiles, type DocumentKind, type DocumentSource, representativeSigners } from "../kind";
import { closeDocument, openDocument, writeSignatureLines } from "../page";

/*
 * The laudo de vistoria (issue 31): the inspection report both parties agreed, as a document of
 * the signed lease (decision 047). It names the lease and its SHA-256, describes every room and
 * item (Lei 8.245/91 art. 22 V), records the tenant's contests and the landlord's answers, or the
 * agreement by silence, and prints every photo as a thumbnail with its time and the SHA-256 of its
 * original, so either party can show a judge that a photo is the one the report was signed with.
 */

export const INSPECTION_KIND = "vistoria";

const data = z.object({
  inspectionId: z.uuid(),
  /** The lease's file (sealed when it is) the laudo names. */
  leaseSha256: z.string().nullable(),
  report: inspectionView,
  /** The originals as one zip (written with the laudo): its SHA-256 is stated here. */
  arquivoFotos: z
    .object({ sha256: z.string(), tamanho: z.number().int(), fotos: z.number().int() })
    .nullable()
    .default(null),
});
type LaudoData = z.output<typeof data>;

const STATE_NAMES: Record<ItemState, string> = {
  novo: "Novo",
  bom: "Bom",
  regular: "Regular",
  ruim: "Ruim",
  nao_se_aplica: "Não se aplica",
};
const stateName = (s: ItemState | null) => (s ? STATE_NAMES[s] : "Sem avaliação");
const METER_NAMES = { agua: "Água", luz: "Luz", gas: "Gás" } as const;

/** Thumbnails three to a row, with their caption below. */
const THUMB_W = 150;
const THUMB_H = 112;
const THUMB_GAP = (WIDTH - 3 * THUMB_W) / 2;
const CAPTION_H = 34;

/** A photo's thumbnail: small enough that 200 photos keep the laudo a file one can e-mail. */
async function thumbnail(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { failOn: "none" })
    .rotate()
    .resize({ width: THUMB_W * 3, height: THUMB_H * 3, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 68, mozjpeg: false })
    .toBuffer();
}

interface Captioned {
  id: string;
  label: string;
}

/**
 * The thumbnails of `ids` in their order, the next `ahead` made while the current one is placed:
 * sharp decodes off the event loop, so both cores work, and only a few originals are in memory at
 * once (one at a time left a core idle: 10 s for 200 photos of 12 MP on this machine).
 */
function thumbnailsInOrder(
  ids: string[],
  files: DocumentFiles,
  ahead = 4,
): (index: number) => Promise<Buffer> {
  const started = new Map<number, Promise<Buffer>>();
  let next = 0;
  return (index) => {
    for (; next < ids.length && next <= index + ahead; next++) {
      const made = files.read(ids[next] as string).then(thumbnail);
      // Awaited in its turn; a failure before then is not an unhandled rejection meanwhile.
      made.catch(() => undefined);
      started.set(next, made);
    }
    const made = started.get(index);
    started.delete(index);
    if (!made) throw new Error(`thumbnail ${index} asked out of order`);
    return made;
  };
}

async function writePhotos(w: Writer, photos: Captioned[], report: InspectionView, files: DocumentFiles) {
  const meta = new Map(report.fotos.map((f) => [f.id, f]));
  const thumbnailOf = thumbnailsInOrder(
    photos.map((p) => p.id),
    files,
  );
  for (let i = 0; i < photos.length; i += 3) {
    const row = photos.slice(i, i + 3);
    ensureRoom(w, THUMB_H + CAPTION_H);
    const top = w.y;
    for (const [col, p] of row.entries()) {
      const x = MARGIN + col * (THUMB_W + THUMB_GAP);
      const image = await w.doc.embedJpg(await thumbnailOf(i + col));
      const scale = Math.min(THUMB_W / image.width, THUMB_H / image.height);
      const width = image.width * scale;
      const height = image.height * scale;
      w.page.drawImage(image, {
        x: x + (THUMB_W - width) / 2,
        y: top - THUMB_H + (THUMB_H - height),
        width,
        height,
      });
      const m = meta.get(p.id);
      const lines = [
        `${p.label} · ${m ? brazilDateTime(new Date(m.createdAt)) : ""}`,
        `SHA-256 ${m?.sha256.slice(0, 32) ?? ""}`,
        m?.sha256.slice(32) ?? "",
      ];
      lines.forEach((line, n) => {
        w.page.drawText(line, { x, y: top - THUMB_H - 9 - n * 8, size: 6, font: w.regular });
      });
    }
    w.y = top - THUMB_H - CAPTION_H;
  }
}

function itemLine(item: InspectionItem, entry: InspectionItem | undefined): string {
  const lower = (i: InspectionItem) => stateName(i.estado).toLowerCase();
  const state = entry
    ? `na entrada, ${lower(entry)}${entry.observacao ? ` (${entry.observacao})` : ""}; na saída, ${lower(item)}.`
    : `${stateName(item.estado)}.`;
  const damage = item.dano
    ? `Dano além do desgaste natural: ${item.dano.descricao} (${formatBRL(item.dano.custo)}).`
    : "";
  return [`${item.nome}: ${state}`, item.observacao, damage].filter(Boolean).join(" ");
}

/** A file's size as pt-BR writes it ("483,2 MB", "42 kB"). */
function fileSize(bytes: number): string {
  if (bytes < 1e6) return `${Math.max(1, Math.round(bytes / 1e3))} kB`;
  return `${(bytes / 1e6).toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}

async function render(doc: DocumentSource<LaudoData>, files: DocumentFiles) {
  const { report, leaseSha256, arquivoFotos: archive } = doc.data;
  const saida = report.tipo === "saida";
  const title = `Laudo de vistoria de ${saida ? "saída" : "entrada"} nº ${doc.numero}`;
  const w = await openDocument(title, doc.dataEmissao);
  const l = doc.lease;
  write(w, `LAUDO DE VISTORIA DE ${saida ? "SAÍDA" : "ENTRADA"}`, {
    bold: true,
    size: 14,
    center: true,
    gap: 4,
  });
  write(w, `Nº ${doc.numero}`, { center: true, gap: 14 });
  write(
    w,
    `Este laudo integra o contrato de locação nº ${l.numero}${leaseSha256 ? `, cujo arquivo tem o SHA-256 ${leaseSha256}` : ""}, e descreve o estado do imóvel ${saida ? "na devolução das chaves, comparado com a vistoria de entrada (art. 23, III, da Lei 8.245/91)" : "na entrega das chaves (art. 22, V, da Lei 8.245/91)"}.`,
    { gap: 8 },
  );
  write(w, `Imóvel: ${l.imovel.tipo} – ${l.imovel.endereco}.`, { gap: 4 });
  write(w, `Parte locadora: ${partyBrief(l.locador)}.`, { gap: 4 });
  write(w, `Parte locatária: ${partyBrief(l.locatario)}.`, { gap: 4 });
  const contests = Object.keys(report.contestacoes).length;
  const review = report.concordanciaTacita
    ? `O prazo de revisão terminou em ${report.revisaoAte ? brazilDateTime(new Date(report.revisaoAte)) : "—"} sem manifestação da parte locatária sobre os itens não contestados: valem como aceitos (concordância tácita).`
    : "A parte locatária revisou a vistoria e concordou com os itens não contestados.";
  write(w, `${review} Contestações: ${contests}, cada uma com a resposta da parte locadora abaixo.`, {
    gap: 4,
  });
  write(
    w,
    `Fotografias: ${report.fotos.length}. Cada uma é identificada pelo SHA-256 do arquivo original, guardado pela Chave com o contrato; a miniatura aqui impressa é uma redução dele.`,
    { gap: archive ? 4 : 14 },
  );
  if (archive)
    write(
      w,
      `Os ${archive.fotos} originais estão reunidos num único arquivo zip de ${fileSize(archive.tamanho)}, que cada parte baixa na vistoria, cujo SHA-256 é ${archive.sha256}.`,
      { gap: 14 },
    );

  const entryRooms = new Map((report.entrada?.conteudo.comodos ?? []).map((r) => [r.id, r]));
  const photos: Captioned[] = [];
  for (const room of report.conteudo.comodos) {
    write(w, room.nome.toUpperCase(), { bold: true, keepWithNext: 30, gap: 4 });
    const entryItems = new Map((entryRooms.get(room.id)?.itens ?? []).map((i) => [i.id, i]));
    for (const photo of room.fotos) photos.push({ id: photo, label: `${room.nome} (geral)` });
    for (const item of room.itens) {
      write(w, itemLine(item, saida ? entryItems.get(item.id) : undefined), { size: 9, gap: 2 });
      for (const photo of item.fotos) photos.push({ id: photo, label: `${room.nome} · ${item.nome}` });
      const contest = report.contestacoes[item.id];
      if (contest) {
        write(
          w,
          `Contestação da parte locatária (${brazilDateTime(new Date(contest.em))}): ${contest.estado ? `${stateName(contest.estado)}. ` : ""}${contest.observacao}`,
          { size: 9, gap: 2 },
        );
        for (const photo of contest.fotos)
          if (!item.fotos.includes(photo)) photos.push({ id: photo, label: `${item.nome} (contestação)` });
        if (contest.resposta)
          write(
            w,
            contest.resposta.decisao === "aceita"
              ? `Resposta da parte locadora (${brazilDateTime(new Date(contest.resposta.em))}): aceita a versão da parte locatária.`
              : `Resposta da parte locadora (${brazilDateTime(new Date(contest.resposta.em))}): mantém a sua versão. Motivo: ${contest.resposta.motivo ?? ""}`,
            { size: 9, gap: 2 },
          );
      }
    }
    w.y -= 6;
  }
  if (saida)
    write(w, `Total dos danos além do desgaste natural: ${formatBRL(report.totalDanos)}.`, {
      bold: true,
      gap: 10,
    });

  const meters = report.conteudo.medidores.filter((m) => m.leitura || m.foto);
  if (meters.length > 0) {
    write(w, "MEDIDORES", { bold: true, keepWithNext: 20, gap: 4 });
    for (const m of meters) {
      writeRow(w, [
        { text: METER_NAMES[m.tipo], x: 0, width: 120, bold: true },
        { text: m.leitura || "—", x: 120, width: WIDTH - 120 },
      ]);
      if (m.foto) photos.push({ id: m.foto, label: `Medidor de ${METER_NAMES[m.tipo].toLowerCase()}` });
    }
    w.y -= 6;
  }
  if (report.conteudo.chaves.length > 0) {
    write(w, "CHAVES ENTREGUES", { bold: true, keepWithNext: 20, gap: 4 });
    for (const k of report.conteudo.chaves) write(w, `${k.quantidade} × ${k.descricao}`, { size: 9, gap: 2 });
    w.y -= 6;
  }

  if (photos.length > 0) {
    write(w, "FOTOGRAFIAS", { bold: true, keepWithNext: THUMB_H + CAPTION_H, gap: 6 });
    await writePhotos(w, photos, report, files);
  }

  write(w, "HISTÓRICO", { bold: true, keepWithNext: 20, gap: 4 });
  for (const h of report.historico)
    write(
      w,
      `${brazilDateTime(new Date(h.em))} – ${h.quem}: ${HISTORY[h.acao] ?? h.acao}${h.detalhe && !/^\d{4}-/.test(h.detalhe) ? ` (${h.detalhe})` : ""}.`,
      {
        size: 8,
        gap: 1,
      },
    );
  w.y -= 10;
  writeSignatureLines(w, [
    { label: "PARTE LOCADORA", nome: l.locador.nome, cpf: l.locador.cpf, empresa: l.locador.empresa },
    { label: "PARTE LOCATÁRIA", nome: l.locatario.nome, cpf: l.locatario.cpf, empresa: l.locatario.empresa },
    ...representativeSigners(l).map((s) => ({
      label: s.label,
      nome: s.p.nome,
      cpf: s.p.cpf,
      empresa: s.p.empresa,
    })),
  ]);
  return closeDocument(w, title);
}

/** The history's steps as the laudo words them. */
const HISTORY: Record<string, string> = {
  iniciou: "iniciou a vistoria",
  editou: "preencheu a vistoria",
  enviou_revisao: "enviou a vistoria para revisão da parte locatária",
  concordou: "concordou com o item",
  contestou: "contestou o item",
  enviou_revisao_locatario: "enviou a sua revisão",
  prazo_encerrado: "prazo de revisão encerrado; itens não contestados aceitos por concordância tácita",
  aceitou_contestacao: "aceitou a contestação",
  manteve: "manteve a sua versão",
  gerou_laudo: "gerou este laudo",
  assinada: "laudo assinado por todos",
};

export const vistoria: DocumentKind<LaudoData> = {
  kind: INSPECTION_KIND,
  titleKey: "contract.kinds.vistoria",
  parse: (input) => data.parse(input),
  render: (doc, files) => render(doc, files),
  signers: (doc) => [
    { role: "locador", p: doc.lease.locador, email: doc.lease.emails.locador, named: false },
    { role: "locatario", p: doc.lease.locatario, email: doc.lease.emails.locatario, named: false },
    ...representativeSigners(doc.lease).map(({ label: _, ...s }) => s),
  ],
  fileName: (numero, sealed) =>
    sealed ? `Laudo de vistoria ${numero} - assinado.pdf` : `Laudo de vistoria ${numero}.pdf`,
  // The report can no longer change: its laudo is sealed.
  sealed: async (c, row) => {
    for (const r of await markSigned(c, row.id)) {
      await recordInspectionEvent(c, { inspection_id: r.id, actor_id: null, action: "assinada" });
      await inspectionChanged(c, { id: r.id, contractId: r.contract_id, status: "assinada" }, [
        row.landlord_id,
        row.tenant_id,
      ]);
    }
  },
};
