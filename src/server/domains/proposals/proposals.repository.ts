import { OPEN_PROPOSAL_STATUSES, type ProposalStatus } from "../../../shared/contracts/proposals";
import type { Party } from "../../../shared/proposal-machine";
import type { Queryable, RowOf } from "../../db/rows";
import type { users } from "../../db/schema/auth";
import type { offers } from "../../db/schema/listings";
import type { proposals } from "../../db/schema/proposals";

/**
 * The proposals table (decision 019): a tenant's proposal for an offer and its negotiation. The
 * service decides the transaction and the lock order (the offer before the proposal); these
 * functions only run its statements. Offers are read here, never written: they change only
 * through the listings' lifecycle.
 */
export type Proposal = RowOf<typeof proposals>;
type Offer = RowOf<typeof offers>;

const OPEN = OPEN_PROPOSAL_STATUSES as readonly string[];

// --- the offer a proposal is about ----------------------------------------------------------

const OFFER_RULES_COLUMNS = "aluguel, garantias, prazo_meses, caucao_meses";

/** What of an offer a proposal's terms are checked against (decision 017). */
export type OfferRuleColumns = Pick<Offer, "aluguel" | "garantias" | "prazo_meses" | "caucao_meses">;
/** An offer as a negotiation reads it: its rules, its status and what names it in a notice. */
export type NegotiatedOffer = OfferRuleColumns & Pick<Offer, "status" | "tipo" | "bairro">;

/**
 * The offer someone proposes on, share-locked until the proposal commits: the owner cannot close
 * it meanwhile, and other proposals may be made at the same time.
 */
export async function offerToPropose(
  c: Queryable,
  offerId: string,
): Promise<(NegotiatedOffer & Pick<Offer, "owner_id">) | undefined> {
  const { rows } = await c.query<NegotiatedOffer & Pick<Offer, "owner_id">>(
    `SELECT owner_id, status, tipo, bairro, ${OFFER_RULES_COLUMNS} FROM offers WHERE id = $1 FOR SHARE`,
    [offerId],
  );
  return rows[0];
}

/** The offer of a proposal being acted on, locked for update: taken before the proposal's lock. */
export async function lockNegotiatedOffer(
  c: Queryable,
  offerId: string,
): Promise<NegotiatedOffer | undefined> {
  const { rows } = await c.query<NegotiatedOffer>(
    `SELECT status, tipo, bairro, ${OFFER_RULES_COLUMNS} FROM offers WHERE id = $1 FOR UPDATE`,
    [offerId],
  );
  return rows[0];
}

/** How many of `documentIds` exist and belong to `ownerId` (a proposal attaches only its tenant's). */
export async function ownedDocumentCount(
  c: Queryable,
  documentIds: string[],
  ownerId: string,
): Promise<number> {
  const { rows } = await c.query<{ n: number }>(
    "SELECT count(*) AS n FROM documents WHERE id = ANY($1::uuid[]) AND owner_id = $2",
    [documentIds, ownerId],
  );
  return rows[0]?.n ?? 0;
}

// --- writes ---------------------------------------------------------------------------------

/** A new proposal's row: sent, the landlord's turn. */
export type NewProposal = Pick<
  Proposal,
  | "id"
  | "offer_id"
  | "tenant_id"
  | "landlord_id"
  | "deadline"
  | "aluguel"
  | "data_entrada"
  | "prazo_meses"
  | "garantia"
  | "moradores"
  | "pets"
  | "renda"
  | "cotenants"
  | "documentos"
  | "mensagem"
  | "caucao_meses"
  | "fiador"
  | "company_id"
>;

/** The id of `tenantId`'s open proposal for `offerId`, if any (there is at most one). */
export async function openProposalOf(
  c: Queryable,
  offerId: string,
  tenantId: string,
): Promise<string | undefined> {
  const { rows } = await c.query<{ id: string }>(
    "SELECT id FROM proposals WHERE offer_id = $1 AND tenant_id = $2 AND status = ANY($3::text[])",
    [offerId, tenantId, OPEN],
  );
  return rows[0]?.id;
}

/** Inserts a sent proposal; a second open one of the same person for the offer fails with 23505. */
export async function insertProposal(c: Queryable, p: NewProposal): Promise<void> {
  await c.query(
    `INSERT INTO proposals (id, offer_id, tenant_id, landlord_id, status, turn, deadline, aluguel, data_entrada,
       prazo_meses, garantia, moradores, pets, renda, cotenants, documentos, mensagem, caucao_meses, fiador, company_id)
     VALUES ($1,$2,$3,$4,'enviada','landlord',$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18)`,
    [
      p.id,
      p.offer_id,
      p.tenant_id,
      p.landlord_id,
      p.deadline,
      p.aluguel,
      p.data_entrada,
      p.prazo_meses,
      p.garantia,
      p.moradores,
      p.pets,
      p.renda,
      JSON.stringify(p.cotenants),
      p.documentos,
      p.mensagem,
      p.caucao_meses,
      p.fiador ? JSON.stringify(p.fiador) : null,
      p.company_id,
    ],
  );
}

/** The offer a proposal is for, read without a lock (to lock the offer before the proposal). */
export async function offerIdOf(c: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await c.query<Pick<Proposal, "offer_id">>("SELECT offer_id FROM proposals WHERE id = $1", [
    id,
  ]);
  return rows[0]?.offer_id;
}

/** A proposal, locked for update until the caller's transaction ends. */
export async function lockProposal(c: Queryable, id: string): Promise<Proposal | undefined> {
  const { rows } = await c.query<Proposal>("SELECT * FROM proposals WHERE id = $1 FOR UPDATE", [id]);
  return rows[0];
}

/** What a step of the negotiation sets: the status, whose turn, the terms, documents and guarantor. */
export type NegotiationStep = Pick<
  Proposal,
  | "status"
  | "turn"
  | "deadline"
  | "aluguel"
  | "data_entrada"
  | "prazo_meses"
  | "garantia"
  | "documentos_solicitados"
  | "documentos"
  | "updated_at"
  | "caucao_meses"
  | "fiador"
  | "fiadores_recusados"
>;

export async function updateNegotiation(c: Queryable, id: string, s: NegotiationStep): Promise<void> {
  await c.query(
    `UPDATE proposals SET status=$2, turn=$3, deadline=$4, aluguel=$5, data_entrada=$6, prazo_meses=$7, garantia=$8,
       documentos_solicitados=$9, documentos=$10, updated_at=$11, caucao_meses=$12, fiador=$13,
       fiadores_recusados=$14 WHERE id=$1`,
    [
      id,
      s.status,
      s.turn,
      s.deadline,
      s.aluguel,
      s.data_entrada,
      s.prazo_meses,
      s.garantia,
      s.documentos_solicitados,
      s.documentos,
      s.updated_at,
      s.caucao_meses,
      s.fiador ? JSON.stringify(s.fiador) : null,
      s.fiadores_recusados,
    ],
  );
}

/** The advisory lock that lets one node at a time expire proposals, until the transaction ends. */
const EXPIRY_LOCK = 724_310_004;

/** Takes the expiry's lock if no other node holds it; false when one does (skip this round). */
export async function tryLockExpiry(c: Queryable): Promise<boolean> {
  const { rows } = await c.query<{ ok: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS ok", [
    EXPIRY_LOCK,
  ]);
  return rows[0]?.ok === true;
}

/** Expires every open proposal whose deadline passed by `now`; answers whose turn it was. */
export async function expireOverdue(
  c: Queryable,
  now: Date,
): Promise<
  (Pick<Proposal, "id" | "tenant_id" | "landlord_id" | "turn"> &
    Pick<RowOf<typeof offers>, "tipo" | "bairro">)[]
> {
  // The offer's type and bairro name it in the e-mail that says the proposal expired.
  const { rows } = await c.query<
    Pick<Proposal, "id" | "tenant_id" | "landlord_id" | "turn"> &
      Pick<RowOf<typeof offers>, "tipo" | "bairro">
  >(
    `UPDATE proposals p SET status = 'expirada', turn = NULL, deadline = NULL, updated_at = $1
     FROM offers o
     WHERE o.id = p.offer_id AND p.status = ANY($2::text[]) AND p.deadline < $1
     RETURNING p.id, p.tenant_id, p.landlord_id, p.turn, o.tipo, o.bairro`,
    [now, OPEN],
  );
  return rows;
}

/**
 * The open proposals whose answer is due within (`now`, `until`]: whose turn it is and until
 * when, with the offer's type and bairro to name it.
 */
export async function dueSoon(
  c: Queryable,
  now: Date,
  until: Date,
): Promise<
  (Pick<Proposal, "id" | "tenant_id" | "landlord_id" | "turn"> & { deadline: Date } & Pick<
      Offer,
      "tipo" | "bairro"
    >)[]
> {
  const { rows } = await c.query<
    Pick<Proposal, "id" | "tenant_id" | "landlord_id" | "turn"> & { deadline: Date } & Pick<
        Offer,
        "tipo" | "bairro"
      >
  >(
    `SELECT p.id, p.tenant_id, p.landlord_id, p.turn, p.deadline, o.tipo, o.bairro
     FROM proposals p JOIN offers o ON o.id = p.offer_id
     WHERE p.status = ANY($3::text[]) AND p.turn IS NOT NULL AND p.deadline > $1 AND p.deadline <= $2`,
    [now, until, OPEN],
  );
  return rows;
}

/** Closes the open proposals of an offer, but `exceptId`; `now` defaults to the database's. */
export async function closeOpen(
  c: Queryable,
  offerId: string,
  options: { exceptId?: string | undefined; now?: Date | undefined } = {},
): Promise<Pick<Proposal, "id" | "tenant_id">[]> {
  const { rows } = await c.query<Pick<Proposal, "id" | "tenant_id">>(
    `UPDATE proposals SET status = 'encerrada', turn = NULL, deadline = NULL, updated_at = coalesce($3, now())
     WHERE offer_id = $1 AND ($2::uuid IS NULL OR id <> $2) AND status = ANY($4::text[]) RETURNING id, tenant_id`,
    [offerId, options.exceptId ?? null, options.now ?? null, OPEN],
  );
  return rows;
}

// --- reads ----------------------------------------------------------------------------------

/** The other party of a proposal, if `userId` is one of its two; undefined for anyone else. */
export async function otherPartyOf(c: Queryable, id: string, userId: string): Promise<string | undefined> {
  const { rows } = await c.query<{ other: string }>(
    `SELECT CASE WHEN tenant_id = $1 THEN landlord_id ELSE tenant_id END AS other
     FROM proposals WHERE id = $2 AND (tenant_id = $1 OR landlord_id = $1)`,
    [userId, id],
  );
  return rows[0]?.other;
}

/** A proposal as its screens show it: with its offer's summary and both parties' names. */
export type ProposalWithOffer = Proposal & {
  o_id: Offer["id"];
  o_tipo: Offer["tipo"];
  o_bairro: Offer["bairro"];
  o_cidade: Offer["cidade"];
  o_uf: Offer["uf"];
  o_total: Offer["total"];
  o_aluguel: Offer["aluguel"];
  o_condominio: Offer["condominio"];
  o_iptu: Offer["iptu"];
  o_seguro: Offer["seguro_incendio"];
  o_garantias: Offer["garantias"];
  o_prazo: Offer["prazo_meses"];
  o_caucao: Offer["caucao_meses"];
  o_capa: Offer["capa"];
  /** The tenant's legal name, or the account's before the profile has one. */
  tenant_name: string;
  landlord_name: RowOf<typeof users>["name"];
  /** The companies the tenant proposes and the unit is let in the name of (issue 34), or null. */
  tc_razao: string | null;
  tc_fantasia: string | null;
  tc_cnpj: string | null;
  lc_razao: string | null;
  lc_fantasia: string | null;
};

async function withOffers(c: Queryable, where: string, params: unknown[]): Promise<ProposalWithOffer[]> {
  const { rows } = await c.query<ProposalWithOffer>(
    `SELECT p.*, o.id AS o_id, o.tipo AS o_tipo, o.bairro AS o_bairro, o.cidade AS o_cidade, o.uf AS o_uf, o.total AS o_total,
       o.aluguel AS o_aluguel, o.condominio AS o_condominio, o.iptu AS o_iptu, o.seguro_incendio AS o_seguro,
       o.garantias AS o_garantias, o.prazo_meses AS o_prazo, o.caucao_meses AS o_caucao, o.capa AS o_capa,
       coalesce(tp.nome_completo, tu.name) AS tenant_name, lu.name AS landlord_name,
       tc.razao_social AS tc_razao, tc.nome_fantasia AS tc_fantasia, tc.cnpj AS tc_cnpj,
       lc.razao_social AS lc_razao, lc.nome_fantasia AS lc_fantasia
     FROM proposals p JOIN offers o ON o.id = p.offer_id
     LEFT JOIN companies tc ON tc.id = p.company_id
     LEFT JOIN units ou ON ou.id = o.unit_id LEFT JOIN companies lc ON lc.id = ou.company_id
     JOIN users tu ON tu.id = p.tenant_id LEFT JOIN profiles tp ON tp.user_id = p.tenant_id
     JOIN users lu ON lu.id = p.landlord_id
     WHERE ${where} ORDER BY p.updated_at DESC, p.id DESC LIMIT 500`,
    params,
  );
  return rows;
}

/** A proposal with its offer, if `userId` is its tenant or its landlord. */
export async function proposalWithOffer(
  c: Queryable,
  userId: string,
  id: string,
): Promise<ProposalWithOffer | undefined> {
  const [row] = await withOffers(c, "p.id = $1 AND (p.tenant_id = $2 OR p.landlord_id = $2)", [id, userId]);
  return row;
}

/** One's proposals as tenant, landlord or both (newest first, at most 500), with their offers. */
export async function proposalsWithOffers(
  c: Queryable,
  userId: string,
  filter: {
    role?: Party | undefined;
    offerId?: string | undefined;
    status?: ProposalStatus | undefined;
  },
): Promise<ProposalWithOffer[]> {
  const params: unknown[] = [userId];
  const where = [
    filter.role === "tenant"
      ? "p.tenant_id = $1"
      : filter.role === "landlord"
        ? "p.landlord_id = $1"
        : "(p.tenant_id = $1 OR p.landlord_id = $1)",
  ];
  if (filter.offerId) {
    params.push(filter.offerId);
    where.push(`p.offer_id = $${params.length}`);
  }
  if (filter.status) {
    params.push(filter.status);
    where.push(`p.status = $${params.length}`);
  }
  return withOffers(c, where.join(" AND "), params);
}

/** An account deleted (decision 022): its proposals go, except those a kept contract came from. */
export async function deleteTenantProposalsExcept(
  c: Queryable,
  tenantId: string,
  keep: string[],
): Promise<void> {
  await c.query("DELETE FROM proposals WHERE tenant_id = $1 AND NOT (id = ANY($2::uuid[]))", [
    tenantId,
    keep,
  ]);
}
