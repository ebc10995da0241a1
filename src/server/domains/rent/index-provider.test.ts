import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SgsPoint, startFakeSgs } from "../../../../tests/support/fake-sgs";
import { IGPM_2023, IPCA_2024 } from "../../../shared/rent/published-indices.fixture";
import {
  csvIndexProvider,
  fixedIndexProvider,
  type IndexMonth,
  IndexUnavailable,
  indexProviderFrom,
  SGS_DEFAULT_URL,
  sgsIndexProvider,
} from "./index-provider";

const sgsPoints = (year: number, values: string[]): SgsPoint[] =>
  values.map((valor, i) => ({ data: `01/${String(i + 1).padStart(2, "0")}/${year}`, valor }));
const months = (year: number, values: string[]): IndexMonth[] =>
  values.map((valor, i) => ({ mes: `${year}-${String(i + 1).padStart(2, "0")}`, valor }));

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
