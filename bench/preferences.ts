import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { manualClock } from "../src/server/clock";
import { connectDatabase } from "../src/server/db/client";
import { NoticesService } from "../src/server/domains/notices/service";
import {
  matchableOf,
  matchColumns,
  offerToMatch,
  searchesFitting,
  searchesFittingByScan,
} from "../src/server/domains/preferences/saved-searches.repository";
import { JobQueue } from "../src/server/jobs/queue";
import { createMailer } from "../src/server/mail/mailer";
import { MailOutbox } from "../src/server/mail/outbox";
import type { SearchFilters } from "../src/shared/contracts/preferences";
import { searchFilters } from "../src/shared/contracts/preferences";
import { type Uf, UNIT_TYPES } from "../src/shared/listing-names";

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

/** A small deterministic generator, so two runs measure the same searches. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Saved searches of a realistic spread, as people make them: most name one or two of the cities
 * that have offers (the big ones more often), some only a UF, a few nothing; most set a price
 * ceiling and bedrooms, fewer the rest.
 */
function searchesLike(places: { uf: Uf; cidade: string; bairro: string }[], n: number): SearchFilters[] {
  const rnd = random(20261125);
  // The places with the most offers are searched the most (a square law, not a flat pick).
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * rnd() * xs.length)] as T;
  const out: SearchFilters[] = [];
  for (let i = 0; i < n; i++) {
    const place = pick(places);
    const r = rnd();
    const sameCity = places.filter((p) => p.cidade === place.cidade);
    out.push(
      searchFilters.parse({
        // 2 % anywhere, 8 % a whole UF, the rest a city (a few two), 45 % of those with bairros.
        ufs: r < 0.02 ? [] : [place.uf],
        cidades: r < 0.1 ? [] : rnd() < 0.9 ? [place.cidade] : [place.cidade, pick(places).cidade],
        bairros:
          r >= 0.1 && rnd() < 0.45
            ? [
                ...new Set([
                  place.bairro,
                  ...(rnd() < 0.5 ? [pick(sameCity).bairro, pick(sameCity).bairro] : []),
                ]),
              ]
            : [],
        precoMax: rnd() < 0.8 ? Math.round(150_000 + rnd() * 850_000) : null,
        quartosMin: rnd() < 0.6 ? Math.floor(rnd() * 4) : null,
        vagasMin: rnd() < 0.2 ? 1 : null,
        tipos: rnd() < 0.4 ? [pick(UNIT_TYPES)] : [],
        pets: rnd() < 0.15,
        mobiliado: rnd() < 0.1 ? true : null,
        palavras: rnd() < 0.05 ? "varanda" : "",
      }),
    );
  }
  return out;
}

/**
 * Issue 16's matching: `searches` saved searches, then `offers` published offers looked up one
 * after another, through the index on places (what the job does) and by reading every search
 * (the same filters, no index), on the bench's database of seeded offers.
 */
export async function benchMatching(databaseUrl: string, searches = 100_000, offers = 200) {
  const database = connectDatabase(databaseUrl, { max: 2 });
  const pool = database.pool;
  try {
    const { rows: have } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM saved_searches WHERE user_id LIKE 'bench-searcher-v3-%'",
    );
    let seedSeconds = 0;
    if ((have[0]?.n ?? 0) < searches) {
      const started = performance.now();
      // Searches of an earlier generator (or a partial run) go first.
      await pool.query("DELETE FROM saved_searches WHERE user_id LIKE 'bench-searcher-%'");
      const people = Math.ceil(searches / 5);
      await pool.query(
        `INSERT INTO users (id, name, email, email_verified)
           SELECT 'bench-searcher-v3-' || g, 'Pessoa ' || g, 'bench-searcher-v3-' || g || '@exemplo.com.br', true
             FROM generate_series(0, $1 - 1) g ON CONFLICT DO NOTHING`,
        [people],
      );
      const { rows: places } = await pool.query<{ uf: Uf; cidade: string; bairro: string }>(
        `SELECT uf, cidade, bairro FROM offers WHERE status = 'publicada' GROUP BY uf, cidade, bairro ORDER BY count(*) DESC`,
      );
      const all = searchesLike(places, searches);
      for (let i = 0; i < all.length; i += 5_000) {
        const batch = all.slice(i, i + 5_000).map((filtros, j) => ({
          id: randomUUID(),
          user_id: `bench-searcher-v3-${(i + j) % people}`,
          nome: `Busca ${i + j}`,
          filtros,
          ativa: true,
          ...matchColumns(filtros),
        }));
        await pool.query(
          `INSERT INTO saved_searches (id, user_id, nome, filtros, ativa, match_keys, ufs, cidades_norm, bairros_norm,
             preco_min, preco_max, quartos_min, banheiros_min, vagas_min, area_min, tipos, pets, mobiliado, entrada_ate, palavras)
           SELECT id, user_id, nome, filtros, ativa, match_keys, ufs, cidades_norm, bairros_norm, preco_min, preco_max,
                  quartos_min, banheiros_min, vagas_min, area_min, tipos, pets, mobiliado, entrada_ate, palavras
             FROM json_populate_recordset(null::saved_searches, $1)`,
          [JSON.stringify(batch)],
        );
      }
      // The deleted searches of an earlier run leave dead index entries; autovacuum would clear them later.
      await pool.query("VACUUM ANALYZE saved_searches");
      seedSeconds = (performance.now() - started) / 1000;
    }
    const { rows: ids } = await pool.query<{ id: string }>(
      "SELECT id FROM offers WHERE status = 'publicada' ORDER BY md5(id::text) LIMIT $1",
      [offers],
    );
    const indexed: number[] = [];
    const scanned: number[] = [];
    let found = 0;
    for (const { id } of ids) {
      const o = await offerToMatch(pool, id);
      if (!o) continue;
      const m = matchableOf(o);
      let t = performance.now();
      const viaIndex = await searchesFitting(pool, m, o.owner_id);
      indexed.push(performance.now() - t);
      t = performance.now();
      const viaScan = await searchesFittingByScan(pool, m);
      scanned.push(performance.now() - t);
      if (viaIndex.length !== viaScan.length)
        throw new Error(`the index found ${viaIndex.length} searches, the scan ${viaScan.length}`);
      found += viaIndex.length;
    }
    return {
      searches,
      offers: indexed.length,
      seedSeconds,
      meanFound: found / Math.max(1, indexed.length),
      index: { p50: pct(indexed, 50), p99: pct(indexed, 99) },
      scan: { p50: pct(scanned, 50), p99: pct(scanned, 99) },
    };
  } finally {
    await database.close();
  }
}

/**
 * Issue 16's daily digest: `people` people who chose the digest at the same hour, each with
 * `perPerson` notices of the day (new matches and price drops); the time the hourly job takes to
 * build every digest e-mail and queue it in the outbox with its send job (nothing is sent: this
 * node does not run jobs, and the e-mails and jobs are removed afterwards).
 */
export async function benchDigests(databaseUrl: string, dataDir: string, people = 100_000, perPerson = 3) {
  const database = connectDatabase(databaseUrl, { max: 4 });
  const pool = database.pool;
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const jobs = new JobQueue({ url: databaseUrl, pool, log, schema: "jobs_bench_digest", work: false });
  const mailer = createMailer({ from: "Chave <nao-responda@chave.local>", dataDir, log });
  const outbox = new MailOutbox(pool, mailer, jobs, log, "bench-secret-that-is-long-enough-0123456789");
  // 10:03 in Brasília: the digests of 10h are due.
  const clock = manualClock(new Date("2026-11-25T13:03:00Z"));
  const notices = new NoticesService(pool, {
    outbox,
    clock,
    publicUrl: "http://127.0.0.1:3000",
    secret: "bench-secret-that-is-long-enough-0123456789",
  });
  await jobs.start();
  try {
    let started = performance.now();
    await pool.query(
      `INSERT INTO users (id, name, email, email_verified)
         SELECT 'bench-digest-' || g, 'Pessoa ' || g, 'bench-digest-' || g || '@exemplo.com.br', true
           FROM generate_series(0, $1 - 1) g ON CONFLICT DO NOTHING`,
      [people],
    );
    await pool.query(
      `INSERT INTO notification_settings (user_id, canais, hora_resumo)
         SELECT 'bench-digest-' || g,
                '{"match":"digest","price_drop":"digest","proposal":"email","contract":"email","message":"email"}', 10
           FROM generate_series(0, $1 - 1) g ON CONFLICT (user_id) DO UPDATE SET canais = EXCLUDED.canais, hora_resumo = 10`,
      [people],
    );
    await pool.query("DELETE FROM notifications WHERE user_id LIKE 'bench-digest-%'");
    await pool.query(
      `INSERT INTO notifications (id, user_id, kind, title, body, path, dedupe, created_at)
         SELECT gen_random_uuid(), 'bench-digest-' || g,
                CASE WHEN k % 3 = 2 THEN 'price_drop' ELSE 'match' END,
                CASE WHEN k % 3 = 2 THEN 'Baixou o preço: Apartamento no Centro' ELSE 'Nova oferta para “Perto do trabalho”' END,
                'Apartamento com 2 quartos no Centro, Rio de Janeiro – RJ: R$ 2.450,00 por mês.',
                '/AluguelOferta?id=' || gen_random_uuid(), 'bench:' || k, now() - make_interval(mins => k)
           FROM generate_series(0, $1 - 1) g, generate_series(0, $2 - 1) k`,
      [people, perPerson],
    );
    await pool.query("ANALYZE notifications");
    const seedSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    const sent = await notices.sendDigests();
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM mail_outbox WHERE recipient LIKE 'bench-digest-%' AND sent_at IS NULL",
    );
    return { people, perPerson, sent, queued: rows[0]?.n ?? 0, seconds, seedSeconds };
  } finally {
    await jobs.stop();
    await pool.query("DELETE FROM mail_outbox WHERE recipient LIKE 'bench-digest-%'");
    await pool.query("DROP SCHEMA IF EXISTS jobs_bench_digest CASCADE");
    await database.close();
  }
}
