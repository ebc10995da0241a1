import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabaseOn, dropDatabaseOn } from "../../../../tests/support/admin-database";
import { builders } from "../../../../tests/support/builders";
import { createTestApp } from "../../../../tests/support/test-app";
import {
  normalizeText,
  type OfferStatus,
  SEARCH_SORTS,
  type SearchParams,
  type SearchResult,
  type SearchSort,
  searchQuery,
} from "../../../shared/contracts/listings";
import { UNIT_TYPES, type UnitType } from "../../../shared/listing-names";
import { connectDatabase, type Database, migrateDatabase } from "../../db/client";
import { ListingsService, offerSearchText } from "./service";

/*
 * The search against an independent, in-memory reading of the same rules, on random data and
 * random queries, in a database of its own (no other test's offers).
 */
const name = `chave_search_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
let db: Database;
let service: ListingsService;
const OWNER = "search-owner";

beforeAll(async () => {
  const url = await createDatabaseOn(inject("databaseUrl"), name);
  db = connectDatabase(url, { max: 3 });
  await migrateDatabase(db);
  await db.pool.query(
    "INSERT INTO users (id, name, email) VALUES ($1, 'Dona Busca', 'busca@exemplo.com.br')",
    [OWNER],
  );
  service = new ListingsService(db.pool);
}, 60_000);
afterAll(async () => {
  await db.close();
  await dropDatabaseOn(inject("databaseUrl"), name);
});

interface Offer {
  id: string;
  status: OfferStatus;
  tipo: UnitType;
  uf: string;
  cidade: string;
  bairro: string;
  quartos: number;
  areaM2: number;
  mobiliado: boolean;
  aceitaPets: boolean;
  aluguel: number;
  total: number;
  publishedAt: number;
  descricao: string;
}

const PLACES = [
  ["SP", "São Paulo", ["Pinheiros", "Moema", "Sé"]],
  ["SP", "Campinas", ["Cambuí", "Taquaral"]],
  ["RJ", "Rio de Janeiro", ["Botafogo", "Tijuca"]],
  ["MG", "Belo Horizonte", ["Savassi", "Funcionários"]],
  ["AC", "Rio Branco", ["Centro", "Bosque"]],
] as const;
const WORDS = ["varanda", "piscina", "metrô", "reformado", "silencioso", "sol da manhã", "churrasqueira"];

const offerArb: fc.Arbitrary<Offer> = fc
  .record({
    status: fc.constantFrom<OfferStatus>(
      "publicada",
      "publicada",
      "publicada",
      "rascunho",
      "reservada",
      "encerrada",
    ),
    tipo: fc.constantFrom(...UNIT_TYPES),
    place: fc.integer({ min: 0, max: PLACES.length - 1 }),
    bairroPick: fc.nat(),
    quartos: fc.integer({ min: 0, max: 5 }),
    mobiliado: fc.boolean(),
    aceitaPets: fc.boolean(),
    // Few distinct totals, so ties (broken by id) happen.
    total: fc.integer({ min: 8, max: 40 }).map((n) => n * 10_000),
    encargos: fc.integer({ min: 0, max: 7 }).map((n) => n * 10_000),
    areaM2: fc.integer({ min: 3, max: 12 }).map((n) => n * 10),
    publishedAt: fc.integer({ min: 0, max: 50 }),
    words: fc.subarray(WORDS, { maxLength: 2 }),
  })
  .map((r) => {
    const [uf, cidade, bairros] = PLACES[r.place] as (typeof PLACES)[number];
    return {
      id: randomUUID(),
      status: r.status,
      tipo: r.tipo,
      uf,
      cidade,
      bairro: bairros[r.bairroPick % bairros.length] as string,
      quartos: r.quartos,
      areaM2: r.areaM2,
      mobiliado: r.mobiliado,
      aceitaPets: r.aceitaPets,
      aluguel: r.total - r.encargos,
      total: r.total,
      publishedAt: r.publishedAt,
      descricao: r.words.join(" e "),
    };
  });

const filterArbs = {
  uf: fc.constantFrom("SP", "RJ", "MG", "BA"),
  // As people type places: any case, with or without accents, the start of the name.
  cidade: fc.constantFrom(
    "São Paulo",
    "sao paulo",
    "CAMPINAS",
    "Rio de Janeiro",
    "Recife",
    "rio",
    "sã",
    "belo h",
  ),
  bairro: fc.constantFrom("Pinheiros", "moema", "Sé", "se", "Botafogo", "Savassi", "pin", "func", "c%"),
  precoMin: fc.integer({ min: 8, max: 40 }).map((n) => n * 10_000),
  precoMax: fc.integer({ min: 8, max: 45 }).map((n) => n * 10_000),
  quartos: fc.integer({ min: 0, max: 5 }),
  tipo: fc.constantFrom(...UNIT_TYPES),
  pets: fc.constantFrom("true", "false"),
  mobiliado: fc.constantFrom("true", "false"),
  q: fc.constantFrom(
    "varanda",
    "PISCINA",
    "metro",
    "sol manha",
    "campinas",
    "apartamento",
    "casa moema",
    "nada-disso",
    // Word beginnings match, the middle of a word does not.
    "apart",
    "churras",
    "randa",
    "sé",
  ),
};

/** A sort and up to three filters: enough to be selective, few enough that results are not empty. */
const queryArb: fc.Arbitrary<SearchParams> = fc
  .tuple(
    fc.subarray(Object.keys(filterArbs) as (keyof typeof filterArbs)[], { maxLength: 3 }),
    fc.record(filterArbs),
    fc.constantFrom(...SEARCH_SORTS),
  )
  .map(
    ([keys, values, sort]) =>
      ({ sort, ...Object.fromEntries(keys.map((k) => [k, values[k]])) }) as SearchParams,
  )
  .filter(
    (q) => q.precoMin === undefined || q.precoMax === undefined || Number(q.precoMin) <= Number(q.precoMax),
  );

/** What the search must return, read from the rules, not from the SQL. */
function expected(data: Offer[], p: SearchParams): string[] {
  const q = searchQuery.parse(p);
  // Each word of the query must begin a word of the offer's text.
  const words = q.q
    ? normalizeText(q.q)
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
    : [];
  const hits = data.filter((o) => {
    const text = normalizeText(`${o.tipo.replace("_", " ")} ${o.bairro} ${o.cidade} ${o.uf}  ${o.descricao}`);
    return (
      o.status === "publicada" &&
      (!q.uf || o.uf === q.uf) &&
      (!q.cidade || normalizeText(o.cidade).startsWith(normalizeText(q.cidade))) &&
      (!q.bairro || normalizeText(o.bairro).startsWith(normalizeText(q.bairro))) &&
      (q.precoMin === undefined || o.total >= q.precoMin) &&
      (q.precoMax === undefined || o.total <= q.precoMax) &&
      (q.quartos === undefined || o.quartos >= q.quartos) &&
      (!q.tipo || o.tipo === q.tipo) &&
      (q.pets !== true || o.aceitaPets) &&
      (q.mobiliado === undefined || o.mobiliado === q.mobiliado) &&
      words.every((w) => text.split(/[^a-z0-9]+/).some((token) => token.startsWith(w)))
    );
  });
  const byId = (a: Offer, b: Offer) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const [value, desc] = SORTED_BY[q.sort];
  hits.sort((a, b) => (desc ? value(b) - value(a) || byId(b, a) : value(a) - value(b) || byId(a, b)));
  return hits.map((o) => o.id);
}

/** What each sort orders by, and whether the largest comes first; id breaks ties the same way. */
const SORTED_BY: Record<SearchSort, [(o: Offer) => number, boolean]> = {
  preco: [(o) => o.total, false],
  preco_desc: [(o) => o.total, true],
  recentes: [(o) => o.publishedAt, true],
  antigos: [(o) => o.publishedAt, false],
  aluguel: [(o) => o.aluguel, false],
  aluguel_desc: [(o) => o.aluguel, true],
  quartos: [(o) => o.quartos, false],
  quartos_desc: [(o) => o.quartos, true],
  area: [(o) => o.areaM2, false],
  area_desc: [(o) => o.areaM2, true],
};

async function load(data: Offer[]) {
  await db.pool.query("TRUNCATE offers, units CASCADE");
  for (const o of data) {
    const unitId = randomUUID();
    await db.pool.query(
      `INSERT INTO units (id, owner_id, tipo, cep, logradouro, numero, bairro, cidade, uf, area_m2, quartos, banheiros,
         vagas, mobiliado, aceita_pets) VALUES ($1,$2,$3,'01001000','Rua A','1',$4,$5,$6,$7,$8,1,0,$9,$10)`,
      [unitId, OWNER, o.tipo, o.bairro, o.cidade, o.uf, o.areaM2, o.quartos, o.mobiliado, o.aceitaPets],
    );
    const unitText = normalizeText(`${o.tipo.replace("_", " ")} ${o.bairro} ${o.cidade} ${o.uf} `);
    await db.pool.query(
      `INSERT INTO offers (id, unit_id, owner_id, status, aluguel, total, garantias, disponivel_em, descricao, published_at,
         tipo, uf, cidade, bairro, cidade_norm, bairro_norm, quartos, banheiros, vagas, area_m2, mobiliado, aceita_pets,
         search_text)
       VALUES ($1,$2,$3,$4,$18,$5,'{fiador}','2026-12-01',$6, '2026-01-01'::timestamptz + make_interval(mins => $7),
         $8,$9,$10,$11,$12,$13,$14,1,0,$19,$15,$16,$17)`,
      [
        o.id,
        unitId,
        OWNER,
        o.status,
        o.total,
        o.descricao,
        o.publishedAt,
        o.tipo,
        o.uf,
        o.cidade,
        o.bairro,
        normalizeText(o.cidade),
        normalizeText(o.bairro),
        o.quartos,
        o.mobiliado,
        o.aceitaPets,
        offerSearchText(unitText, o.descricao),
        o.aluguel,
        o.areaM2,
      ],
    );
  }
}

/** Every page, following the cursor, as one list of ids; the first page's count must be their number. */
async function searchAll(p: SearchParams, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let counted: number | null = null;
  for (let page = 0; page < 100; page++) {
    const result = await service.search(searchQuery.parse({ ...p, limit, ...(cursor ? { cursor } : {}) }));
    expect(result.items.length).toBeLessThanOrEqual(limit);
    if (page === 0) counted = result.total;
    else expect(result.total).toBeNull();
    if (!result.nextCursor) {
      ids.push(...result.items.map((i) => i.id));
      expect(counted, "the count on the first page").toBe(ids.length);
      return ids;
    }
    ids.push(...result.items.map((i) => i.id));
    cursor = result.nextCursor;
  }
  throw new Error("more than 100 pages");
}

/** An offer of the place tests: a two-bedroom flat in `cidade`/`bairro`, published unless said. */
const at = (cidade: string, uf: string, bairro: string, status: OfferStatus = "publicada"): Offer => ({
  id: randomUUID(),
  status,
  tipo: "apartamento",
  uf,
  cidade,
  bairro,
  quartos: 2,
  areaM2: 50,
  mobiliado: false,
  aceitaPets: false,
  aluguel: 250_000,
  total: 300_000,
  publishedAt: 1,
  descricao: "",
});

describe("search", () => {
  it("returns exactly the published offers the filters describe, in order, across pages", async () => {
    let nonEmpty = 0;
    let total = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(offerArb, { maxLength: 40 }),
        fc.array(queryArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 7 }),
        async (data, queries, limit) => {
          await load(data);
          for (const q of queries) {
            const want = expected(data, q);
            total++;
            if (want.length > 0) nonEmpty++;
            // As typed: a place that finds nothing is not read as another one here (see below).
            expect(await searchAll({ ...q, exato: "1" }, limit), JSON.stringify(q)).toEqual(want);
          }
        },
      ),
      { numRuns: 60 },
    );
    // Enough queries must find something, or the comparison proves little.
    console.log(`search property: ${nonEmpty} of ${total} queries found offers`);
    expect(nonEmpty / total).toBeGreaterThan(0.15);
  }, 120_000);

  it("finds a city by the start of its name as one types it, and suggests the places that have offers", async () => {
    const data = [
      at("Rio de Janeiro", "RJ", "Botafogo"),
      at("Rio de Janeiro", "RJ", "Botafogo"),
      at("Rio de Janeiro", "RJ", "Tijuca"),
      at("Rio Branco", "AC", "Centro"),
      at("São Paulo", "SP", "Pinheiros"),
      at("São José do Rio Preto", "SP", "Centro"),
      at("Rio das Ostras", "RJ", "Centro", "rascunho"),
    ];
    await load(data);
    const rio = await service.search(searchQuery.parse({ cidade: "rio" }));
    expect(rio.total).toBe(4);
    expect(new Set(rio.items.map((i) => i.cidade))).toEqual(new Set(["Rio de Janeiro", "Rio Branco"]));
    expect((await service.search(searchQuery.parse({ cidade: "SAO PAU" }))).total).toBe(1);

    const places = await service.places("rio");
    // Cities first by their offers; a word inside a name counts ("São José do Rio Preto"); a
    // draft's city (Rio das Ostras) is not suggested.
    expect(places.items).toEqual([
      { cidade: "Rio de Janeiro", uf: "RJ", bairro: null, ofertas: 3 },
      { cidade: "Rio Branco", uf: "AC", bairro: null, ofertas: 1 },
      { cidade: "São José do Rio Preto", uf: "SP", bairro: null, ofertas: 1 },
    ]);
    expect((await service.places("bota")).items).toEqual([
      { cidade: "Rio de Janeiro", uf: "RJ", bairro: "Botafogo", ofertas: 2 },
    ]);
    expect((await service.places("centro", "AC")).items).toEqual([
      { cidade: "Rio Branco", uf: "AC", bairro: "Centro", ofertas: 1 },
    ]);
    // A LIKE wildcard typed is a character, not a pattern.
    expect((await service.places("%")).items).toEqual([]);
  });

  it("suggests the place a name typed with a slip meant, when no name starts with it", async () => {
    await load([
      at("São Paulo", "SP", "Pinheiros"),
      at("São Paulo", "SP", "Moema"),
      at("Florianópolis", "SC", "Lagoa da Conceição"),
      at("Porto Alegre", "RS", "Moinhos de Vento"),
      at("Rio de Janeiro", "RJ", "Botafogo"),
      at("Paulínia", "SP", "Centro", "rascunho"),
    ]);
    const first = async (typed: string, uf?: Parameters<typeof service.places>[1]) =>
      (await service.places(typed, uf)).items[0];

    expect(await first("Sao Paolo")).toEqual({ cidade: "São Paulo", uf: "SP", bairro: null, ofertas: 2 });
    expect(await first("Florianopols")).toEqual({
      cidade: "Florianópolis",
      uf: "SC",
      bairro: null,
      ofertas: 1,
    });
    // A bairro too, and within the UF asked for.
    expect(await first("Pinheros")).toEqual({
      cidade: "São Paulo",
      uf: "SP",
      bairro: "Pinheiros",
      ofertas: 1,
    });
    expect((await service.places("Sao Paolo", "RJ")).items).toEqual([]);
    // What starts a name is still suggested by that alone, nothing merely alike beside it.
    expect((await service.places("porto")).items).toEqual([
      { cidade: "Porto Alegre", uf: "RS", bairro: null, ofertas: 1 },
    ]);
    // Nothing like it: nothing suggested; a draft's place (Paulínia) never.
    expect((await service.places("xyzwq")).items).toEqual([]);
    expect((await service.places("Paulinea")).items.map((p) => p.cidade)).not.toContain("Paulínia");
  });

  it("refuses a cursor from another sort or a forged one", async () => {
    await load([]);
    await expect(
      service.search(searchQuery.parse({ sort: "preco", cursor: "bm9wZQ" })),
    ).rejects.toMatchObject({
      code: "invalid-argument",
    });
    const token = Buffer.from(JSON.stringify({ s: "recentes", v: "2026-01-01", id: randomUUID() })).toString(
      "base64url",
    );
    await expect(service.search(searchQuery.parse({ sort: "preco", cursor: token }))).rejects.toMatchObject({
      code: "invalid-argument",
    });
  });
  it("pages through the table's Aluguel, Quartos and Área sorts, both ways, in order and each offer once", async () => {
    // Few distinct values on each column, so that many ties are broken by id across pages; a draft
    // and a closed offer that must not appear.
    const data: Offer[] = Array.from({ length: 23 }, (_, i) => ({
      id: randomUUID(),
      status: i === 5 ? "rascunho" : i === 11 ? "encerrada" : "publicada",
      tipo: "apartamento",
      uf: "SP",
      cidade: "Campinas",
      bairro: "Cambuí",
      quartos: i % 4,
      areaM2: 40 + ((i * 7) % 5) * 15,
      mobiliado: false,
      aceitaPets: false,
      aluguel: 150_000 + ((i * 3) % 6) * 25_000,
      total: 400_000,
      publishedAt: i,
      descricao: "",
    }));
    await load(data);
    const published = data.filter((o) => o.status === "publicada");
    const columns = [
      ["aluguel", (o: Offer) => o.aluguel],
      ["quartos", (o: Offer) => o.quartos],
      ["area", (o: Offer) => o.areaM2],
    ] as const;
    for (const [asc, value] of columns) {
      const ascending = [...published]
        .sort((a, b) => value(a) - value(b) || (a.id < b.id ? -1 : 1))
        .map((o) => o.id);
      for (const [sort, want] of [
        [asc, ascending],
        [`${asc}_desc` as const, [...ascending].reverse()],
      ] as const) {
        for (const limit of [1, 4, 7]) {
          const ids = await searchAll({ sort }, limit);
          expect(new Set(ids).size, `${sort} by ${limit}: no offer twice`).toBe(ids.length);
          expect(ids, `${sort} by ${limit}`).toEqual(want);
        }
        // The column's values themselves run one way.
        const values = want.map((id) => value(published.find((o) => o.id === id) as Offer));
        expect(values, sort).toEqual([...values].sort((a, b) => (sort === asc ? a - b : b - a)));
      }
    }
  });

  it("refuses, with a 400, a cursor of one sort given with another, and a forged Quartos, Área or Aluguel cursor", async () => {
    await load(
      Array.from({ length: 3 }, (_, i) => ({
        id: randomUUID(),
        status: "publicada" as const,
        tipo: "casa" as const,
        uf: "MG",
        cidade: "Belo Horizonte",
        bairro: "Savassi",
        quartos: i + 1,
        areaM2: 60 + i,
        mobiliado: false,
        aceitaPets: false,
        aluguel: 200_000 + i,
        total: 300_000 + i,
        publishedAt: i,
        descricao: "",
      })),
    );
    const refused = { code: "invalid-argument", status: 400 };
    for (const from of SEARCH_SORTS) {
      const first = await service.search(searchQuery.parse({ sort: from, limit: 1 }));
      expect(first.nextCursor, from).not.toBeNull();
      const cursor = first.nextCursor as string;
      // Its own sort takes it.
      await expect(service.search(searchQuery.parse({ sort: from, limit: 1, cursor }))).resolves.toBeTruthy();
      for (const to of SEARCH_SORTS.filter((s) => s !== from))
        await expect(
          service.search(searchQuery.parse({ sort: to, cursor })),
          `${from}'s cursor with ${to}`,
        ).rejects.toMatchObject(refused);
    }
    const forged = (s: SearchSort, v: unknown) =>
      Buffer.from(JSON.stringify({ s, v, id: randomUUID() })).toString("base64url");
    for (const [sort, v] of [
      ["quartos", 2 ** 31], // past INTEGER: never a database error
      ["quartos_desc", -1],
      ["area", 1.5],
      ["area_desc", "60"],
      ["aluguel", "2026-01-01 10:00:00+00"],
      ["aluguel_desc", 1e30],
    ] as const)
      await expect(
        service.search(searchQuery.parse({ sort, cursor: forged(sort, v) })),
        `${sort} with ${v}`,
      ).rejects.toMatchObject(refused);
  });

  it("reads a city, a bairro or a word typed with a slip as the place the box suggests, and says so", async () => {
    await load([
      at("São Paulo", "SP", "Pinheiros"),
      at("São Paulo", "SP", "Pinheiros"),
      at("São Paulo", "SP", "Moema"),
      at("Rio de Janeiro", "RJ", "Botafogo"),
      at("Florianópolis", "SC", "Centro"),
    ]);
    const search = (p: SearchParams) => service.search(searchQuery.parse(p));
    const saoPaulo = { cidade: "São Paulo", uf: "SP", bairro: null };
    const pinheiros = { cidade: "São Paulo", uf: "SP", bairro: "Pinheiros" };

    // "Sao Paolo" in the box, Buscar without picking the suggestion: São Paulo's offers.
    const city = await search({ cidade: "Sao Paolo" });
    expect(city.total).toBe(3);
    expect(city.items.map((i) => i.cidade)).toEqual(["São Paulo", "São Paulo", "São Paulo"]);
    expect(city.correcao).toEqual({ digitado: "Sao Paolo", lugar: saoPaulo });
    expect(city.alternativas).toEqual([]);

    // "Pinheros" as a bairro (of the city, or alone), as a word, and typed in the place box.
    for (const p of [
      { cidade: "São Paulo", bairro: "Pinheros" },
      { bairro: "Pinheros" },
      { q: "Pinheros" },
      { cidade: "Pinheros" },
    ]) {
      const found = await search(p);
      expect(found.total, JSON.stringify(p)).toBe(2);
      expect(new Set(found.items.map((i) => i.bairro)), JSON.stringify(p)).toEqual(new Set(["Pinheiros"]));
      expect(found.correcao, JSON.stringify(p)).toEqual({ digitado: "Pinheros", lugar: pinheiros });
    }
    // Both slips at once; and the later pages read it alike.
    const both = await search({ cidade: "Sao Paolo", bairro: "Pinheros", limit: 1 });
    expect(both.correcao).toEqual({ digitado: "Pinheros, Sao Paolo", lugar: pinheiros });
    const next = await search({
      cidade: "Sao Paolo",
      bairro: "Pinheros",
      limit: 1,
      cursor: both.nextCursor ?? "",
    });
    expect(next.items.map((i) => i.bairro)).toEqual(["Pinheiros"]);
    expect(next.nextCursor).toBeNull();

    // What finds offers as typed stands as typed: a prefix, a city whose offers the price rules out.
    expect((await search({ cidade: "sao" })).correcao).toBeNull();
    const tooCheap = await search({ cidade: "Sao Paulo", precoMax: "1000" });
    expect(tooCheap).toMatchObject({ total: 0, correcao: null });
  });

  it("searches exactly what was typed with exato=1, and offers the closest searches that find something", async () => {
    await load([
      at("São Paulo", "SP", "Pinheiros"),
      at("São Paulo", "SP", "Moema"),
      at("Santos", "SP", "Gonzaga"),
    ]);
    const search = (p: SearchParams) => service.search(searchQuery.parse(p));
    const exact = await search({ cidade: "Sao Paolo", exato: "1" });
    expect(exact).toMatchObject({ items: [], total: 0, correcao: null });
    // The place it was like, with its offers; or the search anywhere.
    expect(exact.alternativas).toEqual([
      { lugar: { cidade: "São Paulo", uf: "SP", bairro: null }, sem: [], ofertas: 2 },
      { lugar: null, sem: ["cidade", "uf", "bairro"], ofertas: 3 },
    ]);
    // A filter that rules everything out: the search without it, with how many it finds.
    const cheap = await search({ cidade: "São Paulo", precoMax: "1000", quartos: "1" });
    expect(cheap.total).toBe(0);
    expect(cheap.alternativas).toEqual([{ lugar: null, sem: ["precoMax"], ofertas: 2 }]);
    // Nothing like it anywhere: only what drops the place.
    const nowhere = await search({ cidade: "xyzwq" });
    expect(nowhere).toMatchObject({ total: 0, correcao: null });
    expect(nowhere.alternativas).toEqual([{ lugar: null, sem: ["cidade", "uf", "bairro"], ofertas: 3 }]);
  });
});

describe("the search through the API", () => {
  it("finds Rio de Janeiro's offers for cidade=Rio de Janiero, and says what it searched", async () => {
    const t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const b = builders(t);
      await b.offer({ unit: { cidade: "Rio de Janeiro", uf: "RJ", bairro: "Botafogo" } });
      const get = async (query: string) => {
        const res = await b.call("GET", `/api/search?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return JSON.parse(res.body) as SearchResult;
      };
      const right = await get("cidade=Rio%20de%20Janeiro");
      expect(right.total).toBeGreaterThan(0);
      expect(right.correcao).toBeNull();
      const typo = await get("cidade=Rio%20de%20Janiero");
      expect(typo.total).toBeGreaterThan(0);
      expect(new Set(typo.items.map((i) => i.cidade))).toEqual(new Set(["Rio de Janeiro"]));
      expect(typo.correcao).toEqual({
        digitado: "Rio de Janiero",
        lugar: { cidade: "Rio de Janeiro", uf: "RJ", bairro: null },
      });
      const exact = await get("cidade=Rio%20de%20Janiero&exato=1");
      expect(exact.total).toBe(0);
      expect(exact.alternativas?.[0]?.lugar).toEqual({ cidade: "Rio de Janeiro", uf: "RJ", bairro: null });
    } finally {
      await t.close();
    }
  });

  it("leaves out the offers of an account whose deletion is scheduled, from the search and from 'Para você'", async () => {
    const t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const b = builders(t);
      const city = `Vila ${randomUUID().slice(0, 8)}`;
      const { landlord, offerId } = await b.offer({ unit: { cidade: city, uf: "GO", bairro: "Centro" } });
      const tenant = await b.person("Rafael");
      const saved = await b.call("POST", "/api/preferences/searches", tenant.cookie, {
        nome: "Goiás",
        filtros: { cidades: [city] },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const found = async () => {
        const search = JSON.parse(
          (await b.call("GET", `/api/search?cidade=${encodeURIComponent(city)}`)).body,
        );
        const forYou = JSON.parse((await b.call("GET", "/api/preferences/for-you", tenant.cookie)).body);
        const places = JSON.parse(
          (await b.call("GET", `/api/search/places?q=${encodeURIComponent(city)}`)).body,
        );
        return {
          search: (search as SearchResult).items.map((i) => i.id),
          forYou: (forYou as { id: string }[]).map((i) => i.id),
          places: (places as { items: unknown[] }).items.length,
        };
      };
      expect(await found()).toEqual({ search: [offerId], forYou: [offerId], places: 1 });
      const asked = await b.call("POST", "/api/privacy/deletion", landlord.cookie, {
        senha: landlord.password,
        confirmacao: "EXCLUIR",
      });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(await found()).toEqual({ search: [], forYou: [], places: 0 });
    } finally {
      await t.close();
    }
  });
});
