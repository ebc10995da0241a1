import type pg from "pg";
import { checkAgreement } from "./approve";
import { type Moving, type ProposalsContext, type Step, toOtherParty } from "./context";

/**
 * The tenant accepts the landlord's last terms: the agreement, with an approval's checks. Her
 * profile was complete when she countered; it is checked again, as is the tenant's.
 */
export async function accept(ctx: ProposalsContext, c: pg.PoolClient, m: Moving): Promise<Step> {
  await ctx.profiles.requireComplete(m.proposal.landlord_id, c);
  await ctx.profiles.requireComplete(m.userId, c);
  checkAgreement(ctx, m);
  return {
    change: {},
    event: { type: "aceita", changes: null },
    notices: [toOtherParty(m, "accepted")],
  };
}
