import { z } from "zod";
import type { ErrorCode } from "../errors";
import { isValidCpf, partyFields } from "./profile";

/*
 * Lease contracts and their signing. Messages are error codes of src/shared/errors.ts.
 */

/** selando: everyone signed and the sealed PDF is being made (a job); assinado once it is stored. */
export const CONTRACT_STATUSES = [
  "rascunho",
  "enviado",
  "selando",
  "assinado",
  "recusado",
  "cancelado",
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const SIGNER_STATUSES = ["pendente", "visualizado", "assinado", "recusado"] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];
export const MAX_WITNESSES = 2;
/** Each party names at most this many witnesses, so neither fills the list alone. */
export const WITNESSES_PER_PARTY = 1;
export const CODE_TTL_MINUTES = 10;
/** Wrong tries with one code before a new one is needed. */
export const CODE_MAX_ATTEMPTS = 5;
/** Wrong tries per signer over the envelope's whole life, whatever the codes: then blocked. */
export const CODE_MAX_FAILURES = 10;

export const witnessInput = z.strictObject(partyFields, { error: "invalid-argument" });

/** A party (landlord or tenant) names their witness, or takes it back with null. */
export const witnessChoice = z.strictObject(
  { testemunha: witnessInput.nullable() },
  { error: "invalid-argument" },
);
export type WitnessChoice = z.input<typeof witnessChoice>;

/** The landlord's review: the signing order. The guarantor comes from the proposal. */
export const contractReview = z.strictObject(
  { sequencial: z.boolean({ error: "invalid-argument" }).default(false) },
  { error: "invalid-argument" },
);
export type ContractReview = z.input<typeof contractReview>;

export const signInput = z.strictObject({
  codigo: z
    .string({ error: "invalid-code" })
    .trim()
    .regex(/^\d{6}$/, { error: "invalid-code" }),
  nome: z
    .string({ error: "identity-mismatch" })
    .trim()
    .min(3, { error: "identity-mismatch" })
    .max(150, { error: "identity-mismatch" }),
  cpf: z
    .string({ error: "identity-mismatch" })
    .max(20, { error: "identity-mismatch" })
    .transform((v) => v.replace(/\D/g, "")),
  /** A drawn signature, as a PNG data URL (optional). */
  assinatura: z
    .string({ error: "invalid-argument" })
    .max(200_000, { error: "invalid-argument" })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: "invalid-argument" })
    .optional(),
});

export const refuseInput = z.strictObject({
  codigo: z
    .string({ error: "invalid-code" })
    .trim()
    .regex(/^\d{6}$/, { error: "invalid-code" }),
  motivo: z
    .string({ error: "reason-required" })
    .trim()
    .min(3, { error: "reason-required" })
    .max(1000, { error: "reason-required" }),
});

/** One who signs, for the identity rules: `named` by a party (guarantor, witness, co-tenant) or a party itself. */
export interface SignerIdentity {
  email: string;
  cpf: string;
  named: boolean;
}

/** An e-mail as compared between signers: lower case, without a "+tag" (the same mailbox). */
export function mailbox(email: string): string {
  return email
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, "@");
}

/**
 * The first signer who breaks the identity rules (decision 017), with the field and the code: no
 * two signers share an e-mail or a CPF, nobody named by a party uses the landlord's or the
 * tenant's account e-mail, and every CPF passes its check digits. List the parties first, so the
 * one named is the one refused.
 */
export function signerIssue(
  list: readonly SignerIdentity[],
  accountEmails: readonly string[],
): { index: number; path: "email" | "cpf"; code: ErrorCode } | null {
  const accounts = new Set(accountEmails.map(mailbox));
  const emails = new Set<string>();
  const cpfs = new Set<string>();
  for (const [index, s] of list.entries()) {
    const email = mailbox(s.email);
    const cpf = s.cpf.replace(/\D/g, "");
    if (s.named && accounts.has(email)) return { index, path: "email", code: "signer-is-party" };
    if (s.named && !isValidCpf(cpf)) return { index, path: "cpf", code: "invalid-cpf" };
    if (emails.has(email)) return { index, path: "email", code: "signer-email-taken" };
    if (cpfs.has(cpf)) return { index, path: "cpf", code: "signer-cpf-taken" };
    emails.add(email);
    cpfs.add(cpf);
  }
  return null;
}

export interface ContractSignerView {
  id: string;
  papel: string;
  nome: string;
  email: string;
  status: SignerStatus;
  assinadoEm: string | null;
  motivo: string | null;
  /** Blocked after too many wrong codes: this signer can no longer sign this envelope. */
  bloqueado: boolean;
}

/** Who will sign, as both parties see it before the contract is sent. */
export interface PlannedSignerView {
  papel: "locador" | "locatario" | "colocatario" | "fiador" | "testemunha";
  nome: string;
  email: string;
  /** Masked: ***.456.789-**. */
  cpf: string;
  /** Who named this signer (witnesses, the guarantor); null for the parties themselves. */
  indicadoPor: "locador" | "locatario" | null;
  parentesco?: string;
}

export interface ContractView {
  id: string;
  numero: string;
  status: ContractStatus;
  provider: string;
  sequencial: boolean;
  role: "landlord" | "tenant" | "signer";
  documentId: string | null;
  sha256: string | null;
  sealedDocumentId: string | null;
  sealedSha256: string | null;
  garantia: string;
  proposalId: string;
  offerId: string;
  titulo: string;
  signers: ContractSignerView[];
  /** Everyone who will sign, while the contract is a draft (signers exist once it is sent). */
  plannedSigners: PlannedSignerView[];
  events: {
    type: string;
    quem: string | null;
    ip: string | null;
    createdAt: string;
    detail: string | null;
  }[];
  expiresAt: string | null;
  createdAt: string;
  /** Whether the one asking is a signer who has still to sign (and may sign from the app). */
  mine: "pending" | "done" | null;
}
