import type { Queryable, RowOf } from "../../db/rows";
import type { preferenceVersions } from "../../db/schema/preferences";

/** The preference_versions table (decision 019): every saved version of one's searches. */

export type VersionRow = Pick<
  RowOf<typeof preferenceVersions>,
  "id" | "action" | "snapshot" | "settings" | "created_at"
>;

export async function insertVersion(
  c: Queryable,
  v: {
    id: string;
    userId: string;
    action: string;
    snapshot: VersionRow["snapshot"];
    settings: VersionRow["settings"];
  },
): Promise<void> {
  await c.query(
    "INSERT INTO preference_versions (id, user_id, action, snapshot, settings) VALUES ($1, $2, $3, $4, $5)",
    [v.id, v.userId, v.action, JSON.stringify(v.snapshot), v.settings ? JSON.stringify(v.settings) : null],
  );
}

/** One's versions, newest first (one more than asked, so the oldest shown has one to compare with). */
export async function versionsOf(c: Queryable, userId: string, limit: number): Promise<VersionRow[]> {
  const { rows } = await c.query<VersionRow>(
    `SELECT id, action, snapshot, settings, created_at FROM preference_versions
      WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

export async function versionOf(c: Queryable, userId: string, id: string): Promise<VersionRow | undefined> {
  const { rows } = await c.query<VersionRow>(
    "SELECT id, action, snapshot, settings, created_at FROM preference_versions WHERE id = $1 AND user_id = $2",
    [id, userId],
  );
  return rows[0];
}

/** An account deleted (decision 022). */
export async function deleteVersionsOf(c: Queryable, userId: string): Promise<void> {
  await c.query("DELETE FROM preference_versions WHERE user_id = $1", [userId]);
}
