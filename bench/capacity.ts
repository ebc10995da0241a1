import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { proposalBodyOf } from "../tests/support/bodies";
import { addressProfileOf, personalProfileOf } from "../tests/support/profiles";
import { BENCH_PASSWORD, confirmedAccount } from "./accounts";
import { searchPaths } from "./search";

/**
 * Capacity per core (docs/scaling.md): the same load as a user makes (the search mix, offer pages,
 * proposals sent), with the CPU time the app node and PostgreSQL each spent on it read from
 * /proc. Requests per CPU-second of each side are what a core of that side serves, whatever else
 * the machine runs; the side with fewer requests per core-second saturates first.
 */

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

function stat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** The postmaster and its children (one backend a connection, the writers, the WAL). */
function postgresPids(dataDir: string): number[] {
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, "db", "postmaster.pid"), "utf8").split("\n")[0],
  );
  const pids = [postmaster];
  for (const entry of fs.readdirSync("/proc")) {
    const pid = Number(entry);
    if (pid && stat(pid)?.ppid === postmaster) pids.push(pid);
  }
  return pids;
}

function ticksOf(pids: number[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const pid of pids) {
    const s = stat(pid);
    if (s) m.set(pid, s.ticks);
  }
  return m;
}

/** CPU seconds spent between two readings; a process started in between counts from zero. */
function spent(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return ticks / TICKS_PER_SECOND;
}

export interface CapacityRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** CPU milliseconds a request cost the app node, and PostgreSQL. */
  appMs: number;
  dbMs: number;
}

interface Target {
  base: string;
  databaseUrl: string;
  appPid: number;
  dataDir: string;
  seconds: number;
  connections: number;
}

async function measured(
  t: Target,
  name: string,
  run: () => Promise<autocannon.Result>,
): Promise<CapacityRow> {
  const pgPids = () => postgresPids(t.dataDir);
  const appBefore = ticksOf([t.appPid]);
  const dbBefore = ticksOf(pgPids());
  const r = await run();
  const appSeconds = spent(appBefore, ticksOf([t.appPid]));
  const dbSeconds = spent(dbBefore, ticksOf(pgPids()));
  const requests = r.requests.total;
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors,
    appMs: (appSeconds * 1000) / Math.max(requests, 1),
    dbMs: (dbSeconds * 1000) / Math.max(requests, 1),
  };
}

interface SeededOffer {
  id: string;
  aluguel: number;
  fiador: boolean;
}

async function publishedOffers(databaseUrl: string, n: number): Promise<SeededOffer[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<SeededOffer>(
      `SELECT id, aluguel::int AS aluguel, 'fiador' = ANY(garantias) AS fiador
         FROM offers WHERE status = 'publicada' ORDER BY id LIMIT $1`,
      [n],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** Tenants whose profiles are complete: the ones who may send proposals. */
async function tenants(t: Target, n: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    // A name a contract can print: letters, not digits ("Inquilina Bca Souza" for 120).
    const letters = [...String(i)].map((d) => "abcdefghij"[Number(d)]).join("");
    const name = `Inquilina ${letters.charAt(0).toUpperCase()}${letters.slice(1)} Souza`;
    const { cookie } = await confirmedAccount(t.base, t.databaseUrl, {
      name,
      email: `capacidade.${Date.now()}.${i}@exemplo.com.br`,
      password: BENCH_PASSWORD,
    });
    for (const [url, body] of [
      ["/api/profile/personal", personalProfileOf(name)],
      ["/api/profile/address", addressProfileOf()],
    ] as const) {
      const res = await fetch(`${t.base}${url}`, {
        method: "PUT",
        headers: { cookie, origin: t.base, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    }
    cookies.push(cookie);
  }
  return cookies;
}

export async function benchCapacity(t: Target): Promise<CapacityRow[]> {
  const rows: CapacityRow[] = [];
  const search = searchPaths();
  let s = 0;
  rows.push(
    await measured(t, "search (56 query shapes)", () =>
      autocannon({
        url: t.base,
        connections: t.connections,
        duration: t.seconds,
        requests: [{ setupRequest: (req) => ({ ...req, path: search[s++ % search.length] as string }) }],
      }),
    ),
  );
  const offers = (await publishedOffers(t.databaseUrl, 20_000)).map((r) => r.id);
  let o = 0;
  rows.push(
    await measured(t, "offer page (GET /api/offers/:id)", () =>
      autocannon({
        url: t.base,
        connections: t.connections,
        duration: t.seconds,
        requests: [
          { setupRequest: (req) => ({ ...req, path: `/api/offers/${offers[o++ % offers.length]}` }) },
        ],
      }),
    ),
  );
  // Each proposal on an offer nobody proposed on yet: a write transaction, its timeline, the
  // landlord's e-mail in the outbox and the live event, as a tenant's "Enviar proposta" does.
  const cookies = await tenants(t, 10);
  // Offers taking a guarantor, at their asking rent: proposals the rules accept (decision 017).
  const fresh = (await publishedOffers(t.databaseUrl, 20_000)).filter((r) => r.fiador).reverse();
  const bodyFor = (i: number) => {
    const offer = fresh[i % fresh.length] as SeededOffer;
    return JSON.stringify(proposalBodyOf(offer.id, "fiador", { aluguel: offer.aluguel }));
  };
  const probe = await fetch(`${t.base}/api/proposals`, {
    method: "POST",
    headers: { cookie: cookies[0] as string, origin: t.base, "content-type": "application/json" },
    body: bodyFor(0),
  });
  if (probe.status !== 201) throw new Error(`a proposal was refused: ${probe.status} ${await probe.text()}`);
  let p = 1;
  rows.push(
    await measured(t, "proposal sent (POST /api/proposals)", () =>
      autocannon({
        url: t.base,
        connections: Math.min(t.connections, 10),
        duration: t.seconds,
        requests: [
          {
            method: "POST",
            path: "/api/proposals",
            setupRequest: (req) => {
              const i = p++;
              return {
                ...req,
                headers: {
                  ...req.headers,
                  cookie: cookies[i % cookies.length] as string,
                  origin: t.base,
                  "content-type": "application/json",
                },
                body: bodyFor(i),
              };
            },
          },
        ],
      }),
    ),
  );
  return rows;
}

export function printCapacity(rows: CapacityRow[], seconds: number, connections: number) {
  console.log(
    `\nCapacity per core (${seconds} s each, ${connections} connections; CPU time of the app node and of PostgreSQL from /proc)`,
  );
  console.log(
    "                                        req/s  p50 ms  p99 ms  failed   app ms/req  db ms/req  req/s per app core  per db core",
  );
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(37)} ${String(r.rps).padStart(5)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.failed).padStart(7)} ${r.appMs.toFixed(2).padStart(12)} ${r.dbMs.toFixed(2).padStart(10)} ${String(Math.round(1000 / r.appMs)).padStart(19)} ${String(Math.round(1000 / r.dbMs)).padStart(12)}`,
    );
  }
}
