import { z } from "zod";
import { addMonths } from "../dates";
import type { ErrorCode } from "../errors";
import {
  addressFields,
  addressViewFields,
  CAUCAO_MAX_MONTHS,
  depositMonthsField,
  GUARANTEES,
  type Guarantee,
  MAX_MONEY,
  PRAZO_MAX,
  PRAZO_MIN,
} from "./listings";
import { GENDERS, MARITAL_STATUSES, partyFields, qualificationFields } from "./profile";
import { DOCUMENT_KINDS } from "./storage";

/*
 * Proposals and their negotiation. A proposal is always someone's turn (landlord or tenant)
 * until it ends; each pending step has a deadline.
 */

export const PROPOSAL_STATUSES = [
  "enviada",
  "contraproposta",
  "documentos_solicitados",
  "aprovada",
  "recusada",
  "retirada",
  "expirada",
  "encerrada",
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Statuses still waiting for someone. */
export const OPEN_PROPOSAL_STATUSES: readonly ProposalStatus[] = [
  "enviada",
  "contraproposta",
  "documentos_solicitados",
];

export const MAX_COTENANTS = 3;

const money = (code: string) =>
  z.number({ error: code }).int({ error: code }).min(100, { error: code }).max(MAX_MONEY, { error: code });

/*
 * The rules every proposal and counter-offer meets against its offer (docs/decisions/017). The
 * contract below holds what needs no offer; `termsIssue` holds the rest, on the server for every
 * proposal and counter from either side, and in the forms so a user hears of it before sending.
 */
/** Lei 8.245 leaves the term free; below 12 months is not a residential lease we write. */
export const PROPOSAL_TERM_MIN = 12;
export const PROPOSAL_TERM_MAX = PRAZO_MAX;
/** The proposed rent stays within 50%–150% of the asking rent: a negotiation, not a typo. */
export const RENT_MIN_RATIO = 0.5;
export const RENT_MAX_RATIO = 1.5;
/** The entry date is from today (in Brazil) to this many months ahead. */
export const ENTRY_MAX_MONTHS = 12;

const message = z.string({ error: "message-too-long" }).trim().max(2000, { error: "message-too-long" });

/** The terms being negotiated. */
export const proposalTerms = z.strictObject(
  {
    aluguel: money("invalid-rent"),
    dataEntrada: z.iso.date({ error: "invalid-date" }),
    prazoMeses: z
      .number({ error: "invalid-term" })
      .int({ error: "invalid-term" })
      .min(PRAZO_MIN, { error: "term-out-of-range" })
      .max(PRAZO_MAX, { error: "term-out-of-range" }),
    garantia: z.enum(GUARANTEES, { error: "invalid-guarantee" }),
    /**
     * Months of rent the caução is worth, when the guarantee is caução (art. 38: at most 3).
     * Left out, it is the offer's.
     */
    caucaoMeses: depositMonthsField.nullable().optional(),
  },
  { error: "invalid-argument" },
);
export type ProposalTermsInput = z.input<typeof proposalTerms>;
/** Terms as stored: caucaoMeses is set exactly when the guarantee is caução. */
export type ProposalTerms = Omit<z.output<typeof proposalTerms>, "caucaoMeses"> & {
  caucaoMeses: number | null;
};

/** What of an offer the terms are checked against. */
export interface OfferRules {
  aluguel: number;
  garantias: readonly string[];
  prazoMeses: number;
  caucaoMeses: number | null;
}

/** Today's date in Brazil (YYYY-MM-DD), where the dates of a lease are counted. */
export function brazilDate(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** A moment as a person in Brazil reads it in an e-mail: "26/11/2026, 18:30", Brasília's time. */
export function brazilDateTime(d: Date): string {
  return d.toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });
}

/** `date` (YYYY-MM-DD) plus `months`, on the same day or the month's last: src/shared/dates. */
export { addMonths };

/** The smallest term an offer allows: 12 months, or the offer's own when it asks for less. */
export const termMinFor = (offer: Pick<OfferRules, "prazoMeses">) =>
  Math.min(PROPOSAL_TERM_MIN, offer.prazoMeses);
export const rentRangeFor = (offer: Pick<OfferRules, "aluguel">) => ({
  min: Math.max(100, Math.ceil(offer.aluguel * RENT_MIN_RATIO)),
  max: Math.floor(offer.aluguel * RENT_MAX_RATIO),
});

/**
 * The first rule the terms break against their offer on `today` (Brazil's date), or null. Both
 * sides' proposals and counters go through it on the server.
 */
export function termsIssue(
  terms: Pick<ProposalTerms, "aluguel" | "dataEntrada" | "prazoMeses" | "garantia"> & {
    caucaoMeses?: number | null | undefined;
  },
  offer: OfferRules,
  today: string,
): { path: "aluguel" | "dataEntrada" | "prazoMeses" | "garantia" | "caucaoMeses"; code: ErrorCode } | null {
  if (!offer.garantias.includes(terms.garantia)) return { path: "garantia", code: "guarantee-not-accepted" };
  if (terms.garantia === "caucao" && (terms.caucaoMeses ?? offer.caucaoMeses ?? 1) > CAUCAO_MAX_MONTHS)
    return { path: "caucaoMeses", code: "deposit-too-high" };
  if (terms.prazoMeses < termMinFor(offer) || terms.prazoMeses > PROPOSAL_TERM_MAX)
    return { path: "prazoMeses", code: "term-out-of-range" };
  const rent = rentRangeFor(offer);
  if (terms.aluguel < rent.min || terms.aluguel > rent.max)
    return { path: "aluguel", code: "rent-out-of-range" };
  if (terms.dataEntrada < today || terms.dataEntrada > addMonths(today, ENTRY_MAX_MONTHS))
    return { path: "dataEntrada", code: "entry-date-out-of-range" };
  return null;
}

/** The caução's months as stored: the terms' own, else the offer's, and only for caução. */
export function depositMonths(
  garantia: Guarantee,
  given: number | null | undefined,
  offer: OfferRules,
): number | null {
  return garantia === "caucao" ? (given ?? offer.caucaoMeses ?? 1) : null;
}

/** The guarantor's address, as a unit's or a profile's (CEP, street, number, bairro, city, UF). */
export const guarantorAddress = z.strictObject({ ...addressFields }, { error: "invalid-argument" });

/** The spouse of a married guarantor, who consents to the surety by signing too. */
export const guarantorSpouse = z.strictObject(
  { ...partyFields, ...qualificationFields },
  { error: "invalid-argument" },
);

/**
 * The guarantor the tenant names in the proposal when the guarantee is fiador (decision 017): the
 * landlord accepts this person or asks for another, and never types one in herself. A married
 * guarantor's surety needs the spouse's consent (outorga uxória, Código Civil art. 1.647, III, and
 * Súmula 332 do STJ): the spouse is named and signs the lease as consenting party (anuente).
 */
export const guarantorInput = z
  .strictObject(
    {
      ...partyFields,
      /** Nacionalidade, profissão, RG and its issuer, gender: how the lease qualifies the guarantor. */
      ...qualificationFields,
      parentesco: z
        .string({ error: "invalid-relationship" })
        .trim()
        .min(2, { error: "invalid-relationship" })
        .max(60, { error: "invalid-relationship" }),
      estadoCivil: z.enum(MARITAL_STATUSES, { error: "invalid-marital-status" }),
      conjuge: guarantorSpouse.nullable().default(null),
      /** Where the guarantor lives, for the contract's qualification (filled from the CEP). */
      endereco: guarantorAddress.nullable().default(null),
    },
    { error: "invalid-argument" },
  )
  .superRefine((g, ctx) => {
    if (g.estadoCivil === "casado" && !g.conjuge)
      ctx.addIssue({ code: "custom", path: ["conjuge"], message: "spouse-required" });
    if (g.estadoCivil !== "casado" && g.conjuge)
      ctx.addIssue({ code: "custom", path: ["conjuge"], message: "spouse-not-expected" });
  });
export type GuarantorInput = z.input<typeof guarantorInput>;
export type Guarantor = z.output<typeof guarantorInput>;

export const cotenant = z.strictObject({
  ...partyFields,
  ...qualificationFields,
  renda: z
    .number({ error: "invalid-income" })
    .int({ error: "invalid-income" })
    .min(0, { error: "invalid-income" })
    .max(MAX_MONEY, { error: "invalid-income" }),
});
export type Cotenant = z.infer<typeof cotenant>;

export const proposalInput = z.strictObject({
  ...proposalTerms.shape,
  ofertaId: z.uuid({ error: "not-found" }),
  /** Proposing in the name of one of one's companies (issue 34); null or absent: as oneself. */
  empresaId: z
    .uuid({ error: "invalid-company" })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  moradores: z
    .number({ error: "invalid-residents" })
    .int({ error: "invalid-residents" })
    .min(1, { error: "invalid-residents" })
    .max(20, { error: "invalid-residents" }),
  pets: z.boolean({ error: "invalid-argument" }),
  renda: z
    .number({ error: "invalid-income" })
    .int({ error: "invalid-income" })
    .min(0, { error: "invalid-income" })
    .max(MAX_MONEY, { error: "invalid-income" }),
  cotenants: z
    .array(cotenant, { error: "invalid-argument" })
    .max(MAX_COTENANTS, { error: "too-many-cotenants" })
    .default([]),
  documentos: z
    .array(z.uuid({ error: "invalid-document" }), { error: "invalid-document" })
    .max(20, { error: "invalid-document" })
    .default([]),
  mensagem: message.default(""),
  /** Required when the guarantee is fiador, refused otherwise. */
  fiador: guarantorInput.nullable().default(null),
});
export type ProposalInput = z.input<typeof proposalInput>;

/**
 * Why something is refused or cancelled (a proposal, a guarantor, a signature, a contract): said
 * to the other side, so never empty.
 */
export const reasonText = z
  .string({ error: "reason-required" })
  .trim()
  .min(3, { error: "reason-required" })
  .max(1000, { error: "reason-required" });

/*
 * The fields of each move that has any, one schema each, so a screen's form for one move (the
 * reason to reject, the documents to ask for) validates with the very rule the server applies.
 */
export const rejectFields = z.strictObject({ motivo: reasonText });
export const requestGuarantorFields = z.strictObject({ motivo: reasonText });
export const requestDocumentsFields = z.strictObject({
  documentos: z
    .array(z.enum(DOCUMENT_KINDS, { error: "invalid-document-kind" }), { error: "documents-required" })
    .min(1, { error: "documents-required" })
    .max(DOCUMENT_KINDS.length, { error: "invalid-document-kind" }),
  mensagem: message.default(""),
});
export const sendDocumentsFields = z.strictObject({
  documentos: z
    .array(z.uuid({ error: "invalid-document" }), { error: "documents-required" })
    .min(1, { error: "documents-required" })
    .max(20, { error: "invalid-document" }),
});

export const proposalAction = z.discriminatedUnion(
  "action",
  [
    z.strictObject({ action: z.literal("approve") }),
    z.strictObject({ action: z.literal("reject"), ...rejectFields.shape }),
    z.strictObject({
      action: z.literal("counter"),
      termos: proposalTerms,
      mensagem: message.default(""),
      /** The tenant's guarantor (a new one after the landlord asked for another); never the landlord's. */
      fiador: guarantorInput.nullable().optional(),
    }),
    z.strictObject({ action: z.literal("request_guarantor"), ...requestGuarantorFields.shape }),
    z.strictObject({ action: z.literal("request_documents"), ...requestDocumentsFields.shape }),
    z.strictObject({ action: z.literal("accept") }),
    z.strictObject({ action: z.literal("send_documents"), ...sendDocumentsFields.shape }),
    z.strictObject({ action: z.literal("withdraw") }),
  ],
  { error: "invalid-action" },
);
export type ProposalAction = z.input<typeof proposalAction>;
export type ProposalActionName = ProposalAction["action"];

export const proposalListQuery = z.strictObject({
  role: z.enum(["tenant", "landlord"], { error: "invalid-argument" }).optional(),
  oferta: z.uuid({ error: "invalid-argument" }).optional(),
  status: z.enum(PROPOSAL_STATUSES, { error: "invalid-argument" }).optional(),
});

/*
 * What the API answers (response schemas: Fastify serialises through them, so a field not named
 * here never leaves the server).
 */

/**
 * A value in an event's changes: a term (centavos, months, a date, a guarantee), a guarantor's
 * name, the documents asked for (a list), or null when there was none. (Null on the string: the
 * OpenAPI 3.0 document has no null type, only a `nullable` type.)
 */
const changeValue = z.union([z.string().nullable(), z.number(), z.boolean(), z.array(z.string())]);
export type ProposalChangeValue = z.infer<typeof changeValue>;

export const proposalEventView = z.object({
  id: z.string(),
  type: z.string(),
  actor: z.enum(["tenant", "landlord", "system"]),
  /** Field → [before, after]: the terms' values (a number, a date or a name) or null. */
  changes: z.record(z.string(), z.array(changeValue).length(2)).nullable(),
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type ProposalEventView = z.infer<typeof proposalEventView>;

const personView = { nome: z.string(), cpf: z.string(), email: z.string() };

export const proposalView = z.object({
  id: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  turn: z.enum(["tenant", "landlord"]).nullable(),
  deadline: z.string().nullable(),
  role: z.enum(["tenant", "landlord"]),
  termos: z.object({
    aluguel: z.number(),
    dataEntrada: z.string(),
    prazoMeses: z.number(),
    garantia: z.enum(GUARANTEES),
    caucaoMeses: z.number().nullable(),
  }),
  moradores: z.number(),
  pets: z.boolean(),
  renda: z.number(),
  cotenants: z.array(z.object({ ...personView, renda: z.number() })),
  /** The guarantor the tenant named (fiador only); null while the landlord waits for another. */
  fiador: z
    .object({
      ...personView,
      parentesco: z.string(),
      /** Absent on proposals made before it was asked (2026-11-23). */
      estadoCivil: z.enum(MARITAL_STATUSES).optional(),
      conjuge: z.object(personView).nullable().optional(),
      /** Absent on proposals made before it was asked (2026-11-25), and when not given. */
      endereco: z.object(addressViewFields).nullable().optional(),
      /** Absent on proposals made before they were asked (2026-11-27), and when not given. */
      genero: z.enum(GENDERS).optional(),
      nacionalidade: z.string().optional(),
      profissao: z.string().optional(),
      rg: z.string().optional(),
      rgOrgaoEmissor: z.string().optional(),
    })
    .nullable(),
  rendaTotal: z.number(),
  /** Total income ÷ the offer's pacote; 2.5 or more is healthy. */
  razaoRenda: z.number(),
  documentos: z.array(z.string()),
  documentosSolicitados: z.array(z.string()),
  mensagem: z.string(),
  oferta: z.object({
    id: z.string(),
    titulo: z.string(),
    bairro: z.string(),
    cidade: z.string(),
    uf: z.string(),
    tipo: z.string(),
    total: z.number(),
    aluguel: z.number(),
    garantias: z.array(z.string()),
    prazoMeses: z.number(),
    caucaoMeses: z.number().nullable(),
    capa: z.string().nullable(),
  }),
  inquilino: z.object({
    nome: z.string(),
    /**
     * The company the tenant proposes in the name of (issue 34), or null; its CNPJ as shown
     * ("12.ABC.345/01DE-35": the proposal's screens need not load the CNPJ's rules to print it).
     */
    empresa: z
      .object({ razaoSocial: z.string(), nomeFantasia: z.string().nullable(), cnpj: z.string() })
      .nullable(),
  }),
  /** The landlord's first name, or the name of the company the unit is let in. */
  locador: z.object({ nome: z.string() }),
  /**
   * Whether each party's profile holds what the contract needs (decision 041): the moves that
   * conclude (approve, accept, the landlord's counter) are offered only when the server takes them.
   */
  dadosCompletos: z.object({ inquilino: z.boolean(), locador: z.boolean() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  events: z.array(proposalEventView),
});
export type ProposalView = z.infer<typeof proposalView>;

export const HEALTHY_INCOME_RATIO = 2.5;
