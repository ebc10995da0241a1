import { randomUUID } from "node:crypto";
import type { InspectionContent } from "../../../shared/contracts/inspections";
import type { Queryable, RowOf } from "../../db/rows";
import type { leaseSettlements } from "../../db/schema";

/*
 * A lease's settlement (issue 33 item 4; the table's owner): the damages entered by hand, the
 * lines' contests, the parties' agreements and the termo de rescisão. Read beside it: the exit
 * inspection's agreed damages, and the termo's state.
 */

export type SettlementRecord = RowOf<typeof leaseSettlements> & {
  document_numero: string | null;
  document_status: string | null;
  /** The termo's own data: the lines both agreed to, frozen. */
  document_data: unknown;
};

/** The lease's settlement row, if any was written; locked when asked. */
export async function settlementOfLease(
  c: Queryable,
  leaseId: string,
  lock = false,
): Promise<SettlementRecord | undefined> {
  const { rows } = await c.query<SettlementRecord>(
    `SELECT s.*, d.numero AS document_numero, d.status AS document_status, d.data->'documento' AS document_data
       FROM lease_settlements s LEFT JOIN contracts d ON d.id = s.document_id
      WHERE s.lease_id = $1${lock ? " FOR UPDATE OF s" : ""}`,
    [leaseId],
  );
  return rows[0];
}

/** The lease's settlement row, written empty the first time, locked for the caller's change. */
export async function lockSettlement(c: Queryable, leaseId: string): Promise<SettlementRecord> {
  await c.query(
    "INSERT INTO lease_settlements (id, lease_id) VALUES ($1, $2) ON CONFLICT (lease_id) DO NOTHING",
    [randomUUID(), leaseId],
  );
  const row = await settlementOfLease(c, leaseId, true);
  if (!row) throw new Error(`settlement of ${leaseId} vanished`);
  return row;
}

export async function saveSettlement(
  c: Queryable,
  s: Pick<
    RowOf<typeof leaseSettlements>,
    "id" | "damages" | "contests" | "agreed_landlord" | "agreed_tenant" | "document_id"
  >,
): Promise<void> {
  await c.query(
    `UPDATE lease_settlements SET damages = $2, contests = $3, agreed_landlord = $4, agreed_tenant = $5,
       document_id = $6, updated_at = now() WHERE id = $1`,
    [
      s.id,
      JSON.stringify(s.damages),
      JSON.stringify(s.contests),
      s.agreed_landlord,
      s.agreed_tenant,
      s.document_id,
    ],
  );
}

/** The exit inspection's content once its parties agreed to it (concluída or later), if any. */
export async function agreedExitInspection(
  c: Queryable,
  leaseId: string,
): Promise<InspectionContent | undefined> {
  const { rows } = await c.query<{ content: InspectionContent }>(
    `SELECT content FROM inspections WHERE contract_id = $1 AND kind = 'saida'
        AND status IN ('concluida', 'assinatura', 'assinada')`,
    [leaseId],
  );
  return rows[0]?.content;
}

/** The lease's charges still open: their month, amount and due date. */
export async function openChargesOfLease(
  c: Queryable,
  leaseId: string,
): Promise<{ id: string; competencia: string; amount: number; due_date: string }[]> {
  const { rows } = await c.query<{ id: string; competencia: string; amount: number; due_date: string }>(
    `SELECT id, competencia, amount, due_date::text AS due_date FROM rent_charges
      WHERE contract_id = $1 AND status = 'aberta' ORDER BY seq`,
    [leaseId],
  );
  return rows;
}

/** The months the lease has been charged for (YYYY-MM). */
export async function chargedMonths(c: Queryable, leaseId: string): Promise<Set<string>> {
  const { rows } = await c.query<{ competencia: string }>(
    "SELECT competencia FROM rent_charges WHERE contract_id = $1",
    [leaseId],
  );
  return new Set(rows.map((r) => r.competencia));
}
