import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { publish } from "../src/server/realtime/hub";
import { BENCH_PASSWORD, confirmedAccount } from "./accounts";

/**
 * Live events under load: CLIENTS server-sent-event streams held across two app nodes (half on
 * each), then rounds of events published the way the app publishes them (rows in live_events and
 * a NOTIFY at commit, from a third connection) to every user at once. Delivery latency is the time
 * from just before the publishing transaction to the arrival of the event at each stream, so it
 * covers PostgreSQL's NOTIFY, both nodes' fan-out and the HTTP write. Memory per connection is the
 * growth of each node's resident set while its streams are open.
 */

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 1000);
const STREAMS_PER_USER = 10;
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 30);

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

function signUp(base: string, databaseUrl: string, i: number): Promise<{ cookie: string; id: string }> {
  return confirmedAccount(base, databaseUrl, {
    name: `Ouvinte ${i}`,
    email: `ouvinte.${i}.${Date.now()}@exemplo.com.br`,
    password: BENCH_PASSWORD,
  });
}

interface Stream {
  ready: Promise<void>;
  close(): void;
}

function openStream(base: string, cookie: string, onEvent: (data: string) => void): Stream {
  let close: () => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    const req = http.get(
      `${base}/api/events`,
      { headers: { cookie, accept: "text/event-stream" }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream refused: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let cut = buffer.indexOf("\n\n");
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf("\n\n");
            const data = block.split("\n").find((l) => l.startsWith("data:"));
            if (!data) continue;
            if (data.includes('"ready"')) resolve();
            else onEvent(data);
          }
        });
        res.on("error", () => undefined);
      },
    );
    req.on("error", reject);
    close = () => req.destroy();
  });
  return { ready, close: () => close() };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function benchLive(opts: {
  nodes: { base: string; pid: number }[];
  databaseUrl: string;
}): Promise<{
  clients: number;
  deliveries: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
  bytesPerConnection: number;
}> {
  const users: { cookie: string; id: string }[] = [];
  const userCount = Math.ceil(CLIENTS / STREAMS_PER_USER);
  for (let i = 0; i < userCount; i += 10)
    users.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, userCount - i) }, (_, k) =>
          signUp(opts.nodes[0]?.base ?? "", opts.databaseUrl, i + k),
        ),
      )),
    );
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const onEvent = (data: string) => {
    const seq = /"seq":(\d+)/.exec(data)?.[1];
    const t0 = seq ? sentAt.get(Number(seq)) : undefined;
    if (t0 !== undefined) latencies.push(performance.now() - t0);
  };
  await new Promise((r) => setTimeout(r, 1000));
  const before = opts.nodes.map((n) => rssOf(n.pid));
  const streams: Stream[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const user = users[i % users.length] as { cookie: string };
    const node = opts.nodes[Math.floor(i / users.length) % opts.nodes.length] as { base: string };
    streams.push(openStream(node.base, user.cookie, onEvent));
    if (i % 50 === 49) await Promise.all(streams.slice(-50).map((s) => s.ready));
  }
  await Promise.all(streams.map((s) => s.ready));
  await new Promise((r) => setTimeout(r, 1000));
  const after = opts.nodes.map((n) => rssOf(n.pid));
  const bytesPerConnection = (after.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0)) / CLIENTS;

  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
  try {
    // A warm-up round, not counted.
    for (let round = -2; round < ROUNDS; round++) {
      const seq = round + 1_000_000;
      if (round === 0) latencies.length = 0;
      const client = await pool.connect();
      try {
        sentAt.set(seq, performance.now());
        await client.query("BEGIN");
        await publish(
          client,
          users.map((u) => ({ userId: u.id, type: "document.ready", paths: [], data: { seq } })),
        );
        await client.query("COMMIT");
      } finally {
        client.release();
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 1000));
  } finally {
    for (const s of streams) s.close();
    await pool.end();
  }
  const sorted = [...latencies].sort((x, y) => x - y);
  return {
    clients: CLIENTS,
    deliveries: latencies.length,
    expected: ROUNDS * CLIENTS,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    bytesPerConnection,
  };
}
