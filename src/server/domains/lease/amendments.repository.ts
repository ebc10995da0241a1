import type { Queryable, RowOf } from "../../db/rows";
import type { leaseAmendments } from "../../db/schema";

/*
 * Amendments proposed on a lease (issue 33; the table's owner). Their document, once accepted, is
 * a contract of kind "aditivo" the contracts domain writes; here it is only read for its state.
 */

export type AmendmentRecord = RowOf<typeof leaseAmendments> & {
  document_numero: string | null;
  document_status: string | null;
};

const COLUMNS = `a.*, d.numero AS document_numero, d.status AS document_status`;
const FROM = "lease_amendments a LEFT JOIN contracts d ON d.id = a.document_id";

/** The lease's amendments, in the order they were made. */
export async function amendmentsOfLease(c: Queryable, leaseId: string): Promise<AmendmentRecord[]> {
  const { rows } = await c.query<AmendmentRecord>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE a.lease_id = $1 ORDER BY a.seq`,
    [leaseId],
  );
  return rows;
}

/** One amendment of the lease, locked for its answer. */
export async function amendmentOfLease(
  c: Queryable,
  leaseId: string,
  id: string,
): Promise<RowOf<typeof leaseAmendments> | undefined> {
  const { rows } = await c.query<RowOf<typeof leaseAmendments>>(
    "SELECT * FROM lease_amendments WHERE id = $1 AND lease_id = $2 FOR UPDATE",
    [id, leaseId],
  );
  return rows[0];
}

/** Open amendments whose time to answer ran out become "expirada" (read and acted on lazily). */
export async function expireLapsed(c: Queryable, leaseId: string, now: Date): Promise<void> {
  await c.query(
    "UPDATE lease_amendments SET status = 'expirada' WHERE lease_id = $1 AND status = 'aberta' AND answer_by <= $2",
    [leaseId, now],
  );
}

export async function insertAmendment(
  c: Queryable,
  a: Pick<
    RowOf<typeof leaseAmendments>,
    | "id"
    | "lease_id"
    | "proposed_by"
    | "changes"
    | "before"
    | "effective"
    | "reason"
    | "answer_by"
    | "counters"
  > & { created_at: Date },
): Promise<void> {
  await c.query(
    `INSERT INTO lease_amendments (id, lease_id, proposed_by, changes, before, effective, reason, answer_by, counters, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      a.id,
      a.lease_id,
      a.proposed_by,
      JSON.stringify(a.changes),
      JSON.stringify(a.before),
      a.effective,
      a.reason,
      a.answer_by,
      a.counters,
      a.created_at,
    ],
  );
}

/** An open amendment answered: its new status, the answer's words and, accepted, its document. */
export async function answerAmendment(
  c: Queryable,
  id: string,
  status: string,
  answer: string | null,
  at: Date,
  documentId: string | null = null,
): Promise<void> {
  await c.query(
    "UPDATE lease_amendments SET status = $2, answer = $3, answered_at = $4, document_id = $5 WHERE id = $1 AND status = 'aberta'",
    [id, status, answer, at, documentId],
  );
}
