/**
 * `npm run bench`: the real server on its embedded PostgreSQL, loaded with autocannon from this
 * process over loopback. Prints requests per second and latency percentiles per endpoint.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) tune the run. Last, with the
 * other servers stopped, Lighthouse on three screens (bench/lighthouse.ts; BENCH_LIGHTHOUSE=off
 * leaves it out, BENCH_ONLY=lighthouse runs it alone).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { loadConfig } from "../src/server/config";
import { connectDatabase, migrateDatabase } from "../src/server/db/client";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../src/server/db/embedded";
import { seedOffers } from "../src/server/seed/seed";
import { createObjectStore } from "../src/server/storage/object-store";
import { startTestTsa } from "../tests/support/tsa";
import { BENCH_PASSWORD, confirmedAccount } from "./accounts";
import { benchCapacity, printCapacity } from "./capacity";
import { benchContract } from "./contract";
import { benchInspection, printInspection } from "./inspection";
import { benchJobs } from "./jobs";
import { benchLighthouse, printLighthouse } from "./lighthouse";
import { benchLive } from "./live";
import { benchDigests, benchMatching } from "./preferences";
import { benchRent, printRent } from "./rent";
import { benchSeal, printSeal } from "./seal";
import { loadSearch } from "./search";
import { benchUpload, UPLOAD_BYTES } from "./upload";

const PORT = Number(process.env.BENCH_PORT ?? 3307);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.resolve(".bench-data");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const OFFERS = Number(process.env.BENCH_OFFERS ?? 100_000);
const BASELINE_PORT = PORT + 1;

/** The bench's own PostgreSQL, seeded once with OFFERS offers; both servers use it. */
async function prepareDatabase(): Promise<EmbeddedPostgres> {
  const embedded = await startEmbeddedPostgres({
    dataDir: DATA_DIR,
    port: PORT + 1000,
    log: { info: () => undefined, warn: (m) => console.warn(m) },
  });
  const database = connectDatabase(embedded.url, { max: 4 });
  try {
    await migrateDatabase(database);
    const { rows } = await database.pool.query<{ n: string }>("SELECT count(*) AS n FROM offers");
    const missing = OFFERS - Number(rows[0]?.n ?? 0);
    if (missing > 0) {
      const config = loadConfig({ DATA_DIR, STORAGE: "fs" });
      const seeded = await seedOffers(database.pool, createObjectStore(config, database.pool), missing);
      console.log(`Seeded ${missing.toLocaleString("en")} offers in ${seeded.seconds.toFixed(1)} s`);
    }
  } finally {
    await database.close();
  }
  return embedded;
}

function startBaseline(databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "bench/baseline.ts"], {
    env: { ...process.env, PORT: String(BASELINE_PORT), DATABASE_URL: databaseUrl },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

function startServer(databaseUrl: string, port = PORT): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      // The per-node flood ceiling would otherwise be what is measured.
      RATE_LIMIT_MAX: "100000000",
      AUTH_RATE_LIMIT_MAX: "100000",
      UPLOAD_MAX_SIZE: String(2 * UPLOAD_BYTES),
      STORAGE_QUOTA: String(20 * UPLOAD_BYTES),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function waitHealthy(server: ChildProcess, url = `${BASE}/api/health`) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy");
}

async function sessionCookie(databaseUrl: string): Promise<string> {
  const account = await confirmedAccount(BASE, databaseUrl, {
    name: "Bench",
    email: `bench.${Date.now()}@exemplo.com.br`,
    password: BENCH_PASSWORD,
  });
  return account.cookie;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, urlPath: string, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({
    url: `${BASE}${urlPath}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
  });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The live-events bench: a second app node on the same database, streams held on both. */
async function liveSection(server: ChildProcess, databaseUrl: string) {
  const secondPort = PORT + 2;
  const second = startServer(databaseUrl, secondPort);
  try {
    await waitHealthy(second, `http://127.0.0.1:${secondPort}/api/health`);
    const live = await benchLive({
      nodes: [
        { base: BASE, pid: server.pid as number },
        { base: `http://127.0.0.1:${secondPort}`, pid: second.pid as number },
      ],
      databaseUrl,
    });
    console.log(
      `\nLive events: ${live.clients.toLocaleString("en")} server-sent-event clients across two app nodes, one event to every user per round`,
    );
    console.log(
      `  delivered ${live.deliveries.toLocaleString("en")} of ${live.expected.toLocaleString("en")} · latency p50 ${live.p50.toFixed(1)} ms · p99 ${live.p99.toFixed(1)} ms (target ≤ 100) · max ${live.max.toFixed(1)} ms`,
    );
    console.log(
      `  server memory per connection ${(live.bytesPerConnection / 1024).toFixed(1)} KiB (resident set growth of both nodes)`,
    );
    if (live.deliveries < live.expected) {
      console.error("Some live events were not delivered: the figures above are not valid.");
      process.exitCode = 1;
    }
  } finally {
    second.kill("SIGTERM");
    await new Promise((r) => (second.exitCode !== null ? r(null) : second.once("exit", r)));
  }
}

async function jobsSection(databaseUrl: string) {
  const contracts = Number(process.env.BENCH_SEAL_CONTRACTS ?? 20);
  const mails = Number(process.env.BENCH_MAILS ?? 500);
  const j = await benchJobs(databaseUrl, contracts, mails);
  console.log(`\nBackground jobs (pg-boss), one app node, a real SMTP sink on loopback`);
  console.log(
    `  last signature → sealed PDF stored, over ${j.contracts} contracts: p50 ${j.sealP50.toFixed(0)} ms · p99 ${j.sealP99.toFixed(0)} ms · max ${j.sealMax.toFixed(0)} ms`,
  );
  console.log(
    `  outbox: ${j.mails} e-mails queued in one transaction, sent at ${j.mailsPerSecond.toFixed(0)} e-mails/s`,
  );
  // The same seal with an RFC 3161 timestamp from OpenSSL's TSA on loopback (goal p99 ≤ 2 s).
  const tsa = await startTestTsa();
  try {
    const t = await benchJobs(databaseUrl, contracts, 1, { TSA_URL: tsa.url });
    console.log(
      `  last signature → sealed PDF stored, with a local TSA (PAdES B-T/B-LT), over ${t.contracts} contracts: p50 ${t.sealP50.toFixed(0)} ms · p99 ${t.sealP99.toFixed(0)} ms · max ${t.sealMax.toFixed(0)} ms (goal p99 ≤ 2000)`,
    );
  } finally {
    await tsa.close();
  }
}

/** Issue 16: finding the saved searches an offer fits, through the index and by a full scan. */
async function matchingSection(databaseUrl: string) {
  const m = await benchMatching(
    databaseUrl,
    Number(process.env.BENCH_SEARCHES ?? 100_000),
    Number(process.env.BENCH_MATCH_OFFERS ?? 200),
  );
  console.log(
    `\nSaved searches: ${m.searches.toLocaleString("en")} searches${m.seedSeconds ? ` (saved in ${m.seedSeconds.toFixed(1)} s)` : ""}, ${m.offers} published offers matched one after another, ${m.meanFound.toFixed(0)} searches fit each on average`,
  );
  console.log(
    `  through the index on places: p50 ${m.index.p50.toFixed(2)} ms · p99 ${m.index.p99.toFixed(2)} ms (target p99 ≤ 50)`,
  );
  console.log(
    `  full scan of the same filters: p50 ${m.scan.p50.toFixed(2)} ms · p99 ${m.scan.p99.toFixed(2)} ms`,
  );
  console.log(
    `  ratio scan/index at p50 ${(m.scan.p50 / m.index.p50).toFixed(1)}×, at p99 ${(m.scan.p99 / m.index.p99).toFixed(1)}×`,
  );
}

/** Issue 16: building the daily digests of 100,000 people due at the same hour. */
async function digestSection(databaseUrl: string) {
  const d = await benchDigests(databaseUrl, DATA_DIR, Number(process.env.BENCH_DIGEST_PEOPLE ?? 100_000));
  console.log(
    `\nDaily digests: ${d.people.toLocaleString("en")} people due at the same hour, ${d.perPerson} notices each (seeded in ${d.seedSeconds.toFixed(1)} s)`,
  );
  console.log(
    `  built and queued ${d.sent.toLocaleString("en")} digest e-mails (${d.queued.toLocaleString("en")} in the outbox) in ${d.seconds.toFixed(1)} s: ${Math.round(d.sent / d.seconds).toLocaleString("en")} digests/s`,
  );
}

/** Issue 32: a month's rent charges for BENCH_LEASES leases, and a 30-month lease's ledger page. */
const rentSection = (databaseUrl: string) =>
  benchRent(
    databaseUrl,
    Number(process.env.BENCH_LEASES ?? 100_000),
    Number(process.env.BENCH_LEDGER_REQUESTS ?? 50),
  );

async function main() {
  if (process.env.BENCH_ONLY === "lighthouse") {
    printLighthouse(await benchLighthouse());
    return;
  }
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const embedded = await prepareDatabase();
  const server = startServer(embedded.url);
  const baseline = startBaseline(embedded.url);
  try {
    await waitHealthy(server);
    if (process.env.BENCH_ONLY === "live") {
      await liveSection(server, embedded.url);
      return;
    }
    const capacity = () =>
      benchCapacity({
        base: BASE,
        databaseUrl: embedded.url,
        appPid: server.pid as number,
        dataDir: DATA_DIR,
        seconds: SECONDS,
        connections: CONNECTIONS,
      });
    if (process.env.BENCH_ONLY === "capacity") {
      printCapacity(await capacity(), SECONDS, CONNECTIONS);
      return;
    }
    if (process.env.BENCH_ONLY === "seal") {
      printSeal(await benchSeal(Number(process.env.BENCH_SEAL_CONTRACTS ?? 20)));
      return;
    }
    if (process.env.BENCH_ONLY === "inspection") {
      printInspection(await benchInspection(Number(process.env.BENCH_INSPECTION_PHOTOS ?? 200)));
      return;
    }
    if (process.env.BENCH_ONLY === "jobs") {
      await jobsSection(embedded.url);
      return;
    }
    if (process.env.BENCH_ONLY === "rent") {
      printRent(await rentSection(embedded.url));
      return;
    }
    if (process.env.BENCH_ONLY === "matching") {
      await matchingSection(embedded.url);
      await digestSection(embedded.url);
      return;
    }
    await waitHealthy(baseline, `http://127.0.0.1:${BASELINE_PORT}/api/search?limit=1`);
    const cookie = await sessionCookie(embedded.url);
    // A short warm-up so the JIT and the pool are ready before measuring.
    await autocannon({ url: `${BASE}/api/health`, connections: 10, duration: 2 });
    const rows = [
      await load("GET /api/health (database round trip)", "/api/health"),
      await load("GET /api/me (signed-in session check)", "/api/me", { cookie }),
      await load("GET /api/auth/get-session (signed in)", "/api/auth/get-session", { cookie }),
    ];
    console.log(
      `\nChave bench: ${SECONDS} s per endpoint, ${CONNECTIONS} connections, embedded PostgreSQL, Node ${process.version}\n`,
    );
    console.log("endpoint                                     req/s     p50 ms   p99 ms   non-2xx  errors");
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(44)} ${String(r.rps).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.non2xx).padStart(9)} ${String(r.errors).padStart(7)}`,
      );
    }
    const up = await benchUpload(BASE, cookie, DATA_DIR);
    const mib = UPLOAD_BYTES / 1024 / 1024;
    const line = (label: string, seconds: number, note: string) =>
      console.log(
        `  ${label.padEnd(12)} ${seconds.toFixed(3)} s ${String(Math.round(mib / seconds)).padStart(6)} MiB/s  ${note}`,
      );
    console.log(
      `\n${mib} MiB resumable upload over loopback, median of ${process.env.BENCH_UPLOAD_RUNS ?? 5} runs`,
    );
    line(
      "upload",
      up.uploadSeconds,
      "tus, chunks 256 KiB doubling to 32 MiB; SHA-256, type check, fsync and record included",
    );
    line("stream copy", up.streamCopySeconds, "the same bytes read and written by Node on the same disk");
    line(
      "kernel copy",
      up.kernelCopySeconds,
      "fs.copyFile (copy_file_range: the bytes never leave the kernel)",
    );
    line("bare pipe", up.barePipeSeconds, "one bare HTTP request piped into a file: no protocol, no checks");
    console.log(
      `  ratio to the stream copy ${(up.streamCopySeconds / up.uploadSeconds).toFixed(2)} (target ≥ 0.5)`,
    );
    console.log(
      `  ratio to the kernel copy ${(up.kernelCopySeconds / up.uploadSeconds).toFixed(2)}; the bare pipe's is ${(up.kernelCopySeconds / up.barePipeSeconds).toFixed(2)}`,
    );
    // The search, against the bare baseline running the identical SQL, turn about.
    await loadSearch(BASE, 2, 10);
    await loadSearch(`http://127.0.0.1:${BASELINE_PORT}`, 2, 10);
    const app = await loadSearch(BASE, SECONDS, CONNECTIONS);
    const bare = await loadSearch(`http://127.0.0.1:${BASELINE_PORT}`, SECONDS, CONNECTIONS);
    const appAt1k = await loadSearch(BASE, SECONDS, 20, 1000);
    const bareAt1k = await loadSearch(`http://127.0.0.1:${BASELINE_PORT}`, SECONDS, 20, 1000);
    // A rate this machine sustains, to show the latency below saturation.
    const appAt250 = await loadSearch(BASE, SECONDS, 10, 250);
    console.log(
      `\nSearch over ${OFFERS.toLocaleString("en")} offers (56 query shapes: places, prices, bedrooms, text, sorts)`,
    );
    console.log("                                   req/s   p50 ms   p99 ms  non-2xx  errors");
    const show = (label: string, f: Awaited<ReturnType<typeof loadSearch>>) =>
      console.log(
        `  ${label.padEnd(32)} ${String(f.rps).padStart(6)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${String(f.non2xx).padStart(8)} ${String(f.errors).padStart(7)}`,
      );
    show(`Chave, ${CONNECTIONS} connections`, app);
    show(`bare Fastify + pg, ${CONNECTIONS} conn.`, bare);
    show("Chave at 1,000 req/s", appAt1k);
    show("bare Fastify + pg at 1,000 req/s", bareAt1k);
    show("Chave at 250 req/s", appAt250);
    console.log(
      `  ratio ${(app.rps / bare.rps).toFixed(2)} of the baseline's throughput (target ≥ 0.7); p99 at 1,000 req/s ${appAt1k.p99} ms (target < 25)`,
    );
    const perCore = await capacity();
    printCapacity(perCore, SECONDS, CONNECTIONS);
    const contract = await benchContract();
    console.log("\nLease contract, median of 7 (after a warm-up)");
    console.log(
      `  generate ${contract.generateMs.toFixed(0)} ms · seal ${contract.sealMs.toFixed(0)} ms (with the certificate of completion) · together ${(contract.generateMs + contract.sealMs).toFixed(0)} ms (target ≤ 500)`,
    );
    printSeal(await benchSeal(Number(process.env.BENCH_SEAL_CONTRACTS ?? 20)));
    printInspection(await benchInspection(Number(process.env.BENCH_INSPECTION_PHOTOS ?? 200)));
    await jobsSection(embedded.url);
    await matchingSection(embedded.url);
    await digestSection(embedded.url);
    printRent(await rentSection(embedded.url));
    await liveSection(server, embedded.url);
    rows.push({
      name: "search",
      rps: app.rps,
      p50: app.p50,
      p99: app.p99,
      non2xx: app.non2xx + appAt1k.non2xx,
      errors: app.errors + appAt1k.errors,
    });
    if (rows.some((r) => r.non2xx > 0 || r.errors > 0) || perCore.some((r) => r.failed > 0)) {
      console.error("\nSome requests failed: the figures above are not valid.");
      process.exitCode = 1;
    }
  } finally {
    for (const child of [server, baseline]) {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    }
    await embedded.stop();
  }
  // Its own server, database and client build; alone on the machine, since TBT is CPU time.
  if (process.env.BENCH_LIGHTHOUSE !== "off") printLighthouse(await benchLighthouse());
}

await main();
