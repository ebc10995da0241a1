import type { NewRowOf, Queryable, RowOf } from "../db/rows";
import type { uploads } from "../db/schema/storage";

/**
 * The uploads table (decision 019): uploads in progress, whose declared size counts against the
 * owner's quota until they become documents or are dropped. The storage service decides; this
 * module only runs the statements.
 */
type UploadRow = RowOf<typeof uploads>;

/** One lock per owner while their quota is checked, so parallel uploads cannot overrun it. */
const QUOTA_LOCK_CLASS = 724_310_003;

/** Takes the owner's quota lock until the caller's transaction ends. */
export async function lockQuota(c: Queryable, ownerId: string): Promise<void> {
  await c.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [QUOTA_LOCK_CLASS, ownerId]);
}

export async function insertUpload(
  c: Queryable,
  upload: Required<
    Pick<NewRowOf<typeof uploads>, "id" | "owner_id" | "size" | "kind" | "folder" | "file_name" | "replaces">
  >,
): Promise<void> {
  await c.query(
    `INSERT INTO uploads (id, owner_id, size, kind, folder, file_name, replaces)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [upload.id, upload.owner_id, upload.size, upload.kind, upload.folder, upload.file_name, upload.replaces],
  );
}

/** A UUID as PostgreSQL's uuid type reads it: anything else would fail the query (a 500). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who started the upload, or owns the document it became; undefined when there is none. */
export async function uploadOrDocumentOwner(c: Queryable, id: string): Promise<string | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await c.query<Pick<UploadRow, "owner_id">>(
    "SELECT owner_id FROM uploads WHERE id = $1 UNION ALL SELECT owner_id FROM documents WHERE id = $1",
    [id],
  );
  return rows[0]?.owner_id;
}

/** Removes `ownerId`'s upload and returns what it was to become; undefined when there is none. */
export async function takeUpload(
  c: Queryable,
  id: string,
  ownerId: string,
): Promise<Pick<UploadRow, "replaces" | "kind" | "folder" | "file_name"> | undefined> {
  const { rows } = await c.query<Pick<UploadRow, "replaces" | "kind" | "folder" | "file_name">>(
    "DELETE FROM uploads WHERE id = $1 AND owner_id = $2 RETURNING replaces, kind, folder, file_name",
    [id, ownerId],
  );
  return rows[0];
}

export async function deleteUpload(c: Queryable, id: string): Promise<void> {
  await c.query("DELETE FROM uploads WHERE id = $1", [id]);
}

/** Deletes the uploads started more than `hours` ago and returns their ids. */
export async function deleteUploadsOlderThan(c: Queryable, hours: number): Promise<string[]> {
  const { rows } = await c.query<Pick<UploadRow, "id">>(
    "DELETE FROM uploads WHERE created_at < now() - make_interval(hours => $1) RETURNING id",
    [hours],
  );
  return rows.map((r) => r.id);
}

/** An account deleted (decision 022): its unfinished uploads go (ids returned: their bytes too). */
export async function deleteUploadsOf(c: Queryable, ownerId: string): Promise<string[]> {
  const { rows } = await c.query<Pick<RowOf<typeof uploads>, "id">>(
    "DELETE FROM uploads WHERE owner_id = $1 RETURNING id",
    [ownerId],
  );
  return rows.map((r) => r.id);
}
