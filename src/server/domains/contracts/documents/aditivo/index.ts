import { z } from "zod";
import { amendmentChanges, leaseAmendmentView } from "../../../../../shared/contracts/lease";
import { formatCpf } from "../../../../../shared/contracts/profile";
import { leaseLastDay } from "../../../../../shared/dates";
import { formatBRL } from "../../../../../shared/money";
import { rentChanged } from "../../../../realtime/events";
import { findContract, setLeaseData } from "../../contracts.repository";
import { write } from "../../pdf-writer";
import type { ContractParty, StoredContractData } from "../../template";
import { moneyWithWords, numberInWords } from "../../words";
import type { DocumentKind, DocumentSource, PlannedSigner } from "../kind";
import { closeDocument, openDocument, writeSignatureLines } from "../page";

/*
 * The termo aditivo (issue 33 item 1): the change both parties agreed to, naming the lease and its
 * sealed file's hash, with only the clauses it changes; every other clause stands. Signed by the
 * parties, the co-tenants (jointly bound, and the one who leaves consents to leaving), and — when
 * the change touches what the surety covers (rent, term, guarantee) — the guarantor and spouse,
 * since "o fiador na locação não responde por obrigações resultantes de aditamento ao qual não
 * anuiu" (Súmula 214 do STJ; Código Civil art. 819). Once sealed it becomes part of the lease:
 * its money and term follow it from its date (src/shared/lease/amendments.ts), and its parties
 * and guarantee are the lease's from then on.
 */

export const AMENDMENT_KIND = "aditivo";

const data = z.object({
  amendmentId: z.uuid(),
  por: z.enum(["locatario", "locador"]),
  efeito: z.string(),
  motivo: z.string(),
  mudancas: amendmentChanges,
  antes: leaseAmendmentView.shape.antes,
  /** The lease's sealed file the amendment names. */
  leaseSha256: z.string().nullable(),
});
export type AmendmentData = z.output<typeof data>;

const dateBR = (d: string) => d.split("-").reverse().join("/");
const qualified = (p: ContractParty) => `${p.nome}, CPF ${formatCpf(p.cpf)}`;

export const GUARANTEE_NAMES: Record<string, string> = {
  fiador: "fiança",
  seguro_fianca: "seguro de fiança locatícia (art. 37, III, da Lei 8.245/91)",
  caucao: "caução em dinheiro (art. 38, § 2º, da Lei 8.245/91)",
  titulo_capitalizacao: "título de capitalização (art. 37, IV, da Lei 8.245/91)",
};

/** Whether the change touches what a guarantor answers for (Súmula 214 do STJ). */
const concernsSurety = (a: AmendmentData) =>
  a.mudancas.aluguel !== undefined ||
  a.mudancas.prazoMeses !== undefined ||
  a.mudancas.garantia !== undefined;

function signersOf(doc: DocumentSource<AmendmentData>): PlannedSigner[] {
  const l = doc.lease;
  const surety = l.termos.garantia === "fiador" && l.fiador && concernsSurety(doc.data);
  return [
    { role: "locador", p: l.locador, email: l.emails.locador, named: false },
    { role: "locatario", p: l.locatario, email: l.emails.locatario, named: false },
    ...l.colocatarios.map((p) => ({ role: "colocatario" as const, p, email: p.email ?? "", named: true })),
    ...(surety && l.fiador
      ? [{ role: "fiador" as const, p: l.fiador, email: l.fiador.email ?? "", named: true }]
      : []),
    ...(surety && l.fiador?.conjuge
      ? [{ role: "anuente" as const, p: l.fiador.conjuge, email: l.fiador.conjuge.email ?? "", named: true }]
      : []),
  ];
}

const LABELS: Record<string, string> = {
  locador: "PARTE LOCADORA",
  locatario: "PARTE LOCATÁRIA",
  colocatario: "COLOCATÁRIO(A)",
  fiador: "FIADOR(A)",
  anuente: "CÔNJUGE DO(A) FIADOR(A), ANUENTE",
};

/** The clauses the amendment changes, in the lease's order, each a sentence of its own. */
export function amendmentClauses(l: StoredContractData, a: AmendmentData): [string, string][] {
  const m = a.mudancas;
  const from = dateBR(a.efeito);
  const out: [string, string][] = [];
  if (m.aluguel !== undefined)
    out.push([
      "Do aluguel",
      `A partir de ${from}, o aluguel mensal passa a ser de ${moneyWithWords(m.aluguel)}, em substituição ao de ${formatBRL(a.antes.aluguel)}, mantidos a forma de pagamento e o índice de reajuste do contrato, cujo próximo reajuste se conta do aniversário da locação. Os dias anteriores a ${from} são pagos pelo aluguel anterior, proporcionalmente.`,
    ]);
  if (m.prazoMeses !== undefined)
    out.push([
      "Do prazo",
      `O prazo da locação, de ${a.antes.prazoMeses} meses contados de ${dateBR(l.termos.dataInicio)}, passa a ser de ${m.prazoMeses} (${numberInWords(m.prazoMeses)}) meses, terminando em ${dateBR(leaseLastDay(l.termos.dataInicio, m.prazoMeses))}.${m.prazoMeses >= 30 && a.antes.prazoMeses < 30 ? " Sendo o prazo total igual ou superior a trinta meses, aplica-se o art. 46 da Lei 8.245/91." : ""}`,
    ]);
  if (m.diaVencimento !== undefined)
    out.push([
      "Do vencimento",
      `Os aluguéis e encargos que vencerem a partir de ${from} passam a ser pagos até o dia ${m.diaVencimento} de cada mês seguinte ao vencido, em lugar do dia ${a.antes.diaVencimento}; vencendo em dia não útil, podem ser pagos no primeiro dia útil seguinte (art. 132, § 1º, do Código Civil).`,
    ]);
  if (m.saemColocatarios?.length) {
    const leaving = l.colocatarios.filter((p) => m.saemColocatarios?.includes(p.cpf));
    out.push([
      "Dos locatários",
      `${leaving.map(qualified).join("; ")} deixa${leaving.length > 1 ? "m" : ""} de integrar a locação a partir de ${from}, respondendo pelas obrigações vencidas até essa data; a locação prossegue com os demais locatários, que assumem integralmente as obrigações do contrato.`,
    ]);
  }
  if (m.garantia !== undefined) {
    const months = m.garantia === "caucao" ? (m.caucaoMeses ?? 1) : null;
    const released =
      a.antes.garantia === "fiador" && l.fiador
        ? ` Fica exonerado(a) da fiança ${qualified(l.fiador)}, a partir da constituição da nova garantia, respondendo pelas obrigações vencidas até então.`
        : "";
    out.push([
      "Da garantia",
      `A garantia da locação, de ${GUARANTEE_NAMES[a.antes.garantia] ?? a.antes.garantia}, passa a ser de ${GUARANTEE_NAMES[m.garantia]}${months ? `, no valor de ${numberInWords(months)} ${months === 1 ? "aluguel" : "aluguéis"}, depositado em caderneta de poupança e devolvido ao final com os rendimentos` : ""}, constituída até ${from}.${released}`,
    ]);
  }
  return out;
}

async function render(doc: DocumentSource<AmendmentData>) {
  const a = doc.data;
  const l = doc.lease;
  const title = `Termo aditivo nº ${doc.numero}`;
  const w = await openDocument(title, doc.dataEmissao);
  write(w, "TERMO ADITIVO AO CONTRATO DE LOCAÇÃO", { bold: true, size: 14, center: true, gap: 4 });
  write(w, `Nº ${doc.numero}`, { center: true, gap: 14 });
  const contract = `contrato de locação nº ${l.numero}${a.leaseSha256 ? ` (SHA-256 ${a.leaseSha256})` : ""}`;
  const tenants = [l.locatario, ...l.colocatarios].map(qualified).join("; ");
  write(
    w,
    `${qualified(l.locador)}, parte locadora, e ${tenants}, parte locatária, do imóvel situado em ${l.imovel.endereco}, pelo ${contract}, ajustam este termo aditivo, que altera somente as cláusulas abaixo, a partir de ${dateBR(a.efeito)}.`,
    { gap: 10 },
  );
  amendmentClauses(l, a).forEach(([heading, text], i) => {
    write(w, `CLÁUSULA ${ORDINALS[i] ?? i + 1} – ${heading.toUpperCase()}`, {
      bold: true,
      gap: 4,
      keepWithNext: 40,
    });
    write(w, text, { gap: 10 });
  });
  write(w, `Motivo, nas palavras de quem o propôs: ${a.motivo}`, { size: 9, gap: 10 });
  write(
    w,
    "Permanecem inalteradas e em vigor todas as demais cláusulas e condições do contrato de locação, que este termo integra.",
    { gap: 10 },
  );
  write(w, `Dado em ${dateBR(doc.dataEmissao)}.`, { gap: 10 });
  writeSignatureLines(
    w,
    signersOf(doc).map((s) => ({
      label: LABELS[s.role] ?? s.role.toUpperCase(),
      nome: s.p.nome,
      cpf: s.p.cpf,
    })),
  );
  return closeDocument(w, title);
}

const ORDINALS = ["PRIMEIRA", "SEGUNDA", "TERCEIRA", "QUARTA", "QUINTA"];

/** The lease's data once the amendment is sealed: the amendment kept, its parties and guarantee applied. */
export function amendedLease(l: StoredContractData, a: AmendmentData, doc: { id: string; numero: string }) {
  const m = a.mudancas;
  const next: StoredContractData = {
    ...l,
    aditivos: [
      ...(l.aditivos ?? []),
      { contratoId: doc.id, numero: doc.numero, efeito: a.efeito, mudancas: m },
    ],
  };
  if (m.saemColocatarios?.length)
    next.colocatarios = l.colocatarios.filter((p) => !m.saemColocatarios?.includes(p.cpf));
  if (m.garantia !== undefined)
    next.termos = {
      ...l.termos,
      garantia: m.garantia,
      caucaoMeses: m.garantia === "caucao" ? (m.caucaoMeses ?? 1) : null,
    };
  return next;
}

export const aditivo: DocumentKind<AmendmentData> = {
  kind: AMENDMENT_KIND,
  titleKey: "contract.kinds.aditivo",
  parse: (input) => data.parse(input),
  render: (doc) => render(doc),
  signers: (doc) => signersOf(doc),
  // Either party may have proposed it; the landlord sends it, as every document of the lease.
  giver: () => "locador",
  fileName: (numero, sealed) =>
    sealed ? `Termo aditivo ${numero} - assinado.pdf` : `Termo aditivo ${numero}.pdf`,
  // Sealed, it is part of the lease: the lease's data keeps it, and its page and ledger follow it.
  sealed: async (c, row) => {
    if (!row.parent_id) return;
    const lease = await findContract(c, row.parent_id, true);
    if (!lease) return;
    const a = data.parse((row.data as { documento?: unknown }).documento);
    await setLeaseData(c, lease.id, amendedLease(lease.data as StoredContractData, a, row));
    await rentChanged(c, lease.id, [], [row.landlord_id, row.tenant_id]);
  },
};
