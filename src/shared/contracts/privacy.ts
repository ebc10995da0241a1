import { z } from "zod";
import { HOME_LAYOUTS } from "../privacy-policy";

/*
 * Privacy (issue 17, LGPD): the person's answer about product analytics, and what the privacy
 * page needs to know of this installation.
 */

export const consentInput = z.strictObject(
  { analytics: z.boolean({ error: "invalid-argument" }) },
  { error: "invalid-argument" },
);
export type ConsentInput = z.infer<typeof consentInput>;

/** The answer in force: null when the person has not answered under the current policy. */
export const consentView = z.object({
  analytics: z.boolean().nullable(),
  policyVersion: z.string(),
  decidedAt: z.string().nullable(),
  /** The opaque id analytics knows the person by, while their "yes" is in force (never e-mail or CPF). */
  analyticsId: z.string().nullable(),
});
export type ConsentView = z.infer<typeof consentView>;

/** What the screens need of this installation's privacy setup (public). */
export const privacyInfo = z.object({
  policyVersion: z.string(),
  /** Whom to write to about one's data (PRIVACY_CONTACT), if the operator named someone. */
  contact: z.string().nullable(),
  /** Whether product analytics is configured here (POSTHOG_KEY): without it nothing is asked. */
  analytics: z.boolean(),
  /** The PostHog project's public key and host, loaded in the browser only after a "yes". */
  posthog: z.object({ key: z.string(), host: z.string() }).nullable(),
  /** How long signed contracts are kept after an account is deleted (CONTRACT_RETENTION_YEARS). */
  contractRetentionYears: z.number().int(),
});
export type PrivacyInfo = z.infer<typeof privacyInfo>;

export const EXPORT_STATUSES = ["preparando", "pronto", "baixado", "expirado", "falhou"] as const;

/** One's newest data export, or null. The download link is only in the e-mail (it works once). */
export const exportView = z
  .object({
    id: z.uuid(),
    status: z.enum(EXPORT_STATUSES),
    progress: z.number().int(),
    size: z.number().int().nullable(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
  })
  .nullable();
export type ExportView = z.infer<typeof exportView>;

export const exportIdParams = z.strictObject({ id: z.uuid({ error: "not-found" }) });
export const downloadQuery = z.strictObject({
  token: z
    .string({ error: "invalid-export-link" })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: "invalid-export-link" }),
});

/** The word typed to confirm an account's deletion. */
export const DELETION_WORD = "EXCLUIR";

export const deletionInput = z.strictObject(
  {
    senha: z.string({ error: "password-required" }).min(1, { error: "password-required" }).max(128),
    confirmacao: z
      .string({ error: "invalid-deletion-word" })
      .trim()
      .refine((v) => v.toUpperCase() === DELETION_WORD, { error: "invalid-deletion-word" }),
  },
  { error: "invalid-argument" },
);
export type DeletionInput = z.infer<typeof deletionInput>;

/** One's scheduled deletion, if any, and the grace period. */
export const deletionView = z.object({
  status: z.enum(["agendada"]).nullable(),
  dueAt: z.string().nullable(),
  graceDays: z.number().int(),
});
export type DeletionView = z.infer<typeof deletionView>;

/** The PostHog multivariate flag that may choose it per person (variants v1–v4). */
export const HOME_LAYOUT_FLAG = "home-layout";

export const homeLayoutInput = z.strictObject(
  { layout: z.enum(HOME_LAYOUTS, { error: "invalid-argument" }).nullable() },
  { error: "invalid-argument" },
);

/** The layout `/` shows this person, and what decided it. */
export const homeLayoutView = z.object({
  layout: z.enum(HOME_LAYOUTS),
  source: z.enum(["flag", "choice", "default"]),
  /** The person's own choice in /Config (null: none). */
  choice: z.enum(HOME_LAYOUTS).nullable(),
});
export type HomeLayoutView = z.infer<typeof homeLayoutView>;
