import { z } from "zod";
import { CONTRACT_STATUSES } from "./contracts";
import { addressViewFields } from "./listings";
import { GENDERS, MARITAL_STATUSES } from "./profile";
import { cotenant, guarantorInput } from "./proposals";

/*
 * The lease's life after the signature (issue 33): notices to leave (denúncia), each a document
 * its giver signs in the ceremony; the rules behind them are src/shared/lease/term.ts.
 */

export const NOTICE_REASON_MAX = 1_000;

/** A party gives notice: the day the keys come back, why, and the employer's letter (art. 4 par. único). */
export const leaseNoticeInput = z.strictObject({
  entrega: z.iso.date({ error: "invalid-date" }),
  motivo: z
    .string({ error: "lease-notice-reason" })
    .trim()
    .min(3, { error: "lease-notice-reason" })
    .max(NOTICE_REASON_MAX, { error: "lease-notice-reason" }),
  /** The tenant's employer transfers them: the letter, one of their stored documents. */
  cartaTransferencia: z.uuid({ error: "not-found" }).nullable().default(null),
  /**
   * Both parties agree to end the lease (mútuo acordo, art. 9 I): either may propose it at any time,
   * with no notice period and no fine; both sign it.
   */
  acordo: z.boolean({ error: "invalid-argument" }).default(false),
});
export type LeaseNoticeInput = z.input<typeof leaseNoticeInput>;

/** The proportional fine of art. 4 as a notice states it (an estimate until the keys come back). */
export const earlyFineView = z.object({
  valor: z.number().int(),
  multaIntegral: z.number().int(),
  aluguel: z.number().int(),
  prazoMeses: z.number().int(),
  mesesCumpridos: z.number().int(),
  diasDoMes: z.number().int(),
  diasNoMes: z.number().int(),
  isencao: z.enum(["prazo_cumprido", "transferencia"]).nullable(),
});
export type EarlyFineView = z.infer<typeof earlyFineView>;

export const leaseNoticeView = z.object({
  /** The notice's document (a contract of kind "denuncia"). */
  contratoId: z.uuid(),
  numero: z.string(),
  por: z.enum(["locatario", "locador"]),
  avisoEm: z.string(),
  entrega: z.string(),
  motivo: z.string(),
  artigo: z.string(),
  /** The document's signature: "enviado" until its giver signs, "assinado" once sealed. */
  status: z.string(),
  multa: earlyFineView.nullable(),
  transferencia: z.boolean(),
  /** An agreement to end (art. 9 I), signed by both parties. */
  acordo: z.boolean(),
});
export type LeaseNoticeView = z.infer<typeof leaseNoticeView>;

/** What the reader may do today, and the notices given. */
export const leaseNotices = z.object({
  papel: z.enum(["locador", "locatario"]),
  /** Whether the reader may give notice today, by which article, and the earliest key-return day. */
  podeAvisar: z.object({
    permitida: z.boolean(),
    artigo: z.string(),
    antecedenciaDias: z.number().int(),
    entregaMinima: z.string().nullable(),
  }),
  /** Whether the parties may end it by agreement now (art. 9 I: once it began, until it ends). */
  podeCombinar: z.boolean(),
  /** The contract's fine (rents) and the rent in force today: what the form's estimate needs. */
  multaAlugueis: z.number().int(),
  aluguelAtual: z.number().int(),
  inicio: z.string(),
  prazoMeses: z.number().int(),
  avisos: z.array(leaseNoticeView),
});
export type LeaseNotices = z.infer<typeof leaseNotices>;

/*
 * Amendments (termo aditivo, issue 33 item 1): one party proposes a change of the lease's terms,
 * the other accepts, refuses or counters within AMENDMENT_ANSWER_DAYS; on agreement the server
 * writes the termo aditivo, signed by whoever the change concerns and sealed, and from its date
 * the ledger follows it (src/shared/lease/amendments.ts).
 */

/** Days the other party has to answer an amendment before it lapses (as a proposal's counter). */
export const AMENDMENT_ANSWER_DAYS = 7;
/** The furthest an amendment may take effect: a year from the day it is proposed. */
export const AMENDMENT_EFFECT_MAX_DAYS = 366;
/** A lease's longest total term after an amendment, in months (ten years, as proposals allow). */
export const AMENDMENT_TERM_MAX = 120;

const GUARANTEES_WITHOUT_GUARANTOR = ["seguro_fianca", "caucao", "titulo_capitalizacao"] as const;
/** The guarantees an amendment may bring: fiança (with the guarantor it names) or one that needs none. */
export const AMENDMENT_GUARANTEES = ["fiador", ...GUARANTEES_WITHOUT_GUARANTOR] as const;

/** Someone of the lease as an amendment names them (a co-tenant, the guarantor): CPF and name. */
const personNamed = z.object({ cpf: z.string(), nome: z.string() });

/** What an amendment changes of the terms, each optional (the people it brings in are below). */
const termChanges = {
  /** The new monthly rent, in centavos, from the amendment's date. */
  aluguel: z
    .number({ error: "lease-amendment-rent" })
    .int({ error: "lease-amendment-rent" })
    .min(1, { error: "lease-amendment-rent" })
    .max(100_000_000_00, { error: "lease-amendment-rent" })
    .optional(),
  /** The lease's whole term, in months from its start (a renewal lengthens it). */
  prazoMeses: z
    .number({ error: "lease-amendment-term" })
    .int({ error: "lease-amendment-term" })
    .min(1, { error: "lease-amendment-term" })
    .max(AMENDMENT_TERM_MAX, { error: "lease-amendment-term" })
    .optional(),
  /** The new due day (1–28, so it exists in every month), for charges due from the amendment's date. */
  diaVencimento: z
    .number({ error: "lease-amendment-due-day" })
    .int({ error: "lease-amendment-due-day" })
    .min(1, { error: "lease-amendment-due-day" })
    .max(28, { error: "lease-amendment-due-day" })
    .optional(),
  /** Co-tenants who leave the lease, by CPF (digits). */
  saemColocatarios: z
    .array(z.string().regex(/^\d{11}$/, { error: "lease-amendment-cotenant" }), {
      error: "lease-amendment-cotenant",
    })
    .min(1, { error: "lease-amendment-cotenant" })
    .max(5, { error: "lease-amendment-cotenant" })
    .optional(),
  /**
   * A new guarantee (a guarantor's surety ends with it); "fiador" only with the `fiador` who
   * gives it.
   */
  garantia: z.enum(AMENDMENT_GUARANTEES, { error: "lease-amendment-guarantee" }).optional(),
  /** A new caução's months of rent (art. 38 § 2º: at most three); only with garantia "caucao". */
  caucaoMeses: z
    .number({ error: "deposit-too-high" })
    .int({ error: "deposit-too-high" })
    .min(1, { error: "deposit-too-high" })
    .max(3, { error: "deposit-too-high" })
    .optional(),
};

/** What an amendment changes: at least one of these (the rest of the lease stays as it is). */
export const amendmentChanges = z
  .strictObject(
    {
      ...termChanges,
      /**
       * Someone who joins the lease as a co-tenant, jointly liable from the amendment's date:
       * qualified as a proposal's co-tenant, named by the tenant's side (decision 017).
       */
      entraColocatario: cotenant.optional(),
      /**
       * The new guarantor (with the spouse who consents, when married), as a proposal names one:
       * when the guarantee becomes fiança, or, alone, when the fiança in force changes guarantor.
       */
      fiador: guarantorInput.optional(),
    },
    { error: "lease-amendment-empty" },
  )
  .refine((c) => Object.entries(c).some(([k, v]) => k !== "caucaoMeses" && v !== undefined), {
    error: "lease-amendment-empty",
  })
  .refine((c) => c.caucaoMeses === undefined || c.garantia === "caucao", {
    error: "lease-amendment-guarantee",
    path: ["caucaoMeses"],
  })
  .refine((c) => c.garantia !== "fiador" || c.fiador !== undefined, {
    error: "guarantor-required",
    path: ["fiador"],
  })
  .refine((c) => c.fiador === undefined || c.garantia === undefined || c.garantia === "fiador", {
    error: "lease-amendment-guarantor",
    path: ["fiador"],
  });
export type AmendmentChanges = z.infer<typeof amendmentChanges>;

/** A person an amendment brings in, as the API shows them (the qualification when given). */
const personView = {
  nome: z.string(),
  cpf: z.string(),
  email: z.string(),
  genero: z.enum(GENDERS).optional(),
  nacionalidade: z.string().optional(),
  profissao: z.string().optional(),
  rg: z.string().optional(),
  rgOrgaoEmissor: z.string().optional(),
};

/** An amendment's changes as the API shows them: the people in plain fields (a response's schema). */
export const amendmentChangesView = z.object({
  ...termChanges,
  entraColocatario: z.object({ ...personView, renda: z.number() }).optional(),
  fiador: z
    .object({
      ...personView,
      parentesco: z.string(),
      estadoCivil: z.enum(MARITAL_STATUSES),
      conjuge: z.object(personView).nullable(),
      endereco: z.object(addressViewFields).nullable(),
    })
    .optional(),
});

const amendmentReason = z
  .string({ error: "lease-amendment-reason" })
  .trim()
  .min(3, { error: "lease-amendment-reason" })
  .max(NOTICE_REASON_MAX, { error: "lease-amendment-reason" });

/** A party proposes (or counters with) an amendment. */
export const leaseAmendmentInput = z.strictObject({
  mudancas: amendmentChanges,
  /** The first day the change holds. */
  efeito: z.iso.date({ error: "invalid-date" }),
  motivo: amendmentReason,
});
export type LeaseAmendmentInput = z.input<typeof leaseAmendmentInput>;

/**
 * The other party accepts it or refuses it (a refusal says why); its proposer may withdraw it. A
 * counter is a new proposal (the counter path).
 */
export const leaseAmendmentAnswer = z
  .strictObject({
    resposta: z.enum(["aceitar", "recusar", "retirar"], { error: "invalid-argument" }),
    motivo: z
      .string({ error: "lease-amendment-reason" })
      .trim()
      .max(NOTICE_REASON_MAX, { error: "lease-amendment-reason" })
      .default(""),
  })
  .refine((a) => a.resposta !== "recusar" || a.motivo.length >= 3, {
    error: "lease-amendment-reason",
    path: ["motivo"],
  });
export type LeaseAmendmentAnswer = z.input<typeof leaseAmendmentAnswer>;

export const AMENDMENT_STATUSES = [
  "aberta",
  "aceita",
  "recusada",
  "contraproposta",
  "retirada",
  "expirada",
] as const;

export const leaseAmendmentView = z.object({
  id: z.uuid(),
  por: z.enum(["locatario", "locador"]),
  mudancas: amendmentChangesView,
  /** The terms they replace, as they stood when proposed (for the "de … para …" lines). */
  antes: z.object({
    aluguel: z.number().int(),
    prazoMeses: z.number().int(),
    diaVencimento: z.number().int(),
    garantia: z.string(),
    /** The co-tenants then (names for the CPFs of `saemColocatarios`). */
    colocatarios: z.array(personNamed),
    /** The guarantor then, when the guarantee was fiança (absent in amendments before 2026-12). */
    fiador: personNamed.nullable().optional(),
  }),
  efeito: z.string(),
  motivo: z.string(),
  /** "aberta" until answered or lapsed; a countered one is "contraproposta". */
  status: z.enum(AMENDMENT_STATUSES),
  criadaEm: z.string(),
  /** The day it lapses unanswered. */
  responderAte: z.string(),
  resposta: z.string().nullable(),
  /** The one it counters. */
  contraDe: z.uuid().nullable(),
  /** Once accepted: the termo aditivo (a contract of kind "aditivo") and its signature's state. */
  documento: z
    .object({ contratoId: z.uuid(), numero: z.string(), status: z.enum(CONTRACT_STATUSES) })
    .nullable(),
});
export type LeaseAmendmentView = z.infer<typeof leaseAmendmentView>;

export const leaseAmendments = z.object({
  papel: z.enum(["locador", "locatario"]),
  /** The terms in force today (amendments already sealed included). */
  atual: z.object({
    aluguel: z.number().int(),
    prazoMeses: z.number().int(),
    diaVencimento: z.number().int(),
    garantia: z.string(),
    colocatarios: z.array(personNamed),
    /** The guarantor, when the guarantee is fiança. */
    fiador: personNamed.nullable().optional(),
    inicio: z.string(),
  }),
  /** Whether the reader may propose now (no other amendment open or waiting for signatures). */
  podePropor: z.boolean(),
  aditivos: z.array(leaseAmendmentView),
});
export type LeaseAmendments = z.infer<typeof leaseAmendments>;

/*
 * The termination and its settlement (issue 33 item 4): once a notice to leave is signed, both
 * parties see the settlement line by line (src/shared/lease/settlement.ts), the landlord adds the
 * exit inspection's damages, either party contests a line and the other answers; when both agree
 * to the same lines the "termo de rescisão e entrega de chaves" goes to its signers, and once it
 * is sealed the lease is ended and the unit's offer closed, so it can be offered again.
 */

export const SETTLEMENT_LINE_KINDS = [
  "aluguel_final",
  "encargos_finais",
  "credito_dias",
  "multa_rescisoria",
  "cobranca_aberta",
  "dano",
  "caucao",
] as const;

export const settlementContestView = z.object({
  por: z.enum(["locatario", "locador"]),
  motivo: z.string(),
  /** The value the contesting party proposes for the line, in centavos (signed as the line). */
  valor: z.number().int(),
  status: z.enum(["aberta", "aceita", "recusada"]),
  resposta: z.string().nullable(),
});
export type SettlementContestView = z.infer<typeof settlementContestView>;

export const settlementLineView = z.object({
  /** The line's stable key (tipo:referencia), what a contest names. */
  chave: z.string(),
  tipo: z.enum(SETTLEMENT_LINE_KINDS),
  /** A month (YYYY-MM, with ":aluguel" etc. for the last month's lines), a damage's description, an article. */
  referencia: z.string(),
  /** Centavos: > 0 the tenant owes it, < 0 the landlord owes (or returns) it. After an accepted contest. */
  valor: z.number().int(),
  /** As computed, before any contest. */
  calculado: z.number().int(),
  /** The latest contest of the line. */
  contestacao: settlementContestView.nullable(),
});
export type SettlementLineView = z.infer<typeof settlementLineView>;

export const settlementView = z.object({
  /** The notice the settlement follows. */
  avisoId: z.uuid(),
  entrega: z.string(),
  linhas: z.array(settlementLineView),
  /** The lines' sum: > 0 the tenant pays it, < 0 the landlord pays the tenant. */
  total: z.number().int(),
  devedor: z.enum(["locatario", "locador"]).nullable(),
  /** The cash deposit returned with its savings yield (art. 38 § 2º); null without a caução. */
  caucao: z
    .object({
      deposito: z.number().int(),
      depositadoEm: z.string(),
      rendimento: z.number().int(),
      /** Savings months counted (each at its anniversary's published rate). */
      meses: z.number().int(),
      /** The rates could not be had now: the deposit is returned without its yield until they can. */
      indisponivel: z.boolean(),
    })
    .nullable(),
  /** Who has agreed to these very lines. */
  concordancia: z.object({ locador: z.boolean(), locatario: z.boolean() }),
  /** The reader may agree now (no contest open, not yet agreed, not yet signing). */
  podeConcordar: z.boolean(),
  /** Once both agreed: the termo de rescisão e entrega de chaves, and its signature's state. */
  documento: z
    .object({ contratoId: z.uuid(), numero: z.string(), status: z.enum(CONTRACT_STATUSES) })
    .nullable(),
  /** The termo is sealed: the lease ended on `entrega`. */
  encerrada: z.boolean(),
  /** The offer the lease came from (closed once the lease ends; the landlord may offer the unit again). */
  ofertaId: z.uuid(),
});
export type SettlementView = z.infer<typeof settlementView>;

export const leaseSettlement = z.object({
  papel: z.enum(["locador", "locatario"]),
  /** Null until a notice to leave is signed. */
  acerto: settlementView.nullable(),
});
export type LeaseSettlement = z.infer<typeof leaseSettlement>;

/** The landlord adds a damage found at the exit inspection beyond normal wear (art. 23 III). */
export const settlementDamageInput = z.strictObject({
  descricao: z
    .string({ error: "settlement-damage" })
    .trim()
    .min(3, { error: "settlement-damage" })
    .max(200, { error: "settlement-damage" }),
  valor: z
    .number({ error: "settlement-damage" })
    .int({ error: "settlement-damage" })
    .min(1, { error: "settlement-damage" })
    .max(100_000_000_00, { error: "settlement-damage" }),
});
export type SettlementDamageInput = z.input<typeof settlementDamageInput>;

/** A party contests a line: why, and the value it proposes instead (centavos, same sign as the line). */
export const settlementContestInput = z.strictObject({
  chave: z.string({ error: "not-found" }).min(1, { error: "not-found" }).max(300, { error: "not-found" }),
  motivo: amendmentReason,
  valor: z
    .number({ error: "settlement-contest-value" })
    .int({ error: "settlement-contest-value" })
    .min(-100_000_000_00, { error: "settlement-contest-value" })
    .max(100_000_000_00, { error: "settlement-contest-value" }),
});
export type SettlementContestInput = z.input<typeof settlementContestInput>;

/** The other party answers a line's open contest. */
export const settlementContestAnswer = z
  .strictObject({
    chave: z.string({ error: "not-found" }).min(1, { error: "not-found" }).max(300, { error: "not-found" }),
    resposta: z.enum(["aceitar", "recusar"], { error: "invalid-argument" }),
    motivo: z.string({ error: "lease-amendment-reason" }).trim().max(NOTICE_REASON_MAX).default(""),
  })
  .refine((a) => a.resposta !== "recusar" || a.motivo.length >= 3, {
    error: "lease-amendment-reason",
    path: ["motivo"],
  });
export type SettlementContestAnswer = z.input<typeof settlementContestAnswer>;
