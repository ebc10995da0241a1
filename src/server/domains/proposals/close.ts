import type { ProposalStatus } from "../../../shared/contracts/proposals";
import type { Queryable } from "../../db/rows";
import { proposalChanged } from "../../realtime/events";
import { unshareProposal } from "../../storage/document-shares.repository";
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
  for (const p of rows) {
    await insertEvent(c, { proposal_id: p.id, actor: "system", type: "encerrada", detail });
    await unshareIfEnded(c, p.id, "encerrada");
  }
  await proposalChanged(
    c,
    rows.map((p) => p.id),
  );
  return rows;
}

/**
 * The endings without a deal: the documents the proposal shared go back to the tenant alone.
 * Closed because another proposal was approved or the offer was closed (encerrada) is one too.
 */
const UNSHARING_ENDINGS: readonly ProposalStatus[] = ["retirada", "recusada", "expirada", "encerrada"];

/**
 * A proposal that has just moved to `status`, in the caller's transaction: withdrawn, refused or
 * expired, the landlord stops reading the documents it shared (LGPD art. 6, III). An approved
 * proposal keeps them (its contract is drawn from that deal); one closed because another was
 * approved, or because the owner closed the offer, does not.
 */
export async function unshareIfEnded(
  c: Queryable,
  proposalId: string,
  status: ProposalStatus,
): Promise<void> {
  if (UNSHARING_ENDINGS.includes(status)) await unshareProposal(c, proposalId);
}
