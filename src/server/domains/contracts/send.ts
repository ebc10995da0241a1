import { randomUUID } from "node:crypto";
import { AppError } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import {
  type ContractsContext,
  contractRow,
  landlordsContract,
  type RequestInfo,
  recordEvent,
} from "./context";
import { insertSigner } from "./contract-signers.repository";
import type { ContractRow } from "./contracts.repository";
import { markSent } from "./contracts.repository";
import { plannedSignersOf } from "./documents/registry";
import type { EnvelopeSigner } from "./providers/types";
import { checkSignerIdentities } from "./signers";

/**
 * Sends the contract for signing with the configured provider: the signers are recorded and the
 * envelope opened in one transaction, so either everyone is invited or nothing changed.
 */
export async function sendContract(ctx: ContractsContext, userId: string, id: string, req: RequestInfo) {
  await withTransaction(ctx.pool, async (c) => {
    await openEnvelope(ctx, c, await landlordsContract(c, userId, id), req);
  });
}

/**
 * Sends a document a domain started (createDocument) to its signers in the caller's transaction:
 * for a document one party gives alone (a tenant's notice), so it goes out if and only if the
 * domain's change commits, and without the landlord's send.
 */
export async function sendDocument(ctx: ContractsContext, c: Queryable, id: string, req: RequestInfo) {
  const row = await contractRow(c, id, true);
  if (row.parent_id === null) throw new Error("sendDocument is for a lease's later documents");
  await openEnvelope(ctx, c, row, req);
}

/** The signers recorded and the envelope opened, on a draft locked by the caller. */
async function openEnvelope(ctx: ContractsContext, c: Queryable, row: ContractRow, req: RequestInfo) {
  const id = row.id;
  if (row.status !== "rascunho") throw new AppError("contract-not-editable");
  const d = row.data;
  if (d.termos.garantia === "fiador" && !d.fiador) throw new AppError("guarantor-required");
  // Who signs is the document's kind's to say (decision 047): for the lease, plannedSigners.
  const planned = plannedSignersOf(row);
  // The rules again at the last moment: an account e-mail may have changed since the draft.
  await checkSignerIdentities(c, row, d, (index) => `signatarios.${index}`, planned);
  const parties = planned.map((s) => ({
    ...s,
    userId: s.role === "locador" ? row.landlord_id : s.role === "locatario" ? row.tenant_id : null,
  }));
  const signers: EnvelopeSigner[] = [];
  for (const [position, s] of parties.entries()) {
    const email = s.email;
    const signerId = randomUUID();
    await insertSigner(c, {
      id: signerId,
      contract_id: id,
      role: s.role,
      position,
      nome: s.p.nome,
      cpf: s.p.cpf,
      email,
      user_id: s.userId,
    });
    signers.push({ id: signerId, role: s.role, position, nome: s.p.nome, cpf: s.p.cpf, email });
  }
  const provider = ctx.provider;
  const expiresAt = new Date(ctx.clock.now().getTime() + ctx.envelopeDays * 86_400_000);
  await markSent(c, id, provider.name, expiresAt);
  // Under the row lock: if the provider fails, the transaction rolls back and nothing was sent.
  await provider.open(
    c,
    { ...row, status: "enviado", provider: provider.name, expires_at: expiresAt },
    signers,
    expiresAt,
  );
  await recordEvent(c, id, "enviado", {
    req,
    sha256: row.sha256,
    detail: provider.signsHere ? null : `via ${provider.name}`,
  });
}
