import { randomBytes, randomUUID } from "node:crypto";
import type { Queryable } from "../../../db/rows";
import { type ContractsContext, contractRow, JOBS, recordEvent, storeContractPdf } from "../context";
import type { ContractRow } from "../contracts.repository";
import { insertDraft, markSealing, setDocument } from "../contracts.repository";
import { LEASE } from "./kind";
import { documentKind, type StoredDocumentData, sourceOf } from "./registry";

/** A new document's number: the year and six hex digits, as every contract's. */
export const newNumero = (now: Date) =>
  `${now.getFullYear()}-${randomBytes(3).toString("hex").toUpperCase()}`;

/**
 * Writes a draft ("rascunho") of any kind in the caller's transaction: the PDF its kind renders,
 * stored as the contract's own file (decision 034), and the "gerado" step of its trail. Returns
 * the PDF's SHA-256.
 */
export async function writeDraft(
  ctx: ContractsContext,
  c: Queryable,
  d: Pick<
    ContractRow,
    "id" | "numero" | "kind" | "proposal_id" | "offer_id" | "landlord_id" | "tenant_id"
  > & {
    parent_id: string | null;
    data: StoredDocumentData;
    review_remind_at: Date | null;
  },
): Promise<string> {
  const kind = documentKind(d.kind);
  const { bytes, sha256 } = await kind.render(sourceOf(d), { read: (id) => ctx.storage.readBytes(id) });
  await insertDraft(c, { ...d, sha256 });
  const documentId = await storeContractPdf(ctx, c, d, bytes, sha256, kind.fileName(d.numero, false));
  await setDocument(c, d.id, documentId);
  await recordEvent(c, d.id, "gerado", { sha256 });
  return sha256;
}

/**
 * Starts a document of `kind` on a signed lease, in the caller's transaction (the domain that
 * needs it — the inspection report, the rent receipts — calls this with its own change, so the
 * document exists if and only if that change does). The document takes the lease's parties, unit
 * and terms, its kind's data (checked by the kind) and its own number; from here it is a contract
 * like the lease: the landlord sends it (POST /api/contracts/:id/send), its signers sign, it is
 * sealed and stored as the contract's file, and both parties see it in their contracts.
 * Calling it for a lease that is not signed, or with the lease's own kind, is the caller's mistake.
 */
export async function createDocument(
  ctx: ContractsContext,
  c: Queryable,
  input: { kind: string; parentId: string; data: unknown },
): Promise<{ id: string; numero: string }> {
  const kind = documentKind(input.kind);
  if (kind.kind === LEASE)
    throw new Error("a lease is written from its approved proposal, not by createDocument");
  // Locked: a document is not started on a lease that another step is changing.
  const lease = await contractRow(c, input.parentId, true);
  if (lease.kind !== LEASE || lease.parent_id !== null || lease.status !== "assinado")
    throw new Error(`document "${kind.kind}" asked for on ${lease.id}, which is not a signed lease`);
  const now = ctx.clock.now();
  const id = randomUUID();
  const numero = newNumero(now);
  const data: StoredDocumentData = {
    ...(lease.data as StoredDocumentData),
    dataEmissao: now.toISOString().slice(0, 10),
    documento: kind.parse(input.data),
  };
  await writeDraft(ctx, c, {
    id,
    numero,
    kind: kind.kind,
    parent_id: lease.id,
    proposal_id: lease.proposal_id,
    offer_id: lease.offer_id,
    landlord_id: lease.landlord_id,
    tenant_id: lease.tenant_id,
    data,
    // The lease's review reminder (decision 044) is the lease's: a later document's caller tells.
    review_remind_at: null,
  });
  return { id, numero };
}

/**
 * Issues a document nobody signs (a rent receipt), in the caller's transaction: written as any
 * document is, its issue recorded in its trail (who asked, and why), and sealed with the
 * installation's seal and timestamp by the seal job sent in the same transaction — so a receipt
 * exists, and will be sealed, if and only if the payment it proves was recorded.
 */
export async function issueDocument(
  ctx: ContractsContext,
  c: Queryable,
  input: { kind: string; parentId: string; data: unknown; detail: string },
): Promise<{ id: string; numero: string }> {
  const made = await createDocument(ctx, c, input);
  const row = await contractRow(c, made.id);
  if (documentKind(row.kind).signers(sourceOf(row)).length > 0)
    throw new Error(`document "${row.kind}" has signers: send it to them instead of issuing it`);
  await recordEvent(c, made.id, "emitido", { detail: input.detail, sha256: row.sha256 });
  await markSealing(c, made.id);
  await ctx.jobs.send(c, JOBS.seal, { contractId: made.id });
  return made;
}
