import { randomBytes } from "node:crypto";
import type { Queryable } from "../../../db/rows";
import { type ContractsContext, queueInvite, sha } from "../context";
import type { SignerRow } from "../contract-signers.repository";
import { nextToSign, setTokenHash } from "../contract-signers.repository";
import type { ContractRow } from "../contracts.repository";
import type { EnvelopeProvider } from "./envelope";
import type { EnvelopeSigner } from "./types";

/** A new personal link: only its hash is kept, the token goes out in the e-mail. */
async function newLink(c: Queryable, signerId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await setTokenHash(c, signerId, sha(token));
  return token;
}

/**
 * The built-in provider: the envelope is our own tables, each signer gets a personal link by
 * e-mail (queued in the outbox, so it goes if and only if the step commits) and signs with an
 * e-mailed code; the seal is ours.
 */
export class BuiltinProvider implements EnvelopeProvider {
  readonly name = "builtin";
  readonly signsHere = true;

  constructor(private readonly ctx: () => ContractsContext) {}

  async open(c: Queryable, row: ContractRow, signers: EnvelopeSigner[]): Promise<void> {
    // In order, only the first is invited now; the next one when the previous has signed.
    const invited = row.sequential ? signers.slice(0, 1) : signers;
    for (const s of signers) {
      const token = await newLink(c, s.id);
      if (invited.includes(s)) await queueInvite(this.ctx(), c, row, s, token);
    }
  }

  /** A new link by e-mail (the old one stops working); `deadline` words it as the deadline's reminder. */
  async remind(c: Queryable, row: ContractRow, signer: SignerRow, deadline = false): Promise<void> {
    await queueInvite(this.ctx(), c, row, signer, await newLink(c, signer.id), deadline);
  }

  async advance(c: Queryable, row: ContractRow): Promise<void> {
    if (!row.sequential) return;
    const next = await nextToSign(c, row.id);
    if (next) await this.remind(c, row, next);
  }

  async cancel(): Promise<void> {
    // The links die with the contract's status: nothing to stop elsewhere.
  }
}
