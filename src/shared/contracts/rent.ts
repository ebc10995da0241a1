import { z } from "zod";

/*
 * The lease's money after the signature (issue 32): monthly charges, their payment by Pix, late
 * fees, receipts and the yearly adjustment. Every amount is integer centavos; the rules that make
 * them live in src/shared/rent/ (docs/decisions/054-rent-charges-and-pix.md).
 */

/** aberta: not paid yet (late once its due date has passed); paga: received in full; cancelada. */
export const CHARGE_STATUSES = ["aberta", "paga", "cancelada"] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/** estatico: a static BR Code from the landlord's Pix key; psp: a PSP's charge with a due date. */
export const PIX_MODES = ["estatico", "psp"] as const;
export type PixMode = (typeof PIX_MODES)[number];

/** What a line is: the lease's monthly amounts, or one the landlord added with its reason. */
export const CHARGE_LINE_KINDS = [
  "aluguel",
  "condominio",
  "iptu",
  "seguro_incendio",
  "avulso",
  "desconto",
] as const;
export type ChargeLineKind = (typeof CHARGE_LINE_KINDS)[number];

export const chargeLine = z.object({
  id: z.string(),
  tipo: z.enum(CHARGE_LINE_KINDS),
  /** Centavos; a discount is negative. */
  valor: z.number().int(),
  /** The days it covers, when prorated (a partial month, or the rent before/after an adjustment). */
  inicio: z.string().optional(),
  fim: z.string().optional(),
  dias: z.number().int().optional(),
  diasNoMes: z.number().int().optional(),
  /** The monthly amount it was prorated from. */
  base: z.number().int().optional(),
  /** A line the landlord added: why (the tenant reads it). */
  motivo: z.string().optional(),
  criadoEm: z.string().optional(),
});
export type ChargeLine = z.infer<typeof chargeLine>;

/** What a late charge costs on a given day (Lei 8.245 art. 23 I; the lease's clause). */
export const lateView = z.object({
  data: z.string(),
  diasAtraso: z.number().int(),
  multa: z.number().int(),
  juros: z.number().int(),
  total: z.number().int(),
  /** The lease's rates: basis points (1000 = 10 %; juros a month, pro rata die). */
  multaBp: z.number().int(),
  jurosMesBp: z.number().int(),
});

export const chargeSummary = z.object({
  id: z.uuid(),
  competencia: z.string(),
  inicio: z.string(),
  fim: z.string(),
  vencimento: z.string(),
  valor: z.number().int(),
  status: z.enum(CHARGE_STATUSES),
  atrasada: z.boolean(),
  /** What paying today costs (with the late fees when late); for a paid one, what was paid. */
  devidoHoje: z.number().int(),
  pagoEm: z.string().nullable(),
  reciboId: z.uuid().nullable(),
  /** The settlement's balance when the lease ended (its termo de rescisão), not a month's rent. */
  acerto: z.boolean(),
});
export type ChargeSummary = z.infer<typeof chargeSummary>;

export const paymentView = z.object({
  id: z.uuid(),
  valor: z.number().int(),
  pagoEm: z.string(),
  diasAtraso: z.number().int(),
  multa: z.number().int(),
  juros: z.number().int(),
  /** The landlord forgave the late fees of this late payment. */
  dispensados: z.boolean(),
  /** confirmado: the landlord said "recebi"; psp: the PSP reported the Pix. */
  forma: z.enum(["confirmado", "psp"]),
});

/** How long after its due date a charge registered at a PSP can still be paid by its Pix. */
export const PSP_VALIDITY_DAYS = 90;

export const chargeView = chargeSummary.extend({
  locacaoId: z.uuid(),
  numero: z.string(),
  papel: z.enum(["locador", "locatario"]),
  endereco: z.string(),
  linhas: z.array(chargeLine),
  hoje: lateView,
  /** How to pay now; null when paid, cancelled, or the landlord has no Pix key yet. */
  pix: z
    .object({
      modo: z.enum(PIX_MODES),
      copiaECola: z.string(),
      /** The QR code as an SVG document. */
      qrSvg: z.string(),
      txid: z.string(),
      valor: z.number().int(),
      recebedor: z.string(),
    })
    .nullable(),
  /**
   * Why there is no Pix to pay: the landlord has no key yet, the PSP has not answered, or the PSP's
   * charge is past its validity after the due date (PSP_VALIDITY_DAYS; then the landlord confirms
   * what was paid otherwise).
   */
  pixIndisponivel: z.enum(["sem-chave", "psp-pendente", "psp-vencida"]).nullable(),
  pagamentos: z.array(paymentView),
  /** What was received toward this charge so far (a partial Pix through a PSP, before the rest). */
  pago: z.number().int(),
  /**
   * Whether the reader may add a line now: the landlord, on an open charge not yet registered at a
   * PSP with its amount (that one's lines go on the next charge).
   */
  aceitaLancamentos: z.boolean(),
  comprovante: z.object({ documentoId: z.uuid(), enviadoEm: z.string() }).nullable(),
  recibo: z
    .object({
      contratoId: z.uuid(),
      numero: z.string(),
      documentoId: z.uuid().nullable(),
      selado: z.boolean(),
    })
    .nullable(),
});
export type ChargeView = z.infer<typeof chargeView>;

export const LEDGER_KINDS = [
  "cobranca",
  "avulso",
  "desconto",
  "pagamento",
  "multa",
  "juros",
  "reajuste",
  /** The termination's balance the landlord owes the tenant (a final charge bills one the tenant owes). */
  "acerto",
] as const;

/**
 * One movement of the lease's account, oldest first, with the balance after it (+ owed by the
 * tenant). The client words it from its kind: a month's charge, a payment, the late fees fixed on
 * the day paid, a line the landlord added, an adjustment of the rent.
 */
export const ledgerEntry = z.object({
  /** Stable across reads: the charge, line, payment or adjustment it comes from. */
  id: z.string(),
  data: z.string(),
  tipo: z.enum(LEDGER_KINDS),
  /** The month the charge is for (charges, payments, fees, lines). */
  competencia: z.string().nullable(),
  /** + what the tenant owes more; − what they paid. Zero for an adjustment (it changes later charges). */
  valor: z.number().int(),
  saldo: z.number().int(),
  cobrancaId: z.uuid().nullable(),
  /** Days late (fees), the reason (a landlord's line), or the index and its % (an adjustment). */
  detalhe: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const adjustmentView = z.object({
  aniversario: z.string(),
  indice: z.string(),
  meses: z.array(z.object({ mes: z.string(), valor: z.string() })),
  percentual: z.string(),
  aluguelAntes: z.number().int(),
  aluguelDepois: z.number().int(),
  aplicado: z.boolean(),
});
export type AdjustmentView = z.infer<typeof adjustmentView>;

/** Where the lease stands today in its term (src/shared/lease/term.ts, Lei 8.245 arts. 46, 47, 56). */
export const leaseStanding = z.discriminatedUnion("situacao", [
  z.object({ situacao: z.literal("a_iniciar"), inicio: z.string(), fim: z.string() }),
  z.object({
    situacao: z.literal("em_vigor"),
    fim: z.string(),
    diasParaFim: z.number().int(),
    aoFim: z.enum(["46", "47", "56"]),
  }),
  z.object({
    situacao: z.literal("prazo_findo"),
    fim: z.string(),
    oposicaoAte: z.string(),
    artigo: z.enum(["46", "47", "56"]),
  }),
  z.object({
    situacao: z.literal("prorrogada"),
    fim: z.string(),
    desde: z.string(),
    artigo: z.enum(["46", "47", "56"]),
  }),
]);

export const leaseView = z.object({
  id: z.uuid(),
  numero: z.string(),
  papel: z.enum(["locador", "locatario"]),
  locador: z.string(),
  locatario: z.string(),
  endereco: z.string(),
  termos: z.object({
    aluguelInicial: z.number().int(),
    /** The rent after every adjustment applied so far. */
    aluguelAtual: z.number().int(),
    condominio: z.number().int(),
    iptu: z.number().int(),
    seguroIncendio: z.number().int(),
    diaVencimento: z.number().int(),
    inicio: z.string(),
    fim: z.string(),
    prazoMeses: z.number().int(),
    indice: z.string(),
    multaBp: z.number().int(),
    jurosMesBp: z.number().int(),
  }),
  situacao: leaseStanding,
  /** What the tenant owes today: the late charges with their fees (0 when up to date). */
  emAtraso: z.number().int(),
  proxima: chargeSummary.nullable(),
  cobrancas: z.array(chargeSummary),
  extrato: z.array(ledgerEntry),
  reajustes: z.array(adjustmentView),
  /** The next anniversary and, once the index's 12 months are published, its calculation. */
  proximoReajuste: z
    .object({
      aniversario: z.string(),
      indice: z.string(),
      meses: z.array(z.string()),
      calculo: adjustmentView.nullable(),
    })
    .nullable(),
  /** For the landlord: whether their profile (or their company) has a Pix key to receive by. */
  chavePixPendente: z.boolean(),
  /** The landlord is a company (issue 34): its key is set in /Empresas, not in the profile. */
  locadorEmpresa: z.boolean(),
  /** The lease's documents: the contract, its laudos and receipts, each with its sealed file once sealed. */
  documentos: z.array(
    z.object({
      contratoId: z.uuid(),
      tipo: z.string(),
      numero: z.string(),
      data: z.string(),
      documentoId: z.uuid().nullable(),
    }),
  ),
});
export type LeaseView = z.infer<typeof leaseView>;

/** One's leases, for the home and the history: the next charge and what is late. */
export const leaseSummary = z.object({
  id: z.uuid(),
  numero: z.string(),
  papel: z.enum(["locador", "locatario"]),
  endereco: z.string(),
  outraParte: z.string(),
  aluguelAtual: z.number().int(),
  emAtraso: z.number().int(),
  proxima: chargeSummary.nullable(),
});
export type LeaseSummary = z.infer<typeof leaseSummary>;
export const leaseList = z.object({ items: z.array(leaseSummary) });
export type LeaseList = z.infer<typeof leaseList>;

/** The landlord adds a one-off line to an open charge: an amount to charge, or a discount. */
/** The largest one-off line or discount, in centavos: R$ 1.000.000,00. */
export const RENT_LINE_MAX = 100_000_000;

export const chargeLineAdd = z.strictObject({
  tipo: z.enum(["avulso", "desconto"], { error: "rent-line-kind" }),
  /** Centavos, positive: a discount is subtracted (a minus sign is refused, pointing to it). */
  valor: z
    .number({ error: "rent-line-amount" })
    .int({ error: "rent-line-amount", abort: true })
    .nonnegative({ error: "rent-line-negative", abort: true })
    .min(1, { error: "rent-line-amount", abort: true })
    .max(RENT_LINE_MAX, { error: "rent-line-too-large" }),
  motivo: z
    .string({ error: "rent-line-reason" })
    .trim()
    .min(3, { error: "rent-line-reason" })
    .max(200, { error: "rent-line-reason" }),
});

/** The landlord says the money arrived ("recebi"), on a day no later than today. */
export const paymentConfirm = z.strictObject({
  pagoEm: z.iso.date({ error: "invalid-date" }),
  /** The landlord forgives the late fees (the receipt says so). */
  dispensarEncargos: z.boolean().default(false),
});

/** The tenant attaches the proof of payment: one of their documents (an image or a PDF). */
export const proofAttach = z.strictObject({ documentoId: z.uuid({ error: "not-found" }) });

export const chargeParams = z.strictObject({ id: z.uuid({ error: "not-found" }) });

/** One line the landlord added to a charge (to remove it while the charge is open). */
export const chargeLineParams = z.strictObject({
  id: z.uuid({ error: "not-found" }),
  lineId: z.uuid({ error: "not-found" }),
});

export const statementQuery = z.strictObject({
  ano: z.coerce
    .number({ error: "invalid-argument" })
    .int({ error: "invalid-argument" })
    .min(2000, { error: "invalid-argument" })
    .max(2100, { error: "invalid-argument" }),
});

/**
 * A lease's year of payments, by the day each was received (cash basis, as the IRPF and the
 * monthly carnê-leão count rent): the rent apart from the charges (condomínio, IPTU, insurance,
 * the landlord's lines) and from the late fees, month by month, with both parties named.
 */
export const yearStatement = z.object({
  ano: z.number().int(),
  papel: z.enum(["locador", "locatario"]),
  numero: z.string(),
  endereco: z.string(),
  /** `cpf`: a person's CPF (11 digits), or a company party's CNPJ (14 characters; issue 34). */
  locador: z.object({ nome: z.string(), cpf: z.string() }),
  locatario: z.object({ nome: z.string(), cpf: z.string() }),
  meses: z.array(
    z.object({
      /** The month received, YYYY-MM. */
      mes: z.string(),
      competencias: z.array(z.string()),
      aluguel: z.number().int(),
      encargos: z.number().int(),
      multaJuros: z.number().int(),
      total: z.number().int(),
    }),
  ),
  totais: z.object({
    aluguel: z.number().int(),
    encargos: z.number().int(),
    multaJuros: z.number().int(),
    total: z.number().int(),
  }),
  /** The years with a payment, for the year picker. */
  anos: z.array(z.number().int()),
});
export type YearStatement = z.infer<typeof yearStatement>;
