import type { OfferStatus } from "../../../shared/contracts/listings";
import type { NewRowOf, Queryable, RowOf } from "../../db/rows";
import type { users } from "../../db/schema/auth";
import type { offers, units } from "../../db/schema/listings";

/**
 * The offers table (decision 019). Which status an offer may move to is the lifecycle's
 * (`lifecycle.ts`); who may edit it, and in which transaction, the listings service's. This module
 * only runs the statements. The search's query is `offers-search.repository.ts`.
 */
type OfferRow = RowOf<typeof offers>;

/** What raw SQL's row_to_json gives of a row: its times as text. */
type AsJson<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/** An offer with its unit (as JSON) and its owner's name. */
export type OfferWithUnit = OfferRow & {
  unit: AsJson<RowOf<typeof units>>;
  owner_name: RowOf<typeof users>["name"];
};

/** An offer's copy of its unit's searchable fields, and its free text. */
export type OfferUnitFields = Pick<
  OfferRow,
  | "tipo"
  | "uf"
  | "cidade"
  | "bairro"
  | "cidade_norm"
  | "bairro_norm"
  | "quartos"
  | "banheiros"
  | "vagas"
  | "area_m2"
  | "mobiliado"
  | "aceita_pets"
  | "capa"
  | "search_text"
>;

/** An offer's terms, as its owner writes them. */
export type OfferTerms = Pick<
  OfferRow,
  | "aluguel"
  | "condominio"
  | "iptu"
  | "seguro_incendio"
  | "total"
  | "garantias"
  | "caucao_meses"
  | "prazo_meses"
  | "reajuste"
  | "disponivel_em"
  | "descricao"
>;

/** tipo … capa, search_text, in the column order of INSERT and UPDATE. */
function unitValues(f: OfferUnitFields): unknown[] {
  return [
    f.tipo,
    f.uf,
    f.cidade,
    f.bairro,
    f.cidade_norm,
    f.bairro_norm,
    f.quartos,
    f.banheiros,
    f.vagas,
    f.area_m2,
    f.mobiliado,
    f.aceita_pets,
    f.capa,
    f.search_text,
  ];
}

/** aluguel … descricao, in the column order of INSERT and UPDATE. */
function termValues(t: OfferTerms): unknown[] {
  return [
    t.aluguel,
    t.condominio,
    t.iptu,
    t.seguro_incendio,
    t.total,
    t.garantias,
    t.caucao_meses,
    t.prazo_meses,
    t.reajuste,
    t.disponivel_em,
    t.descricao,
  ];
}

/** Whether the unit has an offer in one of `statuses`. */
export async function unitHasOfferIn(
  c: Queryable,
  unitId: string,
  statuses: readonly OfferStatus[],
): Promise<boolean> {
  const { rowCount } = await c.query("SELECT 1 FROM offers WHERE unit_id = $1 AND status = ANY($2::text[])", [
    unitId,
    statuses,
  ]);
  return Boolean(rowCount);
}

export async function offersOfUnit(
  c: Queryable,
  unitId: string,
): Promise<Pick<OfferRow, "id" | "descricao">[]> {
  const { rows } = await c.query<Pick<OfferRow, "id" | "descricao">>(
    "SELECT id, descricao FROM offers WHERE unit_id = $1",
    [unitId],
  );
  return rows;
}

/** Brings an offer's copy of its unit's fields in step with the unit. */
export async function updateOfferUnitFields(
  c: Queryable,
  id: string,
  fields: OfferUnitFields,
): Promise<void> {
  await c.query(
    `UPDATE offers SET tipo=$2, uf=$3, cidade=$4, bairro=$5, cidade_norm=$6, bairro_norm=$7, quartos=$8,
       banheiros=$9, vagas=$10, area_m2=$11, mobiliado=$12, aceita_pets=$13, capa=$14, search_text=$15,
       updated_at = now()
     WHERE id = $1`,
    [id, ...unitValues(fields)],
  );
}

/** A new offer, as a draft (rascunho). */
export async function insertDraftOffer(
  c: Queryable,
  offer: Pick<OfferRow, "id" | "unit_id" | "owner_id"> & OfferTerms & OfferUnitFields,
): Promise<void> {
  await c.query(
    `INSERT INTO offers (id, unit_id, owner_id, status, aluguel, condominio, iptu, seguro_incendio, total, garantias,
       caucao_meses, prazo_meses, reajuste, disponivel_em, descricao, tipo, uf, cidade, bairro, cidade_norm,
       bairro_norm, quartos, banheiros, vagas, area_m2, mobiliado, aceita_pets, capa, search_text)
     VALUES ($1,$2,$3,'rascunho',$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,
       $25,$26,$27,$28)`,
    [offer.id, offer.unit_id, offer.owner_id, ...termValues(offer), ...unitValues(offer)],
  );
}

export async function updateOfferTerms(
  c: Queryable,
  id: string,
  terms: OfferTerms & Pick<OfferRow, "search_text">,
): Promise<void> {
  await c.query(
    `UPDATE offers SET aluguel=$2, condominio=$3, iptu=$4, seguro_incendio=$5, total=$6, garantias=$7,
       caucao_meses=$8, prazo_meses=$9, reajuste=$10, disponivel_em=$11, descricao=$12, search_text=$13,
       updated_at=now() WHERE id=$1`,
    [id, ...termValues(terms), terms.search_text],
  );
}

/** The offer with its unit and its owner's name; undefined when there is none. */
export async function offerWithUnit(c: Queryable, id: string): Promise<OfferWithUnit | undefined> {
  const { rows } = await c.query<OfferWithUnit>(
    `SELECT o.*, row_to_json(u.*) AS unit, usr.name AS owner_name
     FROM offers o JOIN units u ON u.id = o.unit_id JOIN users usr ON usr.id = o.owner_id WHERE o.id = $1`,
    [id],
  );
  return rows[0];
}

/** The offer, locked for the caller's transaction; undefined when there is none. */
export async function lockOffer(c: Queryable, id: string): Promise<OfferRow | undefined> {
  const { rows } = await c.query<OfferRow>("SELECT * FROM offers WHERE id = $1 FOR UPDATE", [id]);
  return rows[0];
}

/** The offer's status, its row locked for the caller's transaction; undefined when there is none. */
export async function lockOfferStatus(c: Queryable, id: string): Promise<OfferStatus | undefined> {
  const { rows } = await c.query<Pick<OfferRow, "status">>(
    "SELECT status FROM offers WHERE id = $1 FOR UPDATE",
    [id],
  );
  return rows[0]?.status;
}

/** The owner's move (publish, close): the first publication also stamps published_at. */
export async function updateOfferStatusByOwner(c: Queryable, id: string, next: OfferStatus): Promise<void> {
  await c.query(
    `UPDATE offers SET status = $2, updated_at = now(),
       published_at = CASE WHEN $2 = 'publicada' AND published_at IS NULL THEN now() ELSE published_at END
     WHERE id = $1`,
    [id, next],
  );
}

/** The system's move (reserve, release, rent). */
export async function updateOfferStatus(c: Queryable, id: string, next: OfferStatus): Promise<void> {
  await c.query("UPDATE offers SET status = $2, updated_at = now() WHERE id = $1", [id, next]);
}

/** Generated offers (the seed); their unit's searchable fields are copied from `units`. */
export type SeedOffer = Required<
  Pick<
    NewRowOf<typeof offers>,
    | "id"
    | "unit_id"
    | "owner_id"
    | "status"
    | "aluguel"
    | "condominio"
    | "iptu"
    | "seguro_incendio"
    | "total"
    | "garantias"
    | "caucao_meses"
    | "prazo_meses"
    | "reajuste"
    | "disponivel_em"
    | "published_at"
    | "cidade_norm"
    | "bairro_norm"
    | "capa"
    | "search_text"
  >
>;

/** Inserts the batch in one statement; each offer's unit must already be there. */
export async function insertOffers(c: Queryable, batch: SeedOffer[]): Promise<void> {
  const column = <K extends keyof SeedOffer>(key: K) => batch.map((o) => o[key]);
  await c.query(
    `INSERT INTO offers (id, unit_id, owner_id, status, aluguel, condominio, iptu, seguro_incendio, total, garantias,
       caucao_meses, prazo_meses, reajuste, disponivel_em, published_at, tipo, uf, cidade, bairro, cidade_norm,
       bairro_norm, quartos, banheiros, vagas, area_m2, mobiliado, aceita_pets, capa, search_text)
     SELECT o.id, o.unit, o.owner, o.status, o.aluguel, o.condominio, o.iptu, o.seguro, o.total, o.garantias::text[],
       o.caucao, o.prazo, o.reajuste, o.disponivel::date, o.published::timestamptz, u.tipo, u.uf, u.cidade, u.bairro,
       o.cidade_norm, o.bairro_norm, u.quartos, u.banheiros, u.vagas, u.area_m2, u.mobiliado, u.aceita_pets, o.capa,
       o.search
     FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[],
       $9::bigint[], $10::text[], $11::int[], $12::int[], $13::text[], $14::text[], $15::text[], $16::text[],
       $17::text[], $18::uuid[], $19::text[])
       AS o(id, unit, owner, status, aluguel, condominio, iptu, seguro, total, garantias, caucao, prazo, reajuste,
         disponivel, published, cidade_norm, bairro_norm, capa, search)
     JOIN units u ON u.id = o.unit`,
    [
      column("id"),
      column("unit_id"),
      column("owner_id"),
      column("status"),
      column("aluguel"),
      column("condominio"),
      column("iptu"),
      column("seguro_incendio"),
      column("total"),
      // Each offer's guarantees as one array literal: an array of arrays would be sent as a 2-D array.
      batch.map((o) => `{${o.garantias.join(",")}}`),
      column("caucao_meses"),
      column("prazo_meses"),
      column("reajuste"),
      column("disponivel_em"),
      batch.map((o) => o.published_at?.toISOString() ?? null),
      column("cidade_norm"),
      column("bairro_norm"),
      column("capa"),
      column("search_text"),
    ],
  );
}

/** An account deleted (decision 022): its offers go, except those a kept contract names. */
export async function deleteOffersExcept(c: Queryable, ownerId: string, keep: string[]): Promise<void> {
  await c.query("DELETE FROM offers WHERE owner_id = $1 AND NOT (id = ANY($2::uuid[]))", [ownerId, keep]);
}
