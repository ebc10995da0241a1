import { withTransaction } from "../../db/client";
import { unshareIfEnded } from "./close";
import {
  landlordPath,
  type Notice,
  offerName,
  type ProposalsContext,
  proposalText,
  recordEvent,
  tell,
  tenantPath,
} from "./context";
import { expireOverdue, tryLockExpiry } from "./proposals.repository";

/**
 * Expires every open proposal whose deadline passed by `now` and tells both sides. Runs on one
 * node at a time: the others find the advisory lock taken and skip this round.
 */
export async function expireProposals(ctx: ProposalsContext, now: Date): Promise<number> {
  const expired = await withTransaction(ctx.pool, async (c) => {
    const notices: Notice[] = [];
    if (!(await tryLockExpiry(c))) return [];
    const rows = await expireOverdue(c, now);
    for (const r of rows) {
      await unshareIfEnded(c, r.id, "expirada");
      await recordEvent(c, r.id, "system", {
        type: "expirada",
        changes: null,
        detail: `O prazo para ${r.turn === "landlord" ? "a parte locadora" : "a parte interessada"} responder acabou.`,
      });
      const text = proposalText("expired", offerName(r.tipo, r.bairro));
      notices.push({ to: r.tenant_id, text, path: tenantPath(r.id) });
      notices.push({ to: r.landlord_id, text, path: landlordPath(r.id) });
    }
    await tell(ctx, c, notices);
    return rows;
  });
  return expired.length;
}
