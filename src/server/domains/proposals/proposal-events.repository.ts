import { randomUUID } from "node:crypto";
import type { Queryable, RowOf } from "../../db/rows";
import type { proposalEvents } from "../../db/schema/proposals";

/** The proposal_events table (decision 019): a proposal's timeline, one row per step. */
export type ProposalEvent = RowOf<typeof proposalEvents>;

/** Records a step of a negotiation. */
export async function insertEvent(
  c: Queryable,
  event: Pick<ProposalEvent, "proposal_id" | "actor" | "type"> &
    Partial<Pick<ProposalEvent, "changes" | "detail">>,
): Promise<void> {
  await c.query(
    "INSERT INTO proposal_events (id, proposal_id, actor, type, changes, detail) VALUES ($1, $2, $3, $4, $5, $6)",
    [
      randomUUID(),
      event.proposal_id,
      event.actor,
      event.type,
      event.changes ? JSON.stringify(event.changes) : null,
      event.detail ?? null,
    ],
  );
}

/** The timelines of these proposals, oldest step first. */
export async function eventsOf(c: Queryable, proposalIds: string[]): Promise<ProposalEvent[]> {
  const { rows } = await c.query<ProposalEvent>(
    "SELECT * FROM proposal_events WHERE proposal_id = ANY($1::uuid[]) ORDER BY created_at, id",
    [proposalIds],
  );
  return rows;
}
