import type { NewRowOf, Queryable, RowOf } from "../../db/rows";
import type { contractEvents, contractSigners } from "../../db/schema/contracts";

/** The contract_events table, the audit trail (decision 019): the only module that writes it. */
export async function insertEvent(
  c: Queryable,
  e: Required<
    Pick<
      NewRowOf<typeof contractEvents>,
      | "id"
      | "contract_id"
      | "signer_id"
      | "type"
      | "detail"
      | "ip"
      | "user_agent"
      | "document_sha256"
      | "external_id"
    >
  >,
): Promise<void> {
  await c.query(
    `INSERT INTO contract_events (id, contract_id, signer_id, type, detail, ip, user_agent, document_sha256, external_id)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
    [
      e.id,
      e.contract_id,
      e.signer_id,
      e.type,
      e.detail,
      e.ip,
      e.user_agent,
      e.document_sha256,
      e.external_id,
    ],
  );
}

/** One line of the trail as the parties read it: the step and the signer who took it, if one did. */
export type TrailRow = Pick<RowOf<typeof contractEvents>, "type" | "created_at" | "ip" | "detail"> & {
  nome: RowOf<typeof contractSigners>["nome"] | null;
};

/** A contract's trail, oldest first. */
export async function trailOf(c: Queryable, contractId: string): Promise<TrailRow[]> {
  const { rows } = await c.query<TrailRow>(
    `SELECT e.type, e.created_at, e.ip, e.detail, s.nome FROM contract_events e LEFT JOIN contract_signers s ON s.id = e.signer_id
       WHERE e.contract_id = $1 ORDER BY e.created_at`,
    [contractId],
  );
  return rows;
}

/** Whether the landlord reminded this signer in the 5 minutes before `now`. */
export async function remindedWithin5Minutes(c: Queryable, signerId: string, now: Date): Promise<boolean> {
  const recent = await c.query(
    "SELECT 1 FROM contract_events WHERE signer_id = $1 AND type = 'reenviado' AND created_at > $2::timestamptz - interval '5 minutes'",
    [signerId, now],
  );
  return Boolean(recent.rowCount);
}

/** Whether a provider's delivery with this id was handled already (webhook replays). */
export async function externalEventSeen(c: Queryable, externalId: string): Promise<boolean> {
  const seen = await c.query("SELECT 1 FROM contract_events WHERE external_id = $1", [externalId]);
  return Boolean(seen.rowCount);
}
