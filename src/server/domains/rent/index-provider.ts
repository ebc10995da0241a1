import { readFile } from "node:fs/promises";
import { LRUCache } from "lru-cache";
import { z } from "zod";

import { type IndexMonth, type ReadjustmentIndex, SGS_SERIES } from "../../../shared/rent/adjustment";

export type { IndexMonth, ReadjustmentIndex };

/**
 * Where the monthly variations of a readjustment index come from. `monthly` answers the months
 * of [from, to] (YYYY-MM) that are published, in order: fewer than asked when the latest is not
 * out yet, never a month made up to fill the gap, since a rent readjusted on a guess is a debt
 * the tenant never agreed to.
 */
export interface IndexProvider {
  readonly name: string;
  monthly(index: ReadjustmentIndex, from: string, to: string): Promise<IndexMonth[]>;
}

/**
 * The months could not be had: the source failed, timed out, answered something unusable, or
 * the operator's file is malformed. Not an AppError: no code in src/shared/errors.ts fits yet,
 * and whoever asks (the adjustment job, a lease's page) decides what a person sees of it.
 */
export class IndexUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "IndexUnavailable";
  }
}

export const SGS_DEFAULT_URL = "https://api.bcb.gov.br";
// SGS is slow on a bad day (504s from its gateway are reported): a yearly adjustment can wait.
const SGS_DEFAULT_TIMEOUT_MS = 15_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const INDEXES: readonly ReadjustmentIndex[] = ["IGP-M", "IPCA", "INPC"];
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function isIndex(value: string): value is ReadjustmentIndex {
  return (INDEXES as readonly string[]).includes(value);
}

/** How many months [from, to] spans, both counted. */
function monthsIn(from: string, to: string): number {
  const [fy, fm] = from.split("-").map(Number) as [number, number];
  const [ty, tm] = to.split("-").map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** A caller's mistake, not the source's: thrown before anyone is asked. */
function checkWindow(index: string, from: string, to: string): void {
  if (!isIndex(index)) throw new RangeError(`unknown readjustment index ${JSON.stringify(index)}`);
  if (!MONTH.test(from) || !MONTH.test(to)) throw new RangeError(`months are YYYY-MM: got ${from}, ${to}`);
  if (from > to) throw new RangeError(`the window ends (${to}) before it starts (${from})`);
}

/**
 * The published form, with a dot: SGS and a pt-BR spreadsheet may write "0,39", and "+0.39" is
 * seen in hand-made files. Anything else (thousands separators, exponents, blanks) is refused
 * rather than guessed at: a misread variation silently changes a rent.
 */
function normalizeValor(raw: string): string | null {
  const text = raw.trim().replace(/^\+/, "").replace(",", ".");
  return /^-?\d+(\.\d+)?$/.test(text) ? text : null;
}

/**
 * Months in [from, to], one per month, in order. The same month twice with the same value is
 * one; with two values it is not a thing to choose between.
 */
function collect(
  entries: Iterable<IndexMonth & { where: string }>,
  from: string,
  to: string,
  source: string,
): IndexMonth[] {
  const byMonth = new Map<string, IndexMonth & { where: string }>();
  for (const entry of entries) {
    const seen = byMonth.get(entry.mes);
    if (seen && seen.valor !== entry.valor)
      throw new IndexUnavailable(
        `${source}: ${entry.mes} has two values, ${seen.valor} (${seen.where}) and ${entry.valor} (${entry.where})`,
      );
    byMonth.set(entry.mes, entry);
  }
  return [...byMonth.values()]
    .filter((m) => m.mes >= from && m.mes <= to)
    .sort((a, b) => (a.mes < b.mes ? -1 : 1))
    .map(({ mes, valor }) => ({ mes, valor }));
}

// ---------------------------------------------------------------------------------------------
// Banco Central's SGS

const sgsAnswer = z.array(
  z.object({
    data: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/),
    valor: z.string(),
  }),
);

/**
 * What SGS said when it sent an object instead of data: `{ error, message, syntax }` (406, a
 * daily series' window over 10 years) or `{ erro: { statusCode, detail } }` (400). Null when the
 * body is not such an object.
 */
function sgsRefusal(body: unknown): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const said = "error" in body ? body.error : "erro" in body ? body.erro : undefined;
  if (said === undefined) return null;
  if (typeof said === "string") return said;
  if (typeof said === "object" && said !== null && "detail" in said && typeof said.detail === "string")
    return said.detail;
  return JSON.stringify(said);
}

export interface SgsIndexProviderOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The longest the whole request (answer and body) may take. */
  timeoutMs?: number;
}

/**
 * Banco Central's SGS JSON API (api.bcb.gov.br, no key): IGP-M 189, IPCA 433, INPC 188, each a
 * monthly series dated the 1st of its month. Its quirks, and what is done about each:
 * - an answer outside the window: when a window holds no data SGS has been seen answering the
 *   series' last earlier value instead (reported in 2019–2020, rafpyprog/pySGS#32), so every
 *   answer is filtered to [from, to] here;
 * - a refused query answers a JSON object (`{ error, message, syntax }` for a daily series'
 *   window over 10 years, with 406; `{ erro: { statusCode, detail } }` with 400), an HTML or XML
 *   page, or a 404/5xx: all become IndexUnavailable with what SGS said;
 * - values with a comma decimal, duplicated dates: normalized, deduplicated (two different
 *   values for one month are refused).
 * The 10-year limit is for daily series only; these are monthly, so a window is never split.
 */
export function sgsIndexProvider(options: SgsIndexProviderOptions = {}): IndexProvider {
  const baseUrl = (options.baseUrl ?? SGS_DEFAULT_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? SGS_DEFAULT_TIMEOUT_MS;
  const fetchFn = options.fetch ?? fetch;

  async function ask(index: ReadjustmentIndex, from: string, to: string): Promise<IndexMonth[]> {
    const series = SGS_SERIES[index];
    const url = `${baseUrl}/dados/serie/bcdata.sgs.${series}/dados?${sgsWindow(from, to)}`;
    const source = `SGS series ${series} (${index})`;
    const { status, text } = await getText(fetchFn, url, timeoutMs, source);

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new IndexUnavailable(`${source} answered ${status} with something not JSON: ${excerpt(text)}`);
    }
    const refusal = sgsRefusal(body);
    if (refusal !== null) throw new IndexUnavailable(`${source} refused the query (${status}): ${refusal}`);
    if (status !== 200) throw new IndexUnavailable(`${source} answered ${status}: ${excerpt(text)}`);
    const parsed = sgsAnswer.safeParse(body);
    if (!parsed.success)
      throw new IndexUnavailable(`${source} answered an unexpected shape: ${z.prettifyError(parsed.error)}`);

    const entries = parsed.data.map((row, i) => {
      const [, mm, yyyy] = row.data.split("/");
      const mes = `${yyyy}-${mm}`;
      const valor = normalizeValor(row.valor);
      if (!MONTH.test(mes) || valor === null)
        throw new IndexUnavailable(`${source}: item ${i} is not a month and a value: ${JSON.stringify(row)}`);
      return { mes, valor, where: `item ${i}` };
    });
    return collect(entries, from, to, source);
  }

  // A lease's page shows its coming adjustment, so the same window is asked again and again. A
  // published month's variation does not change afterwards, so a full answer is kept a day; a
  // partial one is not kept at all, since the missing month may come out any day.
  const full = new LRUCache<string, IndexMonth[]>({ max: 1_000, ttl: DAY_MS });

  return {
    name: "sgs",
    async monthly(index, from, to) {
      checkWindow(index, from, to);
      const key = `${index} ${from} ${to}`;
      const kept = full.get(key);
      if (kept) return kept.map((m) => ({ ...m }));
      const months = await ask(index, from, to);
      if (months.length === monthsIn(from, to))
        full.set(
          key,
          months.map((m) => ({ ...m })),
        );
      return months;
    },
  };
}

/** `dataInicial` the 1st of `from`, `dataFinal` the last day of `to`, written as SGS documents them. */
function sgsWindow(from: string, to: string): string {
  const [fy, fm] = from.split("-");
  const [ty, tm] = to.split("-").map(Number) as [number, number];
  // Day 0 of the next month is the last of this one (UTC: no time zone moves it).
  const lastDay = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  const dd = String(lastDay).padStart(2, "0");
  const mm = String(tm).padStart(2, "0");
  // Slashes left as they are, as in Banco Central's own examples; they are legal in a query.
  return `formato=json&dataInicial=01/${fm}/${fy}&dataFinal=${dd}/${mm}/${ty}`;
}

/**
 * One GET with the whole exchange (headers and body) under one deadline. The deadline is also
 * raced here, not only handed to `fetch`: an injected fetch that ignores its signal must not
 * hold its caller forever.
 */
async function getText(
  fetchFn: typeof fetch,
  url: string,
  timeoutMs: number,
  source: string,
): Promise<{ status: number; text: string }> {
  const signal = AbortSignal.timeout(timeoutMs);
  let onAbort: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([
      (async () => {
        const res = await fetchFn(url, { headers: { accept: "application/json" }, signal });
        return { status: res.status, text: await res.text() };
      })(),
      deadline,
    ]);
  } catch (err) {
    if (signal.aborted)
      throw new IndexUnavailable(`${source} did not answer within ${timeoutMs} ms`, { cause: err });
    throw new IndexUnavailable(`${source} could not be reached: ${(err as Error).message}`, { cause: err });
  } finally {
    if (onAbort) signal.removeEventListener("abort", onAbort);
  }
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(flat.length > 120 ? `${flat.slice(0, 120)}…` : flat);
}

// ---------------------------------------------------------------------------------------------
// The operator's CSV

/**
 * A CSV the operator keeps where the server has no internet: a header `indice,mes,valor`, then
 * one line per index and month (`IPCA,2024-11,0.39`). A pt-BR spreadsheet saves `;` between
 * fields and a comma in the value (`IPCA;2024-11;0,39`), or quotes it (`IPCA,2024-11,"0,39"`):
 * all three are read. The file is read at every call, so the operator's update counts at once;
 * one malformed line refuses the whole file, naming the line, rather than reading around it.
 */
export function csvIndexProvider(options: { path: string }): IndexProvider {
  return {
    name: "csv",
    async monthly(index, from, to) {
      checkWindow(index, from, to);
      let text: string;
      try {
        text = await readFile(options.path, "utf8");
      } catch (err) {
        throw new IndexUnavailable(
          `the index file ${options.path} could not be read: ${(err as Error).message}`,
          {
            cause: err,
          },
        );
      }
      const rows = parseIndexCsv(text, options.path);
      return collect(
        rows.filter((r) => r.indice === index),
        from,
        to,
        `the index file ${options.path} (${index})`,
      );
    },
  };
}

function parseIndexCsv(
  text: string,
  path: string,
): Array<IndexMonth & { indice: ReadjustmentIndex; where: string }> {
  // A spreadsheet saving "CSV UTF-8" starts the file with a byte-order mark.
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const bad = (n: number, why: string) => new IndexUnavailable(`${path}, line ${n}: ${why}`);
  const headerAt = lines.findIndex((l) => l.trim() !== "");
  if (headerAt < 0) throw new IndexUnavailable(`${path} is empty: expected the header indice,mes,valor`);
  const header = lines[headerAt] ?? "";
  const separator = header.includes(";") ? ";" : ",";
  const names = splitCsvLine(header, separator)?.map((f) => f.trim().toLowerCase());
  if (names?.join(",") !== "indice,mes,valor")
    throw bad(headerAt + 1, `expected the header indice,mes,valor, found ${JSON.stringify(header)}`);

  const rows: Array<IndexMonth & { indice: ReadjustmentIndex; where: string }> = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.trim() === "") continue;
    const n = i + 1;
    const fields = splitCsvLine(line, separator);
    if (!fields) throw bad(n, "an unclosed quote");
    if (fields.length !== 3)
      throw bad(n, `expected 3 fields (indice${separator}mes${separator}valor), found ${fields.length}`);
    const [indice, mes, valor] = fields.map((f) => f.trim()) as [string, string, string];
    if (!isIndex(indice)) throw bad(n, `unknown index ${JSON.stringify(indice)} (IGP-M, IPCA or INPC)`);
    if (!MONTH.test(mes)) throw bad(n, `the month ${JSON.stringify(mes)} is not YYYY-MM`);
    const normalized = normalizeValor(valor);
    if (normalized === null) throw bad(n, `the value ${JSON.stringify(valor)} is not a decimal number`);
    rows.push({ indice, mes, valor: normalized, where: `line ${n}` });
  }
  return rows;
}

/** RFC 4180 fields of one line (quotes, doubled quotes inside); null for an unclosed quote. */
function splitCsvLine(line: string, separator: string): string[] | null {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      fields.push(field);
      field = "";
    } else field += c;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

// ---------------------------------------------------------------------------------------------
// In memory

/** Months held in memory, for tests and the seed. */
export function fixedIndexProvider(months: Record<ReadjustmentIndex, IndexMonth[]>): IndexProvider {
  return {
    name: "fixed",
    async monthly(index, from, to) {
      checkWindow(index, from, to);
      return collect(
        months[index].map((m, i) => ({ ...m, where: `entry ${i}` })),
        from,
        to,
        `the fixed months (${index})`,
      );
    },
  };
}

/** The provider the operator chose (INDEX_PROVIDER): SGS by default, a CSV where there is no internet. */
export function indexProviderFrom(config: {
  INDEX_PROVIDER: "sgs" | "csv";
  SGS_URL?: string;
  INDEX_CSV?: string;
}): IndexProvider {
  if (config.INDEX_PROVIDER === "csv") {
    // Said at start-up, not at the first readjustment a month later.
    if (!config.INDEX_CSV) throw new Error("INDEX_PROVIDER=csv needs INDEX_CSV, the path of the index file");
    return csvIndexProvider({ path: config.INDEX_CSV });
  }
  return sgsIndexProvider({ baseUrl: config.SGS_URL ?? SGS_DEFAULT_URL });
}
