import type { Queryable } from "../../db/rows";

/** The search_alerts table (decision 019): which offers each saved search has told about. */

/** Records that these searches told about the offer; returns those that had not before. */
export async function recordAlerts(c: Queryable, offerId: string, searchIds: string[]): Promise<string[]> {
  if (searchIds.length === 0) return [];
  const { rows } = await c.query<{ search_id: string }>(
    `INSERT INTO search_alerts (search_id, offer_id)
       SELECT unnest($1::uuid[]), $2
     ON CONFLICT DO NOTHING RETURNING search_id`,
    [searchIds, offerId],
  );
  return rows.map((r) => r.search_id);
}
