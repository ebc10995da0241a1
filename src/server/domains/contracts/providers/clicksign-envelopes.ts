import { AppError } from "../../../../shared/errors";
import type { Queryable } from "../../../db/rows";
import type { ContractsContext } from "../context";
import type { SignerRow } from "../contract-signers.repository";
import { setSignerProviderRef } from "../contract-signers.repository";
import type { ContractRow } from "../contracts.repository";
import { setProviderRef } from "../contracts.repository";
import { documentKind } from "../documents/registry";
import type { ClicksignProvider } from "./clicksign";
import type { EnvelopeProvider } from "./envelope";
import type { EnvelopeRef, EnvelopeSigner } from "./types";

/** An external envelope's references, kept as "envelope/document" in contracts.provider_ref. */
export function envelopeRef(row: Pick<ContractRow, "provider_ref">): EnvelopeRef {
  const [envelopeId, documentId] = (row.provider_ref ?? "").split("/");
  if (!envelopeId || !documentId) throw new AppError("signing-provider-failed");
  return { envelopeId, documentId };
}

/**
 * Clicksign as an envelope provider: the calls to its API run inside the step's transaction, so a
 * failure there rolls back here (the landlord gets a 502) and a half-made envelope is cancelled.
 */
export class ClicksignEnvelopes implements EnvelopeProvider {
  readonly signsHere = false;

  constructor(
    private readonly api: ClicksignProvider,
    private readonly ctx: () => ContractsContext,
  ) {}

  get name(): string {
    return this.api.name;
  }

  async open(c: Queryable, row: ContractRow, signers: EnvelopeSigner[], expiresAt: Date): Promise<void> {
    if (!row.document_id) throw new AppError("signing-provider-failed");
    const pdf = await this.ctx().storage.readBytes(row.document_id);
    const ref = await this.api.create({
      contractId: row.id,
      numero: row.numero,
      fileName: documentKind(row.kind).fileName(row.numero, false),
      pdf,
      sequential: row.sequential,
      expiresAt,
    });
    try {
      const keys = await this.api.addSigners(ref, signers, row.sequential);
      for (const [signerId, key] of keys) await setSignerProviderRef(c, signerId, key);
      await setProviderRef(c, row.id, `${ref.envelopeId}/${ref.documentId}`);
      await this.api.send(ref, `Assine o contrato de locação nº ${row.numero}.`);
    } catch (err) {
      // Do not leave a half-made envelope behind at the provider.
      await this.api.cancel(ref).catch(() => undefined);
      throw err;
    }
  }

  async remind(_c: Queryable, row: ContractRow, signer: SignerRow): Promise<void> {
    if (!signer.provider_ref) throw new AppError("signing-provider-failed");
    await this.api.send(
      envelopeRef(row),
      `Lembrete: assine o contrato nº ${row.numero}.`,
      signer.provider_ref,
    );
  }

  async advance(): Promise<void> {
    // Clicksign keeps the order itself.
  }

  async cancel(_c: Queryable, row: ContractRow): Promise<void> {
    await this.api.cancel(envelopeRef(row));
  }
}
