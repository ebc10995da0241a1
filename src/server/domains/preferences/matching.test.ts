import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import {
  type MatchableOffer,
  matchesSearch,
  type SearchFilters,
  searchFilters,
} from "../../../shared/contracts/preferences";
import { type Uf, UNIT_TYPES } from "../../../shared/listing-names";
import { insertSearch, searchesFitting, searchesFittingByScan } from "./saved-searches.repository";

/*
 * The matching as the database does it (the index on places, then every filter) against the
 * shared rule read in memory (decision 021), on random searches and offers drawn close to each
 * other's boundaries: prices at the limit, accents and case in places, words as prefixes.
 */

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const person = await builders(t).person("Paula");
  const me = await builders(t).call("GET", "/api/me", person.cookie);
  userId = me.json<{ id: string }>().id;
});
afterAll(() => t.close());

const PLACES: [Uf, string, string[]][] = [
  ["SP", "São Paulo", ["Pinheiros", "Sé", "Moema"]],
  ["RJ", "Rio de Janeiro", ["Botafogo", "São Cristóvão"]],
  ["MG", "Belo Horizonte", ["Savassi", "Funcionários"]],
];
/** How a person might type a place: as written, lower case, without accents, upper case. */
const spelled = (s: string) =>
  fc.constantFrom(s, s.toLowerCase(), s.normalize("NFD").replace(/[\u0300-\u036f]/g, ""), s.toUpperCase());
const PRICES = [200_000, 250_000, 300_000];
const WORDS = ["varanda", "piscina", "metro", "reformado"];

const offerArb: fc.Arbitrary<MatchableOffer> = fc
  .record({
    place: fc.integer({ min: 0, max: PLACES.length - 1 }),
    bairro: fc.nat(),
    // Prices at, just under and just over the searches' limits.
    total: fc.constantFrom(...PRICES.flatMap((p) => [p - 1, p, p + 1])),
    quartos: fc.integer({ min: 0, max: 4 }),
    banheiros: fc.integer({ min: 1, max: 3 }),
    vagas: fc.integer({ min: 0, max: 2 }),
    areaM2: fc.constantFrom(40, 60, 80),
    tipo: fc.constantFrom(...UNIT_TYPES),
    aceitaPets: fc.boolean(),
    mobiliado: fc.boolean(),
    disponivelEm: fc.constantFrom("2027-01-01", "2027-02-01", "2027-03-01"),
    words: fc.subarray(WORDS),
  })
  .map((o) => {
    const [uf, cidade, bairros] = PLACES[o.place] as [Uf, string, string[]];
    const bairro = bairros[o.bairro % bairros.length] as string;
    return {
      uf,
      cidade,
      bairro,
      total: o.total,
      quartos: o.quartos,
      banheiros: o.banheiros,
      vagas: o.vagas,
      areaM2: o.areaM2,
      tipo: o.tipo,
      aceitaPets: o.aceitaPets,
      mobiliado: o.mobiliado,
      disponivelEm: o.disponivelEm,
      // As the server indexes it: lower case, no accents.
      text: `${o.tipo} ${bairro} ${cidade} ${uf} ${o.words.join(" ")}`
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase(),
    };
  });

/** Mostly absent, as a person leaves most filters empty: 3 times in 4 the `none` value. */
const rarely = <T, N>(arb: fc.Arbitrary<T>, none: N) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(none) }, { weight: 1, arbitrary: arb });

const filtersArb: fc.Arbitrary<SearchFilters> = fc
  .record({
    ufs: rarely(
      fc.subarray(
        PLACES.map(([uf]) => uf),
        { minLength: 1 },
      ),
      [],
    ),
    cidades: rarely(
      fc
        .subarray(
          PLACES.map(([, c]) => c),
          { minLength: 1 },
        )
        .chain((cs) => fc.tuple(...cs.map(spelled))),
      [],
    ),
    bairros: rarely(
      fc
        .subarray(
          PLACES.flatMap(([, , b]) => b),
          { minLength: 1, maxLength: 3 },
        )
        .chain((bs) => fc.tuple(...bs.map(spelled))),
      [],
    ),
    precoMin: rarely(fc.constantFrom(...PRICES), null),
    precoMax: rarely(fc.constantFrom(...PRICES), null),
    quartosMin: rarely(fc.integer({ min: 0, max: 3 }), null),
    banheirosMin: rarely(fc.integer({ min: 1, max: 3 }), null),
    vagasMin: rarely(fc.integer({ min: 0, max: 2 }), null),
    areaMin: rarely(fc.constantFrom(40, 60, 80), null),
    tipos: rarely(fc.subarray([...UNIT_TYPES], { minLength: 1, maxLength: 3 }), []),
    pets: rarely(fc.constant(true), false),
    mobiliado: rarely(fc.boolean(), null),
    entradaAte: rarely(fc.constantFrom("2027-01-01", "2027-02-01"), null),
    palavras: rarely(fc.subarray(["var", "PISC", "metrô", "x"], { minLength: 1, maxLength: 2 }), []).map(
      (w) => w.join(" "),
    ),
  })
  .filter((f) => f.precoMin === null || f.precoMax === null || f.precoMin <= f.precoMax)
  .map((f) => searchFilters.parse({ ...f, entradaDe: null }));

describe("the matching of offers to saved searches", () => {
  it("finds through the index exactly the searches the shared rule says an offer fits", async () => {
    let pairs = 0;
    let fits = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(filtersArb, { minLength: 1, maxLength: 25 }),
        fc.array(offerArb, { minLength: 1, maxLength: 6 }),
        async (searches, offers) => {
          // In a transaction rolled back at the end: other files share the database, and their
          // offers must never be matched against these searches (nor anyone e-mailed about them).
          const pool = await t.database.pool.connect();
          await pool.query("BEGIN");
          try {
            const ids: string[] = [];
            for (const filtros of searches) {
              const id = randomUUID();
              ids.push(id);
              await insertSearch(pool, { id, user_id: userId, nome: "s", filtros, ativa: true });
            }
            for (const o of offers) {
              const want = ids.filter((_, i) => matchesSearch(o, searches[i] as SearchFilters)).sort();
              // Other files' searches share the database: only this run's are compared.
              const mine = (rows: { id: string }[]) =>
                rows
                  .map((s) => s.id)
                  .filter((id) => ids.includes(id))
                  .sort();
              const viaIndex = mine(await searchesFitting(pool, o, "someone-else"));
              const viaScan = mine(await searchesFittingByScan(pool, o));
              expect(viaIndex, JSON.stringify(o)).toEqual(want);
              expect(viaScan).toEqual(want);
              pairs += ids.length;
              fits += want.length;
            }
          } finally {
            await pool.query("ROLLBACK");
            pool.release();
          }
        },
      ),
      { numRuns: 40, seed: Number(process.env.FUZZ_SEED ?? 20261125) },
    );
    // Enough pairs must fit, or the comparison proves little.
    expect(fits / pairs).toBeGreaterThan(0.02);
  }, 120_000);

  it("never alerts a search of the offer's own owner", async () => {
    const pool = await t.database.pool.connect();
    await pool.query("BEGIN");
    const id = randomUUID();
    await insertSearch(pool, {
      id,
      user_id: userId,
      nome: "tudo",
      filtros: searchFilters.parse({}),
      ativa: true,
    });
    const offer = fc.sample(offerArb, { numRuns: 1, seed: 1 })[0] as MatchableOffer;
    const ours = async (owner: string) =>
      (await searchesFitting(pool, offer, owner)).filter((s) => s.id === id);
    try {
      expect(await ours(userId)).toEqual([]);
      expect(await ours("someone-else")).toHaveLength(1);
    } finally {
      await pool.query("ROLLBACK");
      pool.release();
    }
  });
});
