import type { HomeLayout } from "../../../shared/privacy-policy";
import type { Queryable } from "../../db/rows";

/** The account_settings table (decision 019): the home layout a person chose in /Config. */

export async function homeLayoutOf(c: Queryable, userId: string): Promise<HomeLayout | null> {
  const { rows } = await c.query<{ home_layout: HomeLayout | null }>(
    "SELECT home_layout FROM account_settings WHERE user_id = $1",
    [userId],
  );
  return rows[0]?.home_layout ?? null;
}

export async function saveHomeLayout(c: Queryable, userId: string, layout: HomeLayout | null): Promise<void> {
  await c.query(
    `INSERT INTO account_settings (user_id, home_layout) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET home_layout = EXCLUDED.home_layout, updated_at = now()`,
    [userId, layout],
  );
}

/** An account deleted (decision 022). */
export async function deleteAccountSettingsOf(c: Queryable, userId: string): Promise<void> {
  await c.query("DELETE FROM account_settings WHERE user_id = $1", [userId]);
}
