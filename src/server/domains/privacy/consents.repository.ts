import type { Queryable, RowOf } from "../../db/rows";
import type { consents } from "../../db/schema/privacy";

/** The consents table (decision 019): every answer a person gave about product analytics. */

export type ConsentRow = Pick<RowOf<typeof consents>, "analytics" | "policy_version" | "decided_at">;

export async function insertConsent(
  c: Queryable,
  v: { id: string; userId: string; analytics: boolean; policyVersion: string; decidedAt: Date },
): Promise<void> {
  await c.query(
    "INSERT INTO consents (id, user_id, analytics, policy_version, decided_at) VALUES ($1, $2, $3, $4, $5)",
    [v.id, v.userId, v.analytics, v.policyVersion, v.decidedAt],
  );
}

/** The person's newest answer, whatever the policy it was given under. */
export async function latestConsent(c: Queryable, userId: string): Promise<ConsentRow | null> {
  const { rows } = await c.query<ConsentRow>(
    `SELECT analytics, policy_version, decided_at FROM consents
      WHERE user_id = $1 ORDER BY decided_at DESC, id LIMIT 1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** Every answer the person gave, oldest first (their data export). */
export async function consentsOf(c: Queryable, userId: string): Promise<ConsentRow[]> {
  const { rows } = await c.query<ConsentRow>(
    "SELECT analytics, policy_version, decided_at FROM consents WHERE user_id = $1 ORDER BY decided_at, id",
    [userId],
  );
  return rows;
}

/** An account deleted (decision 022). */
export async function deleteConsentsOf(c: Queryable, userId: string): Promise<void> {
  await c.query("DELETE FROM consents WHERE user_id = $1", [userId]);
}
