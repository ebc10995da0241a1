import {
  normalizeText,
  type SEARCH_RELAXABLE,
  type SearchPlace,
  type SearchQuery,
  type SearchResult,
} from "../../../shared/contracts/listings";
import { AppError, errorMessage } from "../../../shared/errors";
import type { Queryable, RowOf } from "../../db/rows";
import type { offers } from "../../db/schema/listings";
import {
  type PhotoInfoColumn,
  photoInfoColumn,
  photoInfoOf,
} from "../../storage/photo-renditions.repository";

/*
 * The search over the offers table (decision 019: it only reads; offers.repository.ts writes).
 * The API and the bench's bare baseline server both run exactly what this builds, so that the
 * comparison measures the framework, not the query.
 */

export const SEARCH_COLUMNS = `id, tipo, bairro, cidade, uf, quartos, banheiros, vagas, area_m2, mobiliado, aceita_pets,
  aluguel, total, capa, published_at, published_at::text AS published_cursor,
  ${photoInfoColumn("offers.capa", "capa_info")}`;

interface Cursor {
  s: SearchQuery["sort"];
  v: number | string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A timestamp as published_cursor writes it (PostgreSQL's text of a timestamptz). */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?([+-](0\d|1[0-4])(:[0-5]\d)?|Z)?$/;

function isTimestamp(value: unknown): boolean {
  const m = typeof value === "string" ? TIMESTAMP.exec(value) : null;
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

/** An amount in centavos a BIGINT column holds (and JavaScript counts exactly). */
const isCentavos = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
/** A count or an area an INTEGER column holds. */
const isInteger = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 2_147_483_647;

/**
 * The columns a search sorts by: the type its cursor's value is cast to, what a valid value is,
 * and that value in the last row of a page.
 */
const SORT_KEYS = {
  total: { cast: "::bigint", valid: isCentavos, of: (r: SearchRow) => r.total },
  aluguel: { cast: "::bigint", valid: isCentavos, of: (r: SearchRow) => r.aluguel },
  quartos: { cast: "::integer", valid: isInteger, of: (r: SearchRow) => r.quartos },
  area_m2: { cast: "::integer", valid: isInteger, of: (r: SearchRow) => r.area_m2 },
  published_at: { cast: "::timestamptz", valid: isTimestamp, of: (r: SearchRow) => r.published_cursor },
} satisfies Record<string, { cast: string; valid: (v: unknown) => boolean; of: (r: SearchRow) => unknown }>;

/** Each sort's column and direction; id, in the same direction, breaks its ties. */
const SORTS: Record<SearchQuery["sort"], { key: keyof typeof SORT_KEYS; dir: "ASC" | "DESC" }> = {
  preco: { key: "total", dir: "ASC" },
  preco_desc: { key: "total", dir: "DESC" },
  recentes: { key: "published_at", dir: "DESC" },
  antigos: { key: "published_at", dir: "ASC" },
  aluguel: { key: "aluguel", dir: "ASC" },
  aluguel_desc: { key: "aluguel", dir: "DESC" },
  quartos: { key: "quartos", dir: "ASC" },
  quartos_desc: { key: "quartos", dir: "DESC" },
  area: { key: "area_m2", dir: "ASC" },
  area_desc: { key: "area_m2", dir: "DESC" },
};

/**
 * The cursor of a page, as encodeCursor wrote it. Anything else (another sort's, forged, or a
 * value PostgreSQL would not take: a 37-digit price, a dash-only id, year 275760) is a 400, never
 * a database error.
 */
function decodeCursor(token: string, sort: SearchQuery["sort"]): Cursor {
  try {
    const c = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as Cursor;
    const valueOk = SORT_KEYS[SORTS[sort].key].valid(c.v);
    if (c.s === sort && valueOk && typeof c.id === "string" && UUID.test(c.id)) return c;
  } catch {
    // falls through
  }
  const message = errorMessage("invalid-page-token");
  throw new AppError("invalid-argument", { message, issues: [{ path: "cursor", message }] });
}

/**
 * Words of the free text (at most 6), lower case without accents, letters and digits only. An
 * offer matches when each one begins some word of its text.
 */
export function searchWords(q: string | undefined): string[] {
  return q
    ? normalizeText(q)
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .slice(0, 6)
    : [];
}

/** `text` for a LIKE pattern that matches it literally (its own %, _ and \\ escaped). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The offers whose owner has not asked for their account's deletion: one in its grace period
 * (decision 022) is no longer shown to anyone looking for a home (`offers` under `alias`).
 */
export function ownerStaysSql(alias = "offers"): string {
  return `NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.user_id = ${alias}.owner_id AND d.status = 'agendada')`;
}

/** The offers anyone looking for a home sees: published, of an account that stays. */
const SHOWN = `status = 'publicada' AND ${ownerStaysSql()}`;

/**
 * The conditions every search applies (not the page's cursor), with their values. A place typed
 * as a person types it matches ignoring case and accents, by the start of its name: "rio" finds
 * Rio de Janeiro, "sao paulo" São Paulo.
 */
function searchConditions(q: SearchFilterPart, p: (v: unknown) => string): string[] {
  const where = [SHOWN];
  if (q.uf) where.push(`uf = ${p(q.uf)}`);
  if (q.cidade) where.push(`cidade_norm LIKE ${p(`${likeLiteral(normalizeText(q.cidade))}%`)}`);
  if (q.bairro) where.push(`bairro_norm LIKE ${p(`${likeLiteral(normalizeText(q.bairro))}%`)}`);
  if (q.precoMin !== undefined) where.push(`total >= ${p(q.precoMin)}`);
  if (q.precoMax !== undefined) where.push(`total <= ${p(q.precoMax)}`);
  if (q.quartos !== undefined) where.push(`quartos >= ${p(q.quartos)}`);
  if (q.tipo) where.push(`tipo = ${p(q.tipo)}`);
  if (q.pets === true) where.push("aceita_pets");
  if (q.mobiliado !== undefined) where.push(q.mobiliado ? "mobiliado" : "NOT mobiliado");
  const words = searchWords(q.q);
  if (words.length > 0)
    where.push(`search_tsv @@ to_tsquery('simple', ${p(words.map((w) => `${w}:*`).join(" & "))})`);
  return where;
}

function parameters() {
  const values: unknown[] = [];
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  return { values, p };
}

/** The filters of a search, without its sort and page. */
type SearchFilterPart = Omit<SearchQuery, "sort" | "limit" | "cursor" | "exato">;

/** How many published offers the search finds in all (its first page says it). */
export function buildCountSql(q: SearchFilterPart): { text: string; values: unknown[] } {
  const { values, p } = parameters();
  return {
    text: `SELECT count(*)::int AS n FROM offers WHERE ${searchConditions(q, p).join(" AND ")}`,
    values,
  };
}

export function buildSearchSql(q: SearchQuery): { text: string; values: unknown[] } {
  const { values, p } = parameters();
  const where = searchConditions(q, p);

  const { key, dir } = SORTS[q.sort];
  // The recency indexes are DESC NULLS LAST (drizzle's DESC): the query says the same, or its exact
  // reverse (ASC NULLS FIRST, scanned backwards), to use them. The other sort keys are NOT NULL.
  const nulls = key === "published_at" ? (dir === "DESC" ? " NULLS LAST" : " NULLS FIRST") : "";
  if (q.cursor) {
    const c = decodeCursor(q.cursor, q.sort);
    const { cast } = SORT_KEYS[key];
    where.push(`(${key}, id) ${dir === "ASC" ? ">" : "<"} (${p(c.v)}${cast}, ${p(c.id)}::uuid)`);
  }
  const text = `SELECT ${SEARCH_COLUMNS} FROM offers WHERE ${where.join(" AND ")}
    ORDER BY ${key} ${dir}${nulls}, id ${dir}${nulls} LIMIT ${p(q.limit + 1)}`;
  return { text, values };
}

/** The columns of a search card (SEARCH_COLUMNS). */
export type SearchColumn =
  | "id"
  | "tipo"
  | "bairro"
  | "cidade"
  | "uf"
  | "quartos"
  | "banheiros"
  | "vagas"
  | "area_m2"
  | "mobiliado"
  | "aceita_pets"
  | "aluguel"
  | "total"
  | "capa";

/**
 * A row of the search: the card's columns and the recency cursor's text. Only published offers
 * are searched, and an offer is published with its publication time (the owner's publish sets it).
 */
export type SearchRow = Pick<RowOf<typeof offers>, SearchColumn> & {
  published_at: Date;
  published_cursor: string;
  capa_info: PhotoInfoColumn;
};

/**
 * An offer's card as the API shows it, from its card columns (the search's, and the favourites'
 * and "Para você" of the preferences). An offer not published (a favourite since closed) shows
 * when it was written.
 */
export function offerCardOf(
  r: Pick<RowOf<typeof offers>, SearchColumn> & {
    published_at: Date | null;
    created_at?: Date;
    /** The cover made for the screen (decision 024); left out by lists that draw no photo. */
    capa_info?: PhotoInfoColumn;
  },
) {
  return {
    id: r.id,
    tipo: r.tipo,
    bairro: r.bairro,
    cidade: r.cidade,
    uf: r.uf,
    quartos: r.quartos,
    banheiros: r.banheiros,
    vagas: r.vagas,
    areaM2: r.area_m2,
    mobiliado: r.mobiliado,
    aceitaPets: r.aceita_pets,
    aluguel: r.aluguel,
    total: r.total,
    capa: r.capa,
    capaInfo: r.capa_info ? photoInfoOf(r.capa_info) : null,
    publishedAt: (r.published_at ?? r.created_at ?? new Date(0)).toISOString(),
  };
}

/** The page of cards and the cursor of the next page, from the rows of buildSearchSql. */
export function searchPage(q: SearchQuery, rows: SearchRow[]) {
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > q.limit && last
      ? encodeCursor({ s: q.sort, v: SORT_KEYS[SORTS[q.sort].key].of(last), id: last.id })
      : null;
  return {
    items: page.map(offerCardOf),
    nextCursor,
  };
}

/**
 * One page of the search (cards and the next page's cursor), as the API answers it, with how
 * many offers it finds in all on the first page (null on the next ones: the person already knows).
 * A place or word typed with a slip is read as the closest place with offers (`correcao`, every
 * page alike); a first page that finds nothing offers the searches close to it (`alternativas`).
 */
export async function searchOffers(c: Queryable, q: SearchQuery): Promise<SearchResult> {
  const fix = q.exato ? null : await correctionOf(c, q);
  const used = fix ? { ...q, ...fix.changes } : q;
  const page = await searchPageOf(c, used);
  const alternativas = page.total === 0 ? await alternativesOf(c, q, used) : [];
  return { ...page, correcao: fix ? fix.correcao : null, alternativas };
}

async function searchPageOf(c: Queryable, q: SearchQuery) {
  const { text, values } = buildSearchSql(q);
  const [{ rows }, total] = await Promise.all([
    c.query<SearchRow>({ text, values }),
    q.cursor ? Promise.resolve(null) : countOf(c, q),
  ]);
  return { ...searchPage(q, rows), total };
}

async function countOf(c: Queryable, q: SearchFilterPart): Promise<number> {
  return c.query<{ n: number }>(buildCountSql(q)).then((r) => r.rows[0]?.n ?? 0);
}

/** Whether any offer shown fits these filters. */
async function anyFits(c: Queryable, q: SearchFilterPart): Promise<boolean> {
  const { values, p } = parameters();
  const { rows } = await c.query<{ found: boolean }>({
    text: `SELECT EXISTS (SELECT 1 FROM offers WHERE ${searchConditions(q, p).join(" AND ")}) AS found`,
    values,
  });
  return rows[0]?.found === true;
}

/** The place of a suggestion, without its count. */
const placeOf = ({ cidade, uf, bairro }: SearchPlace): SearchPlace => ({ cidade, uf, bairro });

/** A place's filters: its city and UF, and its bairro or none. */
const placeFilters = (place: SearchPlace) => ({
  cidade: place.cidade,
  uf: place.uf,
  bairro: place.bairro ?? undefined,
});

/**
 * The place to search instead of what was typed (decision 042), or null when the search stands
 * as typed. Only the place and the words decide, never the price or the rest: a city that exists
 * but has nothing under R$ 800 is not "corrected" into another. In turn: a city no offer's city
 * begins with becomes the first place the search box would suggest for it; a bairro no offer of
 * that city has, the first of the city's bairros suggested for it; words that begin no word of
 * any offer there, the first place suggested for them (their place replaces them).
 */
async function correctionOf(
  c: Queryable,
  q: SearchQuery,
): Promise<{ changes: Partial<SearchQuery>; correcao: NonNullable<SearchResult["correcao"]> } | null> {
  if (!q.cidade && !q.bairro && !q.q) return null;
  const place = { uf: q.uf, cidade: q.cidade, bairro: q.bairro, q: q.q };
  if (await anyFits(c, place)) return null;
  const typed: string[] = [];
  let lugar: SearchPlace | null = null;
  const now = { ...place };
  if (now.cidade && !(await anyFits(c, { uf: now.uf, cidade: now.cidade }))) {
    const [best] = await placeCandidates(c, now.cidade, { uf: now.uf, citiesOnly: !!now.bairro }, 1);
    if (!best) return null;
    typed.push(now.cidade);
    lugar = placeOf(best);
    Object.assign(now, placeFilters(best), best.bairro ? {} : { bairro: now.bairro });
  }
  if (now.bairro && !(await anyFits(c, { uf: now.uf, cidade: now.cidade, bairro: now.bairro }))) {
    const [best] = await placeCandidates(
      c,
      now.bairro,
      { uf: now.uf, cidade: now.cidade, bairrosOnly: true },
      1,
    );
    if (!best) return null;
    typed.unshift(now.bairro);
    lugar = placeOf(best);
    Object.assign(now, placeFilters(best));
  }
  if (now.q && !(await anyFits(c, now))) {
    const [best] = await placeCandidates(
      c,
      now.q,
      { uf: now.uf, cidade: now.cidade, bairrosOnly: !!now.cidade },
      1,
    );
    if (!best) return null;
    typed.push(now.q);
    lugar = placeOf(best);
    Object.assign(now, placeFilters(best), { q: undefined });
  }
  if (!lugar) return null;
  return {
    changes: { uf: now.uf, cidade: now.cidade, bairro: now.bairro, q: now.q },
    correcao: { digitado: typed.join(", "), lugar },
  };
}

/** At most this many alternatives to a search that found nothing. */
const ALTERNATIVES = 5;

/**
 * Searches close to one that found nothing, that do find offers: places like the one (or the
 * words) typed, under the same other filters; then the same search without one of its filters
 * (the bairro, the place, the words, a price, the bedrooms, the type, pets, furniture).
 */
async function alternativesOf(
  c: Queryable,
  typed: SearchQuery,
  used: SearchQuery,
): Promise<NonNullable<SearchResult["alternativas"]>> {
  if (used.cursor) return [];
  const found: NonNullable<SearchResult["alternativas"]> = [];
  const seen = new Set<string>();
  const typedPlace = typed.bairro ?? typed.cidade ?? typed.q;
  if (typedPlace) {
    const fromWords = !typed.cidade && !typed.bairro;
    const alike = await placeCandidates(c, typedPlace, { uf: typed.bairro ? typed.uf : undefined }, 4);
    for (const lugar of alike.map(placeOf)) {
      const key = JSON.stringify(lugar);
      if (seen.has(key)) continue;
      seen.add(key);
      const rest = { ...used, ...placeFilters(lugar), ...(fromWords ? { q: undefined } : {}) };
      const ofertas = await countOf(c, rest);
      if (ofertas > 0) found.push({ lugar, sem: fromWords ? ["q"] : [], ofertas });
    }
  }
  const relax: (typeof SEARCH_RELAXABLE)[number][][] = [];
  if (used.bairro) relax.push(["bairro"]);
  if (used.cidade || used.uf || used.bairro) relax.push(["cidade", "uf", "bairro"]);
  for (const key of ["q", "precoMax", "precoMin", "quartos", "tipo", "pets", "mobiliado"] as const)
    if (used[key] !== undefined && used[key] !== "" && !(key === "pets" && !used.pets)) relax.push([key]);
  for (const sem of relax) {
    if (found.length >= ALTERNATIVES) break;
    const rest: SearchFilterPart = { ...used };
    for (const key of sem) delete rest[key];
    const ofertas = await countOf(c, rest);
    if (ofertas > 0) found.push({ lugar: null, sem, ofertas });
  }
  return found.slice(0, ALTERNATIVES);
}

/** A place with published offers, as the search box suggests it: a city, or a bairro of one. */
export interface PlaceSuggestion extends SearchPlace {
  uf: RowOf<typeof offers>["uf"];
  ofertas: number;
}

/**
 * The cities and bairros with published offers whose name (or a word of it) begins with what was
 * typed, ignoring case and accents; the ones with more offers first, at most `limit`. When none
 * does, the ones whose name is most like it (`placeCandidates`).
 */
export async function suggestPlaces(
  c: Queryable,
  typed: string,
  uf: string | undefined,
  limit: number,
): Promise<PlaceSuggestion[]> {
  return placeCandidates(c, typed, { uf }, limit);
}

/**
 * The places `typed` may mean, best first: those whose name (or a word of it) begins with it, the
 * ones with more offers first; when none does, those whose name is like it by trigrams (pg_trgm's
 * `%`: similarity at least pg_trgm.similarity_threshold, 0.3 by default), the closest first: what
 * a name typed with a slip ("Sao Paolo", "Florianopols") meant. The alike are asked only when no
 * name starts with what was typed, so a prefix is never crowded out; the trigram indexes on the
 * published offers' names serve them. The search box suggests these, and the search reads a place
 * it finds nothing for as the first of them (decision 042). Within a UF, a city (the start of its
 * name), cities only or bairros only when asked.
 */
export async function placeCandidates(
  c: Queryable,
  typed: string,
  within: {
    uf?: string | undefined;
    cidade?: string | undefined;
    citiesOnly?: boolean;
    bairrosOnly?: boolean;
  },
  limit: number,
): Promise<PlaceSuggestion[]> {
  const normalized = normalizeText(typed);
  const prefix = likeLiteral(normalized);
  if (!prefix) return [];
  const city = within.cidade ? `${likeLiteral(normalizeText(within.cidade))}%` : null;
  const scope = (uf: string, city: string) =>
    `${SHOWN} AND (${uf}::text IS NULL OR uf = ${uf}) AND (${city}::text IS NULL OR cidade_norm LIKE ${city})`;
  const cities = within.bairrosOnly ? "false" : "true";
  const bairros = within.citiesOnly ? "false" : "true";
  const { rows } = await c.query<PlaceSuggestion>(
    `WITH published AS (
       SELECT cidade, uf, bairro, cidade_norm, bairro_norm FROM offers WHERE ${scope("$3", "$5")}
     )
     SELECT min(cidade) AS cidade, uf, NULL AS bairro, count(*)::int AS ofertas FROM published
       WHERE ${cities} AND (cidade_norm LIKE $1 OR cidade_norm LIKE $2) GROUP BY cidade_norm, uf
     UNION ALL
     SELECT min(cidade), uf, min(bairro), count(*)::int FROM published
       WHERE ${bairros} AND (bairro_norm LIKE $1 OR bairro_norm LIKE $2) GROUP BY cidade_norm, bairro_norm, uf
     ORDER BY ofertas DESC, cidade, bairro NULLS FIRST LIMIT $4`,
    [`${prefix}%`, `% ${prefix}%`, within.uf ?? null, limit, city],
  );
  if (rows.length > 0) return rows;
  const alike = await c.query<PlaceSuggestion>(
    `SELECT cidade, uf, bairro, ofertas FROM (
       SELECT min(cidade) AS cidade, uf, NULL AS bairro, count(*)::int AS ofertas,
              similarity(cidade_norm, $1) AS score
         FROM offers
         WHERE ${cities} AND ${scope("$3", "$4")} AND cidade_norm % $1
         GROUP BY cidade_norm, uf
       UNION ALL
       SELECT min(cidade), uf, min(bairro), count(*)::int, similarity(bairro_norm, $1)
         FROM offers
         WHERE ${bairros} AND ${scope("$3", "$4")} AND bairro_norm % $1
         GROUP BY cidade_norm, bairro_norm, uf
     ) AS alike
     ORDER BY score DESC, ofertas DESC, cidade, bairro NULLS FIRST LIMIT $2`,
    [normalized, limit, within.uf ?? null, city],
  );
  return alike.rows;
}

/** Fresh planner statistics for the search's tables, after a bulk load (the seed). */
export async function analyzeListings(c: Queryable): Promise<void> {
  await c.query("ANALYZE units, offers");
}
