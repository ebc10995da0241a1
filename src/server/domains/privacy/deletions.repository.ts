import { OPEN_PROPOSAL_STATUSES } from "../../../shared/contracts/proposals";
import type { Queryable, RowOf } from "../../db/rows";
import type { accountDeletions } from "../../db/schema/privacy";

/**
 * The account_deletions table (decision 019, 022): each asked deletion and where it stands, plus
 * the reads the deletion needs of other tables (what it keeps, whom it tells).
 */

export type DeletionRecord = Pick<
  RowOf<typeof accountDeletions>,
  "user_id" | "status" | "requested_at" | "due_at" | "done_at"
>;

export async function deletionOf(c: Queryable, userId: string, lock = false): Promise<DeletionRecord | null> {
  const { rows } = await c.query<DeletionRecord>(
    `SELECT user_id, status, requested_at, due_at, done_at FROM account_deletions WHERE user_id = $1${lock ? " FOR UPDATE" : ""}`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function scheduleDeletion(
  c: Queryable,
  userId: string,
  requestedAt: Date,
  dueAt: Date,
): Promise<void> {
  await c.query(
    `INSERT INTO account_deletions (user_id, status, requested_at, due_at) VALUES ($1, 'agendada', $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET status = 'agendada', requested_at = $2, due_at = $3, done_at = NULL`,
    [userId, requestedAt, dueAt],
  );
}

export async function setDeletion(
  c: Queryable,
  userId: string,
  v: { status: DeletionRecord["status"]; dueAt?: Date; doneAt?: Date },
): Promise<void> {
  await c.query(
    `UPDATE account_deletions SET status = $2, due_at = coalesce($3, due_at), done_at = $4 WHERE user_id = $1`,
    [userId, v.status, v.dueAt ?? null, v.doneAt ?? null],
  );
}

/** Contracts a deletion keeps (LGPD art. 16): signed or being sealed, with the person as a party. */
export async function keptContracts(
  c: Queryable,
  userId: string,
): Promise<{ id: string; proposal_id: string; offer_id: string; unit_id: string; documents: string[] }[]> {
  const { rows } = await c.query<{
    id: string;
    proposal_id: string;
    offer_id: string;
    unit_id: string;
    documents: string[];
  }>(
    `SELECT k.id, k.proposal_id, k.offer_id, o.unit_id,
            array_remove(ARRAY[k.document_id, k.sealed_document_id], NULL)::text[] AS documents
       FROM contracts k JOIN offers o ON o.id = k.offer_id
      WHERE k.status IN ('assinado', 'selando')
        AND (k.landlord_id = $1 OR k.tenant_id = $1
             OR EXISTS (SELECT 1 FROM contract_signers s WHERE s.contract_id = k.id AND s.user_id = $1))`,
    [userId],
  );
  return rows;
}

/**
 * The person's offers that other people proposed on (in any status), but those a kept contract
 * stands on: they stay, closed, so those people keep their proposals and their timelines.
 */
export async function offersOthersProposedOn(
  c: Queryable,
  userId: string,
  keep: string[],
): Promise<{ id: string; unit_id: string }[]> {
  const { rows } = await c.query<{ id: string; unit_id: string }>(
    `SELECT o.id, o.unit_id FROM offers o
      WHERE o.owner_id = $1 AND NOT (o.id = ANY($2::uuid[]))
        AND EXISTS (SELECT 1 FROM proposals p WHERE p.offer_id = o.id AND p.tenant_id <> $1)
      ORDER BY o.id`,
    [userId, keep],
  );
  return rows;
}

/** Contracts still being written or signed with the person as a party: a deletion waits for them. */
export async function contractsInProgress(c: Queryable, userId: string): Promise<number> {
  const { rows } = await c.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM contracts
      WHERE status IN ('rascunho', 'enviado') AND (landlord_id = $1 OR tenant_id = $1)`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** The open negotiations the person is in: the other side is told they end. */
export async function openNegotiationsOf(
  c: Queryable,
  userId: string,
): Promise<{ id: string; other_id: string; tipo: string; bairro: string; role: "tenant" | "landlord" }[]> {
  const { rows } = await c.query<{
    id: string;
    other_id: string;
    tipo: string;
    bairro: string;
    role: "tenant" | "landlord";
  }>(
    `SELECT p.id, CASE WHEN p.tenant_id = $1 THEN p.landlord_id ELSE p.tenant_id END AS other_id,
            u.tipo, u.bairro, CASE WHEN p.tenant_id = $1 THEN 'tenant' ELSE 'landlord' END AS role
       FROM proposals p JOIN offers o ON o.id = p.offer_id JOIN units u ON u.id = o.unit_id
      WHERE (p.tenant_id = $1 OR p.landlord_id = $1) AND p.status = ANY($2::text[])`,
    [userId, OPEN_PROPOSAL_STATUSES],
  );
  return rows;
}
