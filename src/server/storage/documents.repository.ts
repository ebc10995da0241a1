import type { OfferStatus } from "../../shared/contracts/listings";
import type { NewRowOf, Queryable, RowOf } from "../db/rows";
import type { documents, photoRenditions } from "../db/schema/storage";

/**
 * The documents table (decision 019): finished, checked files. The storage service decides who may
 * touch a document and in which transaction; this module only runs the statements. Shares are
 * document-shares.repository.ts's, unfinished uploads uploads.repository.ts's.
 */
type DocumentRow = RowOf<typeof documents>;

/** A document with its page cursor (its created_at as PostgreSQL writes it). */
export type ListedDocument = DocumentRow & { cursor: string };

const DOCUMENT_COLUMNS = `d.id, d.owner_id, d.kind, d.folder, d.file_name, d.content_type, d.size, d.sha256,
  d.custom_metadata, d.contract_id, d.created_at, d.updated_at, d.created_at::text AS cursor`;

/** What a new document carries; its metadata and times take their defaults. */
export type NewDocument = Required<
  Pick<
    NewRowOf<typeof documents>,
    "id" | "owner_id" | "kind" | "folder" | "file_name" | "content_type" | "size" | "sha256"
  >
> & { contract_id?: string | null };

function documentValues(doc: NewDocument): unknown[] {
  return [
    doc.id,
    doc.owner_id,
    doc.kind,
    doc.folder,
    doc.file_name,
    doc.content_type,
    doc.size,
    doc.sha256,
    doc.contract_id ?? null,
  ];
}

/** Bytes of one's documents plus the declared size of one's unfinished uploads (the quota's use). */
export async function usedBytes(c: Queryable, ownerId: string): Promise<number> {
  // sum() of a bigint is a numeric, which node-postgres gives as text.
  const { rows } = await c.query<{ used: string }>(
    `SELECT (SELECT coalesce(sum(size), 0) FROM documents WHERE owner_id = $1)
          + (SELECT coalesce(sum(size), 0) FROM uploads WHERE owner_id = $1) AS used`,
    [ownerId],
  );
  return Number(rows[0]?.used ?? 0);
}

export async function documentOwnerAndSize(
  c: Queryable,
  id: string,
): Promise<Pick<DocumentRow, "owner_id" | "size" | "contract_id"> | undefined> {
  const { rows } = await c.query<Pick<DocumentRow, "owner_id" | "size" | "contract_id">>(
    "SELECT owner_id, size, contract_id FROM documents WHERE id = $1",
    [id],
  );
  return rows[0];
}

/** Inserts a document and returns it as a listing shows it. */
export async function insertListedDocument(
  c: Queryable,
  doc: NewDocument,
): Promise<ListedDocument | undefined> {
  const { rows } = await c.query<ListedDocument>(
    `INSERT INTO documents AS d (id, owner_id, kind, folder, file_name, content_type, size, sha256, contract_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${DOCUMENT_COLUMNS}`,
    documentValues(doc),
  );
  return rows[0];
}

export async function insertDocument(c: Queryable, doc: NewDocument): Promise<void> {
  await c.query(
    `INSERT INTO documents (id, owner_id, kind, folder, file_name, content_type, size, sha256, contract_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    documentValues(doc),
  );
}

/**
 * Makes documents a contract's files (decision 034; an inspection report's photos, decision 053):
 * from here nobody deletes, renames or replaces them. A document already a contract's stays so.
 */
export async function claimForContract(c: Queryable, ids: string[], contractId: string): Promise<void> {
  if (ids.length === 0) return;
  await c.query("UPDATE documents SET contract_id = $2 WHERE id = ANY($1::uuid[]) AND contract_id IS NULL", [
    ids,
    contractId,
  ]);
}

/** Deletes the document if `ownerId` owns it and no contract does; whether it did. */
export async function deleteOwnedDocument(c: Queryable, id: string, ownerId: string): Promise<boolean> {
  const { rowCount } = await c.query(
    "DELETE FROM documents WHERE id = $1 AND owner_id = $2 AND contract_id IS NULL",
    [id, ownerId],
  );
  return Boolean(rowCount);
}

export async function deleteDocument(c: Queryable, id: string): Promise<void> {
  await c.query("DELETE FROM documents WHERE id = $1", [id]);
}

/** The document, and whether it is shared with `userId`; undefined when there is none. */
export async function documentFor(
  c: Queryable,
  id: string,
  userId: string,
): Promise<(ListedDocument & { shared: boolean }) | undefined> {
  const { rows } = await c.query<ListedDocument & { shared: boolean }>(
    `SELECT ${DOCUMENT_COLUMNS},
       EXISTS (SELECT 1 FROM document_shares s WHERE s.document_id = d.id AND s.user_id = $2) AS shared
     FROM documents d WHERE d.id = $1`,
    [id, userId],
  );
  return rows[0];
}

/**
 * One's documents, newest first, keyset-paged by (created_at, id): those strictly after `after`
 * (a page cursor and an id, already checked), at most `limit`.
 */
export async function listDocuments(
  c: Queryable,
  ownerId: string,
  filter: {
    folder?: string | undefined;
    kind?: string | undefined;
    after?: [cursor: string, id: string] | undefined;
    limit: number;
  },
): Promise<ListedDocument[]> {
  const params: unknown[] = [ownerId];
  const where = ["d.owner_id = $1"];
  if (filter.folder) {
    params.push(filter.folder);
    where.push(`d.folder = $${params.length}`);
  }
  if (filter.kind) {
    params.push(filter.kind);
    where.push(`d.kind = $${params.length}`);
  }
  if (filter.after) {
    params.push(...filter.after);
    where.push(`(d.created_at, d.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(filter.limit);
  const { rows } = await c.query<ListedDocument>(
    `SELECT ${DOCUMENT_COLUMNS} FROM documents d WHERE ${where.join(" AND ")}
     ORDER BY d.created_at DESC NULLS LAST, d.id DESC NULLS LAST LIMIT $${params.length}`,
    params,
  );
  return rows;
}

/**
 * Renames the owner's document and merges `customMetadata` into its metadata (a null value drops
 * that key); a null argument leaves that part as it is. Undefined when the owner has no such one.
 */
export async function updateDocumentMetadata(
  c: Queryable,
  id: string,
  ownerId: string,
  fileName: string | null,
  customMetadata: Record<string, string | null> | null,
): Promise<ListedDocument | undefined> {
  const { rows } = await c.query<ListedDocument>(
    `UPDATE documents d SET
       file_name = coalesce($3, d.file_name),
       custom_metadata = CASE WHEN $4::jsonb IS NULL THEN d.custom_metadata
         ELSE jsonb_strip_nulls(d.custom_metadata || $4::jsonb) END,
       updated_at = now()
     WHERE d.id = $1 AND d.owner_id = $2 AND d.contract_id IS NULL RETURNING ${DOCUMENT_COLUMNS}`,
    [id, ownerId, fileName, customMetadata ? JSON.stringify(customMetadata) : null],
  );
  return rows[0];
}

/** The ids of one's documents in `folder`, by file name. */
export async function documentIdsInFolder(c: Queryable, ownerId: string, folder: string): Promise<string[]> {
  const { rows } = await c.query<Pick<DocumentRow, "id">>(
    "SELECT id FROM documents WHERE owner_id = $1 AND folder = $2 ORDER BY file_name",
    [ownerId, folder],
  );
  return rows.map((r) => r.id);
}

/** How many of `ids` are images `ownerId` owns. */
export async function countOwnedImages(c: Queryable, ids: string[], ownerId: string): Promise<number> {
  const { rows } = await c.query<{ n: number }>(
    `SELECT count(*) AS n FROM documents WHERE id = ANY($1::uuid[]) AND owner_id = $2 AND content_type LIKE 'image/%'`,
    [ids, ownerId],
  );
  return rows[0]?.n ?? 0;
}

/** An image as the photo route needs it. */
export type VisibleImage = Pick<DocumentRow, "owner_id" | "content_type" | "size" | "sha256"> & {
  public: boolean;
  renditions: RowOf<typeof photoRenditions>["renditions"] | null;
};

/**
 * The image (undefined when there is no image with that id), whether a unit with an offer in one
 * of `publicStatuses` shows it, and its renditions (decision 024; null before they are made).
 */
export async function imageWithVisibility(
  c: Queryable,
  id: string,
  publicStatuses: readonly OfferStatus[],
): Promise<VisibleImage | undefined> {
  const { rows } = await c.query<VisibleImage>(
    `SELECT d.owner_id, d.content_type, d.size, d.sha256, EXISTS (
       SELECT 1 FROM units u JOIN offers o ON o.unit_id = u.id
       WHERE u.fotos @> ARRAY[d.id] AND o.status = ANY($2::text[])) AS public, r.renditions
     FROM documents d LEFT JOIN photo_renditions r ON r.document_id = d.id
     WHERE d.id = $1 AND d.content_type LIKE 'image/%'`,
    [id, publicStatuses],
  );
  return rows[0];
}

/** An account deleted (decision 022): its documents go (ids returned: their bytes go too), except `keep`. */
export async function deleteDocumentsExcept(
  c: Queryable,
  ownerId: string,
  keep: string[],
): Promise<string[]> {
  const { rows } = await c.query<Pick<RowOf<typeof documents>, "id">>(
    "DELETE FROM documents WHERE owner_id = $1 AND NOT (id = ANY($2::uuid[])) RETURNING id",
    [ownerId, keep],
  );
  return rows.map((r) => r.id);
}
