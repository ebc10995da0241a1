import { AppError } from "../../../shared/errors";
import type { Queryable, RowOf } from "../../db/rows";
import type { contracts } from "../../db/schema";
import type { NoticeData } from "../contracts/documents/denuncia";

/*
 * What the lease's life reads (issue 33): its notices, which are documents of the lease (decision
 * 047; the contracts domain writes them), and the stored letter a notice attaches.
 */

/** A notice as the lease reads it: its document's number and state, and the notice's own data. */
export interface NoticeRecord {
  id: string;
  numero: string;
  status: string;
  documento: NoticeData;
}

/** The lease's notices to leave, oldest first, whatever became of them. */
export async function noticesOf(c: Queryable, leaseId: string): Promise<NoticeRecord[]> {
  const { rows } = await c.query<NoticeRecord>(
    `SELECT id, numero, status, data->'documento' AS documento FROM contracts
      WHERE parent_id = $1 AND kind = 'denuncia' ORDER BY created_at, id`,
    [leaseId],
  );
  return rows;
}

/** A stored document's owner and SHA-256 (the employer's letter), if it exists and is no contract's file. */
export async function letterOf(
  c: Queryable,
  id: string,
): Promise<{ owner_id: string; sha256: string; contract_id: string | null } | undefined> {
  const { rows } = await c.query<{ owner_id: string; sha256: string; contract_id: string | null }>(
    "SELECT owner_id, sha256, contract_id FROM documents WHERE id = $1",
    [id],
  );
  return rows[0];
}

export type LeaseRow = Pick<
  RowOf<typeof contracts>,
  "id" | "numero" | "landlord_id" | "tenant_id" | "data" | "sealed_sha256" | "offer_id"
>;

/** A signed lease (locked with `lock`, so two notices on it wait for each other), or undefined. */
export async function signedLeaseRow(c: Queryable, id: string, lock = false): Promise<LeaseRow | undefined> {
  const { rows } = await c.query<LeaseRow>(
    `SELECT id, numero, landlord_id, tenant_id, data, sealed_sha256, offer_id FROM contracts
      WHERE id = $1 AND kind = 'locacao' AND parent_id IS NULL AND status = 'assinado'${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0];
}

/**
 * A signed lease the reader is a party to, and which party (locked with `lock`); anyone else is
 * told it does not exist. Every part of the lease's life asks this first.
 */
export async function leaseOfParty(
  c: Queryable,
  userId: string,
  id: string,
  lock = false,
): Promise<{ lease: LeaseRow; papel: "locador" | "locatario" }> {
  const lease = await signedLeaseRow(c, id, lock);
  if (!lease || (lease.landlord_id !== userId && lease.tenant_id !== userId)) throw new AppError("not-found");
  return { lease, papel: lease.landlord_id === userId ? "locador" : "locatario" };
}
