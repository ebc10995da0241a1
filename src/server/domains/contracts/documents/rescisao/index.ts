import { z } from "zod";
import { SETTLEMENT_LINE_KINDS } from "../../../../../shared/contracts/lease";
import { formatBRL } from "../../../../../shared/money";
import { rentChanged } from "../../../../realtime/events";
import { moveOffer } from "../../../listings/lifecycle";
import { findContract, setLeaseData } from "../../contracts.repository";
import { write } from "../../pdf-writer";
import { partyBrief, type StoredContractData } from "../../template";
import { moneyWithWords } from "../../words";
import { type DocumentKind, type DocumentSource, type PlannedSigner, representativeSigners } from "../kind";
import { closeDocument, openDocument, writeSignatureLines } from "../page";

/*
 * The termo de rescisão e entrega de chaves (issue 33 item 4): the lease ends on the key-return
 * day its notice set, with the settlement both parties agreed to, line by line — the last month
 * pro rata, art. 4's proportional fine, what was open, the exit inspection's damages beyond
 * normal wear (art. 23 III), the caução returned with its savings yield (art. 38 § 2º) — and the
 * balance, whoever owes it. Signed by the parties, the co-tenants and, with a fiança, the
 * guarantor (and spouse), whose surety ends with it (art. 39, to the keys' return). Sealed, the
 * lease is ended on that day and the unit's offer is closed, so the unit can be offered again.
 */

export const TERMINATION_KIND = "rescisao";

const line = z.object({
  tipo: z.enum(SETTLEMENT_LINE_KINDS),
  /** A month (YYYY-MM, with ":aluguel" and so on for the last month), a damage's description, an article. */
  referencia: z.string(),
  valor: z.number().int(),
  /** The settlement's key of the line, and its value as computed before an accepted contest. */
  chave: z.string().optional(),
  calculado: z.number().int().optional(),
});

const MONTHLY: Record<string, string> = {
  aluguel: "aluguel",
  condominio: "condomínio",
  iptu: "IPTU",
  seguroIncendio: "seguro contra incêndio",
};
const monthBR = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;

/** A settlement line as the termo writes it. */
export function terminationLineText(x: z.output<typeof line>): string {
  const [month = "", what = ""] = x.referencia.split(":");
  switch (x.tipo) {
    case "aluguel_final":
    case "encargos_finais":
      return `${MONTHLY[what] ?? what} de ${monthBR(month)}, proporcional aos dias até a entrega das chaves`;
    case "credito_dias":
      return `${MONTHLY[what] ?? what} de ${monthBR(month)} já cobrado: crédito dos dias após a entrega das chaves`;
    case "multa_rescisoria":
      return "multa rescisória proporcional ao prazo que faltava cumprir (art. 4º da Lei 8.245/91)";
    case "cobranca_aberta":
      return `cobrança em aberto de ${monthBR(month)}, com os encargos de atraso até a entrega das chaves`;
    case "dano":
      return `dano além do desgaste normal (art. 23, III, da Lei 8.245/91): ${x.referencia}`;
    case "caucao":
      return "devolução da caução em dinheiro com os rendimentos da poupança (art. 38, § 2º, da Lei 8.245/91)";
  }
}

const data = z.object({
  avisoNumero: z.string(),
  entrega: z.string(),
  linhas: z.array(line),
  total: z.number().int(),
  leaseSha256: z.string().nullable(),
});
export type TerminationData = z.output<typeof data>;

/** A termo's data as stored (the settlement reads its agreed lines back). */
export const parseTermination = (input: unknown): TerminationData => data.parse(input);

const dateBR = (d: string) => d.split("-").reverse().join("/");
const qualified = partyBrief;

const LABELS: Record<string, string> = {
  locador: "PARTE LOCADORA",
  locatario: "PARTE LOCATÁRIA",
  colocatario: "COLOCATÁRIO(A)",
  fiador: "FIADOR(A)",
  anuente: "CÔNJUGE DO(A) FIADOR(A), ANUENTE",
};

/** Who signs, in order, each with the words under their line. */
function signerLines(doc: DocumentSource<TerminationData>): (PlannedSigner & { label: string })[] {
  const l = doc.lease;
  const surety = l.termos.garantia === "fiador" ? l.fiador : null;
  const line = (s: PlannedSigner) => ({ ...s, label: LABELS[s.role] ?? s.role.toUpperCase() });
  return [
    line({ role: "locador", p: l.locador, email: l.emails.locador, named: false }),
    line({ role: "locatario", p: l.locatario, email: l.emails.locatario, named: false }),
    ...l.colocatarios.map((p) => line({ role: "colocatario", p, email: p.email ?? "", named: true })),
    ...(surety ? [line({ role: "fiador", p: surety, email: surety.email ?? "", named: true })] : []),
    ...(surety?.conjuge
      ? [line({ role: "anuente", p: surety.conjuge, email: surety.conjuge.email ?? "", named: true })]
      : []),
    ...representativeSigners(l),
  ];
}

const signersOf = (doc: DocumentSource<TerminationData>): PlannedSigner[] =>
  signerLines(doc).map(({ label: _, ...s }) => s);

async function render(doc: DocumentSource<TerminationData>) {
  const r = doc.data;
  const l = doc.lease;
  const title = `Termo de rescisão nº ${doc.numero}`;
  const w = await openDocument(title, doc.dataEmissao);
  write(w, "TERMO DE RESCISÃO DE LOCAÇÃO E ENTREGA DE CHAVES", {
    bold: true,
    size: 14,
    center: true,
    gap: 4,
  });
  write(w, `Nº ${doc.numero}`, { center: true, gap: 14 });
  const tenants = [l.locatario, ...l.colocatarios].map(qualified).join("; ");
  const contract = `contrato de locação nº ${l.numero}${r.leaseSha256 ? ` (SHA-256 ${r.leaseSha256})` : ""}`;
  write(
    w,
    `${qualified(l.locador)}, parte locadora, e ${tenants}, parte locatária, do imóvel situado em ${l.imovel.endereco}, pelo ${contract}, conforme o aviso de desocupação nº ${r.avisoNumero}, dão por rescindida a locação em ${dateBR(r.entrega)}, data da entrega das chaves, e ajustam o acerto de contas abaixo.`,
    { gap: 10 },
  );
  write(w, "ACERTO DE CONTAS", { bold: true, gap: 4, keepWithNext: 40 });
  for (const x of r.linhas)
    write(
      w,
      `${terminationLineText(x)}: ${x.valor < 0 ? `− ${formatBRL(-x.valor)} (a favor da parte locatária)` : `${formatBRL(x.valor)} (a cargo da parte locatária)`}`,
      { gap: 3 },
    );
  w.y -= 6;
  write(
    w,
    r.total > 0
      ? `Saldo: a parte locatária pagará à parte locadora ${moneyWithWords(r.total)}.`
      : r.total < 0
        ? `Saldo: a parte locadora restituirá à parte locatária ${moneyWithWords(-r.total)}.`
        : "Saldo: nada a pagar por nenhuma das partes.",
    { bold: true, gap: 10 },
  );
  write(
    w,
    "A parte locatária restitui o imóvel no estado em que o recebeu, salvo as deteriorações decorrentes do seu uso normal (art. 23, III, da Lei 8.245/91), conforme a vistoria de saída, e entrega as chaves na data acima. Pago o saldo, as partes dão-se mútua quitação das obrigações do contrato de locação, inclusive dos aluguéis e encargos até a entrega das chaves.",
    { gap: 10 },
  );
  if (l.termos.garantia === "fiador" && l.fiador)
    write(
      w,
      `Com a entrega das chaves e o pagamento do saldo, extingue-se a fiança prestada por ${qualified(l.fiador)} (art. 39 da Lei 8.245/91).`,
      { gap: 10 },
    );
  write(w, `Dado em ${dateBR(doc.dataEmissao)}.`, { gap: 10 });
  writeSignatureLines(
    w,
    signerLines(doc).map((s) => ({ label: s.label, nome: s.p.nome, cpf: s.p.cpf, empresa: s.p.empresa })),
  );
  return closeDocument(w, title);
}

export const rescisao: DocumentKind<TerminationData> = {
  kind: TERMINATION_KIND,
  titleKey: "contract.kinds.rescisao",
  parse: (input) => data.parse(input),
  render: (doc) => render(doc),
  signers: (doc) => signersOf(doc),
  fileName: (numero, sealed) =>
    sealed ? `Termo de rescisão ${numero} - assinado.pdf` : `Termo de rescisão ${numero}.pdf`,
  // Sealed: the lease ends on the keys' day (its charges stop there; the rent's listener bills the
  // balance, onSealed) and its offer is closed.
  sealed: async (c, row) => {
    if (!row.parent_id) return;
    const lease = await findContract(c, row.parent_id, true);
    if (!lease) return;
    const r = data.parse((row.data as { documento?: unknown }).documento);
    const current = lease.data as StoredContractData;
    await setLeaseData(c, lease.id, {
      ...current,
      encerramento: {
        entrega: r.entrega,
        contratoId: row.id,
        numero: row.numero,
        total: r.total,
        linhas: r.linhas.map((x) => ({
          tipo: x.tipo,
          referencia: x.referencia,
          valor: x.valor,
          texto: terminationLineText(x),
        })),
      },
    });
    await moveOffer(c, lease.offer_id, "close");
    await rentChanged(c, lease.id, [], [row.landlord_id, row.tenant_id]);
  },
};
