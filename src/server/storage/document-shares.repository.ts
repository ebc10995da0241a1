import type { Queryable, RowOf } from "../db/rows";
import type { documentShares } from "../db/schema/storage";

/**
 * The document_shares table (decision 019): who else may read a document, and why. A proposal
 * shares its documents with the offer's owner, a message its attachments with the recipient, a
 * generated contract with its parties.
 */
type ShareRow = RowOf<typeof documentShares>;

/** Lets `userId` read each of `documentIds`, for `reason` ("proposta:<id>", "mensagem:<id>"). */
export async function shareDocuments(
  c: Queryable,
  documentIds: string[],
  userId: ShareRow["user_id"],
  reason: ShareRow["reason"],
): Promise<void> {
  if (documentIds.length === 0) return;
  await c.query(
    `INSERT INTO document_shares (document_id, user_id, reason)
     SELECT unnest($1::uuid[]), $2, $3 ON CONFLICT DO NOTHING`,
    [documentIds, userId, reason],
  );
}

/**
 * Takes back from `userId` every document shared with them but `keepDocumentIds` (an erased
 * account: what others sent them stays the others', unshared); the number taken back.
 */
export async function unshareAllWith(
  c: Queryable,
  userId: string,
  keepDocumentIds: string[],
): Promise<number> {
  const { rowCount } = await c.query(
    "DELETE FROM document_shares WHERE user_id = $1 AND NOT (document_id = ANY($2::uuid[]))",
    [userId, keepDocumentIds],
  );
  return rowCount ?? 0;
}

/**
 * A proposal ended without a deal (retirada, recusada, expirada): the landlord no longer reads
 * the documents it shared (LGPD art. 6, III, necessity; art. 15, I, the purpose was reached or
 * given up). A document the same tenant also sent in another proposal to this landlord that is
 * still in force stays shared, now for that proposal; one shared for another reason (a message's
 * attachment) is not this proposal's to take back. The number of shares taken back.
 */
export async function unshareProposal(c: Queryable, proposalId: string): Promise<number> {
  const reason = `proposta:${proposalId}`;
  // Still in force: open, approved (its contract needs them) or closed by another's approval.
  const live = `q.id <> $1 AND q.landlord_id = s.user_id AND s.document_id = ANY(q.documentos)
                AND q.status NOT IN ('retirada', 'recusada', 'expirada')`;
  // Only the landlord's shares of the documents this proposal holds (the primary key finds them).
  const mine = `p.id = $1 AND s.user_id = p.landlord_id AND s.document_id = ANY(p.documentos) AND s.reason = $2`;
  await c.query(
    `UPDATE document_shares s SET reason = 'proposta:' || (
       SELECT q.id FROM proposals q WHERE ${live} ORDER BY q.created_at, q.id LIMIT 1)
      FROM proposals p WHERE ${mine} AND EXISTS (SELECT 1 FROM proposals q WHERE ${live})`,
    [proposalId, reason],
  );
  const { rowCount } = await c.query(`DELETE FROM document_shares s USING proposals p WHERE ${mine}`, [
    proposalId,
    reason,
  ]);
  return rowCount ?? 0;
}

/** Each of `ids` is shared with each of `userIds` that does not own it (an inspection's landlord and inspector). */
export async function shareAmong(
  c: Queryable,
  ids: string[],
  userIds: string[],
  reason: string,
): Promise<void> {
  if (ids.length === 0 || userIds.length === 0) return;
  await c.query(
    `INSERT INTO document_shares (document_id, user_id, reason)
     SELECT d.id, u, $3 FROM documents d, unnest($2::text[]) u
      WHERE d.id = ANY($1::uuid[]) AND d.owner_id <> u
     ON CONFLICT DO NOTHING`,
    [ids, userIds, reason],
  );
}

/** `userId` no longer reads what was shared with them for `reason` (an inspector uninvited). */
export async function unshareReason(c: Queryable, userId: string, reason: string): Promise<void> {
  await c.query("DELETE FROM document_shares WHERE user_id = $1 AND reason = $2", [userId, reason]);
}
