import { randomUUID } from "node:crypto";
import type pg from "pg";
import { OPEN_PROPOSAL_STATUSES } from "../../../shared/contracts/proposals";
import { proposalChanged } from "../../realtime/events";

type Queryable = Pick<pg.PoolClient, "query">;

/**
 * Ends the open proposals of an offer (another was approved, or the owner closed the offer), in
 * the caller's transaction: the one place that closes proposals a party did not act on.
 */
export async function closeOpenProposals(
  c: Queryable,
  offerId: string,
  detail: string,
  options: { exceptId?: string; now?: Date } = {},
): Promise<{ id: string; tenant_id: string }[]> {
  const { rows } = await c.query<{ id: string; tenant_id: string }>(
    `UPDATE proposals SET status = 'encerrada', turn = NULL, deadline = NULL, updated_at = coalesce($3, now())
     WHERE offer_id = $1 AND ($2::uuid IS NULL OR id <> $2) AND status = ANY($4::text[]) RETURNING id, tenant_id`,
    [offerId, options.exceptId ?? null, options.now ?? null, OPEN_PROPOSAL_STATUSES as readonly string[]],
  );
  for (const p of rows)
    await c.query(
      "INSERT INTO proposal_events (id, proposal_id, actor, type, detail) VALUES ($1, $2, 'system', 'encerrada', $3)",
      [randomUUID(), p.id, detail],
    );
  await proposalChanged(
    c,
    rows.map((p) => p.id),
  );
  return rows;
}
