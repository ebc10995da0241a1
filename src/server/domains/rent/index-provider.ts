import { readFile } from "node:fs/promises";
import { LRUCache } from "lru-cache";
import { z } from "zod";

import { addMonths } from "../../../shared/dates";
import type { SavingsRate } from "../../../shared/lease/deposit";
import { type IndexMonth, type ReadjustmentIndex, SGS_SERIES } from "../../../shared/rent/adjustment";
import { parseDay, plusDays } from "../../../shared/rent/calendar";

export type { IndexMonth, ReadjustmentIndex, SavingsRate };

/**
 * Where the monthly variations of a readjustment index, and the savings rates a cash deposit
 * earns, come from. `monthly` answers the months of [from, to] (YYYY-MM) that are published, in
 * order: fewer than asked when the latest is not out yet, never a month made up to fill the gap,
 * since a rent readjusted on a guess is a debt the tenant never agreed to. `savings` is the same
 * for the savings rate's days.
 */
export interface IndexProvider {
  readonly name: string;
  monthly(index: ReadjustmentIndex, from: string, to: string): Promise<IndexMonth[]>;
  /**
   * The savings rates (SGS series 195, "Depósitos de poupança (a partir de 04/05/2012) -
   * Rentabilidade no período") published for the anniversary days in [from, to] (YYYY-MM-DD), in
   * order; days not yet published are absent (never made up).
   */
  savings(from: string, to: string): Promise<SavingsRate[]>;
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
/** "Depósitos de poupança (a partir de 04/05/2012) - Rentabilidade no período": one value a calendar day. */
export const SGS_SAVINGS_SERIES = 195;
/** The savings rate's name in the operator's CSV. */
export const CSV_SAVINGS_INDEX = "poupanca";
// SGS is slow on a bad day (504s from its gateway are reported): a yearly adjustment can wait.
const SGS_DEFAULT_TIMEOUT_MS = 15_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const INDEXES: readonly ReadjustmentIndex[] = ["IGP-M", "IPCA", "INPC"];
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
// SGS serves a daily series at most ten years a request (python-bcb#19): each request asks for
// ten years less a day, short of SGS's own longest example (29/03/2015 to 29/03/2025).
const SGS_DAILY_WINDOW_MONTHS = 120;

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

/** A real calendar day written YYYY-MM-DD. */
function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  try {
    parseDay(text);
    return true;
  } catch {
    return false;
  }
}

/** The same for a window of days. */
function checkDays(from: string, to: string): void {
  if (!isDay(from) || !isDay(to)) throw new RangeError(`days are YYYY-MM-DD: got ${from}, ${to}`);
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
 * A savings rate as published: `normalizeValor`'s, and never below zero (the rate is the TR, never
 * negative, plus 0.5 % or 70 % of the Selic: a negative one is a typo, not a month to pay).
 */
function normalizeRate(raw: string): string | null {
  const valor = normalizeValor(raw);
  return valor === null || valor.startsWith("-") ? null : valor;
}

/**
 * The values in [from, to], one per month (or day), in order, by `key` (YYYY-MM or YYYY-MM-DD,
 * which sort as dates do). The same key twice with the same value is one; with two values it is
 * not a thing to choose between.
 */
function inWindow<T extends { valor: string; where: string }>(
  entries: Iterable<T>,
  key: (entry: T) => string,
  from: string,
  to: string,
  source: string,
): T[] {
  const byKey = new Map<string, T>();
  for (const entry of entries) {
    const k = key(entry);
    const seen = byKey.get(k);
    if (seen && seen.valor !== entry.valor)
      throw new IndexUnavailable(
        `${source}: ${k} has two values, ${seen.valor} (${seen.where}) and ${entry.valor} (${entry.where})`,
      );
    byKey.set(k, entry);
  }
  return [...byKey.entries()]
    .filter(([k]) => k >= from && k <= to)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, entry]) => entry);
}

function collect(
  entries: Iterable<IndexMonth & { where: string }>,
  from: string,
  to: string,
  source: string,
): IndexMonth[] {
  return inWindow(entries, (m) => m.mes, from, to, source).map(({ mes, valor }) => ({ mes, valor }));
}

function collectDays(
  entries: Iterable<SavingsRate & { where: string }>,
  from: string,
  to: string,
  source: string,
): SavingsRate[] {
  return inWindow(entries, (r) => r.data, from, to, source).map(({ data, valor }) => ({ data, valor }));
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
 * monthly series dated the 1st of its month, and the savings rate 195, a daily series (each day's
 * value is what the month starting that day pays). Its quirks, and what is done about each:
 * - an answer outside the window: when a window holds no data SGS has been seen answering the
 *   series' last earlier value instead (reported in 2019–2020, rafpyprog/pySGS#32), so every
 *   answer is filtered to [from, to] here;
 * - a refused query answers a JSON object (`{ error, message, syntax }` for a daily series'
 *   window over 10 years, with 406; `{ erro: { statusCode, detail } }` with 400), an HTML or XML
 *   page, or a 404/5xx: all become IndexUnavailable with what SGS said;
 * - values with a comma decimal, duplicated dates: normalized, deduplicated (two different
 *   values for one month or day are refused).
 * The 10-year limit is for daily series only: the monthly indexes are asked in one request, the
 * savings rate's window is split into requests of ten years less a day, asked one after another.
 */
export function sgsIndexProvider(options: SgsIndexProviderOptions = {}): IndexProvider {
  const baseUrl = (options.baseUrl ?? SGS_DEFAULT_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? SGS_DEFAULT_TIMEOUT_MS;
  const fetchFn = options.fetch ?? fetch;

  /** One request's rows, as SGS wrote them, once SGS is known to have answered data. */
  async function ask(
    series: number,
    query: string,
    source: string,
  ): Promise<Array<{ data: string; valor: string }>> {
    const url = `${baseUrl}/dados/serie/bcdata.sgs.${series}/dados?${query}`;
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
    return parsed.data;
  }

  async function askMonths(index: ReadjustmentIndex, from: string, to: string): Promise<IndexMonth[]> {
    const series = SGS_SERIES[index];
    const source = `SGS series ${series} (${index})`;
    const rows = await ask(series, sgsWindow(from, to), source);
    const entries = rows.map((row, i) => {
      const [, mm, yyyy] = row.data.split("/");
      const mes = `${yyyy}-${mm}`;
      const valor = normalizeValor(row.valor);
      if (!MONTH.test(mes) || valor === null)
        throw new IndexUnavailable(`${source}: item ${i} is not a month and a value: ${JSON.stringify(row)}`);
      return { mes, valor, where: `item ${i}` };
    });
    return collect(entries, from, to, source);
  }

  async function askDays(from: string, to: string): Promise<SavingsRate[]> {
    const source = `SGS series ${SGS_SAVINGS_SERIES} (savings)`;
    const entries: Array<SavingsRate & { where: string }> = [];
    for (const [start, end] of dailyWindows(from, to)) {
      const rows = await ask(
        SGS_SAVINGS_SERIES,
        `formato=json&dataInicial=${sgsDay(start)}&dataFinal=${sgsDay(end)}`,
        source,
      );
      const where = (i: number) => `item ${i} of ${sgsDay(start)}–${sgsDay(end)}`;
      rows.forEach((row, i) => {
        const [dd, mm, yyyy] = row.data.split("/");
        const data = `${yyyy}-${mm}-${dd}`;
        const valor = normalizeRate(row.valor);
        if (!isDay(data) || valor === null)
          throw new IndexUnavailable(
            `${source}: ${where(i)} is not a day and a rate: ${JSON.stringify(row)}`,
          );
        entries.push({ data, valor, where: where(i) });
      });
    }
    return collectDays(entries, from, to, source);
  }

  // A lease's page shows its coming adjustment, so the same window is asked again and again. A
  // published month's variation does not change afterwards, so a full answer is kept a day; a
  // partial one is not kept at all, since the missing month may come out any day.
  const full = new LRUCache<string, IndexMonth[]>({ max: 1_000, ttl: DAY_MS });
  // The savings rates the same way. Which days SGS will never publish is not said (a month's
  // 29th–31st are no one's anniversary), so "full" is an answer that reaches `to` itself: SGS
  // publishes in date order, so nothing before that day is still to come.
  const fullDays = new LRUCache<string, SavingsRate[]>({ max: 1_000, ttl: DAY_MS });

  return {
    name: "sgs",
    async monthly(index, from, to) {
      checkWindow(index, from, to);
      const key = `${index} ${from} ${to}`;
      const kept = full.get(key);
      if (kept) return kept.map((m) => ({ ...m }));
      const months = await askMonths(index, from, to);
      if (months.length === monthsIn(from, to))
        full.set(
          key,
          months.map((m) => ({ ...m })),
        );
      return months;
    },
    async savings(from, to) {
      checkDays(from, to);
      const key = `${from} ${to}`;
      const kept = fullDays.get(key);
      if (kept) return kept.map((r) => ({ ...r }));
      const rates = await askDays(from, to);
      if (rates.at(-1)?.data === to)
        fullDays.set(
          key,
          rates.map((r) => ({ ...r })),
        );
      return rates;
    },
  };
}

/** [from, to] cut into SGS's daily windows: each ten years less a day, the last up to `to`. */
function dailyWindows(from: string, to: string): Array<[string, string]> {
  const windows: Array<[string, string]> = [];
  for (let start = from; start <= to; ) {
    const longest = plusDays(addMonths(start, SGS_DAILY_WINDOW_MONTHS), -1);
    const end = longest < to ? longest : to;
    windows.push([start, end]);
    start = plusDays(end, 1);
  }
  return windows;
}

/** YYYY-MM-DD as SGS writes a day, dd/MM/yyyy (slashes left as they are, as in its examples). */
function sgsDay(day: string): string {
  const [yyyy, mm, dd] = day.split("-");
  return `${dd}/${mm}/${yyyy}`;
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
 * one line per index and month (`IPCA,2024-11,0.39`), and for the savings rate one line per
 * anniversary day, the index `poupanca` with the day in the same column (`poupanca,2023-11-01,0.5779`,
 * SGS series 195's value for that day). A pt-BR spreadsheet saves `;` between fields and a comma
 * in the value (`IPCA;2024-11;0,39`), or quotes it (`IPCA,2024-11,"0,39"`): all three are read.
 * The file is read at every call, so the operator's update counts at once; one malformed line
 * refuses the whole file, naming the line, rather than reading around it.
 */
export function csvIndexProvider(options: { path: string }): IndexProvider {
  async function rows(): Promise<CsvEntry[]> {
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
    return parseIndexCsv(text, options.path);
  }
  return {
    name: "csv",
    async monthly(index, from, to) {
      checkWindow(index, from, to);
      const months = (await rows()).flatMap((r) => (r.indice === index ? [r] : []));
      return collect(months, from, to, `the index file ${options.path} (${index})`);
    },
    async savings(from, to) {
      checkDays(from, to);
      const days = (await rows()).flatMap((r) => (r.indice === CSV_SAVINGS_INDEX ? [r] : []));
      return collectDays(days, from, to, `the index file ${options.path} (${CSV_SAVINGS_INDEX})`);
    },
  };
}

type CsvEntry =
  | (IndexMonth & { indice: ReadjustmentIndex; where: string })
  | (SavingsRate & { indice: typeof CSV_SAVINGS_INDEX; where: string });

function parseIndexCsv(text: string, path: string): CsvEntry[] {
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

  const rows: CsvEntry[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.trim() === "") continue;
    const n = i + 1;
    const fields = splitCsvLine(line, separator);
    if (!fields) throw bad(n, "an unclosed quote");
    if (fields.length !== 3)
      throw bad(n, `expected 3 fields (indice${separator}mes${separator}valor), found ${fields.length}`);
    const [indice, mes, valor] = fields.map((f) => f.trim()) as [string, string, string];
    if (indice === CSV_SAVINGS_INDEX) {
      if (!isDay(mes))
        throw bad(
          n,
          `the day ${JSON.stringify(mes)} is not YYYY-MM-DD (poupanca is given by anniversary day)`,
        );
      const rate = normalizeRate(valor);
      if (rate === null)
        throw bad(n, `the rate ${JSON.stringify(valor)} is not a decimal number of zero or more`);
      rows.push({ indice, data: mes, valor: rate, where: `line ${n}` });
      continue;
    }
    if (!isIndex(indice))
      throw bad(n, `unknown index ${JSON.stringify(indice)} (IGP-M, IPCA, INPC or ${CSV_SAVINGS_INDEX})`);
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

/** Months and savings rates held in memory, for tests and the seed. */
export function fixedIndexProvider(
  months: Record<ReadjustmentIndex, IndexMonth[]>,
  savings: readonly SavingsRate[] = [],
): IndexProvider {
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
    async savings(from, to) {
      checkDays(from, to);
      return collectDays(
        savings.map((r, i) => ({ ...r, where: `entry ${i}` })),
        from,
        to,
        "the fixed savings rates",
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
