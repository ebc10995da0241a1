import { z } from "zod";
import { amendmentChanges, leaseAmendmentView } from "../../../../../shared/contracts/lease";
import { leaseLastDay } from "../../../../../shared/dates";
import { agree } from "../../../../../shared/gender";
import { formatBRL } from "../../../../../shared/money";
import { rentChanged } from "../../../../realtime/events";
import { findContract, setLeaseData } from "../../contracts.repository";
import { cotenantParty, guarantorParty } from "../../parties";
import { write } from "../../pdf-writer";
import { type ContractParty, partyBrief, qualification, role, type StoredContractData } from "../../template";
import { moneyWithWords, numberInWords } from "../../words";
import { type DocumentKind, type DocumentSource, type PlannedSigner, representativeSigners } from "../kind";
import { closeDocument, openDocument, writeSignatureLines } from "../page";

/*
 * The termo aditivo (issue 33 item 1): the change both parties agreed to, naming the lease and its
 * sealed file's hash, with only the clauses it changes; every other clause stands. Signed by the
 * parties, the co-tenants (jointly bound, and the one who leaves consents to leaving), and — when
 * the change touches what the surety covers (rent, term, guarantee) — the guarantor and spouse,
 * since "o fiador na locação não responde por obrigações resultantes de aditamento ao qual não
 * anuiu" (Súmula 214 do STJ; Código Civil art. 819). Someone who joins (a co-tenant, a new
 * guarantor and the spouse who consents) is qualified as the lease qualifies them and signs it; a
 * guarantor replaced signs it too, released. Once sealed it becomes part of the lease:
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
const qualified = partyBrief;

export const GUARANTEE_NAMES: Record<string, string> = {
  fiador: "fiança",
  seguro_fianca: "seguro de fiança locatícia (art. 37, III, da Lei 8.245/91)",
  caucao: "caução em dinheiro (art. 38, § 2º, da Lei 8.245/91)",
  titulo_capitalizacao: "título de capitalização (art. 37, IV, da Lei 8.245/91)",
};

/**
 * Whether the change touches what the guarantor in force answers for (Súmula 214 do STJ): rent,
 * term, or the guarantee itself (another guarantee, or another guarantor, releases this one).
 */
const concernsSurety = (a: AmendmentData) =>
  a.mudancas.aluguel !== undefined ||
  a.mudancas.prazoMeses !== undefined ||
  a.mudancas.garantia !== undefined ||
  a.mudancas.fiador !== undefined;

/** The guarantor in force, released by the amendment: another guarantee, or another guarantor. */
const releases = (l: StoredContractData, a: AmendmentData) =>
  l.termos.garantia === "fiador" &&
  l.fiador !== null &&
  ((a.mudancas.garantia !== undefined && a.mudancas.garantia !== "fiador") ||
    a.mudancas.fiador !== undefined);

/** One who signs, with the words under the signature line. */
type Line = PlannedSigner & { label: string };

const named = (role: PlannedSigner["role"], p: ContractParty, label: string): Line => ({
  role,
  p,
  email: p.email ?? "",
  named: true,
  label,
});

/**
 * Who signs, in order: the parties, the co-tenants (the one who joins last), the guarantor in
 * force and spouse where the change touches the surety (released, when it ends), then the new
 * guarantor and spouse.
 */
function signerLines(doc: DocumentSource<AmendmentData>): Line[] {
  const l = doc.lease;
  const m = doc.data.mudancas;
  const surety = l.termos.garantia === "fiador" && l.fiador ? l.fiador : null;
  const current = surety && concernsSurety(doc.data) ? surety : null;
  const released = releases(l, doc.data) ? " EXONERADO(A)" : "";
  const joining = m.entraColocatario ? cotenantParty(m.entraColocatario) : null;
  const guarantor = m.fiador ? guarantorParty(m.fiador) : null;
  return [
    { role: "locador", p: l.locador, email: l.emails.locador, named: false, label: "PARTE LOCADORA" },
    { role: "locatario", p: l.locatario, email: l.emails.locatario, named: false, label: "PARTE LOCATÁRIA" },
    ...l.colocatarios.map((p) => named("colocatario", p, "COLOCATÁRIO(A)")),
    ...(joining ? [named("colocatario", joining, "COLOCATÁRIO(A) QUE INGRESSA")] : []),
    ...(current ? [named("fiador", current, `FIADOR(A)${released}`)] : []),
    ...(current?.conjuge
      ? [named("anuente", current.conjuge, `CÔNJUGE DO(A) FIADOR(A)${released}, ANUENTE`)]
      : []),
    ...(guarantor ? [named("fiador", guarantor, "NOVO(A) FIADOR(A)")] : []),
    ...(guarantor?.conjuge
      ? [named("anuente", guarantor.conjuge, "CÔNJUGE DO(A) NOVO(A) FIADOR(A), ANUENTE")]
      : []),
    ...representativeSigners(l),
  ];
}

const signersOf = (doc: DocumentSource<AmendmentData>): PlannedSigner[] =>
  signerLines(doc).map(({ label: _, ...s }) => s);

/** The one who joins, as the lease qualifies a co-tenant, jointly liable from the amendment's date. */
function joiningText(p: ContractParty, from: string) {
  const name = `CO${role("LOCATÁRIO", p.genero).name}`;
  return `A partir de ${from}, ingressa na locação, como ${name}, ${qualification(p)}, que declara conhecer e aceitar todas as cláusulas do contrato e passa a responder solidariamente com os demais locatários por todas as obrigações que vencerem a partir dessa data (art. 2º da Lei 8.245/91).`;
}

/**
 * The new guarantor, as the lease's guarantee clause writes one: principal payer, jointly liable,
 * renouncing the benefits of order and division, bound until the keys come back (arts. 39 and 40,
 * X, of Lei 8.245/91), with the spouse's consent when married.
 */
function guarantorText(f: ContractParty, from: string) {
  const F = role("FIADOR", f.genero);
  const principal = agree(f.genero, {
    masculine: "principal pagador",
    feminine: "principal pagadora",
    neutral: "principal pagador(a)",
  });
  const spouse = f.conjuge
    ? ` A fiança é prestada com a anuência do cônjuge ${F.of}, ${qualification(f.conjuge)}, que também assina este termo (art. 1.647, III, do Código Civil; Súmula 332 do STJ).`
    : "";
  return `Assina este termo como ${F.name} e ${principal}, solidariamente responsável com a parte locatária por todas as obrigações do contrato que vencerem a partir de ${from}, ${qualification(f)}, que renuncia expressamente aos benefícios de ordem e de divisão (arts. 827 e 829 do Código Civil).${spouse} A responsabilidade ${F.of} perdura até a efetiva devolução das chaves, ainda que o contrato seja prorrogado por prazo indeterminado (art. 39 da Lei 8.245/91), ressalvada a exoneração prevista no art. 40, X, da mesma lei.`;
}

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
  const tenants: string[] = [];
  if (m.saemColocatarios?.length) {
    const leaving = l.colocatarios.filter((p) => m.saemColocatarios?.includes(p.cpf));
    tenants.push(
      `${leaving.map(qualified).join("; ")} deixa${leaving.length > 1 ? "m" : ""} de integrar a locação a partir de ${from}, respondendo pelas obrigações vencidas até essa data; a locação prossegue com os demais locatários, que assumem integralmente as obrigações do contrato.`,
    );
  }
  if (m.entraColocatario) tenants.push(joiningText(cotenantParty(m.entraColocatario), from));
  if (tenants.length > 0) out.push(["Dos locatários", tenants.join(" ")]);
  if (m.garantia !== undefined || m.fiador !== undefined) {
    const released = releases(l, a)
      ? ` Fica exonerado(a) da fiança ${qualified(l.fiador as ContractParty)}, a partir da constituição da nova garantia, respondendo pelas obrigações vencidas até então.`
      : "";
    const f = m.fiador ? guarantorParty(m.fiador) : null;
    const guarantor = f ? ` ${guarantorText(f, from)}` : "";
    if (m.garantia === undefined && f)
      out.push([
        "Da garantia",
        `A partir de ${from}, a fiança que garante a locação passa a ser prestada por ${agree(f.genero, { masculine: "novo", feminine: "nova", neutral: "novo(a)" })} ${role("FIADOR", f.genero).name}.${guarantor}${released}`,
      ]);
    else if (m.garantia !== undefined) {
      const months = m.garantia === "caucao" ? (m.caucaoMeses ?? 1) : null;
      out.push([
        "Da garantia",
        `A garantia da locação, de ${GUARANTEE_NAMES[a.antes.garantia] ?? a.antes.garantia}, passa a ser de ${GUARANTEE_NAMES[m.garantia]}${months ? `, no valor de ${numberInWords(months)} ${months === 1 ? "aluguel" : "aluguéis"}, depositado em caderneta de poupança e devolvido ao final com os rendimentos` : ""}, constituída até ${from}.${guarantor}${released}`,
      ]);
    }
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
    signerLines(doc).map((s) => ({ label: s.label, nome: s.p.nome, cpf: s.p.cpf, empresa: s.p.empresa })),
  );
  return closeDocument(w, title);
}

const ORDINALS = ["PRIMEIRA", "SEGUNDA", "TERCEIRA", "QUARTA", "QUINTA"];

/**
 * The lease's data once the amendment is sealed: the amendment kept, its parties (who leaves, who
 * joins) and guarantee (the guarantor too) applied.
 */
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
  if (m.entraColocatario) next.colocatarios = [...next.colocatarios, cotenantParty(m.entraColocatario)];
  if (m.fiador) next.fiador = guarantorParty(m.fiador);
  else if (m.garantia !== undefined) next.fiador = null; // another guarantee: nobody's surety now
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
