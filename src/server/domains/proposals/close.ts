import type { Queryable } from "../../db/rows";
import { proposalChanged } from "../../realtime/events";
import { insertEvent } from "./proposal-events.repository";
import { closeOpen, type Proposal } from "./proposals.repository";

/**
 * Ends the open proposals of an offer (another was approved, or the owner closed the offer), in
 * the caller's transaction: the one place that closes proposals a party did not act on.
 */
export async function closeOpenProposals(
  c: Queryable,
  offerId: string,
  detail: string,
  options: { exceptId?: string; now?: Date } = {},
): Promise<Pick<Proposal, "id" | "tenant_id">[]> {
  const rows = await closeOpen(c, offerId, options);
  for (const p of rows)
    await insertEvent(c, { proposal_id: p.id, actor: "system", type: "encerrada", detail });
  await proposalChanged(
    c,
    rows.map((p) => p.id),
  );
  return rows;
}
