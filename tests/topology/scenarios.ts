import fs from "node:fs";
import type { Page } from "@playwright/test";
import pg from "pg";
import { type AppNode, type RunDir, spawnNode, waitReady } from "./hosts";
import { type Journey, type Person, readLive } from "./journey";
import { receivedFrom, setLink } from "./net";
import { waitFor } from "./processes";

/** One line of nginx's access log (the test's log_format `topology`). */
export interface Hit {
  at: number;
  status: number;
  method: string;
  uri: string;
  upstreams: string[];
  seconds: number;
}

export function readAccessLog(file: string): Hit[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const m = /^(\S+) (\d+) (\S+) (\S+) "([^"]*)" "([^"]*)" (\S+)$/.exec(line);
      if (!m) throw new Error(`unreadable nginx log line: ${line}`);
      return {
        at: Number(m[1]) * 1000,
        status: Number(m[2]),
        method: m[3] as string,
        uri: m[4] as string,
        upstreams: (m[5] as string).split(/[,:]\s*/).filter((x) => /^\d+\.\d+\.\d+\.\d+$/.test(x)),
        seconds: Number(m[7]),
      };
    });
}

/** Which node a page's current live stream runs on (nginx's X-Chave-Upstream on it). */
export async function streamNode(page: Page): Promise<string | null> {
  const live = await readLive(page);
  const open = live.streams.filter((s) => s.endedAt === null);
  return open.at(-1)?.upstream?.split(":")[0] ?? null;
}

export interface LoadResult {
  at: number;
  ok: boolean;
  status: number;
  ms: number;
  what: string;
  upstream?: string | null;
}

/**
 * Requests through the balancer at a steady pace, as a person's app makes them: reads of the
 * proposal and, every few, a message posted; every answer is counted, none may fail.
 */
export function backgroundLoad(baseUrl: string, cookie: string, proposalId: string) {
  const results: LoadResult[] = [];
  let stopped = false;
  let n = 0;
  const loop = (async () => {
    while (!stopped) {
      n += 1;
      // A message every 3 s or so: with the people's own, under the 60 a minute a person may send.
      const post = n % 30 === 0;
      const what = post ? "POST message" : "GET proposal";
      const begun = Date.now();
      try {
        const res = await fetch(
          post ? `${baseUrl}/api/messages/${proposalId}` : `${baseUrl}/api/proposals/${proposalId}`,
          {
            method: post ? "POST" : "GET",
            headers: {
              cookie,
              origin: baseUrl,
              "content-type": "application/json",
              "accept-language": "pt-BR",
            },
            body: post ? JSON.stringify({ texto: `Mensagem automática ${n}` }) : undefined,
            signal: AbortSignal.timeout(15_000),
          },
        );
        await res.arrayBuffer();
        results.push({
          at: begun,
          ok: res.status < 400,
          status: res.status,
          ms: Date.now() - begun,
          what,
          upstream: res.headers.get("x-chave-upstream"),
        });
      } catch (err) {
        results.push({
          at: begun,
          ok: false,
          status: 0,
          ms: Date.now() - begun,
          what: `${what}: ${(err as Error).message}`,
        });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    results,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

/** Every event the database holds for a person after the first one their page received, and which the page did not get. */
export async function missedEvents(
  dbUrl: string,
  p: Person,
): Promise<{ delivered: number; missed: number[]; duplicates: number }> {
  const live = await readLive(p.page);
  const first = live.ids[0];
  if (first === undefined) throw new Error(`${p.role}'s page received no live event id at all`);
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string }>(
      "SELECT id FROM live_events WHERE user_id = $1 AND id > $2 ORDER BY id",
      [p.userId, first],
    );
    const got = new Set(live.ids);
    return {
      delivered: got.size - 1,
      missed: rows.map((r) => Number(r.id)).filter((id) => !got.has(id)),
      // A replay repeats the few events of transactions still running at the last one (decision 035); the app drops them.
      duplicates: live.ids.length - got.size,
    };
  } finally {
    await c.end();
  }
}

/** SIGKILL the node receiving the tenant's upload, once a person's live stream runs on it too. */
export async function killDuringUpload(
  journey: Journey,
  nodes: AppNode[],
  balancer: string,
  log: (s: string) => void,
): Promise<{ node: AppNode; at: number; streamsOnIt: string[] }> {
  const until = Date.now() + 60_000;
  const seen = { maxDelta: 0, busy: new Set<string>(), streams: new Set<string>() };
  const sample = () => new Map(nodes.map((n) => [n, receivedFrom(n.host, 3000, balancer)]));
  const grown = (before: Map<string, number> | undefined, after: Map<string, number> | undefined) => {
    let sum = 0;
    for (const [peer, bytes] of after ?? []) sum += bytes - (before?.get(peer) ?? bytes);
    return sum;
  };
  let last = sample();
  let total = 0;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    const now = sample();
    // Still receiving a request body from the balancer: a chunk of the upload under way. Only
    // from the sixth chunk on (tus-js-client doubles them from 256 KiB: 7.75 MiB, 8,126,464 bytes,
    // before it), 8 MiB long, over 8 s at this pace: time enough to place a live stream on its node
    // before it ends. The count holds the other requests' bytes too, so the bar stands past 7.75 MiB
    // (at 7.9 million bytes it was crossed near the end of the fifth chunk, which then finished
    // before the kill in one CI run).
    for (const n of nodes) total += Math.max(0, grown(last.get(n), now.get(n)));
    // And only while one of the tenant's chunks is on its way: other requests' bytes (a page's,
    // after the upload ended) once made a node look busy 14 s after the last chunk, and the kill
    // then cut nothing short.
    const uploading = journey.tenant.uploadsInFlight() > 0;
    const busy =
      total >= 8_400_000 && uploading
        ? nodes.find((n) => grown(last.get(n), now.get(n)) > 100_000)
        : undefined;
    seen.maxDelta = Math.max(seen.maxDelta, ...nodes.map((n) => grown(last.get(n), now.get(n))));
    last = now;
    if (!busy) continue;
    seen.busy.add(busy.host.name);
    const streamsOnIt: string[] = [];
    for (const p of [journey.landlord, journey.tenant]) {
      const on = await streamNode(p.page);
      seen.streams.add(`${p.role}@${on}`);
      if (on === busy.host.address) streamsOnIt.push(p.role);
    }
    if (streamsOnIt.length > 0) {
      busy.proc.signal("SIGKILL");
      const at = Date.now();
      log(`SIGKILL ${busy.host.name} mid-upload (holding the ${streamsOnIt.join(" and ")}'s live stream)`);
      return { node: busy, at, streamsOnIt };
    }
    // Move the landlord's stream (she reloads her inbox) until one shares the upload's node.
    await journey.landlord.page.reload();
    await waitFor(
      "the landlord's live stream after a reload",
      () => streamNode(journey.landlord.page),
      10_000,
    );
  }
  throw new Error(
    `the upload never ran on a node that also held a live stream within 60 s (busiest 200 ms: ${seen.maxDelta} bytes; uploading nodes: ${[...seen.busy].join(", ") || "none"}; streams: ${[...seen.streams].join(", ") || "none"})`,
  );
}

export async function restartNode(node: AppNode, run: RunDir, env: Record<string, string>): Promise<void> {
  spawnNode(node, run, env);
  await waitReady(node);
}

/** Waits until nginx sends requests to `node` again (after its fail_timeout) and it answers. */
export async function backInRotation(
  node: AppNode,
  lb: { url: string; accessLog: string },
  since: number,
  timeoutMs = 40_000,
): Promise<number> {
  return waitFor(
    `nginx to send requests to ${node.host.name} again`,
    async () => {
      // Traffic of our own, so nginx has requests to send it.
      await fetch(`${lb.url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then((r) =>
        r.arrayBuffer(),
      );
      const hit = readAccessLog(lb.accessLog).find(
        (h) => h.at >= since && h.upstreams.at(-1) === node.host.address && h.status < 500,
      );
      return hit?.at;
    },
    timeoutMs,
    250,
  );
}

export { setLink };
