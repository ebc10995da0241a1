import type { Queryable } from "../../../db/rows";
import type { SignerRow } from "../contract-signers.repository";
import type { ContractRow } from "../contracts.repository";
import type { EnvelopeSigner } from "./types";

/**
 * How a contract's envelope is opened, reminded and stopped, whoever runs it. Send, resend, cancel
 * and each signature call these and never ask which provider it is. Every method runs inside the
 * caller's transaction, under the contract's row lock: a failure rolls the whole step back.
 */
export interface EnvelopeProvider {
  /** Stored in contracts.provider. */
  readonly name: string;
  /** Whether signers sign in Chave (personal links, e-mailed codes); otherwise at the provider. */
  readonly signsHere: boolean;
  /** Opens the envelope for everyone in `signers` and invites them (or the first, in order). */
  open(c: Queryable, row: ContractRow, signers: EnvelopeSigner[], expiresAt: Date): Promise<void>;
  /** Sends one signer a reminder (the built-in one: a new link; the old one dies). */
  remind(c: Queryable, row: ContractRow, signer: SignerRow): Promise<void>;
  /** After a signature, in order: invites whoever signs next, if the provider does not. */
  advance(c: Queryable, row: ContractRow): Promise<void>;
  /** Stops the envelope; the signers' links or the provider's envelope stop working. */
  cancel(c: Queryable, row: ContractRow): Promise<void>;
}
