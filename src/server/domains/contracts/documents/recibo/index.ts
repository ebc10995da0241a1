import { z } from "zod";
import { formatCnpj } from "../../../../../shared/cnpj";
import { formatCpf } from "../../../../../shared/contracts/profile";
import { chargeLine } from "../../../../../shared/contracts/rent";
import { formatBRL } from "../../../../../shared/money";
import { rentChanged } from "../../../../realtime/events";
import { WIDTH, write, writeRow } from "../../pdf-writer";
import type { ContractParty } from "../../template";
import { moneyWithWords } from "../../words";
import type { DocumentKind, DocumentSource } from "../kind";
import { closeDocument, openDocument } from "../page";

/*
 * The recibo de aluguel (issue 32): the landlord owes the tenant "recibo discriminado das
 * importâncias por este pagas, vedada a quitação genérica" (Lei 8.245/91 art. 22, VI), so it names
 * both parties, the lease, the period, every line with its amount, the late fees and the total in
 * words. Nobody signs it in the ceremony: it is issued by Chave when the landlord confirms the
 * payment (or the PSP reports it) and sealed with the installation's seal and timestamp at once,
 * as every document is (decision 047); the trail records who confirmed it and when.
 */

export const RECEIPT_KIND = "recibo";

const data = z.object({
  chargeId: z.uuid(),
  competencia: z.string(),
  inicio: z.string(),
  fim: z.string(),
  vencimento: z.string(),
  linhas: z.array(chargeLine),
  pagamento: z.object({
    valor: z.number().int(),
    pagoEm: z.string(),
    diasAtraso: z.number().int(),
    multa: z.number().int(),
    juros: z.number().int(),
    /** The landlord forgave the late fees. */
    dispensados: z.boolean(),
    forma: z.enum(["confirmado", "psp"]),
    endToEndId: z.string().nullable(),
  }),
});
export type ReceiptData = z.output<typeof data>;

const LINE_NAMES: Record<string, string> = {
  aluguel: "Aluguel",
  condominio: "Condomínio",
  iptu: "IPTU (parcela mensal)",
  seguro_incendio: "Seguro contra incêndio",
  avulso: "Lançamento avulso",
  desconto: "Desconto",
};

const dateBR = (d: string) => d.split("-").reverse().join("/");
const monthBR = (m: string) => m.split("-").reverse().join("/");

/**
 * "Nome, CPF 123.456.789-09, com endereço em …", or for a company "ALFA LTDA., CNPJ …, com sede
 * em …": how a receipt qualifies payer and payee.
 */
function qualified(p: ContractParty): string {
  if (p.empresa)
    return `${p.empresa.razaoSocial}, CNPJ ${formatCnpj(p.empresa.cnpj)}, com sede em ${p.empresa.sede}`;
  return [p.nome, `CPF ${formatCpf(p.cpf)}`, p.endereco ? `com endereço em ${p.endereco}` : null]
    .filter(Boolean)
    .join(", ");
}

function lineText(l: ReceiptData["linhas"][number]): string {
  const name = LINE_NAMES[l.tipo] ?? l.tipo;
  const days =
    l.dias !== undefined && l.diasNoMes !== undefined && l.dias !== l.diasNoMes && l.inicio && l.fim
      ? ` de ${dateBR(l.inicio)} a ${dateBR(l.fim)} (${l.dias}/${l.diasNoMes} dias de ${formatBRL(l.base ?? 0)})`
      : "";
  return `${name}${days}${l.motivo ? ` – ${l.motivo}` : ""}`;
}

async function render(doc: DocumentSource<ReceiptData>) {
  const r = doc.data;
  const l = doc.lease;
  const title = `Recibo de aluguel nº ${doc.numero}`;
  const w = await openDocument(title, doc.dataEmissao);
  write(w, "RECIBO DE ALUGUEL", { bold: true, size: 14, center: true, gap: 4 });
  write(w, `Nº ${doc.numero}`, { center: true, gap: 14 });
  write(
    w,
    `${qualified(l.locador)}, parte locadora, declara ter recebido de ${qualified(l.locatario)}, parte locatária, a importância de ${moneyWithWords(r.pagamento.valor)}, em ${dateBR(r.pagamento.pagoEm)}, por Pix, referente ao aluguel e aos encargos do imóvel situado em ${l.imovel.endereco}, do período de ${dateBR(r.inicio)} a ${dateBR(r.fim)} (competência ${monthBR(r.competencia)}, vencimento em ${dateBR(r.vencimento)}), conforme o contrato de locação nº ${l.numero}, discriminados abaixo (art. 22, VI, da Lei 8.245/91):`,
    { gap: 10 },
  );
  const amountX = WIDTH - 110;
  const row = (text: string, value: number, bold = false) =>
    writeRow(w, [
      { text, x: 0, width: amountX - 10, bold },
      { text: formatBRL(value), x: amountX, width: 110, bold },
    ]);
  for (const line of r.linhas) row(lineText(line), line.valor);
  const p = r.pagamento;
  if (p.diasAtraso > 0 && !p.dispensados) {
    row(`Multa por atraso (${p.diasAtraso} dia${p.diasAtraso === 1 ? "" : "s"})`, p.multa);
    row("Juros de mora, pro rata die", p.juros);
  }
  row("Total recebido", p.valor, true);
  w.y -= 8;
  if (p.diasAtraso > 0 && p.dispensados)
    write(w, `Pago com ${p.diasAtraso} dia(s) de atraso; a parte locadora dispensou a multa e os juros.`, {
      size: 9,
    });
  write(
    w,
    p.forma === "psp"
      ? `Pagamento identificado pelo Pix de identificador ${p.endToEndId ?? ""}, informado pelo prestador de serviços de pagamento.`
      : "Pagamento confirmado pela parte locadora na Chave.",
    { size: 9, gap: 10 },
  );
  write(
    w,
    "Emitido eletronicamente pela Chave e selado digitalmente; a trilha de auditoria segue no certificado de conclusão anexo.",
    { size: 8 },
  );
  return closeDocument(w, title);
}

export const recibo: DocumentKind<ReceiptData> = {
  kind: RECEIPT_KIND,
  titleKey: "contract.kinds.recibo",
  parse: (input) => data.parse(input),
  render: (doc) => render(doc),
  // Issued, not signed: the seal and its timestamp stand for the landlord's confirmation.
  signers: () => [],
  fileName: (numero, sealed) =>
    sealed ? `Recibo de aluguel ${numero} - selado.pdf` : `Recibo de aluguel ${numero}.pdf`,
  // The charge's and the lease's screens show the receipt the moment it is sealed.
  sealed: async (c, row) => {
    const d = (row.data as { documento?: { chargeId?: string } }).documento;
    if (row.parent_id && d?.chargeId)
      await rentChanged(c, row.parent_id, [d.chargeId], [row.landlord_id, row.tenant_id]);
  },
};
