import type { SignerRole } from "../../../../shared/contracts/contracts";

/**
 * The signing provider interface. The built-in provider keeps the envelope in our own tables and
 * signs through `/Clicksign` links; an external provider (Clicksign) keeps it on its side and
 * tells us what happened through a signed webhook. The service speaks to both through this.
 */

export interface EnvelopeSigner {
  /** Our contract_signers id. */
  id: string;
  role: SignerRole;
  position: number;
  nome: string;
  /** Eleven digits. */
  cpf: string;
  email: string;
}

export interface EnvelopeInput {
  contractId: string;
  numero: string;
  fileName: string;
  pdf: Uint8Array;
  sequential: boolean;
  expiresAt: Date;
}

/** The references an external envelope is known by. */
export interface EnvelopeRef {
  envelopeId: string;
  documentId: string;
}

export type EnvelopeStatus = "draft" | "running" | "closed" | "canceled";

/** One webhook delivery, once its signature is checked, in our terms. */
export interface ProviderEvent {
  /** Unique per delivery; a replay carries the same id and is handled once. */
  id: string;
  /** The provider's document key: finds the contract. */
  documentKey: string | null;
  type: "signed" | "refused" | "closed" | "canceled" | "expired" | "ignored";
  name: string;
  signer: { key: string | null; email: string | null } | null;
  reason: string | null;
  occurredAt: string | null;
}

export interface SigningProvider {
  readonly name: string;
  /** Opens an envelope holding the document; returns its references. */
  create(input: EnvelopeInput): Promise<EnvelopeRef>;
  /** Adds the signers with their role and e-mail authentication; returns their keys by our id. */
  addSigners(ref: EnvelopeRef, signers: EnvelopeSigner[], sequential: boolean): Promise<Map<string, string>>;
  /** Activates the envelope and notifies the signers (all, or one when `signerKey` is given). */
  send(ref: EnvelopeRef, message: string, signerKey?: string): Promise<void>;
  status(ref: EnvelopeRef): Promise<{ status: EnvelopeStatus; signed: string[] }>;
  cancel(ref: EnvelopeRef): Promise<void>;
  /** The signed file, once the envelope is closed. */
  download(ref: EnvelopeRef): Promise<Uint8Array>;
  /** Checks a webhook's signature against the raw body and reads it; throws when it is not genuine. */
  webhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;
}
