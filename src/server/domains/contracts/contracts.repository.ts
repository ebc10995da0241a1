import type { NewRowOf, Queryable, RowOf } from "../../db/rows";
import type { users } from "../../db/schema/auth";
import type { companies } from "../../db/schema/companies";
import type { contracts } from "../../db/schema/contracts";
import type { offers, units } from "../../db/schema/listings";
import type { profiles, proposals } from "../../db/schema/proposals";
import type { StoredContractData } from "./template";

/**
 * The contracts table (decision 019): the only module that writes it. The services open the
 * transactions and take the locks in their order; these functions only run the statements.
 */
export type ContractRow = RowOf<typeof contracts>;

export async function findContract(c: Queryable, id: string, lock = false): Promise<ContractRow | undefined> {
  const { rows } = await c.query<ContractRow>(
    `SELECT * FROM contracts WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0];
}

/** The contracts a user is the landlord or the tenant of, the latest changed first. */
export async function contractsOfParty(c: Queryable, userId: string): Promise<ContractRow[]> {
  const { rows } = await c.query<ContractRow>(
    "SELECT * FROM contracts WHERE landlord_id = $1 OR tenant_id = $1 ORDER BY updated_at DESC LIMIT 200",
    [userId],
  );
  return rows;
}

/** The contract an external provider knows by this document key ("envelope/document" in provider_ref). */
export async function contractAtProvider(
  c: Queryable,
  provider: string,
  documentKey: string,
): Promise<ContractRow | undefined> {
  const { rows } = await c.query<ContractRow>(
    "SELECT * FROM contracts WHERE provider = $1 AND split_part(provider_ref, '/', 2) = $2",
    [provider, documentKey],
  );
  return rows[0];
}

/** The contract whose sealed PDF is this document. */
export async function contractSealedAs(c: Queryable, documentId: string): Promise<ContractRow | undefined> {
  const { rows } = await c.query<ContractRow>("SELECT * FROM contracts WHERE sealed_document_id = $1", [
    documentId,
  ]);
  return rows[0];
}

/**
 * The contract sealed as exactly one of these contents (their SHA-256, hex), for the public
 * verification: only its number, which the file itself prints, and which hash matched.
 */
export async function contractNumberSealedWithAnyHash(
  c: Queryable,
  sha256s: string[],
): Promise<{ numero: string; sha256: string } | undefined> {
  if (sha256s.length === 0) return undefined;
  const { rows } = await c.query<{ numero: string; sha256: string }>(
    "SELECT numero, sealed_sha256 AS sha256 FROM contracts WHERE sealed_sha256 = ANY($1::text[]) LIMIT 1",
    [sha256s],
  );
  return rows[0];
}

/**
 * Locks the proposal a contract is being drafted for: two copies of the draft job at once, and
 * the second waits here, then finds the first one's contract.
 */
export async function lockProposalToDraft(c: Queryable, proposalId: string): Promise<void> {
  await c.query("SELECT 1 FROM proposals WHERE id = $1 FOR UPDATE", [proposalId]);
}

export async function contractIdOfProposal(c: Queryable, proposalId: string): Promise<string | undefined> {
  // The lease; the documents that belong to it share its proposal.
  const { rows } = await c.query<Pick<ContractRow, "id">>(
    "SELECT id FROM contracts WHERE proposal_id = $1 AND parent_id IS NULL",
    [proposalId],
  );
  return rows[0]?.id;
}

type UnitRow = RowOf<typeof units>;
/** A company as row_to_json gives it (its timestamps as text; the draft reads none of them). */
type DraftCompany = Omit<RowOf<typeof companies>, "created_at" | "updated_at">;
/** A party's profile, as row_to_json gives it: the columns a contract qualifies a party with. */
export type PartyProfile = Pick<
  RowOf<typeof profiles>,
  | "nome_completo"
  | "cpf"
  | "nacionalidade"
  | "estado_civil"
  | "profissao"
  | "rg"
  | "rg_orgao_emissor"
  | "genero"
  | "logradouro"
  | "numero"
  | "complemento"
  | "bairro"
  | "cidade"
  | "uf"
  | "cep"
>;
type UnitColumn =
  | "tipo"
  | "logradouro"
  | "numero"
  | "complemento"
  | "bairro"
  | "cidade"
  | "uf"
  | "cep"
  | "matricula"
  | "mobiliado"
  | "inventario"
  | "aceita_pets";

/** What a draft is written from: the approved proposal, its offer's terms, the unit, both parties. */
export type DraftSourceRow = RowOf<typeof proposals> &
  Pick<RowOf<typeof offers>, "condominio" | "iptu" | "seguro_incendio" | "reajuste"> & {
    offer_caucao: RowOf<typeof offers>["caucao_meses"];
    /** The offer's "Condições e observações". */
    offer_descricao: RowOf<typeof offers>["descricao"];
    lp: PartyProfile;
    tp: PartyProfile;
    /** The company the unit is let in, and the one the tenant proposed in (issue 34), or null. */
    lc: DraftCompany | null;
    tc: DraftCompany | null;
    l_email: RowOf<typeof users>["email"];
    t_email: RowOf<typeof users>["email"];
  } & { [K in UnitColumn as `u_${K}`]: UnitRow[K] };

/** The approved proposal's data for its contract; undefined when it is not (or no longer) approved. */
export async function draftSource(c: Queryable, proposalId: string): Promise<DraftSourceRow | undefined> {
  const { rows } = await c.query<DraftSourceRow>(
    `SELECT p.*, o.condominio, o.iptu, o.seguro_incendio, o.reajuste, o.caucao_meses AS offer_caucao,
         o.descricao AS offer_descricao, u.mobiliado AS u_mobiliado, u.inventario AS u_inventario,
         u.aceita_pets AS u_aceita_pets,
         u.tipo AS u_tipo, u.logradouro AS u_logradouro, u.numero AS u_numero, u.complemento AS u_complemento,
         u.bairro AS u_bairro, u.cidade AS u_cidade, u.uf AS u_uf, u.cep AS u_cep, u.matricula AS u_matricula,
         row_to_json(lp.*) AS lp, row_to_json(tp.*) AS tp, lu.email AS l_email, tu.email AS t_email,
         row_to_json(lc.*) AS lc, row_to_json(tc.*) AS tc
       FROM proposals p JOIN offers o ON o.id = p.offer_id JOIN units u ON u.id = o.unit_id
       LEFT JOIN companies lc ON lc.id = u.company_id LEFT JOIN companies tc ON tc.id = p.company_id
       JOIN profiles lp ON lp.user_id = p.landlord_id JOIN profiles tp ON tp.user_id = p.tenant_id
       JOIN users lu ON lu.id = p.landlord_id JOIN users tu ON tu.id = p.tenant_id
       WHERE p.id = $1 AND p.status = 'aprovada'`,
    [proposalId],
  );
  return rows[0];
}

/** A new draft ("rascunho"). */
export async function insertDraft(
  c: Queryable,
  row: Pick<
    NewRowOf<typeof contracts>,
    | "id"
    | "numero"
    | "proposal_id"
    | "offer_id"
    | "landlord_id"
    | "tenant_id"
    | "data"
    | "sha256"
    | "review_remind_at"
  > &
    Partial<Pick<NewRowOf<typeof contracts>, "kind" | "parent_id">>,
): Promise<void> {
  await c.query(
    `INSERT INTO contracts (id, numero, proposal_id, offer_id, landlord_id, tenant_id, status, data, sha256,
         review_remind_at, kind, parent_id)
       VALUES ($1,$2,$3,$4,$5,$6,'rascunho',$7,$8,$9,$10,$11)`,
    [
      row.id,
      row.numero,
      row.proposal_id,
      row.offer_id,
      row.landlord_id,
      row.tenant_id,
      JSON.stringify(row.data),
      row.sha256,
      row.review_remind_at,
      row.kind ?? "locacao",
      row.parent_id ?? null,
    ],
  );
}

/** The drafts whose review reminder is due by `now`, each claimed once (its time cleared). */
export async function claimReviewReminders(c: Queryable, now: Date): Promise<ContractRow[]> {
  const { rows } = await c.query<ContractRow>(
    `UPDATE contracts SET review_remind_at = NULL
      WHERE id IN (SELECT id FROM contracts WHERE status = 'rascunho' AND review_remind_at <= $1
                    ORDER BY review_remind_at LIMIT 200 FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [now],
  );
  return rows;
}

export async function setDocument(c: Queryable, id: string, documentId: string): Promise<void> {
  await c.query("UPDATE contracts SET document_id = $2 WHERE id = $1", [id, documentId]);
}

export async function setSequential(c: Queryable, id: string, sequential: boolean): Promise<void> {
  await c.query("UPDATE contracts SET sequential = $2, updated_at = now() WHERE id = $1", [id, sequential]);
}

/** The draft's data written again (a witness named or taken back), with its new PDF. */
export async function rewriteDraft(
  c: Queryable,
  id: string,
  data: ContractRow["data"],
  sha256: string,
  documentId: string,
): Promise<void> {
  await c.query(
    "UPDATE contracts SET data = $2, sha256 = $3, document_id = $4, updated_at = now() WHERE id = $1",
    [id, JSON.stringify(data), sha256, documentId],
  );
}

/** Out for signing ("enviado") with this provider, until `expiresAt`. */
export async function markSent(c: Queryable, id: string, provider: string, expiresAt: Date): Promise<void> {
  await c.query(
    "UPDATE contracts SET status = 'enviado', provider = $2, expires_at = $3, updated_at = now() WHERE id = $1",
    [id, provider, expiresAt],
  );
}

/** The external provider's envelope, as "envelope/document". */
export async function setProviderRef(c: Queryable, id: string, providerRef: string): Promise<void> {
  await c.query("UPDATE contracts SET provider_ref = $2 WHERE id = $1", [id, providerRef]);
}

/** Everyone signed: the sealed PDF is being made ("selando"). */
export async function markSealing(c: Queryable, id: string): Promise<void> {
  await c.query("UPDATE contracts SET status = 'selando', updated_at = now() WHERE id = $1", [id]);
}

/** Signed and sealed ("assinado"), with the sealed PDF. */
export async function markSigned(
  c: Queryable,
  id: string,
  sealedDocumentId: string,
  sealedSha256: string,
): Promise<void> {
  await c.query(
    `UPDATE contracts SET status = 'assinado', sealed_document_id = $2, sealed_sha256 = $3,
       seal_retry_at = NULL, updated_at = now() WHERE id = $1`,
    [id, sealedDocumentId, sealedSha256],
  );
}

export async function markRefused(c: Queryable, id: string): Promise<void> {
  await c.query("UPDATE contracts SET status = 'recusado', updated_at = now() WHERE id = $1", [id]);
}

export async function markCancelled(c: Queryable, id: string): Promise<void> {
  await c.query("UPDATE contracts SET status = 'cancelado', updated_at = now() WHERE id = $1", [id]);
}

/**
 * The seal job failed for good: tried again at `retryAt` (by the contracts.reseal schedule).
 * Returns how many times it has failed so, or null when the contract is no longer "selando".
 */
export async function markSealFailed(c: Queryable, id: string, retryAt: Date): Promise<number | null> {
  const { rows } = await c.query<{ seal_failures: number }>(
    `UPDATE contracts SET seal_failures = seal_failures + 1, seal_retry_at = $2
     WHERE id = $1 AND status = 'selando' RETURNING seal_failures`,
    [id, retryAt],
  );
  return rows[0]?.seal_failures ?? null;
}

/** Claims the contracts whose seal is due to be tried again (each goes to one run). */
export async function claimResealsDue(c: Queryable, now: Date): Promise<string[]> {
  const { rows } = await c.query<{ id: string }>(
    `UPDATE contracts SET seal_retry_at = NULL
     WHERE status = 'selando' AND seal_retry_at IS NOT NULL AND seal_retry_at <= $1 RETURNING id`,
    [now],
  );
  return rows.map((r) => r.id);
}

/**
 * A signed lease's data after a sealed amendment (issue 33): the amendment appended to its
 * `aditivos`, its parties and guarantee as amended. The sealed file is untouched; this is what the
 * ledger and the later documents read.
 */
export async function setLeaseData(c: Queryable, id: string, data: StoredContractData): Promise<void> {
  await c.query(
    "UPDATE contracts SET data = $2, updated_at = now() WHERE id = $1 AND kind = 'locacao' AND parent_id IS NULL",
    [id, JSON.stringify(data)],
  );
}
