import type { InspectionContent, InspectionKind } from "../../../shared/contracts/inspections";
import type { Queryable, RowOf } from "../../db/rows";
import type { contracts } from "../../db/schema/contracts";
import type { inspectionEvents, inspections } from "../../db/schema/inspections";
import type { documents } from "../../db/schema/storage";
import { shareAmong, shareDocuments, unshareReason } from "../../storage/document-shares.repository";
import { claimForContract } from "../../storage/documents.repository";
import type { StoredReviews } from "./rules";

export type InspectionRow = RowOf<typeof inspections>;
export type InspectionEventRow = RowOf<typeof inspectionEvents>;

/** The lease an inspection belongs to, as far as this domain needs it: who are its parties. */
export type LeaseRow = Pick<
  RowOf<typeof contracts>,
  "id" | "kind" | "parent_id" | "status" | "landlord_id" | "tenant_id" | "numero" | "sha256" | "sealed_sha256"
> & { tipo: string };

export async function leaseOf(c: Queryable, contractId: string): Promise<LeaseRow | undefined> {
  const { rows } = await c.query<LeaseRow>(
    `SELECT id, kind, parent_id, status, landlord_id, tenant_id, numero, sha256, sealed_sha256,
            data->'imovel'->>'tipo' AS tipo
       FROM contracts WHERE id = $1`,
    [contractId],
  );
  return rows[0];
}

export async function findInspection(
  c: Queryable,
  id: string,
  lock = false,
): Promise<InspectionRow | undefined> {
  const { rows } = await c.query<InspectionRow>(
    `SELECT * FROM inspections WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0];
}

export async function inspectionsOfLease(c: Queryable, contractId: string): Promise<InspectionRow[]> {
  const { rows } = await c.query<InspectionRow>(
    "SELECT * FROM inspections WHERE contract_id = $1 ORDER BY created_at, id",
    [contractId],
  );
  return rows;
}

export async function insertInspection(
  c: Queryable,
  r: {
    id: string;
    contract_id: string;
    kind: InspectionKind;
    entry_id: string | null;
    content: InspectionContent;
    created_by: string;
  },
): Promise<boolean> {
  const { rowCount } = await c.query(
    `INSERT INTO inspections (id, contract_id, kind, entry_id, content, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (contract_id, kind) DO NOTHING`,
    [r.id, r.contract_id, r.kind, r.entry_id, JSON.stringify(r.content), r.created_by],
  );
  return rowCount === 1;
}

export async function updateInspection(
  c: Queryable,
  id: string,
  set: Partial<
    Pick<
      InspectionRow,
      "status" | "review_ends_at" | "tacit" | "document_contract_id" | "photos_archive" | "inspector_email"
    >
  > & {
    content?: InspectionContent;
    reviews?: StoredReviews;
    bumpVersion?: boolean;
  },
): Promise<void> {
  const fields: string[] = ["updated_at = now()"];
  const values: unknown[] = [id];
  const put = (column: string, value: unknown) => {
    values.push(value);
    fields.push(`${column} = $${values.length}`);
  };
  if (set.status !== undefined) put("status", set.status);
  if (set.review_ends_at !== undefined) put("review_ends_at", set.review_ends_at);
  if (set.tacit !== undefined) put("tacit", set.tacit);
  if (set.document_contract_id !== undefined) put("document_contract_id", set.document_contract_id);
  if (set.inspector_email !== undefined) put("inspector_email", set.inspector_email);
  if (set.photos_archive !== undefined) put("photos_archive", JSON.stringify(set.photos_archive));
  if (set.content !== undefined) put("content", JSON.stringify(set.content));
  if (set.reviews !== undefined) put("reviews", JSON.stringify(set.reviews));
  if (set.bumpVersion) fields.push("version = version + 1");
  await c.query(`UPDATE inspections SET ${fields.join(", ")} WHERE id = $1`, values);
}

/** Of `ids`, those one of `ownerIds` owns that are images (or already this lease's). */
export async function usablePhotos(
  c: Queryable,
  ids: string[],
  ownerIds: string | string[],
  contractId: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await c.query<{ id: string }>(
    `SELECT id::text FROM documents
      WHERE id = ANY($1::uuid[]) AND content_type LIKE 'image/%'
        AND ((owner_id = ANY($2::text[]) AND contract_id IS NULL) OR contract_id = $3)`,
    [ids, [ownerIds].flat(), contractId],
  );
  return rows.map((r) => r.id);
}

/** The account behind an invited inspector's e-mail (verified: the address is theirs). */
export async function accountByEmail(
  c: Queryable,
  email: string,
): Promise<{ id: string; email: string } | undefined> {
  const { rows } = await c.query<{ id: string; email: string }>(
    "SELECT id, email FROM users WHERE lower(email) = lower($1) AND email_verified",
    [email],
  );
  return rows[0];
}

export type PhotoRow = Pick<RowOf<typeof documents>, "id" | "sha256" | "file_name" | "created_at">;

export async function photoRows(c: Queryable, ids: string[]): Promise<PhotoRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await c.query<PhotoRow>(
    "SELECT id::text, sha256, file_name, created_at FROM documents WHERE id = ANY($1::uuid[]) ORDER BY created_at, id",
    [ids],
  );
  return rows;
}

/** The draft's photos: the landlord and the inspector each read the other's (`reason` names the report). */
export async function sharePhotosAmong(c: Queryable, ids: string[], userIds: string[], reason: string) {
  await shareAmong(c, ids, userIds, reason);
}

/** An inspector no longer invited: what was shared with them for the report is not any more. */
export async function unsharePhotos(c: Queryable, userId: string, reason: string) {
  await unshareReason(c, userId, reason);
}

/**
 * The report's photos become the lease's files (decision 034): nobody deletes, renames or replaces
 * them any more, and the other party reads them for as long as the lease exists.
 */
export async function claimPhotos(
  c: Queryable,
  ids: string[],
  contractId: string,
  readerId: string,
  inspectionId: string,
): Promise<void> {
  await claimForContract(c, ids, contractId);
  await shareDocuments(c, ids, readerId, `vistoria:${inspectionId}`);
}

/** The laudo `documentContractId` was sealed: its report is signed and can no longer change; its id and lease. */
export async function markSigned(
  c: Queryable,
  documentContractId: string,
): Promise<Pick<InspectionRow, "id" | "contract_id">[]> {
  const { rows } = await c.query<Pick<InspectionRow, "id" | "contract_id">>(
    `UPDATE inspections SET status = 'assinada', updated_at = now()
      WHERE document_contract_id = $1 RETURNING id, contract_id`,
    [documentContractId],
  );
  return rows;
}

/** Reports still in review whose window has ended, locked for the one closing them. */
export async function reviewsEnded(c: Queryable, now: Date): Promise<InspectionRow[]> {
  const { rows } = await c.query<InspectionRow>(
    `SELECT * FROM inspections WHERE status = 'revisao' AND review_ends_at <= $1
      ORDER BY review_ends_at LIMIT 100 FOR UPDATE SKIP LOCKED`,
    [now],
  );
  return rows;
}
