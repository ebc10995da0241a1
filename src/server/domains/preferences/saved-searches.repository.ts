import { normalizeText } from "../../../shared/contracts/listings";
import { type MatchableOffer, type SearchFilters, wordsOf } from "../../../shared/contracts/preferences";
import type { NewRowOf, Queryable, RowOf } from "../../db/rows";
import type { offers } from "../../db/schema/listings";
import type { savedSearches } from "../../db/schema/preferences";
import { offerCardOf, ownerStaysSql, type SearchColumn } from "../listings/offers-search.repository";

/*
 * The saved_searches table (decision 019) and the matching both ways (decision 021): an offer
 * finds the searches it fits through the GIN index on match_keys, then every filter is checked on
 * the candidates; a search counts and lists the published offers it fits. The rule is the shared
 * `matchesSearch`; the property tests hold this SQL to it.
 */

export type SavedSearchRow = RowOf<typeof savedSearches>;

const COLUMNS = "id, user_id, nome, filtros, ativa, created_at, updated_at";
/** A saved search as it is listed (not the columns the matching reads). */
export type ListedSearch = Pick<
  RowOf<typeof savedSearches>,
  "id" | "user_id" | "nome" | "filtros" | "ativa" | "created_at" | "updated_at"
>;

/**
 * The keys a search is found by, its most selective place: each (city, bairro) pair when it names
 * both, each bairro in any city when it names bairros only, else its cities, else its UFs, else
 * "*" (anywhere). An offer fits a search only if one of its own keys (offerKeys) is among them.
 */
export function searchKeys(f: SearchFilters): string[] {
  const cities = [...new Set(f.cidades.map(normalizeText))];
  const bairros = [...new Set(f.bairros.map(normalizeText))];
  if (bairros.length > 0)
    return cities.length > 0
      ? cities.flatMap((c) => bairros.map((b) => `b:${c}|${b}`))
      : bairros.map((b) => `b:|${b}`);
  if (cities.length > 0) return cities.map((c) => `c:${c}`);
  if (f.ufs.length > 0) return f.ufs.map((u) => `u:${u}`);
  return ["*"];
}

/** The keys an offer looks searches up by: any of them meets a search's. */
export const offerKeys = (o: Pick<MatchableOffer, "uf" | "cidade" | "bairro">) => {
  const city = normalizeText(o.cidade);
  const bairro = normalizeText(o.bairro);
  return ["*", `u:${o.uf}`, `c:${city}`, `b:${city}|${bairro}`, `b:|${bairro}`];
};

/** The columns the matching reads, from the filters. */
export function matchColumns(f: SearchFilters) {
  return {
    match_keys: searchKeys(f),
    ufs: f.ufs,
    cidades_norm: [...new Set(f.cidades.map(normalizeText))],
    bairros_norm: [...new Set(f.bairros.map(normalizeText))],
    preco_min: f.precoMin,
    preco_max: f.precoMax,
    quartos_min: f.quartosMin,
    banheiros_min: f.banheirosMin,
    vagas_min: f.vagasMin,
    area_min: f.areaMin,
    tipos: f.tipos,
    pets: f.pets,
    mobiliado: f.mobiliado,
    entrada_ate: f.entradaAte,
    palavras: wordsOf(f.palavras),
  } satisfies Partial<NewRowOf<typeof savedSearches>>;
}

export type NewSearch = Pick<NewRowOf<typeof savedSearches>, "id" | "user_id" | "nome" | "filtros" | "ativa">;

/** A search's values in the order of SEARCH_FIELDS, its matching columns from its filters. */
function searchValues(s: Pick<SavedSearchRow, "nome" | "filtros" | "ativa">): unknown[] {
  const m = matchColumns(s.filtros);
  return [
    s.nome,
    JSON.stringify(s.filtros),
    s.ativa,
    m.match_keys,
    m.ufs,
    m.cidades_norm,
    m.bairros_norm,
    m.preco_min,
    m.preco_max,
    m.quartos_min,
    m.banheiros_min,
    m.vagas_min,
    m.area_min,
    m.tipos,
    m.pets,
    m.mobiliado,
    m.entrada_ate,
    m.palavras,
  ];
}
const SEARCH_FIELDS = [
  "nome",
  "filtros",
  "ativa",
  "match_keys",
  "ufs",
  "cidades_norm",
  "bairros_norm",
  "preco_min",
  "preco_max",
  "quartos_min",
  "banheiros_min",
  "vagas_min",
  "area_min",
  "tipos",
  "pets",
  "mobiliado",
  "entrada_ate",
  "palavras",
] as const;

export async function insertSearch(c: Queryable, s: NewSearch): Promise<void> {
  const values = searchValues({ nome: s.nome, filtros: s.filtros, ativa: s.ativa ?? true });
  await c.query(
    `INSERT INTO saved_searches (id, user_id, ${SEARCH_FIELDS.join(", ")})
     VALUES ($1, $2, ${SEARCH_FIELDS.map((_, i) => `$${i + 3}`).join(", ")})`,
    [s.id, s.user_id, ...values],
  );
}

export async function updateSearch(
  c: Queryable,
  id: string,
  s: Pick<SavedSearchRow, "nome" | "filtros" | "ativa">,
): Promise<void> {
  await c.query(
    `UPDATE saved_searches SET ${SEARCH_FIELDS.map((f, i) => `${f} = $${i + 2}`).join(", ")}, updated_at = now()
     WHERE id = $1`,
    [id, ...searchValues(s)],
  );
}

export async function deleteSearch(c: Queryable, id: string): Promise<void> {
  await c.query("DELETE FROM saved_searches WHERE id = $1", [id]);
}

export async function deleteSearchesOf(c: Queryable, userId: string): Promise<void> {
  await c.query("DELETE FROM saved_searches WHERE user_id = $1", [userId]);
}

/** One's searches, oldest first (the order they were made), locked when `lock`. */
export async function searchesOf(c: Queryable, userId: string, lock = false): Promise<ListedSearch[]> {
  const { rows } = await c.query<ListedSearch>(
    `SELECT ${COLUMNS} FROM saved_searches WHERE user_id = $1 ORDER BY created_at, id${lock ? " FOR UPDATE" : ""}`,
    [userId],
  );
  return rows;
}

export async function searchById(c: Queryable, id: string): Promise<ListedSearch | undefined> {
  const { rows } = await c.query<ListedSearch>(`SELECT ${COLUMNS} FROM saved_searches WHERE id = $1`, [id]);
  return rows[0];
}

/** The offer's values, in the order the matching SQL numbers them ($1…$15). */
function offerValues(o: MatchableOffer): unknown[] {
  return [
    offerKeys(o),
    o.uf,
    normalizeText(o.cidade),
    normalizeText(o.bairro),
    o.total,
    o.quartos,
    o.banheiros,
    o.vagas,
    o.areaM2,
    o.tipo,
    o.aceitaPets,
    o.mobiliado,
    o.disponivelEm,
    wordsOf(o.text),
  ];
}

/** The conditions of a search on one offer, with the offer's values as $1…$14. */
const FITS = `s.match_keys && $1::text[]
    AND (cardinality(s.ufs) = 0 OR $2 = ANY(s.ufs))
    AND (cardinality(s.cidades_norm) = 0 OR $3 = ANY(s.cidades_norm))
    AND (cardinality(s.bairros_norm) = 0 OR $4 = ANY(s.bairros_norm))
    AND (s.preco_min IS NULL OR s.preco_min <= $5) AND (s.preco_max IS NULL OR s.preco_max >= $5)
    AND (s.quartos_min IS NULL OR s.quartos_min <= $6)
    AND (s.banheiros_min IS NULL OR s.banheiros_min <= $7)
    AND (s.vagas_min IS NULL OR s.vagas_min <= $8)
    AND (s.area_min IS NULL OR s.area_min <= $9)
    AND (cardinality(s.tipos) = 0 OR $10 = ANY(s.tipos))
    AND (NOT s.pets OR $11)
    AND (s.mobiliado IS NULL OR s.mobiliado = $12)
    AND (s.entrada_ate IS NULL OR s.entrada_ate >= $13::date)
    AND (cardinality(s.palavras) = 0 OR NOT EXISTS (
      SELECT 1 FROM unnest(s.palavras) w
      WHERE NOT EXISTS (SELECT 1 FROM unnest($14::text[]) x WHERE starts_with(x, w))))`;

/** The active searches an offer fits, but its owner's: found through the index on match_keys. */
export async function searchesFitting(
  c: Queryable,
  o: MatchableOffer,
  ownerId: string,
): Promise<Pick<SavedSearchRow, "id" | "user_id" | "nome">[]> {
  const { rows } = await c.query<Pick<SavedSearchRow, "id" | "user_id" | "nome">>(
    `SELECT s.id, s.user_id, s.nome FROM saved_searches s
      WHERE s.ativa AND s.user_id <> $15 AND ${FITS}`,
    [...offerValues(o), ownerId],
  );
  return rows;
}

/** The same, by reading every search (the benchmark's baseline: what the index saves). */
export async function searchesFittingByScan(c: Queryable, o: MatchableOffer): Promise<{ id: string }[]> {
  const { rows } = await c.query<{ id: string }>(
    `SELECT s.id FROM saved_searches s WHERE s.ativa AND ${FITS.replace("s.match_keys && $1::text[]", "cardinality($1::text[]) > 0")}`,
    offerValues(o),
  );
  return rows;
}

/** The offers' side: a published offer's card columns and what the matching reads of it. */
export type OfferToMatch = Pick<
  RowOf<typeof offers>,
  | "id"
  | "owner_id"
  | "status"
  | "tipo"
  | "uf"
  | "cidade"
  | "bairro"
  | "total"
  | "quartos"
  | "banheiros"
  | "vagas"
  | "area_m2"
  | "aceita_pets"
  | "mobiliado"
  | "disponivel_em"
  | "search_text"
>;

export async function offerToMatch(c: Queryable, offerId: string): Promise<OfferToMatch | undefined> {
  const { rows } = await c.query<OfferToMatch>(
    `SELECT id, owner_id, status, tipo, uf, cidade, bairro, total, quartos, banheiros, vagas, area_m2, aceita_pets,
            mobiliado, disponivel_em::text AS disponivel_em, search_text
       FROM offers WHERE id = $1`,
    [offerId],
  );
  return rows[0];
}

export const matchableOf = (o: OfferToMatch): MatchableOffer => ({
  uf: o.uf,
  cidade: o.cidade,
  bairro: o.bairro,
  total: o.total,
  quartos: o.quartos,
  banheiros: o.banheiros,
  vagas: o.vagas,
  areaM2: o.area_m2,
  tipo: o.tipo,
  aceitaPets: o.aceita_pets,
  mobiliado: o.mobiliado,
  disponivelEm: o.disponivel_em,
  text: o.search_text,
});

/** The conditions of the published offers a search's filters fit, as SQL on `offers o`. */
function offersFittingSql(f: SearchFilters, p: (v: unknown) => string): string {
  const m = matchColumns(f);
  // An account in its deletion's grace period shows its offers to nobody (issue 29).
  const where = ["o.status = 'publicada'", ownerStaysSql("o")];
  if (m.ufs.length) where.push(`o.uf = ANY(${p(m.ufs)}::text[])`);
  if (m.cidades_norm.length) where.push(`o.cidade_norm = ANY(${p(m.cidades_norm)}::text[])`);
  if (m.bairros_norm.length) where.push(`o.bairro_norm = ANY(${p(m.bairros_norm)}::text[])`);
  if (m.preco_min !== null) where.push(`o.total >= ${p(m.preco_min)}`);
  if (m.preco_max !== null) where.push(`o.total <= ${p(m.preco_max)}`);
  if (m.quartos_min !== null) where.push(`o.quartos >= ${p(m.quartos_min)}`);
  if (m.banheiros_min !== null) where.push(`o.banheiros >= ${p(m.banheiros_min)}`);
  if (m.vagas_min !== null) where.push(`o.vagas >= ${p(m.vagas_min)}`);
  if (m.area_min !== null) where.push(`o.area_m2 >= ${p(m.area_min)}`);
  if (m.tipos.length) where.push(`o.tipo = ANY(${p(m.tipos)}::text[])`);
  if (m.pets) where.push("o.aceita_pets");
  if (m.mobiliado !== null) where.push(m.mobiliado ? "o.mobiliado" : "NOT o.mobiliado");
  if (m.entrada_ate !== null) where.push(`o.disponivel_em <= ${p(m.entrada_ate)}::date`);
  if (m.palavras.length)
    where.push(`NOT EXISTS (SELECT 1 FROM unnest(${p(m.palavras)}::text[]) w
      WHERE NOT EXISTS (SELECT 1 FROM regexp_split_to_table(o.search_text, '[^a-z0-9]+') x WHERE starts_with(x, w)))`);
  return where.join(" AND ");
}

function parameters() {
  const values: unknown[] = [];
  return { values, p: (v: unknown) => `$${values.push(v)}` };
}

/** How many published offers fit the filters now. */
export async function countOffersFitting(c: Queryable, f: SearchFilters): Promise<number> {
  const { values, p } = parameters();
  const { rows } = await c.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM offers o WHERE ${offersFittingSql(f, p)}`,
    values,
  );
  return rows[0]?.n ?? 0;
}

/** The newest published offers that fit the filters, not the person's own, as cards. */
export async function newestOffersFitting(
  c: Queryable,
  f: SearchFilters,
  exceptOwner: string,
  limit: number,
): Promise<OfferCardRow[]> {
  const { values, p } = parameters();
  const { rows } = await c.query<OfferCardRow>(
    `SELECT ${CARD_COLUMNS} FROM offers o
      WHERE ${offersFittingSql(f, p)} AND o.owner_id <> ${p(exceptOwner)}
      ORDER BY o.published_at DESC NULLS LAST, o.id LIMIT ${p(limit)}`,
    values,
  );
  return rows;
}

export const CARD_COLUMNS = `o.id, o.status, o.tipo, o.bairro, o.cidade, o.uf, o.quartos, o.banheiros, o.vagas, o.area_m2,
  o.mobiliado, o.aceita_pets, o.aluguel, o.total, o.capa, o.published_at, o.created_at`;

export type OfferCardColumn = SearchColumn | "status" | "published_at" | "created_at";
export type OfferCardRow = Pick<RowOf<typeof offers>, OfferCardColumn>;

/** An offer's card as the API shows it (the search's own mapping). */
export const cardOf = offerCardOf;
