import { randomUUID } from "node:crypto";
import type { Queryable, RowOf } from "../../db/rows";
import type { agencyEvents } from "../../db/schema/agencies";

/** The agency_events table (decision 059): what each member did, for the agency's history. */
export type AgencyEvent = RowOf<typeof agencyEvents>;

export async function recordAgencyEvent(
  c: Queryable,
  e: Pick<AgencyEvent, "agency_id" | "actor_id" | "action"> &
    Partial<Pick<AgencyEvent, "subject" | "detail">>,
): Promise<void> {
  await c.query(
    "INSERT INTO agency_events (id, agency_id, actor_id, action, subject, detail) VALUES ($1, $2, $3, $4, $5, $6)",
    [randomUUID(), e.agency_id, e.actor_id, e.action, e.subject ?? "", e.detail ?? ""],
  );
}

export async function eventsOfAgency(c: Queryable, agencyId: string, limit = 200): Promise<AgencyEvent[]> {
  const { rows } = await c.query<AgencyEvent>(
    "SELECT * FROM agency_events WHERE agency_id = $1 ORDER BY created_at DESC LIMIT $2",
    [agencyId, limit],
  );
  return rows;
}
