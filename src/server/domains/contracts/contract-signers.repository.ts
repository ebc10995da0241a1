import type { NewRowOf, Queryable, RowOf } from "../../db/rows";
import type { contractSigners } from "../../db/schema/contracts";

/**
 * The contract_signers table (decision 019): the only module that writes it. Row locks
 * (`lock`) are taken where the service asks, in the order it asks.
 */
export type SignerRow = RowOf<typeof contractSigners>;

/** Everyone who signs a contract, in signing order. */
export async function signersOf(c: Queryable, contractId: string): Promise<SignerRow[]> {
  const { rows } = await c.query<SignerRow>(
    "SELECT * FROM contract_signers WHERE contract_id = $1 ORDER BY position",
    [contractId],
  );
  return rows;
}

export async function signerOfContract(
  c: Queryable,
  signerId: string,
  contractId: string,
): Promise<SignerRow | undefined> {
  const { rows } = await c.query<SignerRow>(
    "SELECT * FROM contract_signers WHERE id = $1 AND contract_id = $2",
    [signerId, contractId],
  );
  return rows[0];
}

/** The signer a personal link's token (by its hash) belongs to. */
export async function signerByTokenHash(
  c: Queryable,
  contractId: string,
  tokenHash: string,
  lock = false,
): Promise<SignerRow | undefined> {
  const { rows } = await c.query<SignerRow>(
    `SELECT * FROM contract_signers WHERE contract_id = $1 AND token_hash = $2${lock ? " FOR UPDATE" : ""}`,
    [contractId, tokenHash],
  );
  return rows[0];
}

/** The signer with this account who has still to answer, locked. */
export async function pendingSignerOfUser(
  c: Queryable,
  contractId: string,
  userId: string,
): Promise<SignerRow | undefined> {
  const { rows } = await c.query<SignerRow>(
    "SELECT * FROM contract_signers WHERE contract_id = $1 AND user_id = $2 AND status IN ('pendente', 'visualizado') FOR UPDATE",
    [contractId, userId],
  );
  return rows[0];
}

/** The signer an external provider's event names, by its key or else its e-mail, locked. */
export async function signerAtProvider(
  c: Queryable,
  contractId: string,
  key: string | null,
  email: string | null,
): Promise<SignerRow | undefined> {
  const { rows } = await c.query<SignerRow>(
    `SELECT * FROM contract_signers WHERE contract_id = $1 AND (provider_ref = $2 OR lower(email) = $3)
               ORDER BY (provider_ref = $2) DESC NULLS LAST LIMIT 1 FOR UPDATE`,
    [contractId, key, email],
  );
  return rows[0];
}

/** The first signer in order who has not signed. */
export async function nextToSign(c: Queryable, contractId: string): Promise<SignerRow | undefined> {
  const { rows } = await c.query<SignerRow>(
    "SELECT * FROM contract_signers WHERE contract_id = $1 AND status <> 'assinado' ORDER BY position LIMIT 1",
    [contractId],
  );
  return rows[0];
}

/** How many signers before `position` have not signed yet. */
export async function unsignedBefore(c: Queryable, contractId: string, position: number): Promise<number> {
  const { rows } = await c.query<{ n: number }>(
    "SELECT count(*) AS n FROM contract_signers WHERE contract_id = $1 AND position < $2 AND status <> 'assinado'",
    [contractId, position],
  );
  return Number(rows[0]?.n);
}

/** How many signers have not signed yet. */
export async function unsignedCount(c: Queryable, contractId: string): Promise<number> {
  const { rows } = await c.query<{ n: number }>(
    "SELECT count(*) AS n FROM contract_signers WHERE contract_id = $1 AND status <> 'assinado'",
    [contractId],
  );
  return Number(rows[0]?.n);
}

export async function insertSigner(
  c: Queryable,
  s: Pick<
    NewRowOf<typeof contractSigners>,
    "id" | "contract_id" | "role" | "position" | "nome" | "cpf" | "email" | "user_id"
  >,
): Promise<void> {
  await c.query(
    `INSERT INTO contract_signers (id, contract_id, role, position, nome, cpf, email, user_id)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
    [s.id, s.contract_id, s.role, s.position, s.nome, s.cpf, s.email, s.user_id],
  );
}

/** A new personal link (its hash): the one before stops working. */
export async function setTokenHash(c: Queryable, signerId: string, tokenHash: string): Promise<void> {
  await c.query("UPDATE contract_signers SET token_hash = $2 WHERE id = $1", [signerId, tokenHash]);
}

/** The signer's key at the external provider. */
export async function setSignerProviderRef(c: Queryable, signerId: string, key: string): Promise<void> {
  await c.query("UPDATE contract_signers SET provider_ref = $2 WHERE id = $1", [signerId, key]);
}

/** The first look through the link; false when it was not the first. */
export async function markViewed(c: Queryable, signerId: string): Promise<boolean> {
  const first = await c.query(
    "UPDATE contract_signers SET status = 'visualizado' WHERE id = $1 AND status = 'pendente'",
    [signerId],
  );
  return Boolean(first.rowCount);
}

/** A new one-time code (its hash): the tries start again. */
export async function setCode(
  c: Queryable,
  signerId: string,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await c.query(
    "UPDATE contract_signers SET code_hash = $2, code_expires_at = $3, code_attempts = 0, code_verified_at = NULL WHERE id = $1",
    [signerId, codeHash, expiresAt],
  );
}

/** A wrong code: one more try on this code, `failures` in all; `blocked` ends the signer's envelope. */
export async function recordWrongCode(
  c: Queryable,
  signerId: string,
  failures: number,
  blocked: boolean,
  at: Date,
): Promise<void> {
  await c.query(
    `UPDATE contract_signers SET code_attempts = code_attempts + 1, code_failures = $2,
       blocked_at = CASE WHEN $3 THEN $4::timestamptz ELSE blocked_at END,
       code_hash = CASE WHEN $3 THEN NULL ELSE code_hash END WHERE id = $1`,
    [signerId, failures, blocked, at],
  );
}

/** Signed here, with the code: the code is spent, the drawn signature (if any) kept. */
export async function recordSignature(
  c: Queryable,
  signerId: string,
  signatureImage: string | null,
  at: Date,
): Promise<void> {
  await c.query(
    "UPDATE contract_signers SET status = 'assinado', signed_at = $3, code_hash = NULL, signature_image = $2 WHERE id = $1",
    [signerId, signatureImage, at],
  );
}

/** Refused here, with the code and a reason. */
export async function recordRefusal(c: Queryable, signerId: string, reason: string): Promise<void> {
  await c.query(
    "UPDATE contract_signers SET status = 'recusado', refused_reason = $2, code_hash = NULL WHERE id = $1",
    [signerId, reason],
  );
}

/** Signed at the external provider (a replay changes nothing). */
export async function recordSignatureAtProvider(c: Queryable, signerId: string, at: Date): Promise<void> {
  await c.query(
    "UPDATE contract_signers SET status = 'assinado', signed_at = $2 WHERE id = $1 AND status <> 'assinado'",
    [signerId, at],
  );
}

/** Refused at the external provider. */
export async function recordRefusalAtProvider(c: Queryable, signerId: string, reason: string): Promise<void> {
  await c.query("UPDATE contract_signers SET status = 'recusado', refused_reason = $2 WHERE id = $1", [
    signerId,
    reason,
  ]);
}

/** What marks the automatic reminder in the trail: a "reenviado" step with this detail. */
export const DEADLINE_REMINDER_DETAIL = "lembrete automático: o prazo para assinar está no fim";

/**
 * The signers of the built-in envelopes that close within (`now`, `until`] who have not signed,
 * are not blocked, may sign now (in order, only the next one) and were not reminded yet; locked,
 * skipping those another node is reminding.
 */
export async function signersToRemind(c: Queryable, now: Date, until: Date): Promise<SignerRow[]> {
  const { rows } = await c.query<SignerRow>(
    `SELECT s.* FROM contract_signers s JOIN contracts k ON k.id = s.contract_id
     WHERE k.status = 'enviado' AND k.provider = 'builtin' AND k.expires_at > $1 AND k.expires_at <= $2
       AND s.status IN ('pendente', 'visualizado') AND s.blocked_at IS NULL
       AND (NOT k.sequential OR s.position = (
         SELECT min(x.position) FROM contract_signers x WHERE x.contract_id = k.id AND x.status <> 'assinado'))
       AND NOT EXISTS (SELECT 1 FROM contract_events e
         WHERE e.signer_id = s.id AND e.type = 'reenviado' AND e.detail = $3)
     ORDER BY k.expires_at, s.position
     FOR UPDATE OF s SKIP LOCKED`,
    [now, until, DEADLINE_REMINDER_DETAIL],
  );
  return rows;
}
