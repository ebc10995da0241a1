import { z } from "zod";

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
  /** The contract's fine (rents) and the rent in force today: what the form's estimate needs. */
  multaAlugueis: z.number().int(),
  aluguelAtual: z.number().int(),
  inicio: z.string(),
  prazoMeses: z.number().int(),
  avisos: z.array(leaseNoticeView),
});
export type LeaseNotices = z.infer<typeof leaseNotices>;
