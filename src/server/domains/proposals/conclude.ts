import type pg from "pg";
import { moveOffer } from "../listings/lifecycle";
import { closeOpenProposals } from "./close";
import { type Moving, type Notice, type ProposalsContext, proposalText, tenantPath } from "./context";

/**
 * What follows a deal (an approval, or an accepted counter-offer), in its transaction: the offer is
 * reserved, the offer's other open proposals are closed, and the contract's job is sent. Answers
 * the notices for the tenants whose proposals were closed.
 */
export async function concludeDeal(
  ctx: ProposalsContext,
  c: pg.PoolClient,
  m: Moving,
  now: Date,
): Promise<Notice[]> {
  const id = m.proposal.id;
  await moveOffer(c, m.offerId, "reserve", "offer-not-available");
  const closed = await closeOpenProposals(c, m.offerId, "Outra proposta foi aprovada para esta oferta.", {
    exceptId: id,
    now,
  });
  const notices = closed.map(
    (other): Notice => ({
      to: other.tenant_id,
      text: proposalText("closed", m.title),
      path: tenantPath(other.id),
    }),
  );
  for (const listener of ctx.approvedListeners) await listener(c, id);
  return notices;
}
