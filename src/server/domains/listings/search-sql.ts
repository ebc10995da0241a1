import { normalizeText, type SearchQuery } from "../../../shared/contracts/listings";
import { AppError, errorMessage } from "../../../shared/errors";

/*
 * The search query, as SQL. The API and the bench's bare baseline server both run exactly what
 * this builds, so that the comparison measures the framework, not the query.
 */

export const SEARCH_COLUMNS = `id, tipo, bairro, cidade, uf, quartos, banheiros, vagas, area_m2, mobiliado, aceita_pets,
  aluguel, total, capa, published_at, published_at::text AS published_cursor`;

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

/**
 * The cursor of a page, as encodeCursor wrote it. Anything else (another sort's, forged, or a
 * value PostgreSQL would not take: a 37-digit price, a dash-only id, year 275760) is a 400, never
 * a database error.
 */
function decodeCursor(token: string, sort: SearchQuery["sort"]): Cursor {
  try {
    const c = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as Cursor;
    const valueOk =
      sort === "recentes" ? isTimestamp(c.v) : Number.isSafeInteger(c.v) && (c.v as number) >= 0;
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

export function buildSearchSql(q: SearchQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where = ["status = 'publicada'"];
  if (q.uf) where.push(`uf = ${p(q.uf)}`);
  if (q.cidade) where.push(`cidade_norm = ${p(normalizeText(q.cidade))}`);
  if (q.bairro) where.push(`bairro_norm = ${p(normalizeText(q.bairro))}`);
  if (q.precoMin !== undefined) where.push(`total >= ${p(q.precoMin)}`);
  if (q.precoMax !== undefined) where.push(`total <= ${p(q.precoMax)}`);
  if (q.quartos !== undefined) where.push(`quartos >= ${p(q.quartos)}`);
  if (q.tipo) where.push(`tipo = ${p(q.tipo)}`);
  if (q.pets === true) where.push("aceita_pets");
  if (q.mobiliado !== undefined) where.push(q.mobiliado ? "mobiliado" : "NOT mobiliado");
  const words = searchWords(q.q);
  if (words.length > 0)
    where.push(`search_tsv @@ to_tsquery('simple', ${p(words.map((w) => `${w}:*`).join(" & "))})`);

  const [key, dir] =
    q.sort === "preco"
      ? (["total", "ASC"] as const)
      : q.sort === "preco_desc"
        ? (["total", "DESC"] as const)
        : (["published_at", "DESC"] as const);
  // The recency indexes are DESC NULLS LAST (drizzle's DESC); the query must say the same to use them.
  const nulls = key === "published_at" ? " NULLS LAST" : "";
  if (q.cursor) {
    const c = decodeCursor(q.cursor, q.sort);
    const cast = key === "published_at" ? "::timestamptz" : "::bigint";
    where.push(`(${key}, id) ${dir === "ASC" ? ">" : "<"} (${p(c.v)}${cast}, ${p(c.id)}::uuid)`);
  }
  const text = `SELECT ${SEARCH_COLUMNS} FROM offers WHERE ${where.join(" AND ")}
    ORDER BY ${key} ${dir}${nulls}, id ${dir}${nulls} LIMIT ${p(q.limit + 1)}`;
  return { text, values };
}

export interface SearchRow {
  id: string;
  tipo: string;
  bairro: string;
  cidade: string;
  uf: string;
  quartos: number;
  banheiros: number;
  vagas: number;
  area_m2: number;
  mobiliado: boolean;
  aceita_pets: boolean;
  aluguel: string | number;
  total: string | number;
  capa: string | null;
  published_at: Date;
  published_cursor: string;
}

/** The page of cards and the cursor of the next page, from the rows of buildSearchSql. */
export function searchPage(q: SearchQuery, rows: SearchRow[]) {
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > q.limit && last
      ? encodeCursor({
          s: q.sort,
          v: q.sort === "recentes" ? last.published_cursor : Number(last.total),
          id: last.id,
        })
      : null;
  return {
    items: page.map((r) => ({
      id: r.id,
      tipo: r.tipo as never,
      bairro: r.bairro,
      cidade: r.cidade,
      uf: r.uf as never,
      quartos: r.quartos,
      banheiros: r.banheiros,
      vagas: r.vagas,
      areaM2: r.area_m2,
      mobiliado: r.mobiliado,
      aceitaPets: r.aceita_pets,
      aluguel: Number(r.aluguel),
      total: Number(r.total),
      capa: r.capa,
      publishedAt: r.published_at.toISOString(),
    })),
    nextCursor,
  };
}
