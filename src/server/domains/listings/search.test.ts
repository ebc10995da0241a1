import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabaseOn, dropDatabaseOn } from "../../../../tests/support/admin-database";
import {
  normalizeText,
  type OfferStatus,
  type SearchParams,
  searchQuery,
  UNIT_TYPES,
  type UnitType,
} from "../../../shared/contracts/listings";
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
  mobiliado: boolean;
  aceitaPets: boolean;
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
      mobiliado: r.mobiliado,
      aceitaPets: r.aceitaPets,
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
    fc.constantFrom("preco", "preco_desc", "recentes", "antigos"),
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
  hits.sort((a, b) => {
    if (q.sort === "preco") return a.total - b.total || byId(a, b);
    if (q.sort === "preco_desc") return b.total - a.total || byId(b, a);
    if (q.sort === "antigos") return a.publishedAt - b.publishedAt || byId(a, b);
    return b.publishedAt - a.publishedAt || byId(b, a);
  });
  return hits.map((o) => o.id);
}

async function load(data: Offer[]) {
  await db.pool.query("TRUNCATE offers, units CASCADE");
  for (const o of data) {
    const unitId = randomUUID();
    await db.pool.query(
      `INSERT INTO units (id, owner_id, tipo, cep, logradouro, numero, bairro, cidade, uf, area_m2, quartos, banheiros,
         vagas, mobiliado, aceita_pets) VALUES ($1,$2,$3,'01001000','Rua A','1',$4,$5,$6,50,$7,1,0,$8,$9)`,
      [unitId, OWNER, o.tipo, o.bairro, o.cidade, o.uf, o.quartos, o.mobiliado, o.aceitaPets],
    );
    const unitText = normalizeText(`${o.tipo.replace("_", " ")} ${o.bairro} ${o.cidade} ${o.uf} `);
    await db.pool.query(
      `INSERT INTO offers (id, unit_id, owner_id, status, aluguel, total, garantias, disponivel_em, descricao, published_at,
         tipo, uf, cidade, bairro, cidade_norm, bairro_norm, quartos, banheiros, vagas, area_m2, mobiliado, aceita_pets,
         search_text)
       VALUES ($1,$2,$3,$4,$5,$5,'{fiador}','2026-12-01',$6, '2026-01-01'::timestamptz + make_interval(mins => $7),
         $8,$9,$10,$11,$12,$13,$14,1,0,50,$15,$16,$17)`,
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
            expect(await searchAll(q, limit), JSON.stringify(q)).toEqual(want);
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
    const at = (cidade: string, uf: string, bairro: string, status: OfferStatus = "publicada"): Offer => ({
      id: randomUUID(),
      status,
      tipo: "apartamento",
      uf,
      cidade,
      bairro,
      quartos: 2,
      mobiliado: false,
      aceitaPets: false,
      total: 300_000,
      publishedAt: 1,
      descricao: "",
    });
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
});
