import { z } from "zod";
import { partyFields } from "./profile";

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
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;

const person = z.object(partyFields);

export const guarantorInput = person.extend({
  nacionalidade: z.string().trim().max(60).default("brasileira"),
  estadoCivil: z.string().trim().max(40).default(""),
  profissao: z.string().trim().max(100).default(""),
  rg: z.string().trim().max(20).default(""),
  endereco: z.string().trim().max(300).default(""),
});

export const contractReview = z.object({
  fiador: guarantorInput.nullable().default(null),
  testemunhas: z.array(person).max(MAX_WITNESSES, { error: "invalid-argument" }).default([]),
  sequencial: z.boolean().default(false),
});
export type ContractReview = z.input<typeof contractReview>;

export const signInput = z.object({
  codigo: z
    .string({ error: "invalid-code" })
    .trim()
    .regex(/^\d{6}$/, { error: "invalid-code" }),
  nome: z.string({ error: "identity-mismatch" }).trim().min(3, { error: "identity-mismatch" }).max(150),
  cpf: z.string({ error: "identity-mismatch" }).transform((v) => v.replace(/\D/g, "")),
  /** A drawn signature, as a PNG data URL (optional). */
  assinatura: z
    .string()
    .max(200_000, { error: "invalid-argument" })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: "invalid-argument" })
    .optional(),
});

export const refuseInput = z.object({
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

export interface ContractSignerView {
  id: string;
  papel: string;
  nome: string;
  email: string;
  status: SignerStatus;
  assinadoEm: string | null;
  motivo: string | null;
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
