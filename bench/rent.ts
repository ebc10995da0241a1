import fsp from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { buildApp } from "../src/server/app";
import { manualClock } from "../src/server/clock";
import { loadConfig } from "../src/server/config";
import { connectDatabase, migrateDatabase } from "../src/server/db/client";
import { NoticesService } from "../src/server/domains/notices/service";
import type { IndexProvider } from "../src/server/domains/rent/index-provider";
import { scheduleOf, ufOf } from "../src/server/domains/rent/lease-money";
import type { RentLease } from "../src/server/domains/rent/rent.repository";
import { RentService } from "../src/server/domains/rent/service";
import { JobQueue } from "../src/server/jobs/queue";
import { createMailer } from "../src/server/mail/mailer";
import { MailOutbox } from "../src/server/mail/outbox";
import type { LeaseView } from "../src/shared/contracts/rent";
import { rentPeriods } from "../src/shared/rent/periods";
import { createDatabaseOn, dropDatabaseOn } from "../tests/support/admin-database";
import { builders } from "../tests/support/builders";
import { startFakeSgs } from "../tests/support/fake-sgs";
import { ORIGIN } from "../tests/support/test-app";

/*
 * Issue 32, item 10: a month's charges for `leases` signed leases made by the rent.generate
 * schedule's code (time, and a second run that makes none), and the answer time of the ledger page
 * (GET /api/leases/:id) of a lease 30 months old whose 30 charges are paid.
 *
 * Its own database beside the bench's (dropped and made again each run), so the count is exact and
 * the bench's database does not keep 100,000 leases, their notices and e-mails. The 30-month lease
 * is made through the API (offer, proposal, contract, both signatures, the seal), then walked month
 * by month under a manual clock: the adjustment job (a fake SGS publishes IGP-M), the charge, the
 * landlord's "recebi" with its sealed receipt (every sixth month paid four days late, with its
 * fees). Its rows (users, unit, offer, proposal, contract) are the pattern the other leases are
 * copied from in bulk SQL, one of each per lease (one landlord per four leases).
 *
 * The leases: 30 months, started on the 1st to the 28th of the month before "today" (spread over
 * their ids), due on the 10th to the 20th of the next month, in eight states (their holidays move
 * due dates), rents of R$ 1.500 to R$ 5.100. "Today" is the old lease's last due date, so each new
 * lease has exactly its first (prorated) month due within RENT_CHARGE_LEAD_DAYS (10), and the old
 * one has nothing left to charge. The generation is RentService.generate() with the tenants'
 * notices and their e-mails queued as on a node, on a queue that does not work (the e-mails are
 * not sent while measuring).
 */

export interface RentFigures {
  leases: number;
  seedSeconds: number;
  expected: number;
  created: number;
  seconds: number;
  notices: number;
  mails: number;
  secondCreated: number;
  secondSeconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  heapDeltaMb: number;
  ledger: {
    months: number;
    charges: number;
    paid: number;
    entries: number;
    documents: number;
    bytes: number;
  };
  ledgerBuildSeconds: number;
  requests: number;
  p50: number;
  p95: number;
  max: number;
}

const SECRET = "bench-secret-that-is-long-enough-0123456789";
const DB_NAME = "chave_bench_rent";
const UFS = ["RJ", "SP", "MG", "BA", "RS", "PR", "PE", "DF"];

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

const noLog = {
  level: "silent",
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  silent: () => undefined,
  child() {
    return this;
  },
};

/** The day `n` days after `d` (YYYY-MM-DD). */
const plusDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Noon in Brasília on day `d`. */
const noonOf = (d: string) => new Date(`${d}T15:00:00Z`);

/** IGP-M (SGS 189), 0.2 % to 0.7 % a month, from 2024 to 2031: every month an adjustment reads. */
function igpm() {
  const out: { data: string; valor: string }[] = [];
  for (let y = 2024; y <= 2031; y++)
    for (let m = 1; m <= 12; m++)
      out.push({
        data: `01/${String(m).padStart(2, "0")}/${y}`,
        valor: (0.2 + ((y * 12 + m) % 6) / 10).toFixed(2),
      });
  return out;
}

/**
 * Copies the row `id` of `table` `n` times in one statement: every column as it is (generated ones
 * left out) but those `over` gives, SQL expressions of `g` (0 … n − 1).
 */
async function copyRows(
  pool: pg.Pool,
  table: string,
  id: string,
  n: number,
  over: Record<string, string>,
): Promise<void> {
  const { rows } = await pool.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'
      ORDER BY ordinal_position`,
    [table],
  );
  const columns = rows.map((r) => r.column_name);
  for (const c of Object.keys(over)) if (!columns.includes(c)) throw new Error(`${table} has no column ${c}`);
  const list = columns.map((c) => `"${c}"`).join(", ");
  const values = columns.map((c) => over[c] ?? `t."${c}"`).join(", ");
  await pool.query(
    `INSERT INTO ${table} (${list})
     SELECT ${values} FROM ${table} t, generate_series(0, $2::int - 1) g WHERE t.id = $1`,
    [id, n],
  );
}

export async function benchRent(adminUrl: string, leases = 100_000, requests = 50): Promise<RentFigures> {
  await dropDatabaseOn(adminUrl, DB_NAME);
  const databaseUrl = await createDatabaseOn(adminUrl, DB_NAME);
  const database = connectDatabase(databaseUrl, { max: 6 });
  await migrateDatabase(database);
  const pool = database.pool;
  const sgs = await startFakeSgs({ 189: igpm() });
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-bench-rent-"));
  const clock = manualClock(new Date("2026-12-01T13:00:00Z"));
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SGS_URL: sgs.url,
    RATE_LIMIT_MAX: "100000000",
    AUTH_RATE_LIMIT_MAX: "100000",
    JOBS_SCHEMA: "jobs_bench_rent_app",
  });
  // The test helpers read each new account's confirmation link from this database's outbox,
  // sealed with this app's secret (decision 036).
  const support = [process.env.SUPPORT_DATABASE_URL, process.env.SUPPORT_AUTH_SECRET];
  process.env.SUPPORT_DATABASE_URL = databaseUrl;
  process.env.SUPPORT_AUTH_SECRET = SECRET;
  // No SMTP: the e-mails are written under dataDir, where the builders read signing links and codes.
  const mailer = createMailer({ from: config.MAIL_FROM, dataDir, log: { info: () => undefined } });
  const app = await buildApp({
    config,
    database,
    dbMode: "external",
    mailer,
    authSecret: SECRET,
    clock,
    schedules: false,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const b = builders({ app, database, dataDir, settle: () => app.jobs.settle() });
  const sideJobs = new JobQueue({
    url: databaseUrl,
    pool,
    log: noLog,
    schema: "jobs_bench_rent",
    work: false,
  });
  try {
    // --- the lease 30 months old, through the API ---------------------------------------------
    let started = performance.now();
    const built = await b.contract("assinado", { garantias: ["seguro_fianca"], dataEntrada: "2027-01-01" });
    const leaseId = built.contract.id;
    const { rows: leaseRows } = await pool.query<RentLease>(
      "SELECT id, numero, landlord_id, tenant_id, data FROM contracts WHERE id = $1 AND status = 'assinado'",
      [leaseId],
    );
    const lease = leaseRows[0];
    if (!lease) throw new Error("the lease was not signed");
    const periods = rentPeriods(scheduleOf(lease), ufOf(lease));
    for (const [k, p] of periods.entries()) {
      clock.set(noonOf(p.vencimento));
      await app.rent.adjust([leaseId]);
      const made = await app.rent.generate([leaseId]);
      if (made !== 1) throw new Error(`month ${p.competencia}: ${made} charges made, not 1`);
      const { rows } = await pool.query<{ id: string }>(
        "SELECT id FROM rent_charges WHERE contract_id = $1 AND seq = $2",
        [leaseId, p.seq],
      );
      const late = (k + 1) % 6 === 0;
      const paidOn = late ? plusDays(p.vencimento, 4) : p.vencimento;
      clock.set(noonOf(paidOn));
      const paid = await b.call("POST", `/api/charges/${rows[0]?.id}/payment`, built.landlord.cookie, {
        pagoEm: paidOn,
      });
      if (paid.statusCode !== 200) throw new Error(`payment: ${paid.statusCode} ${paid.body}`);
    }
    await app.jobs.settle();
    const ledgerBuildSeconds = (performance.now() - started) / 1000;
    // "Today": the old lease's last due date; it has nothing left to charge.
    const today = periods.at(-1)?.vencimento as string;
    clock.set(noonOf(today));
    const month = today.slice(0, 7);
    const [y, m] = month.split("-").map(Number) as [number, number];
    const before = `${m === 1 ? y - 1 : y}-${String(m === 1 ? 12 : m - 1).padStart(2, "0")}-01`;

    // --- the other leases, in bulk SQL: one landlord per four leases, one unit, offer, proposal each
    started = performance.now();
    const { rows: ids } = await pool.query<{ unit_id: string; proposal_id: string; offer_id: string }>(
      "SELECT o.unit_id, c.proposal_id, c.offer_id FROM contracts c JOIN offers o ON o.id = c.offer_id WHERE c.id = $1",
      [leaseId],
    );
    const pattern = ids[0];
    if (!pattern) throw new Error("no offer");
    const landlordOf = "'bench-rent-landlord-' || (g / 4)";
    const tenantOf = "'bench-rent-tenant-' || g";
    const uuidOf = (what: string) => `md5('bench-rent-${what}-' || g)::uuid`;
    await copyRows(pool, "users", lease.landlord_id, Math.ceil(leases / 4), {
      id: "'bench-rent-landlord-' || g",
      email: "'bench-rent-landlord-' || g || '@exemplo.com.br'",
    });
    await copyRows(pool, "users", lease.tenant_id, leases, {
      id: tenantOf,
      email: "'bench-rent-tenant-' || g || '@exemplo.com.br'",
    });
    await copyRows(pool, "units", pattern.unit_id, leases, { id: uuidOf("unit"), owner_id: landlordOf });
    await copyRows(pool, "offers", pattern.offer_id, leases, {
      id: uuidOf("offer"),
      unit_id: uuidOf("unit"),
      owner_id: landlordOf,
    });
    await copyRows(pool, "proposals", pattern.proposal_id, leases, {
      id: uuidOf("proposal"),
      offer_id: uuidOf("offer"),
      tenant_id: tenantOf,
      landlord_id: landlordOf,
    });
    const termos = (field: string, value: string) => `'{termos,${field}}', to_jsonb(${value})`;
    await copyRows(pool, "contracts", leaseId, leases, {
      id: uuidOf("lease"),
      numero: "'BENCH-RENT-' || g",
      proposal_id: uuidOf("proposal"),
      offer_id: uuidOf("offer"),
      landlord_id: landlordOf,
      tenant_id: tenantOf,
      data: `jsonb_set(jsonb_set(jsonb_set(jsonb_set(t.data,
               ${termos("dataInicio", `to_char(date '${before}' + g % 28, 'YYYY-MM-DD')`)}),
               ${termos("diaVencimento", "10 + (g / 28) % 11")}),
               ${termos("aluguel", "150000 + (g % 37) * 10000")}),
               '{imovel,uf}', to_jsonb((ARRAY['${UFS.join("','")}'])[1 + (g / 308) % ${UFS.length}]))`,
    });
    for (const table of ["users", "units", "offers", "proposals", "contracts"])
      await pool.query(`ANALYZE ${table}`);
    const seedSeconds = (performance.now() - started) / 1000;

    // What should be made: each distinct schedule's periods due by today + the lead days.
    const until = plusDays(today, config.RENT_CHARGE_LEAD_DAYS);
    const { rows: schedules } = await pool.query<{ inicio: string; dia: number; uf: string; n: number }>(
      `SELECT data->'termos'->>'dataInicio' AS inicio, (data->'termos'->>'diaVencimento')::int AS dia,
              data->'imovel'->>'uf' AS uf, count(*)::int AS n
         FROM contracts WHERE kind = 'locacao' AND parent_id IS NULL AND status = 'assinado' AND id <> $1
        GROUP BY 1, 2, 3`,
      [leaseId],
    );
    const expected = schedules.reduce(
      (sum, s) =>
        sum +
        s.n *
          rentPeriods({ dataInicio: s.inicio, prazoMeses: 30, diaVencimento: s.dia }, s.uf).filter(
            (p) => p.vencimento <= until,
          ).length,
      0,
    );

    // --- the month's generation, as the schedule runs it (its own queue, not working) -----------
    // The outbox declares its queue (mail.send), created when the queue starts.
    const outbox = new MailOutbox(pool, mailer, sideJobs, noLog, SECRET);
    await sideJobs.start();
    const notices = new NoticesService(pool, { outbox, clock, publicUrl: ORIGIN, secret: SECRET });
    const rent = new RentService({
      pool,
      clock,
      log: noLog as unknown as FastifyBaseLogger,
      notices,
      issueDocument: () => Promise.reject(new Error("no receipts here")),
      pixMode: "estatico",
      indexes: {
        name: "none",
        monthly: () => Promise.reject(new Error("no index here")),
        savings: () => Promise.reject(new Error("no index here")),
      } satisfies IndexProvider,
      leadDays: config.RENT_CHARGE_LEAD_DAYS,
      adjustmentNoticeDays: config.RENT_ADJUSTMENT_NOTICE_DAYS,
      // Static Pix (PIX_PROVIDER's default): no PSP, so nothing is registered or synced.
      psp: null,
      registerLater: () => Promise.reject(new Error("no PSP here")),
      syncLater: () => Promise.reject(new Error("no PSP here")),
    });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    started = performance.now();
    const created = await rent.generate();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const heapDelta = process.memoryUsage().heapUsed - heapBefore;
    started = performance.now();
    const secondCreated = await rent.generate();
    const secondSeconds = (performance.now() - started) / 1000;
    const { rows: counts } = await pool.query<{ notices: number; mails: number }>(
      `SELECT (SELECT count(*)::int FROM notifications WHERE user_id LIKE 'bench-rent-tenant-%') AS notices,
              (SELECT count(*)::int FROM mail_outbox WHERE recipient LIKE 'bench-rent-tenant-%') AS mails`,
    );
    await pool.query("ANALYZE rent_charges");

    // --- the ledger page of the old lease, through HTTP ------------------------------------------
    const url = `${baseUrl}/api/leases/${leaseId}`;
    const headers = { cookie: built.tenant.cookie };
    const get = async () => {
      const res = await fetch(url, { headers });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`ledger: ${res.status} ${body}`);
      return body;
    };
    for (let i = 0; i < 5; i++) await get();
    const times: number[] = [];
    let body = "";
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      body = await get();
      times.push(performance.now() - t0);
    }
    const view = JSON.parse(body) as LeaseView;
    return {
      leases,
      seedSeconds,
      expected,
      created,
      seconds,
      notices: counts[0]?.notices ?? 0,
      mails: counts[0]?.mails ?? 0,
      secondCreated,
      secondSeconds,
      rssBeforeMb: rssBefore / 1e6,
      rssPeakMb: peak / 1e6,
      heapDeltaMb: heapDelta / 1e6,
      ledger: {
        months: periods.length,
        charges: view.cobrancas.length,
        paid: view.cobrancas.filter((c) => c.status === "paga").length,
        entries: view.extrato.length,
        documents: view.documentos.length,
        bytes: Buffer.byteLength(body),
      },
      ledgerBuildSeconds,
      requests,
      p50: pct(times, 50),
      p95: pct(times, 95),
      max: Math.max(...times),
    };
  } finally {
    await sideJobs.stop().catch(() => undefined);
    await app.close();
    mailer.close();
    await database.close();
    await sgs.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
    [process.env.SUPPORT_DATABASE_URL, process.env.SUPPORT_AUTH_SECRET] = support;
    if (support[0] === undefined) delete process.env.SUPPORT_DATABASE_URL;
    if (support[1] === undefined) delete process.env.SUPPORT_AUTH_SECRET;
    await dropDatabaseOn(adminUrl, DB_NAME);
  }
}

export function printRent(f: RentFigures): void {
  const n = (x: number) => x.toLocaleString("en");
  console.log(
    `\nRent: a month's charges for ${n(f.leases)} signed leases (seeded in bulk SQL in ${f.seedSeconds.toFixed(1)} s), each with its tenant's notice and e-mail`,
  );
  console.log(
    `  first run: ${n(f.created)} charges made (expected ${n(f.expected)}) in ${f.seconds.toFixed(1)} s: ${n(Math.round(f.created / f.seconds))} charges/s · ${n(f.notices)} notices, ${n(f.mails)} e-mails queued`,
  );
  console.log(
    `  second run: ${n(f.secondCreated)} charges made (expected 0) in ${f.secondSeconds.toFixed(1)} s · process memory ${f.rssBeforeMb.toFixed(0)} MB before, peak ${f.rssPeakMb.toFixed(0)} MB (heap ${f.heapDeltaMb >= 0 ? "+" : ""}${f.heapDeltaMb.toFixed(0)} MB after)`,
  );
  console.log(
    `  ledger page GET /api/leases/:id, a lease of ${f.ledger.months} months (${f.ledger.paid} of ${f.ledger.charges} charges paid, ${f.ledger.entries} account entries, ${f.ledger.documents} documents, ${(f.ledger.bytes / 1024).toFixed(0)} KiB; made through the API in ${f.ledgerBuildSeconds.toFixed(0)} s), ${f.requests} requests one after another: p50 ${f.p50.toFixed(1)} ms · p95 ${f.p95.toFixed(1)} ms · max ${f.max.toFixed(1)} ms`,
  );
  if (f.created !== f.expected || f.secondCreated !== 0 || f.ledger.paid !== f.ledger.months) {
    console.error("The rent figures above are not valid: the counts are not what they should be.");
    process.exitCode = 1;
  }
}
