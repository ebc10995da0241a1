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

/** A new export, asked at `at` (the app's clock: the daily limit counts by it). */
export async function insertExport(c: Queryable, id: string, userId: string, at: Date): Promise<void> {
  await c.query(
    "INSERT INTO data_exports (id, user_id, status, created_at, updated_at) VALUES ($1, $2, 'preparando', $3, $3)",
    [id, userId, at],
  );
}

/** One's newest export; `lock`: the person's row is locked first, so two asks at once make one. */
export async function latestExport(
  c: Queryable,
  userId: string,
  lock = false,
): Promise<DataExportRecord | null> {
  if (lock) await c.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId]);
  const { rows } = await c.query<DataExportRecord>(
    // Asked at the same instant (a clock's tick): the one being prepared, then the ready one.
    `SELECT ${COLUMNS} FROM data_exports WHERE user_id = $1
      ORDER BY created_at DESC, CASE status WHEN 'preparando' THEN 0 WHEN 'pronto' THEN 1 ELSE 2 END, id
      LIMIT 1`,
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

/** Asks for an export by this account since `since` (failed ones are not the person's doing). */
export async function exportsSince(c: Queryable, userId: string, since: Date): Promise<number> {
  const { rows } = await c.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM data_exports WHERE user_id = $1 AND created_at > $2 AND status <> 'falhou'",
    [userId, since],
  );
  return rows[0]?.n ?? 0;
}

/**
 * The installation's export budget, taken for the caller's transaction: every ask checks the
 * disk in turn, so two at once cannot both take the last room.
 */
export async function lockExportBudget(c: Queryable): Promise<void> {
  await c.query("SELECT pg_advisory_xact_lock(hashtext('chave.data_exports.budget'))");
}

/** What the zips on disk take (ready, not yet downloaded or removed), and who is being prepared. */
export async function exportsHeld(c: Queryable): Promise<{ bytes: number; preparing: string[] }> {
  const { rows } = await c.query<{ bytes: string | null; preparing: string[] | null }>(
    `SELECT sum(size) FILTER (WHERE status = 'pronto') AS bytes,
            array_agg(DISTINCT user_id) FILTER (WHERE status = 'preparando') AS preparing
       FROM data_exports WHERE status IN ('pronto', 'preparando')`,
  );
  return { bytes: Number(rows[0]?.bytes ?? 0), preparing: rows[0]?.preparing ?? [] };
}

/** The account's ready exports (their zips are replaced by a newer one), locked. */
export async function readyExportsOf(c: Queryable, userId: string): Promise<Pick<DataExportRecord, "id">[]> {
  const { rows } = await c.query<Pick<DataExportRecord, "id">>(
    "SELECT id FROM data_exports WHERE user_id = $1 AND status = 'pronto' FOR UPDATE",
    [userId],
  );
  return rows;
}

/**
 * Retention (decision 036): the rows of exports that are over (downloaded, expired, failed) go
 * `before` — their zips went long ago; the row said only when and how big.
 */
export async function pruneFinishedExports(c: Queryable, before: Date): Promise<number> {
  const { rowCount } = await c.query(
    "DELETE FROM data_exports WHERE status IN ('baixado', 'expirado', 'falhou') AND updated_at < $1",
    [before],
  );
  return rowCount ?? 0;
}
