import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SgsPoint, startFakeSgs } from "../../../../tests/support/fake-sgs";
import { SAVINGS_2016, SAVINGS_RATES } from "../../../../tests/support/sgs-savings";
import { depositReturn, type SavingsRate, savingsMonths } from "../../../shared/lease/deposit";
import { IGPM_2023, IPCA_2024 } from "../../../shared/rent/published-indices.fixture";
import {
  CSV_SAVINGS_INDEX,
  csvIndexProvider,
  fixedIndexProvider,
  type IndexMonth,
  type IndexProvider,
  IndexUnavailable,
  indexProviderFrom,
  SGS_DEFAULT_URL,
  sgsIndexProvider,
} from "./index-provider";

const sgsPoints = (year: number, values: string[]): SgsPoint[] =>
  values.map((valor, i) => ({ data: `01/${String(i + 1).padStart(2, "0")}/${year}`, valor }));
const months = (year: number, values: string[]): IndexMonth[] =>
  values.map((valor, i) => ({ mes: `${year}-${String(i + 1).padStart(2, "0")}`, valor }));
/** The known savings rates (tests/support/sgs-savings.ts) of the days in [from, to]. */
const rates = (from: string, to: string): SavingsRate[] =>
  SAVINGS_RATES.filter((r) => r.data >= from && r.data <= to).map((r) => ({ ...r }));
const RATES_2016: SavingsRate[] = SAVINGS_2016.map((valor, i) => ({
  data: `2016-${String(i + 1).padStart(2, "0")}-01`,
  valor,
}));

/** A fetch that answers `body` with `status`, for the answers the fake does not give. */
const answering =
  (status: number, body: string, contentType = "application/json"): typeof fetch =>
  async () =>
    new Response(body, { status, headers: { "content-type": contentType } });

let fake: Awaited<ReturnType<typeof startFakeSgs>>;
beforeAll(async () => {
  // IPCA only until October 2024: November and December are "not yet published".
  fake = await startFakeSgs({
    433: sgsPoints(2024, IPCA_2024.slice(0, 10)),
    189: sgsPoints(2023, IGPM_2023),
  });
});
afterAll(async () => {
  await fake?.close();
});

describe("sgsIndexProvider against a fake SGS", () => {
  it("asks for the window from the 1st of `from` to the last day of `to`, as SGS documents it", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    const before = fake.requests.length;
    await sgs.monthly("IGP-M", "2023-01", "2023-02");
    await sgs.monthly("IPCA", "2024-02", "2024-02");
    await sgs.monthly("IGP-M", "2023-04", "2023-12");
    expect(fake.requests.slice(before)).toEqual([
      "/dados/serie/bcdata.sgs.189/dados?formato=json&dataInicial=01/01/2023&dataFinal=28/02/2023",
      // 2024 is a leap year.
      "/dados/serie/bcdata.sgs.433/dados?formato=json&dataInicial=01/02/2024&dataFinal=29/02/2024",
      "/dados/serie/bcdata.sgs.189/dados?formato=json&dataInicial=01/04/2023&dataFinal=31/12/2023",
    ]);
  });

  it("answers a year's published months in order, the values as published", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    expect(await sgs.monthly("IGP-M", "2023-01", "2023-12")).toEqual(months(2023, IGPM_2023));
    expect(await sgs.monthly("IPCA", "2024-03", "2024-08")).toEqual(months(2024, IPCA_2024).slice(2, 8));
  });

  it("answers fewer months than asked when the latest are not published yet, and never invents them", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    expect(await sgs.monthly("IPCA", "2024-09", "2024-12")).toEqual([
      { mes: "2024-09", valor: "0.44" },
      { mes: "2024-10", valor: "0.56" },
    ]);
    // A window with nothing published: SGS may answer the last earlier month (the fake does); it is not November's.
    expect(await sgs.monthly("IPCA", "2024-11", "2024-12")).toEqual([]);
    // Before the series' first data.
    expect(await sgs.monthly("IGP-M", "2022-01", "2022-12")).toEqual([]);
  });

  it("answers a month once it is published", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    const ipca = fake.series[433] ?? [];
    const before = ipca.length;
    ipca.push(...sgsPoints(2024, IPCA_2024).slice(10));
    try {
      expect(await sgs.monthly("IPCA", "2024-01", "2024-12")).toEqual(months(2024, IPCA_2024));
    } finally {
      ipca.splice(before);
    }
  });

  it("asks SGS once for a window it answered in full, and again for one it answered in part", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    const before = fake.requests.length;
    const first = await sgs.monthly("IGP-M", "2023-01", "2023-12");
    first.pop();
    expect(await sgs.monthly("IGP-M", "2023-01", "2023-12")).toEqual(months(2023, IGPM_2023));
    expect(fake.requests.length - before).toBe(1);
    await sgs.monthly("IPCA", "2024-01", "2024-12");
    await sgs.monthly("IPCA", "2024-01", "2024-12");
    expect(fake.requests.length - before).toBe(3);
  });

  it("says SGS is unavailable when it is down, with what it answered", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    fake.mode = "down";
    try {
      const err = await sgs.monthly("IPCA", "2024-01", "2024-03").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(IndexUnavailable);
      expect((err as Error).message).toMatch(/SGS series 433 \(IPCA\) answered 503 with something not JSON/);
    } finally {
      fake.mode = "ok";
    }
  });

  it("gives up after timeoutMs when SGS hangs", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url, timeoutMs: 50 });
    fake.mode = "hang";
    try {
      await expect(sgs.monthly("IPCA", "2024-01", "2024-03")).rejects.toThrow(/did not answer within 50 ms/);
    } finally {
      fake.mode = "ok";
    }
  });

  it("says so when SGS does not know the series (404, an HTML page)", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    // INPC (188) is not in this fake.
    await expect(sgs.monthly("INPC", "2024-01", "2024-03")).rejects.toThrow(
      /SGS series 188 \(INPC\) answered 404 with something not JSON: "<!DOCTYPE html>/,
    );
  });

  it("refuses a malformed window before asking anyone", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    const before = fake.requests.length;
    await expect(sgs.monthly("IPCA", "2024-12", "2024-01")).rejects.toThrow(RangeError);
    await expect(sgs.monthly("IPCA", "2024-13", "2024-12")).rejects.toThrow(RangeError);
    await expect(sgs.monthly("IPCA", "2024-1", "2024-12")).rejects.toThrow(RangeError);
    // @ts-expect-error an index the type does not allow, as from unchecked input
    await expect(sgs.monthly("SELIC", "2024-01", "2024-12")).rejects.toThrow(RangeError);
    expect(fake.requests.length).toBe(before);
  });

  it("takes the base URL with or without a trailing slash", async () => {
    const sgs = sgsIndexProvider({ baseUrl: `${fake.url}/` });
    expect(await sgs.monthly("IGP-M", "2023-05", "2023-05")).toEqual([{ mes: "2023-05", valor: "-1.84" }]);
  });
});

describe("sgsIndexProvider on SGS's other answers", () => {
  const ask = (fetchFn: typeof fetch) =>
    sgsIndexProvider({ fetch: fetchFn }).monthly("IPCA", "2024-01", "2024-03");

  it("asks api.bcb.gov.br unless told otherwise", async () => {
    const urls: string[] = [];
    await sgsIndexProvider({
      fetch: async (input) => {
        urls.push(String(input));
        return new Response("[]", { status: 200 });
      },
    }).monthly("IPCA", "2024-01", "2024-01");
    expect(urls).toEqual([
      `${SGS_DEFAULT_URL}/dados/serie/bcdata.sgs.433/dados?formato=json&dataInicial=01/01/2024&dataFinal=31/01/2024`,
    ]);
    expect(SGS_DEFAULT_URL).toBe("https://api.bcb.gov.br");
  });

  it("reads a comma decimal and a '+' as the published value with a dot", async () => {
    const body = JSON.stringify([
      { data: "01/01/2024", valor: "0,42" },
      { data: "01/02/2024", valor: "+0.83" },
      { data: "01/03/2024", valor: "-0,02" },
    ]);
    expect(await ask(answering(200, body))).toEqual([
      { mes: "2024-01", valor: "0.42" },
      { mes: "2024-02", valor: "0.83" },
      { mes: "2024-03", valor: "-0.02" },
    ]);
  });

  it("keeps one of a month given twice with the same value, sorted; refuses two different values", async () => {
    const twice = JSON.stringify([
      { data: "01/02/2024", valor: "0.83" },
      { data: "01/01/2024", valor: "0.42" },
      { data: "01/02/2024", valor: "0,83" },
    ]);
    expect(await ask(answering(200, twice))).toEqual([
      { mes: "2024-01", valor: "0.42" },
      { mes: "2024-02", valor: "0.83" },
    ]);
    const clash = JSON.stringify([
      { data: "01/01/2024", valor: "0.42" },
      { data: "01/01/2024", valor: "0.24" },
    ]);
    await expect(ask(answering(200, clash))).rejects.toThrow(
      /2024-01 has two values, 0.42 \(item 0\) and 0.24 \(item 1\)/,
    );
  });

  it("says what SGS said when it refuses the query with a JSON object", async () => {
    const window = JSON.stringify({
      error:
        "O sistema aceita uma janela de consulta de, no máximo, 10 anos em séries de periodicidade diária",
      message: "Para acessar uma série de periodicidade diária, é necessário informar a dataInicial",
    });
    await expect(ask(answering(406, window))).rejects.toThrow(
      /refused the query \(406\): O sistema aceita uma janela/,
    );
    const erro = JSON.stringify({
      erro: {
        statusCode: 400,
        detail: "br.gov.bcb.pec.sgs.comum.excecoes.SGSNegocioException: Data inválida",
      },
    });
    await expect(ask(answering(400, erro))).rejects.toThrow(/refused the query \(400\): .*Data inválida/);
    // Even with 200.
    await expect(ask(answering(200, JSON.stringify({ error: "x" })))).rejects.toThrow(
      /refused the query \(200\): x/,
    );
  });

  it("refuses an HTML or XML page, a non-200 array, and an unexpected shape", async () => {
    await expect(
      ask(answering(200, "<html><title>Requisição inválida!</title></html>", "text/html")),
    ).rejects.toThrow(/answered 200 with something not JSON: "<html>/);
    await expect(ask(answering(200, '<?xml version="1.0"?><soapenv:Envelope/>', "text/xml"))).rejects.toThrow(
      IndexUnavailable,
    );
    await expect(ask(answering(504, "[]"))).rejects.toThrow(/answered 504: "\[\]"/);
    await expect(ask(answering(200, JSON.stringify({ dados: [] })))).rejects.toThrow(/an unexpected shape/);
    await expect(
      ask(answering(200, JSON.stringify([{ data: "2024-01-01", valor: "0.42" }]))),
    ).rejects.toThrow(/an unexpected shape/);
    await expect(ask(answering(200, JSON.stringify([{ data: "01/01/2024", valor: 0.42 }])))).rejects.toThrow(
      /an unexpected shape/,
    );
    await expect(ask(answering(200, JSON.stringify([{ data: "01/01/2024", valor: "" }])))).rejects.toThrow(
      /item 0 is not a month and a value/,
    );
    await expect(ask(answering(200, JSON.stringify([{ data: "01/13/2024", valor: "0.1" }])))).rejects.toThrow(
      /item 0 is not a month and a value/,
    );
  });

  it("says SGS could not be reached when the connection fails", async () => {
    const refused: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    await expect(ask(refused)).rejects.toThrow(/could not be reached: fetch failed/);
  });

  it("gives up after timeoutMs on a fetch that never answers, whether it heeds its signal or not", async () => {
    const heeding: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const deaf: typeof fetch = () => new Promise(() => {});
    for (const fetchFn of [heeding, deaf]) {
      const err = await sgsIndexProvider({ fetch: fetchFn, timeoutMs: 5 })
        .monthly("IPCA", "2024-01", "2024-03")
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(IndexUnavailable);
      expect((err as Error).message).toBe("SGS series 433 (IPCA) did not answer within 5 ms");
    }
  });

  it("gives up after timeoutMs on a body that never ends", async () => {
    const stalled: typeof fetch = async () =>
      new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode("[")) }), {
        status: 200,
      });
    await expect(
      sgsIndexProvider({ fetch: stalled, timeoutMs: 5 }).monthly("IPCA", "2024-01", "2024-03"),
    ).rejects.toThrow(/did not answer within 5 ms/);
  });
});

describe("csvIndexProvider", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "chave-index-csv-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  let n = 0;
  const file = async (text: string) => {
    const path = join(dir, `indices-${++n}.csv`);
    await writeFile(path, text);
    return path;
  };

  it("reads the operator's months of one index, in order, filtered to the window", async () => {
    const path = await file(
      [
        "indice,mes,valor",
        "IPCA,2024-02,0.83",
        "IPCA,2024-01,0.42",
        "IGP-M,2023-12,0.74",
        "",
        "IPCA,2024-03,0.16",
        "INPC,2024-01,0.57",
        "",
      ].join("\n"),
    );
    const csv = csvIndexProvider({ path });
    expect(csv.name).toBe("csv");
    expect(await csv.monthly("IPCA", "2024-01", "2024-02")).toEqual([
      { mes: "2024-01", valor: "0.42" },
      { mes: "2024-02", valor: "0.83" },
    ]);
    expect(await csv.monthly("IGP-M", "2023-01", "2023-12")).toEqual([{ mes: "2023-12", valor: "0.74" }]);
    expect(await csv.monthly("INPC", "2025-01", "2025-12")).toEqual([]);
  });

  it("reads what a pt-BR spreadsheet saves: a BOM, CRLF, ';' and comma decimals, quoted commas", async () => {
    const semicolons = await file("\uFEFFindice;mes;valor\r\nIPCA;2024-08;-0,02\r\nIPCA;2024-09;0,44\r\n");
    expect(await csvIndexProvider({ path: semicolons }).monthly("IPCA", "2024-08", "2024-09")).toEqual([
      { mes: "2024-08", valor: "-0.02" },
      { mes: "2024-09", valor: "0.44" },
    ]);
    const quoted = await file('Indice,Mes,Valor\nIPCA,2024-11,"0,39"\n"IPCA",2024-12,+0.52\n');
    expect(await csvIndexProvider({ path: quoted }).monthly("IPCA", "2024-11", "2024-12")).toEqual([
      { mes: "2024-11", valor: "0.39" },
      { mes: "2024-12", valor: "0.52" },
    ]);
  });

  it("reads the file again at each call, so the operator's update counts at once", async () => {
    const path = await file("indice,mes,valor\nIPCA,2024-10,0.56\n");
    const csv = csvIndexProvider({ path });
    expect(await csv.monthly("IPCA", "2024-10", "2024-11")).toHaveLength(1);
    await writeFile(path, "indice,mes,valor\nIPCA,2024-10,0.56\nIPCA,2024-11,0.39\n");
    expect(await csv.monthly("IPCA", "2024-10", "2024-11")).toEqual([
      { mes: "2024-10", valor: "0.56" },
      { mes: "2024-11", valor: "0.39" },
    ]);
  });

  it.each([
    ["IPCA,2024-01,0.42\n", 1, /line 1: expected the header indice,mes,valor/],
    [
      "indice,mes,valor\nIPCA,2024-01,0.42\nIPCA,2024-02\n",
      3,
      /line 3: expected 3 fields \(indice,mes,valor\), found 2/,
    ],
    ["indice,mes,valor\nIPCA,2024-01,0,42\n", 2, /line 2: expected 3 fields .* found 4/],
    ["indice,mes,valor\n\nIGPM,2024-01,0.42\n", 3, /line 3: unknown index "IGPM"/],
    ["indice,mes,valor\nIPCA,01/2024,0.42\n", 2, /line 2: the month "01\/2024" is not YYYY-MM/],
    ["indice,mes,valor\nIPCA,2024-13,0.42\n", 2, /line 2: the month "2024-13" is not YYYY-MM/],
    [
      "indice,mes,valor\nIPCA,2024-01,0.42\nIPCA,2024-02,0.83%\n",
      3,
      /line 3: the value "0.83%" is not a decimal/,
    ],
    ["indice,mes,valor\nIPCA,2024-01,\n", 2, /line 2: the value "" is not a decimal/],
    ['indice,mes,valor\nIPCA,2024-01,"0,42\n', 2, /line 2: an unclosed quote/],
    ["indice;mes;valor\nIPCA;2024-01;1.234,56\n", 2, /line 2: the value "1.234,56" is not a decimal/],
  ])("refuses a malformed file, naming the line (%j)", async (text, line, message) => {
    const path = await file(text);
    const err = await csvIndexProvider({ path })
      .monthly("IPCA", "2024-01", "2024-12")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IndexUnavailable);
    expect((err as Error).message).toContain(`${path}, line ${line}:`);
    expect((err as Error).message).toMatch(message);
  });

  it("refuses a malformed line even of another index: the file is wrong, not only a month", async () => {
    const path = await file("indice,mes,valor\nIPCA,2024-01,0.42\nINPC,2024-01,abc\n");
    await expect(csvIndexProvider({ path }).monthly("IPCA", "2024-01", "2024-01")).rejects.toThrow(/line 3:/);
  });

  it("refuses one month with two values, naming both lines", async () => {
    const path = await file("indice,mes,valor\nIPCA,2024-01,0.42\nIPCA,2024-02,0.83\nIPCA,2024-01,0.24\n");
    await expect(csvIndexProvider({ path }).monthly("IPCA", "2024-01", "2024-12")).rejects.toThrow(
      /2024-01 has two values, 0.42 \(line 2\) and 0.24 \(line 4\)/,
    );
  });

  it("says the file is missing or empty", async () => {
    await expect(
      csvIndexProvider({ path: join(dir, "absent.csv") }).monthly("IPCA", "2024-01", "2024-12"),
    ).rejects.toThrow(/absent\.csv could not be read: ENOENT/);
    const empty = await file("\n\n");
    await expect(csvIndexProvider({ path: empty }).monthly("IPCA", "2024-01", "2024-12")).rejects.toThrow(
      /is empty: expected the header/,
    );
  });
});

describe("fixedIndexProvider", () => {
  it("answers its months in the window, in order", async () => {
    const fixed = fixedIndexProvider({
      IPCA: [...months(2024, IPCA_2024)].reverse(),
      "IGP-M": months(2023, IGPM_2023),
      INPC: [],
    });
    expect(fixed.name).toBe("fixed");
    expect(await fixed.monthly("IPCA", "2024-11", "2025-02")).toEqual([
      { mes: "2024-11", valor: "0.39" },
      { mes: "2024-12", valor: "0.52" },
    ]);
    expect(await fixed.monthly("INPC", "2024-01", "2024-12")).toEqual([]);
  });
});

describe("indexProviderFrom", () => {
  it("chooses SGS (at SGS_URL, else Banco Central's) or the operator's CSV", async () => {
    expect(indexProviderFrom({ INDEX_PROVIDER: "sgs" }).name).toBe("sgs");
    const sgs = indexProviderFrom({ INDEX_PROVIDER: "sgs", SGS_URL: fake.url });
    expect(await sgs.monthly("IGP-M", "2023-12", "2023-12")).toEqual([{ mes: "2023-12", valor: "0.74" }]);
    expect(indexProviderFrom({ INDEX_PROVIDER: "csv", INDEX_CSV: "/nowhere.csv" }).name).toBe("csv");
  });

  it("refuses a CSV provider without its file at once", () => {
    expect(() => indexProviderFrom({ INDEX_PROVIDER: "csv" })).toThrow(/INDEX_CSV/);
  });
});

// ---------------------------------------------------------------------------------------------
// The savings rate (SGS series 195), for the cash deposit's return (art. 38 § 2º)

const path195 = (from: string, to: string) =>
  `/dados/serie/bcdata.sgs.195/dados?formato=json&dataInicial=${from}&dataFinal=${to}`;

describe("savings from a fake SGS (series 195)", () => {
  it("asks series 195 for exactly the window's days, and answers the published ones in order", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    const before = fake.requests.length;
    expect(await sgs.savings("2016-01-01", "2016-12-31")).toEqual(RATES_2016);
    expect(await sgs.savings("2016-03-01", "2016-05-01")).toEqual(RATES_2016.slice(2, 5));
    expect(fake.requests.slice(before)).toEqual([
      path195("01/01/2016", "31/12/2016"),
      path195("01/03/2016", "01/05/2016"),
    ]);
  });

  it("answers only the days published: none made up between them, after them or before the series", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    // Days between anniversaries on the 1st: SGS may answer the last earlier day (the fake does).
    expect(await sgs.savings("2016-01-02", "2016-01-28")).toEqual([]);
    // 2017: only the days the fixture knows, the months between them absent.
    expect(await sgs.savings("2017-01-01", "2017-12-31")).toEqual([
      { data: "2017-01-01", valor: "0.6709" },
      { data: "2017-02-01", valor: "0.5304" },
      { data: "2017-11-01", valor: "0.4273" },
    ]);
    expect(await sgs.savings("2024-01-01", "2024-06-30")).toEqual([]);
    expect(await sgs.savings("2012-01-01", "2012-05-03")).toEqual([]);
  });

  it("answers a day once it is published, and keeps only an answer that reaches the window's end", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    const s195 = fake.series[195] ?? [];
    const at = s195.findIndex((p) => p.data === "01/09/2023");
    const unpublished = s195.splice(at);
    try {
      expect(await sgs.savings("2023-09-01", "2023-11-01")).toEqual([]);
    } finally {
      s195.push(...unpublished);
    }
    const before = fake.requests.length;
    const first = await sgs.savings("2023-09-01", "2023-11-01");
    expect(first).toEqual(rates("2023-09-01", "2023-11-01"));
    first.pop();
    // Reaches 2023-11-01: kept (a copy), asked once.
    expect(await sgs.savings("2023-09-01", "2023-11-01")).toHaveLength(3);
    expect(fake.requests.length - before).toBe(1);
    // Nothing on 2023-12-31 yet: asked again each time.
    await sgs.savings("2023-09-01", "2023-12-31");
    await sgs.savings("2023-09-01", "2023-12-31");
    expect(fake.requests.length - before).toBe(3);
  });

  it("splits a window over ten years into requests of ten years less a day, which SGS accepts", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    let before = fake.requests.length;
    // From the series' first day to mid-2024: two requests, every known value once, in order.
    expect(await sgs.savings("2012-05-04", "2024-06-30")).toEqual(rates("2012-05-04", "2024-06-30"));
    expect(fake.requests.slice(before)).toEqual([
      path195("04/05/2012", "03/05/2022"),
      path195("04/05/2022", "30/06/2024"),
    ]);
    // Ten years less a day is one request; ten years, two (the second a single day); a
    // 29 February start ends on the 27th ten years on (2026 has no 29th: 28th less a day).
    before = fake.requests.length;
    await sgs.savings("2016-01-01", "2025-12-31");
    await sgs.savings("2016-01-01", "2026-01-01");
    await sgs.savings("2016-02-29", "2026-03-01");
    expect(fake.requests.slice(before)).toEqual([
      path195("01/01/2016", "31/12/2025"),
      path195("01/01/2016", "31/12/2025"),
      path195("01/01/2026", "01/01/2026"),
      path195("29/02/2016", "27/02/2026"),
      path195("28/02/2026", "01/03/2026"),
    ]);
    // Thirty years: three requests, one after another, each within the limit.
    before = fake.requests.length;
    expect(await sgs.savings("1995-01-01", "2024-12-31")).toEqual(rates("1995-01-01", "2024-12-31"));
    expect(fake.requests.slice(before)).toEqual([
      path195("01/01/1995", "31/12/2004"),
      path195("01/01/2005", "31/12/2014"),
      path195("01/01/2015", "31/12/2024"),
    ]);
  });

  it("is right to split: the fake, as SGS, refuses a daily window of ten years and a day", async () => {
    const refused = await fetch(`${fake.url}${path195("01/01/2014", "02/01/2024")}`);
    expect(refused.status).toBe(406);
    const said = await refused.text();
    expect(JSON.parse(said)).toMatchObject({ error: expect.stringMatching(/no máximo, 10 anos/) });
    expect((await fetch(`${fake.url}${path195("01/01/2014", "01/01/2024")}`)).status).toBe(200);
    // What the provider says when SGS refuses anyway.
    const refusing = sgsIndexProvider({ fetch: answering(406, said) });
    await expect(refusing.savings("2016-01-01", "2016-12-31")).rejects.toThrow(
      /SGS series 195 \(savings\) refused the query \(406\): O sistema aceita/,
    );
  });

  it("says SGS is unavailable when it is down or hangs", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url, timeoutMs: 50 });
    fake.mode = "down";
    try {
      const err = await sgs.savings("2016-01-01", "2016-12-31").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(IndexUnavailable);
      expect((err as Error).message).toMatch(
        /SGS series 195 \(savings\) answered 503 with something not JSON/,
      );
      fake.mode = "hang";
      await expect(sgs.savings("2016-01-01", "2016-12-31")).rejects.toThrow(/did not answer within 50 ms/);
    } finally {
      fake.mode = "ok";
    }
  });

  it("refuses a malformed window before asking anyone", async () => {
    const sgs = sgsIndexProvider({ baseUrl: fake.url });
    const before = fake.requests.length;
    for (const [from, to] of [
      ["2016-12-01", "2016-01-01"],
      ["2016-1-01", "2016-12-01"],
      ["2016-01", "2016-12"],
      ["2016-02-30", "2016-12-01"],
      ["2016-01-01", "01/12/2016"],
    ] as const)
      await expect(sgs.savings(from, to)).rejects.toThrow(RangeError);
    expect(fake.requests.length).toBe(before);
  });
});

describe("savings on SGS's other answers", () => {
  const ask = (fetchFn: typeof fetch) =>
    sgsIndexProvider({ fetch: fetchFn }).savings("2016-01-01", "2016-03-31");

  it("asks api.bcb.gov.br unless told otherwise", async () => {
    const urls: string[] = [];
    await sgsIndexProvider({
      fetch: async (input) => {
        urls.push(String(input));
        return new Response("[]", { status: 200 });
      },
    }).savings("2016-01-01", "2016-01-31");
    expect(urls).toEqual([`${SGS_DEFAULT_URL}${path195("01/01/2016", "31/01/2016")}`]);
  });

  it("sorts, reads a comma decimal, keeps one of a day given twice alike, and refuses two values for one day", async () => {
    const body = JSON.stringify([
      { data: "01/03/2016", valor: "0,7179" },
      { data: "01/01/2016", valor: "0.6327" },
      // A made-up day and rate, for the parser only: each day is its own key, not its month's.
      { data: "15/02/2016", valor: "0.6000" },
      { data: "01/02/2016", valor: "+0.5962" },
      { data: "01/01/2016", valor: "0,6327" },
      // Outside the window, dropped: SGS's last earlier value (made up here) and a day after.
      { data: "01/12/2015", valor: "0.6000" },
      { data: "01/04/2016", valor: "0.6311" },
    ]);
    expect(await ask(answering(200, body))).toEqual([
      { data: "2016-01-01", valor: "0.6327" },
      { data: "2016-02-01", valor: "0.5962" },
      { data: "2016-02-15", valor: "0.6000" },
      { data: "2016-03-01", valor: "0.7179" },
    ]);
    // 0.6372: 0.6327 mistyped.
    const clash = JSON.stringify([
      { data: "01/01/2016", valor: "0.6327" },
      { data: "01/01/2016", valor: "0.6372" },
    ]);
    await expect(ask(answering(200, clash))).rejects.toThrow(
      /2016-01-01 has two values, 0.6327 \(item 0 of 01\/01\/2016–31\/03\/2016\) and 0.6372 \(item 1 of/,
    );
  });

  it.each([
    [
      "an HTML page",
      200,
      "<html><title>Requisição inválida!</title></html>",
      /answered 200 with something not JSON/,
    ],
    ["a 504 with an array", 504, "[]", /answered 504: "\[\]"/],
    [
      "SGS's refusal with 400",
      400,
      JSON.stringify({ erro: { statusCode: 400, detail: "Data inválida" } }),
      /refused the query \(400\): Data inválida/,
    ],
    ["an object", 200, JSON.stringify({ dados: [] }), /an unexpected shape/],
    ["an ISO date", 200, JSON.stringify([{ data: "2016-01-01", valor: "0.6327" }]), /an unexpected shape/],
    [
      "a number for the value",
      200,
      JSON.stringify([{ data: "01/01/2016", valor: 0.6327 }]),
      /an unexpected shape/,
    ],
    [
      "a blank value",
      200,
      JSON.stringify([{ data: "01/01/2016", valor: "" }]),
      /item 0 of .* is not a day and a rate/,
    ],
    [
      "a day that does not exist",
      200,
      JSON.stringify([{ data: "30/02/2016", valor: "0.5" }]),
      /is not a day and a rate/,
    ],
    [
      "a negative rate",
      200,
      JSON.stringify([{ data: "01/01/2016", valor: "-0.6327" }]),
      /is not a day and a rate/,
    ],
    [
      "a percent sign",
      200,
      JSON.stringify([{ data: "01/01/2016", valor: "0.6327%" }]),
      /is not a day and a rate/,
    ],
  ])("refuses %s as IndexUnavailable", async (_what, status, body, message) => {
    const err = await ask(answering(status, body)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IndexUnavailable);
    expect((err as Error).message).toMatch(/^SGS series 195 \(savings\)/);
    expect((err as Error).message).toMatch(message);
  });

  it("refuses the whole window when one of its requests fails, rather than answer a part", async () => {
    let n = 0;
    const secondFails: typeof fetch = async () =>
      ++n === 1
        ? new Response(JSON.stringify([{ data: "01/01/2016", valor: "0.6327" }]), { status: 200 })
        : new Response("<html></html>", { status: 502 });
    await expect(
      sgsIndexProvider({ fetch: secondFails }).savings("2016-01-01", "2030-12-31"),
    ).rejects.toThrow(/answered 502/);
    expect(n).toBe(2);
  });
});

describe("savings from the operator's CSV", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "chave-savings-csv-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  let n = 0;
  const file = async (text: string) => {
    const path = join(dir, `indices-${++n}.csv`);
    await writeFile(path, text);
    return path;
  };

  it("reads the poupanca lines (one per anniversary day) beside the indexes' months, in order", async () => {
    expect(CSV_SAVINGS_INDEX).toBe("poupanca");
    const path = await file(
      [
        "indice,mes,valor",
        "IPCA,2024-01,0.42",
        "poupanca,2016-02-01,0.5962",
        "poupanca,2016-01-01,0.6327",
        // A made-up day and rate, for the parser only: a day other than the 1st is its own.
        "poupanca,2016-01-15,0.6000",
        "IPCA,2024-02,0.83",
        "poupanca,2016-03-01,0.7179",
        "",
      ].join("\n"),
    );
    const csv = csvIndexProvider({ path });
    expect(await csv.savings("2016-01-01", "2016-02-29")).toEqual([
      { data: "2016-01-01", valor: "0.6327" },
      { data: "2016-01-15", valor: "0.6000" },
      { data: "2016-02-01", valor: "0.5962" },
    ]);
    expect(await csv.savings("2017-01-01", "2017-12-31")).toEqual([]);
    // The indexes' months are read as before.
    expect(await csv.monthly("IPCA", "2024-01", "2024-12")).toEqual([
      { mes: "2024-01", valor: "0.42" },
      { mes: "2024-02", valor: "0.83" },
    ]);
  });

  it("reads what a pt-BR spreadsheet saves for them: ';', comma decimals, quotes", async () => {
    const path = await file(
      '\uFEFFindice;mes;valor\r\npoupanca;2016-01-01;0,6327\r\n"poupanca";2016-02-01;"0,5962"\r\n',
    );
    expect(await csvIndexProvider({ path }).savings("2016-01-01", "2016-12-31")).toEqual(
      RATES_2016.slice(0, 2),
    );
  });

  it.each([
    ["indice,mes,valor\npoupanca,2016-01,0.6327\n", 2, /line 2: the day "2016-01" is not YYYY-MM-DD/],
    ["indice,mes,valor\npoupanca,01/01/2016,0.6327\n", 2, /line 2: the day "01\/01\/2016" is not YYYY-MM-DD/],
    ["indice,mes,valor\npoupanca,2016-02-30,0.5\n", 2, /line 2: the day "2016-02-30" is not YYYY-MM-DD/],
    [
      "indice,mes,valor\npoupanca,2016-01-01,-0.6327\n",
      2,
      /line 2: the rate "-0.6327" is not a decimal number of zero or more/,
    ],
    ["indice,mes,valor\npoupanca,2016-01-01,0.6327%\n", 2, /line 2: the rate "0.6327%" is not a decimal/],
    ["indice,mes,valor\npoupanca,2016-01-01,\n", 2, /line 2: the rate "" is not a decimal/],
    ["indice,mes,valor\npoupanca,2016-01-01\n", 2, /line 2: expected 3 fields/],
    [
      "indice,mes,valor\nPoupança,2016-01-01,0.6327\n",
      2,
      /line 2: unknown index "Poupança" \(IGP-M, IPCA, INPC or poupanca\)/,
    ],
    ["indice,mes,valor\nIPCA,2024-01-01,0.42\n", 2, /line 2: the month "2024-01-01" is not YYYY-MM/],
  ])(
    "refuses a malformed line, naming it (%j), for the savings and the indexes alike",
    async (text, line, message) => {
      const path = await file(text);
      for (const read of [
        (p: IndexProvider) => p.savings("2016-01-01", "2016-12-31"),
        (p: IndexProvider) => p.monthly("IPCA", "2024-01", "2024-12"),
      ]) {
        const err = await read(csvIndexProvider({ path })).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(IndexUnavailable);
        expect((err as Error).message).toContain(`${path}, line ${line}:`);
        expect((err as Error).message).toMatch(message);
      }
    },
  );

  it("refuses one day with two rates, naming both lines; the same rate twice is one", async () => {
    const twice = await file('indice,mes,valor\npoupanca,2016-01-01,0.6327\npoupanca,2016-01-01,"0,6327"\n');
    expect(await csvIndexProvider({ path: twice }).savings("2016-01-01", "2016-01-31")).toEqual(
      RATES_2016.slice(0, 1),
    );
    const clash = await file(
      "indice,mes,valor\npoupanca,2016-01-01,0.6327\nIPCA,2024-01,0.42\npoupanca,2016-01-01,0.6372\n",
    );
    await expect(csvIndexProvider({ path: clash }).savings("2016-01-01", "2016-12-31")).rejects.toThrow(
      /\(poupanca\): 2016-01-01 has two values, 0.6327 \(line 2\) and 0.6372 \(line 4\)/,
    );
  });

  it("refuses a malformed window before reading the file", async () => {
    const csv = csvIndexProvider({ path: join(dir, "absent.csv") });
    await expect(csv.savings("2016-12-01", "2016-01-01")).rejects.toThrow(RangeError);
    await expect(csv.savings("2016-01-01", "2016-12-31")).rejects.toThrow(
      /absent\.csv could not be read: ENOENT/,
    );
  });
});

describe("savings from the fixed provider and the configured one", () => {
  it("fixedIndexProvider answers its savings rates in the window, in order, none by default", async () => {
    const none = { IPCA: [], "IGP-M": [], INPC: [] };
    const fixed = fixedIndexProvider(none, [...SAVINGS_RATES].reverse());
    expect(await fixed.savings("2016-06-01", "2016-08-31")).toEqual(RATES_2016.slice(5, 8));
    expect(await fixedIndexProvider(none).savings("2016-01-01", "2016-12-31")).toEqual([]);
  });

  it("indexProviderFrom's SGS (at SGS_URL) answers series 195", async () => {
    const sgs = indexProviderFrom({ INDEX_PROVIDER: "sgs", SGS_URL: fake.url });
    expect(await sgs.savings("2016-12-01", "2017-01-01")).toEqual([
      { data: "2016-12-01", valor: "0.6858" },
      { data: "2017-01-01", valor: "0.6709" },
    ]);
  });
});

describe("the deposit's return over the provider's rates (src/shared/lease/deposit.test.ts's cases)", () => {
  let dir: string;
  const providers: Array<[string, () => Promise<IndexProvider>]> = [
    ["SGS", async () => sgsIndexProvider({ baseUrl: fake.url })],
    [
      "CSV",
      async () => {
        const path = join(dir, "indices.csv");
        await writeFile(
          path,
          ["indice,mes,valor", ...SAVINGS_RATES.map((r) => `${CSV_SAVINGS_INDEX},${r.data},${r.valor}`)].join(
            "\n",
          ),
        );
        return csvIndexProvider({ path });
      },
    ],
    ["fixed", async () => fixedIndexProvider({ IPCA: [], "IGP-M": [], INPC: [] }, SAVINGS_RATES)],
  ];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "chave-deposit-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The deposit's return with the rates read for exactly its anniversaries. */
  const returned = async (
    provider: IndexProvider,
    deposito: number,
    depositDay: string,
    returnDay: string,
  ) => {
    const meses = savingsMonths(depositDay, returnDay);
    const read = meses.length === 0 ? [] : await provider.savings(meses[0] as string, meses.at(-1) as string);
    return depositReturn(deposito, depositDay, returnDay, read);
  };

  it.each(providers)("from %s: the values the deposit test expects", async (_name, make) => {
    const provider = await make();
    // A year from 01/01/2016: R$ 1.000,00 → R$ 1.083,05; R$ 3.500,00 → R$ 3.790,69.
    expect(await returned(provider, 100_000, "2016-01-01", "2017-01-01")).toEqual({
      valor: 108_305,
      rendimento: 8_305,
      meses: RATES_2016.map((r) => r.data),
    });
    expect((await returned(provider, 350_000, "2016-01-01", "2017-01-01")).valor).toBe(379_069);
    // A day short of the anniversary: 11 months.
    expect((await returned(provider, 100_000, "2016-01-01", "2016-12-31")).valor).toBe(107_568);
    // The same as the deposit test's own rates give.
    expect(await returned(provider, 100_000, "2016-01-01", "2017-01-01")).toEqual(
      depositReturn(100_000, "2016-01-01", "2017-01-01", RATES_2016),
    );
  });

  it.each(providers)(
    "from %s: a month whose rate is not published is not paid at a made-up one",
    async (_name, make) => {
      const provider = await make();
      // 2017-03-01 is not known here: the provider answers the others, the arithmetic refuses.
      expect((await provider.savings("2017-01-01", "2017-03-01")).map((r) => r.data)).toEqual([
        "2017-01-01",
        "2017-02-01",
      ]);
      await expect(returned(provider, 100_000, "2017-01-01", "2017-04-01")).rejects.toThrow(/2017-03-01/);
    },
  );
});
