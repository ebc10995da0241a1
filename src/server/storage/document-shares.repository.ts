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
