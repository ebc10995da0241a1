import { withTransaction } from "../../db/client";
import { landlordPath, offerName, type ProposalsContext, proposalText, tenantPath } from "./context";
import { dueSoon } from "./proposals.repository";

/**
 * Tells the party whose turn it is, once per deadline, that the answer is due within
 * `withinHours`: a notice a deal depends on, sent whatever the choice for proposal
 * notices (as the signing link is), since a missed deadline ends the proposal.
 */
export async function remindDeadlines(
  ctx: ProposalsContext,
  now: Date,
  withinHours: number,
): Promise<number> {
  const until = new Date(now.getTime() + withinHours * 3_600_000);
  return withTransaction(ctx.pool, async (c) => {
    const rows = await dueSoon(c, now, until);
    await ctx.notices.tell(
      c,
      "proposal",
      rows.map((r) => {
        const landlord = r.turn === "landlord";
        return {
          userId: landlord ? r.landlord_id : r.tenant_id,
          // The deadline in Brasília's time, as the reader's language writes a date and time.
          text: proposalText("deadlineSoon", offerName(r.tipo, r.bairro), {
            when: { date: r.deadline.toISOString() },
          }),
          path: landlord ? landlordPath(r.id) : tenantPath(r.id),
          required: true,
          dedupe: `proposal-deadline:${r.id}:${r.deadline.toISOString()}`,
        };
      }),
    );
    return rows.length;
  });
}
