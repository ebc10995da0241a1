import type { Queryable, RowOf } from "../db/rows";
import type { contracts } from "../db/schema/contracts";
import type { proposals } from "../db/schema/proposals";

/**
 * Who is told about a change (decision 019): reads only, over the tables of what changed. The
 * live events themselves are written by hub.ts.
 */
export type ProposalAudience = Pick<
  RowOf<typeof proposals>,
  "id" | "offer_id" | "tenant_id" | "landlord_id" | "status"
>;

/** These proposals, with both parties. */
export async function proposalAudience(c: Queryable, proposalIds: string[]): Promise<ProposalAudience[]> {
  const { rows } = await c.query<ProposalAudience>(
    "SELECT id, offer_id, tenant_id, landlord_id, status FROM proposals WHERE id = ANY($1::uuid[])",
    [proposalIds],
  );
  return rows;
}

/** A contract, with its parties and every signer who has an account (a user may appear twice). */
export type ContractAudience = Pick<RowOf<typeof contracts>, "id" | "proposal_id" | "status"> & {
  users: string[];
};

export async function contractAudience(
  c: Queryable,
  contractId: string,
): Promise<ContractAudience | undefined> {
  const { rows } = await c.query<ContractAudience>(
    `SELECT c.id, c.proposal_id, c.status,
       array_remove(array_agg(DISTINCT s.user_id) || ARRAY[c.landlord_id, c.tenant_id], NULL) AS users
     FROM contracts c LEFT JOIN contract_signers s ON s.contract_id = c.id
     WHERE c.id = $1 GROUP BY c.id`,
    [contractId],
  );
  return rows[0];
}
