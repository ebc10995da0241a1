import { z } from "zod";
import { earlyFineView } from "../../../../../shared/contracts/lease";
import { formatBRL } from "../../../../../shared/money";
import { rentChanged } from "../../../../realtime/events";
import { write } from "../../pdf-writer";
import { partyBrief } from "../../template";
import { moneyWithWords } from "../../words";
import { type DocumentKind, type DocumentSource, representativeSigners } from "../kind";
import { closeDocument, openDocument, writeSignatureLines } from "../page";

/*
 * The notice to leave (denúncia da locação, issue 33): one party tells the other, in writing, the
 * day the unit will be returned and on which article of Lei 8.245/91 — the tenant within the term
 * (art. 4, with the proportional fine, or its waiver for an employer's transfer), either party in
 * an indefinite term with 30 days (arts. 6, 46 § 2º, 57), the landlord after five years of a
 * shorter lease (art. 47 V). Only its giver signs it, in the ceremony; once sealed, both keep it.
 */

export const NOTICE_KIND = "denuncia";

const data = z.object({
  por: z.enum(["locatario", "locador"]),
  avisoEm: z.string(),
  entrega: z.string(),
  motivo: z.string(),
  artigo: z.string(),
  antecedenciaDias: z.number().int(),
  /** The lease's file (sealed) the notice names. */
  leaseSha256: z.string().nullable(),
  /** The employer's letter (art. 4 par. único): its stored document and SHA-256. */
  transferencia: z.object({ documentoId: z.uuid(), sha256: z.string() }).nullable(),
  multa: earlyFineView.nullable(),
  /** Both parties agree to end the lease (mútuo acordo, art. 9 I): both sign, no fine. */
  acordo: z.boolean().default(false),
});
export type NoticeData = z.output<typeof data>;

const dateBR = (d: string) => d.split("-").reverse().join("/");
const qualified = partyBrief;

function fineText(n: NoticeData): string | null {
  const m = n.multa;
  if (!m) return null;
  if (m.isencao === "transferencia")
    return "A desocupação decorre de transferência, pelo empregador, para prestar serviços em outra localidade, comprovada pela carta anexa, com aviso por escrito de pelo menos trinta dias: não é devida a multa rescisória (art. 4º, parágrafo único, da Lei 8.245/91).";
  if (m.isencao === "prazo_cumprido")
    return "A entrega ocorre ao fim do prazo do contrato: não é devida multa rescisória.";
  const left =
    m.diasDoMes > 0
      ? `${m.prazoMeses - m.mesesCumpridos - 1} meses e ${m.diasNoMes - m.diasDoMes} de ${m.diasNoMes} dias`
      : `${m.prazoMeses - m.mesesCumpridos} meses`;
  return `Estando a locação no prazo, é devida a multa rescisória do contrato, de três aluguéis (${formatBRL(m.multaIntegral)}), proporcional ao prazo que falta cumprir (art. 4º da Lei 8.245/91): faltam ${left} de ${m.prazoMeses} meses, o que resulta em ${moneyWithWords(m.valor)}, pelo aluguel vigente de ${formatBRL(m.aluguel)}. O valor definitivo constará do termo de rescisão e entrega das chaves.`;
}

/** The agreement to end the lease (art. 9 I), signed by both parties. */
async function renderAgreement(doc: DocumentSource<NoticeData>) {
  const n = doc.data;
  const l = doc.lease;
  const title = `Distrato por mútuo acordo nº ${doc.numero}`;
  const w = await openDocument(title, doc.dataEmissao);
  write(w, "DISTRATO DE LOCAÇÃO POR MÚTUO ACORDO", { bold: true, size: 14, center: true, gap: 4 });
  write(w, `Nº ${doc.numero}`, { center: true, gap: 14 });
  const contract = `contrato de locação nº ${l.numero}${n.leaseSha256 ? ` (SHA-256 ${n.leaseSha256})` : ""}`;
  write(
    w,
    `${qualified(l.locador)}, parte locadora, e ${qualified(l.locatario)}, parte locatária, do imóvel situado em ${l.imovel.endereco}, pelo ${contract}, ajustam por mútuo acordo o fim da locação (art. 9º, I, da Lei 8.245/91), com a desocupação do imóvel e a entrega das chaves em ${dateBR(n.entrega)}, sem multa rescisória. O acerto de contas constará do termo de rescisão e entrega das chaves.`,
    { gap: 10 },
  );
  write(w, `Motivo: ${n.motivo}`, { gap: 10 });
  write(
    w,
    "O imóvel deve ser devolvido no estado em que foi recebido, salvo as deteriorações decorrentes do seu uso normal (art. 23, III, da Lei 8.245/91), conferido na vistoria de saída.",
    { size: 9, gap: 10 },
  );
  write(w, `Dado em ${dateBR(n.avisoEm)}.`, { gap: 10 });
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

async function render(doc: DocumentSource<NoticeData>) {
  const n = doc.data;
  const l = doc.lease;
  if (n.acordo) return renderAgreement(doc);
  const byTenant = n.por === "locatario";
  const title = byTenant
    ? `Aviso de desocupação nº ${doc.numero}`
    : `Notificação para desocupação nº ${doc.numero}`;
  const w = await openDocument(title, doc.dataEmissao);
  write(w, byTenant ? "AVISO DE DESOCUPAÇÃO DO IMÓVEL" : "NOTIFICAÇÃO PARA DESOCUPAÇÃO DO IMÓVEL", {
    bold: true,
    size: 14,
    center: true,
    gap: 4,
  });
  write(w, `Nº ${doc.numero}`, { center: true, gap: 14 });
  const [from, to] = byTenant ? [l.locatario, l.locador] : [l.locador, l.locatario];
  const contract = `contrato de locação nº ${l.numero}${n.leaseSha256 ? ` (SHA-256 ${n.leaseSha256})` : ""}`;
  write(
    w,
    byTenant
      ? `${qualified(from)}, parte locatária do imóvel situado em ${l.imovel.endereco}, pelo ${contract}, comunica a ${qualified(to)}, parte locadora, que desocupará o imóvel e entregará as chaves em ${dateBR(n.entrega)}, com fundamento no art. ${n.artigo} da Lei 8.245/91.`
      : `${qualified(from)}, parte locadora do imóvel situado em ${l.imovel.endereco}, pelo ${contract}, notifica ${qualified(to)}, parte locatária, para que desocupe o imóvel e entregue as chaves até ${dateBR(n.entrega)}, com fundamento no art. ${n.artigo} da Lei 8.245/91${n.antecedenciaDias > 0 ? `, concedido o prazo de ${n.antecedenciaDias} dias para a desocupação` : ""}.`,
    { gap: 10 },
  );
  write(w, `Motivo: ${n.motivo}`, { gap: 10 });
  const fine = fineText(n);
  if (fine) write(w, fine, { gap: 10 });
  if (n.transferencia)
    write(w, `Carta do empregador anexada na Chave: SHA-256 ${n.transferencia.sha256}.`, {
      size: 9,
      gap: 10,
    });
  write(
    w,
    "O imóvel deve ser devolvido no estado em que foi recebido, salvo as deteriorações decorrentes do seu uso normal (art. 23, III, da Lei 8.245/91), conferido na vistoria de saída.",
    { size: 9, gap: 10 },
  );
  write(w, `Dado em ${dateBR(n.avisoEm)}.`, { gap: 10 });
  writeSignatureLines(w, [
    {
      label: byTenant ? "PARTE LOCATÁRIA" : "PARTE LOCADORA",
      nome: from.nome,
      cpf: from.cpf,
      empresa: from.empresa,
    },
    ...representativeSigners(l, [n.por]).map((s) => ({
      label: s.label,
      nome: s.p.nome,
      cpf: s.p.cpf,
      empresa: s.p.empresa,
    })),
  ]);
  return closeDocument(w, title);
}

export const denuncia: DocumentKind<NoticeData> = {
  kind: NOTICE_KIND,
  titleKey: "contract.kinds.denuncia",
  parse: (input) => data.parse(input),
  render: (doc) => render(doc),
  // Only who gives it signs: a notice is one party's declaration to the other; an agreement, both.
  signers: (doc) =>
    doc.data.acordo
      ? [
          { role: "locador", p: doc.lease.locador, email: doc.lease.emails.locador, named: false },
          { role: "locatario", p: doc.lease.locatario, email: doc.lease.emails.locatario, named: false },
          ...representativeSigners(doc.lease).map(({ label: _, ...s }) => s),
        ]
      : [
          doc.data.por === "locatario"
            ? { role: "locatario", p: doc.lease.locatario, email: doc.lease.emails.locatario, named: false }
            : { role: "locador", p: doc.lease.locador, email: doc.lease.emails.locador, named: false },
          ...representativeSigners(doc.lease, [doc.data.por]).map(({ label: _, ...s }) => s),
        ],
  giver: (doc) => doc.data.por,
  fileName: (numero, sealed) =>
    sealed ? `Aviso de desocupação ${numero} - assinado.pdf` : `Aviso de desocupação ${numero}.pdf`,
  // The lease's page lists its notices with their state: signed now.
  sealed: async (c, row) => {
    if (row.parent_id) await rentChanged(c, row.parent_id, [], [row.landlord_id, row.tenant_id]);
  },
};
