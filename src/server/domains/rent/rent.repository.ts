import type { ChargeLine, PixMode } from "../../../shared/contracts/rent";
import type { IndexMonth } from "../../../shared/rent/adjustment";
import type { Queryable, RowOf } from "../../db/rows";
import type { rentAdjustments, rentCharges, rentPayments } from "../../db/schema/rent";
import type { StoredContractData } from "../contracts/template";

export type ChargeRow = RowOf<typeof rentCharges>;
export type PaymentRow = RowOf<typeof rentPayments>;
export type AdjustmentRow = RowOf<typeof rentAdjustments>;

/** A signed lease as the rent reads it: its parties and its data (terms, unit, names). */
export interface RentLease {
  id: string;
  numero: string;
  landlord_id: string;
  tenant_id: string;
  data: StoredContractData;
}

const LEASE_COLUMNS = "id, numero, landlord_id, tenant_id, data";
const SIGNED_LEASE = "kind = 'locacao' AND parent_id IS NULL AND status = 'assinado'";

export async function signedLease(c: Queryable, id: string): Promise<RentLease | undefined> {
  const { rows } = await c.query<RentLease>(
    `SELECT ${LEASE_COLUMNS} FROM contracts WHERE id = $1 AND ${SIGNED_LEASE}`,
    [id],
  );
  return rows[0];
}

export async function signedLeasesOf(c: Queryable, userId: string): Promise<RentLease[]> {
  const { rows } = await c.query<RentLease>(
    `SELECT ${LEASE_COLUMNS} FROM contracts
      WHERE (landlord_id = $1 OR tenant_id = $1) AND ${SIGNED_LEASE}
      ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows;
}

/**
 * A page of signed leases after `afterId`, each with the last period it has a charge for: what the
 * daily generation walks (by primary key, so 100,000 leases are a few hundred index scans).
 */
export async function leasesToCharge(
  c: Queryable,
  afterId: string,
  limit: number,
  only: string[] | null = null,
): Promise<(RentLease & { last_seq: number })[]> {
  const { rows } = await c.query<RentLease & { last_seq: number }>(
    `SELECT ${LEASE_COLUMNS},
            coalesce((SELECT max(seq) FROM rent_charges r WHERE r.contract_id = c.id), 0)::int AS last_seq
       FROM contracts c
      WHERE ${SIGNED_LEASE} AND id > $1 AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))
      ORDER BY id LIMIT $2`,
    [afterId, limit, only],
  );
  return rows;
}

export interface NewCharge {
  id: string;
  contract_id: string;
  seq: number;
  competencia: string;
  period_start: string;
  period_end: string;
  due_date: string;
  lines: ChargeLine[];
  amount: number;
  pix_mode: PixMode;
  txid: string;
}

/**
 * Inserts the charges in one statement; a month a lease already has is skipped (the unique index),
 * so a second run, or another node's run at the same moment, creates nothing. Returns those made.
 */
export async function insertCharges(c: Queryable, charges: NewCharge[]): Promise<NewCharge[]> {
  if (charges.length === 0) return [];
  const { rows } = await c.query<{ id: string }>(
    `INSERT INTO rent_charges (id, contract_id, seq, competencia, period_start, period_end, due_date,
                               lines, amount, pix_mode, txid)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::date[], $6::date[],
                          $7::date[], $8::jsonb[], $9::int[], $10::text[], $11::text[])
     ON CONFLICT (contract_id, competencia) DO NOTHING
     RETURNING id`,
    [
      charges.map((x) => x.id),
      charges.map((x) => x.contract_id),
      charges.map((x) => x.seq),
      charges.map((x) => x.competencia),
      charges.map((x) => x.period_start),
      charges.map((x) => x.period_end),
      charges.map((x) => x.due_date),
      charges.map((x) => JSON.stringify(x.lines)),
      charges.map((x) => x.amount),
      charges.map((x) => x.pix_mode),
      charges.map((x) => x.txid),
    ],
  );
  const made = new Set(rows.map((r) => r.id));
  return charges.filter((x) => made.has(x.id));
}

/**
 * The settlement's balance as the lease's last charge (issue 33), and the open charges the
 * settlement took in cancelled, in the caller's transaction. Nothing when the lease has its final
 * charge already (the partial unique index: a second run or a second node makes none). Returns
 * whether it was made.
 */
export async function insertFinalCharge(
  c: Queryable,
  charge: NewCharge | null,
  leaseId: string,
  settled: string[],
): Promise<boolean> {
  const { rowCount } = await c.query(
    "SELECT 1 FROM rent_charges WHERE contract_id = $1 AND final FOR UPDATE",
    [leaseId],
  );
  if (rowCount) return false;
  await c.query(
    `UPDATE rent_charges SET status = 'cancelada', updated_at = now()
      WHERE contract_id = $1 AND status = 'aberta' AND NOT final AND competencia = ANY($2::text[])`,
    [leaseId, settled],
  );
  if (!charge) return false;
  const { rowCount: made } = await c.query(
    `INSERT INTO rent_charges (id, contract_id, seq, competencia, period_start, period_end, due_date,
                               lines, amount, pix_mode, txid, final)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, true) ON CONFLICT DO NOTHING`,
    [
      charge.id,
      charge.contract_id,
      charge.seq,
      charge.competencia,
      charge.period_start,
      charge.period_end,
      charge.due_date,
      JSON.stringify(charge.lines),
      charge.amount,
      charge.pix_mode,
      charge.txid,
    ],
  );
  return (made ?? 0) > 0;
}

/** Whether the lease's final charge was made, its last month charged, and the months paid. */
export async function endedLeaseCharges(
  c: Queryable,
  leaseId: string,
): Promise<{ hasFinal: boolean; lastMonth: string | null; paid: string[] }> {
  const { rows } = await c.query<{ competencia: string; status: string; final: boolean }>(
    "SELECT competencia, status, final FROM rent_charges WHERE contract_id = $1 ORDER BY competencia",
    [leaseId],
  );
  return {
    hasFinal: rows.some((r) => r.final),
    lastMonth: rows.at(-1)?.competencia ?? null,
    paid: rows.filter((r) => r.status === "paga").map((r) => r.competencia),
  };
}

/**
 * An open charge made before an amendment took effect, made again as the amended lease says: its
 * due date, lines and amount (only while nothing was paid of it; the caller checks).
 */
export async function rewriteOpenCharge(
  c: Queryable,
  id: string,
  change: Pick<ChargeRow, "due_date" | "lines" | "amount">,
): Promise<void> {
  await c.query(
    `UPDATE rent_charges SET due_date = $2, lines = $3, amount = $4, reminders = '{}', updated_at = now()
      WHERE id = $1 AND status = 'aberta'`,
    [id, change.due_date, JSON.stringify(change.lines), change.amount],
  );
}

export async function chargesOfLease(c: Queryable, contractId: string): Promise<ChargeRow[]> {
  const { rows } = await c.query<ChargeRow>(
    "SELECT * FROM rent_charges WHERE contract_id = $1 ORDER BY seq",
    [contractId],
  );
  return rows;
}

export async function chargesOfLeases(c: Queryable, contractIds: string[]): Promise<ChargeRow[]> {
  if (contractIds.length === 0) return [];
  const { rows } = await c.query<ChargeRow>(
    "SELECT * FROM rent_charges WHERE contract_id = ANY($1::uuid[]) ORDER BY contract_id, seq",
    [contractIds],
  );
  return rows;
}

export async function findCharge(c: Queryable, id: string, lock = false): Promise<ChargeRow | undefined> {
  const { rows } = await c.query<ChargeRow>(
    `SELECT * FROM rent_charges WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0];
}

export async function chargeByTxid(c: Queryable, txid: string, lock = false): Promise<ChargeRow | undefined> {
  const { rows } = await c.query<ChargeRow>(
    `SELECT * FROM rent_charges WHERE txid = $1${lock ? " FOR UPDATE" : ""}`,
    [txid],
  );
  return rows[0];
}

export async function setLines(c: Queryable, id: string, lines: ChargeLine[], amount: number): Promise<void> {
  await c.query("UPDATE rent_charges SET lines = $2, amount = $3, updated_at = now() WHERE id = $1", [
    id,
    JSON.stringify(lines),
    amount,
  ]);
}

export async function markPaid(c: Queryable, id: string, at: Date, receiptId: string | null): Promise<void> {
  await c.query(
    `UPDATE rent_charges SET status = 'paga', paid_at = $2, receipt_contract_id = $3, updated_at = now()
      WHERE id = $1`,
    [id, at, receiptId],
  );
}

export async function setProof(c: Queryable, id: string, documentId: string, at: Date): Promise<void> {
  await c.query(
    "UPDATE rent_charges SET proof_document_id = $2, proof_at = $3, updated_at = now() WHERE id = $1",
    [id, documentId, at],
  );
}

export async function setPspLocation(c: Queryable, id: string, location: string, at: Date): Promise<void> {
  await c.query(
    "UPDATE rent_charges SET psp_location = $2, psp_registered_at = $3, updated_at = now() WHERE id = $1",
    [id, location, at],
  );
}

/** Records that reminder `which` went out for the charge; false when it had already. */
export async function claimReminder(c: Queryable, id: string, which: string): Promise<boolean> {
  const { rowCount } = await c.query(
    `UPDATE rent_charges SET reminders = array_append(reminders, $2)
      WHERE id = $1 AND NOT ($2 = ANY(reminders))`,
    [id, which],
  );
  return rowCount === 1;
}

/** Open charges due between two days (inclusive), with their lease: what the reminders read. */
export async function openChargesDueBetween(
  c: Queryable,
  from: string,
  to: string,
  only: string[] | null = null,
): Promise<(ChargeRow & { numero: string; tenant_id: string; landlord_id: string })[]> {
  const { rows } = await c.query<ChargeRow & { numero: string; tenant_id: string; landlord_id: string }>(
    `SELECT r.*, c.numero, c.tenant_id, c.landlord_id
       FROM rent_charges r JOIN contracts c ON c.id = r.contract_id
      WHERE r.status = 'aberta' AND r.due_date BETWEEN $1 AND $2
        AND ($3::uuid[] IS NULL OR r.contract_id = ANY($3::uuid[]))
      ORDER BY r.due_date, r.id`,
    [from, to, only],
  );
  return rows;
}

export async function insertPayment(
  c: Queryable,
  p: Omit<PaymentRow, "created_at" | "end_to_end_id" | "confirmed_by" | "waived"> & {
    waived?: boolean;
    end_to_end_id?: string | null;
    confirmed_by?: string | null;
  },
): Promise<boolean> {
  const { rowCount } = await c.query(
    `INSERT INTO rent_payments (id, charge_id, contract_id, amount, paid_on, dias_atraso, multa, juros,
                                method, end_to_end_id, confirmed_by, waived)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (end_to_end_id) DO NOTHING`,
    [
      p.id,
      p.charge_id,
      p.contract_id,
      p.amount,
      p.paid_on,
      p.dias_atraso,
      p.multa,
      p.juros,
      p.method,
      p.end_to_end_id ?? null,
      p.confirmed_by ?? null,
      p.waived ?? false,
    ],
  );
  return rowCount === 1;
}

export async function paymentsOfLease(c: Queryable, contractId: string): Promise<PaymentRow[]> {
  const { rows } = await c.query<PaymentRow>(
    "SELECT * FROM rent_payments WHERE contract_id = $1 ORDER BY paid_on, created_at",
    [contractId],
  );
  return rows;
}

export async function adjustmentsOfLease(c: Queryable, contractId: string): Promise<AdjustmentRow[]> {
  const { rows } = await c.query<AdjustmentRow>(
    "SELECT * FROM rent_adjustments WHERE contract_id = $1 ORDER BY anniversary",
    [contractId],
  );
  return rows;
}

export async function adjustmentsOfLeases(c: Queryable, contractIds: string[]): Promise<AdjustmentRow[]> {
  if (contractIds.length === 0) return [];
  const { rows } = await c.query<AdjustmentRow>(
    "SELECT * FROM rent_adjustments WHERE contract_id = ANY($1::uuid[]) ORDER BY contract_id, anniversary",
    [contractIds],
  );
  return rows;
}

export async function insertAdjustment(
  c: Queryable,
  a: {
    id: string;
    contract_id: string;
    anniversary: string;
    indice: string;
    months: IndexMonth[];
    percentual: string;
    rent_before: number;
    rent_after: number;
    applied: boolean;
  },
): Promise<boolean> {
  const { rowCount } = await c.query(
    `INSERT INTO rent_adjustments (id, contract_id, anniversary, indice, months, percentual,
                                   rent_before, rent_after, applied)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (contract_id, anniversary) DO NOTHING`,
    [
      a.id,
      a.contract_id,
      a.anniversary,
      a.indice,
      JSON.stringify(a.months),
      a.percentual,
      a.rent_before,
      a.rent_after,
      a.applied,
    ],
  );
  return rowCount === 1;
}

/** The lease and the documents that belong to it (laudos, receipts), oldest first. */
export async function leaseDocuments(c: Queryable, leaseId: string) {
  const { rows } = await c.query<{
    id: string;
    kind: string;
    numero: string;
    created_at: Date;
    sealed_document_id: string | null;
  }>(
    `SELECT id, kind, numero, created_at, sealed_document_id FROM contracts
      WHERE (id = $1 OR parent_id = $1) AND status NOT IN ('cancelado', 'recusado')
      ORDER BY created_at, id`,
    [leaseId],
  );
  return rows.map((r) => ({
    contratoId: r.id,
    tipo: r.kind,
    numero: r.numero,
    data: r.created_at.toISOString(),
    documentoId: r.sealed_document_id,
  }));
}

/** What the charge has received so far, in centavos. */
export async function paidToward(c: Queryable, chargeId: string): Promise<number> {
  const { rows } = await c.query<{ paid: string }>(
    "SELECT coalesce(sum(amount), 0) AS paid FROM rent_payments WHERE charge_id = $1",
    [chargeId],
  );
  return Number(rows[0]?.paid ?? 0);
}

/** A receipt's number, state and sealed file. */
export async function receiptOf(c: Queryable, contractId: string) {
  const { rows } = await c.query<{ numero: string; status: string; sealed_document_id: string | null }>(
    "SELECT numero, status, sealed_document_id FROM contracts WHERE id = $1",
    [contractId],
  );
  return rows[0];
}

/** The parties of some leases, by id. */
export async function leaseParties(c: Queryable, ids: string[]) {
  const { rows } = await c.query<{ id: string; numero: string; tenant_id: string; landlord_id: string }>(
    "SELECT id, numero, tenant_id, landlord_id FROM contracts WHERE id = ANY($1::uuid[])",
    [ids],
  );
  return rows;
}

/** Every signed lease (or only some, a test's), for the daily adjustment. */
/** A page of signed leases after `afterId`, by primary key (the daily adjustment's walk). */
export async function signedLeases(
  c: Queryable,
  afterId: string,
  limit: number,
  only: string[] | null,
): Promise<RentLease[]> {
  const { rows } = await c.query<RentLease>(
    `SELECT ${LEASE_COLUMNS} FROM contracts
      WHERE ${SIGNED_LEASE} AND id > $1 AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))
      ORDER BY id LIMIT $2`,
    [afterId, limit, only],
  );
  return rows;
}

/**
 * The landlord's Pix key and city: a company landlord's own key and city when it has one (issue
 * 34), else the account holder's, from their profile (null until they give one).
 */
export async function landlordPix(
  c: Queryable,
  userId: string,
  companyId?: string,
): Promise<{ pix_key: string | null; cidade: string | null } | undefined> {
  const { rows } = await c.query<{ pix_key: string | null; cidade: string | null }>(
    `SELECT coalesce(co.pix_key, p.pix_key) AS pix_key,
            CASE WHEN co.pix_key IS NOT NULL THEN co.cidade ELSE p.cidade END AS cidade
       FROM profiles p LEFT JOIN companies co ON co.id = $2::uuid
      WHERE p.user_id = $1`,
    [userId, companyId ?? null],
  );
  return rows[0];
}
