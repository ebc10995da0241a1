import type { Queryable, RowOf } from "../../db/rows";
import type { dataExports } from "../../db/schema/privacy";

/** The data_exports table (decision 019): each person's data exports and where they stand. */

export type DataExportRecord = Pick<
  RowOf<typeof dataExports>,
  | "id"
  | "user_id"
  | "status"
  | "progress"
  | "size"
  | "token_hash"
  | "expires_at"
  | "downloaded_at"
  | "created_at"
>;

const COLUMNS = "id, user_id, status, progress, size, token_hash, expires_at, downloaded_at, created_at";

export async function insertExport(c: Queryable, id: string, userId: string): Promise<void> {
  await c.query("INSERT INTO data_exports (id, user_id, status) VALUES ($1, $2, 'preparando')", [id, userId]);
}

/** One's newest export; `lock`: the person's row is locked first, so two asks at once make one. */
export async function latestExport(
  c: Queryable,
  userId: string,
  lock = false,
): Promise<DataExportRecord | null> {
  if (lock) await c.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId]);
  const { rows } = await c.query<DataExportRecord>(
    `SELECT ${COLUMNS} FROM data_exports WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT 1`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function exportById(c: Queryable, id: string, lock = false): Promise<DataExportRecord | null> {
  const { rows } = await c.query<DataExportRecord>(
    `SELECT ${COLUMNS} FROM data_exports WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function setProgress(c: Queryable, id: string, progress: number): Promise<void> {
  await c.query("UPDATE data_exports SET progress = $2, updated_at = now() WHERE id = $1", [id, progress]);
}

export async function markReady(
  c: Queryable,
  id: string,
  v: { size: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await c.query(
    `UPDATE data_exports SET status = 'pronto', progress = 100, size = $2, token_hash = $3, expires_at = $4,
            updated_at = now() WHERE id = $1`,
    [id, v.size, v.tokenHash, v.expiresAt],
  );
}

export async function markExport(
  c: Queryable,
  id: string,
  status: "baixado" | "expirado" | "falhou",
  at: Date,
): Promise<void> {
  await c.query(
    `UPDATE data_exports SET status = $2, token_hash = NULL, updated_at = $3,
            downloaded_at = CASE WHEN $2 = 'baixado' THEN $3 ELSE downloaded_at END WHERE id = $1`,
    [id, status, at],
  );
}

/** Ready exports whose 24 hours passed, locked (their files are removed). */
export async function expiredExports(c: Queryable, now: Date): Promise<Pick<DataExportRecord, "id">[]> {
  const { rows } = await c.query<Pick<DataExportRecord, "id">>(
    "SELECT id FROM data_exports WHERE status = 'pronto' AND expires_at <= $1 FOR UPDATE SKIP LOCKED",
    [now],
  );
  return rows;
}

/** An account deleted (decision 022): its exports go (ids returned: their zips too). */
export async function deleteExportsOf(c: Queryable, userId: string): Promise<string[]> {
  const { rows } = await c.query<Pick<DataExportRecord, "id">>(
    "DELETE FROM data_exports WHERE user_id = $1 RETURNING id",
    [userId],
  );
  return rows.map((r) => r.id);
}
