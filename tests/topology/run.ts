import { randomBytes } from "node:crypto";
import { chromium } from "@playwright/test";
import { startSmtpServer } from "../support/mail";
import { relay } from "./forward";
import {
  type AppNode,
  makeRunDir,
  spawnNode,
  startBalancer,
  startObjectStore,
  startPostgres,
  waitReady,
} from "./hosts";
import { Journey, readLive } from "./journey";
import { createBridge, createHost, ROOT_ADDRESS, removeLeftovers, shapeIncoming } from "./net";
import { runningProcesses, waitFor } from "./processes";
import {
  backgroundLoad,
  backInRotation,
  killDuringUpload,
  type LoadResult,
  missedEvents,
  readAccessLog,
  restartNode,
  setLink,
  streamNode,
} from "./scenarios";

/*
 * The topology test (decision 029): PostgreSQL, the object store, three app nodes and nginx, each
 * on a host of its own (network namespaces), and people in Chromium going through the balancer
 * while nodes are killed, cut off and restarted one after another. Run by scripts/test-topology.sh.
 */

const RUN_DIR = "/tmp/chv-topology";
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const LIMIT_MS = 8 * 60_000;

const started = Date.now();
const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | null = null;
/** Saves each person's screen beside the logs (on a failure, before the browser closes). */
let screens: (() => Promise<void>) | null = null;
/** Once, whoever asks first (a signal, the end, a failure); a second caller waits for it to finish. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    // The hosts first, at once and synchronously: nothing of theirs may outlive this process.
    for (const p of runningProcesses()) p.signal("SIGKILL");
    removeLeftovers();
    for (const c of cleanups.reverse())
      await Promise.race([
        Promise.resolve(c()).catch(() => undefined),
        new Promise((r) => setTimeout(r, 5_000)),
      ]);
  })();
  return cleaning;
}
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.once(sig, () => {
    console.error(`\n${sig}: cleaning up`);
    void cleanup().then(() => process.exit(130));
  });
const overall = setTimeout(() => {
  console.error(`FAIL: the topology test ran over ${LIMIT_MS / 60_000} minutes`);
  void cleanup().then(() => process.exit(1));
}, LIMIT_MS);
overall.unref();

const step = (what: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);

async function main(): Promise<void> {
  const leftovers = removeLeftovers();
  if (leftovers.length > 0) step(`removed a previous run's leftovers: ${leftovers.join(", ")}`);
  const run = makeRunDir(RUN_DIR);
  createBridge();
  const dbHost = createHost("db", "10.77.0.10");
  const s3Host = createHost("s3", "10.77.0.11");
  const lbHost = createHost("lb", "10.77.0.2");
  const appHosts = [1, 2, 3].map((i) => createHost(`app${i}`, `10.77.0.2${i}`));
  step("hosts: db 10.77.0.10, s3 10.77.0.11, lb 10.77.0.2, app1-3 10.77.0.21-23");

  const smtp = await startSmtpServer();
  const smtpRelay = await relay(ROOT_ADDRESS, 2525, {
    host: "127.0.0.1",
    port: Number(new URL(smtp.url).port),
  });
  cleanups.push(
    () => smtp.close(),
    () => smtpRelay.close(),
  );

  const [db, s3] = await Promise.all([startPostgres(dbHost, run), startObjectStore(s3Host, run)]);
  step(`PostgreSQL at ${db.url}, S3 at ${s3.url}`);

  const publicUrl = `http://${lbHost.address}`;
  const env: Record<string, string> = {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "true",
    DATABASE_URL: db.url,
    // Every node signs sessions with the same secret: a session made on one is good on all.
    AUTH_SECRET: randomBytes(32).toString("hex"),
    STORAGE: "s3",
    S3_BUCKET: "chave",
    S3_ENDPOINT: s3.url,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "topology",
    S3_SECRET_ACCESS_KEY: "topology-secret",
    SMTP_URL: `smtp://${ROOT_ADDRESS}:2525`,
    CEP_LOOKUP: "off",
    // Every person comes from the test machine's one address, through the balancer.
    AUTH_RATE_LIMIT_MAX: "500",
    RATE_LIMIT_MAX: "60000",
    // Short, so a silent stream is noticed within seconds (the client learns the pace).
    LIVE_HEARTBEAT_SECONDS: "2",
    // DRAIN_SECONDS stays at its default (5 s): longer than nginx's upstream keepalive_timeout (4 s).
    JOB_POLL_SECONDS: "1",
  };
  const nodes: AppNode[] = appHosts.map((host) => ({
    host,
    url: `http://${host.address}:3000`,
    proc: undefined as unknown as AppNode["proc"],
    starts: 0,
  }));
  // The first node migrates the database; the others start beside it.
  spawnNode(nodes[0] as AppNode, run, env);
  await waitReady(nodes[0] as AppNode);
  for (const n of nodes.slice(1)) spawnNode(n, run, env);
  await Promise.all(nodes.slice(1).map((n) => waitReady(n)));
  step("three app nodes ready");

  const lb = await startBalancer(lbHost, run, nodes);
  step(`nginx balancing at ${lb.url}`);

  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      // The balancer is plain HTTP at an address, an insecure context to the browser, as a
      // self-hosted install on a local network often is: uploads must work there too.
    ],
  });
  cleanups.push(() => browser.close());
  const journey = new Journey(browser, lb.url, smtp, step);
  // On a failure, what each person's screen showed is kept beside the logs.
  screens = async () => {
    for (const p of [journey.landlord, journey.tenant])
      await p?.page
        .screenshot({ path: `${RUN_DIR}/logs/${p.role}.png`, fullPage: true, timeout: 5_000 })
        .catch(() => undefined);
  };
  await journey.signUpBoth();
  step("both people signed up through the balancer");
  await journey.completeProfiles();
  const offerId = await journey.publishOffer();
  await journey.landlordWatchesInbox();
  step("the landlord published an offer and waits on her inbox");

  // 1. A node is killed (SIGKILL) mid-upload, while it holds a person's live stream.
  const phases: Phase[] = [];
  let phase = begin("kill", journey, lb.accessLog);
  let kill: Awaited<ReturnType<typeof killDuringUpload>> | undefined;
  const proposalId = await journey.propose(offerId, 20_000_000, async () => {
    // A phone's upload (1 MB/s) on the way to the balancer, so the 20 MB document is still going
    // when the node dies (at 1.5 MB/s its last two chunks once ended before a live stream shared
    // their node).
    shapeIncoming(lbHost, 1_000_000);
    try {
      kill = await killDuringUpload(journey, nodes, lbHost.address, step);
    } finally {
      shapeIncoming(lbHost, null);
    }
  });
  if (!kill) throw new Error("no node was killed");
  const killed = kill;
  step(`the upload finished on another node and the proposal reached the landlord's inbox live`);
  for (const role of killed.streamsOnIt) {
    const p = role === "landlord" ? journey.landlord : journey.tenant;
    // A stream may be between two nodes at this moment (a screen change reopens it): wait for it.
    await waitFor(
      `the ${role}'s live stream to run on another node than ${killed.node.host.name}`,
      async () => {
        const next = await streamNode(p.page);
        return next !== null && next !== killed.node.host.address;
      },
      15_000,
      200,
    );
  }
  const uploads = journey.tenant.requests.filter(
    (r) => r.url.includes("/api/storage/uploads/") && r.at >= killed.at - 15_000,
  );
  phase.notes.push(
    `the upload's requests: ${uploads.map((r) => `${r.method} ${r.status ?? r.failure}${r.upstream ? ` (${r.upstream.split(":")[0]})` : ""}`).join(", ")}`,
  );
  const cutShort = uploads.some((r) => r.at <= killed.at && (r.failure !== null || (r.status ?? 0) >= 500));
  if (!cutShort)
    throw new Error(
      `the kill did not cut an upload request short, nothing was proven: ${uploads.map((r) => `${r.method} ${r.status ?? r.failure} ${r.upstream} ${r.at - killed.at}+${r.ms} ms`).join(", ")}`,
    );
  const resumed = uploads.some((r) => r.at >= killed.at && r.status !== null && r.status < 300);
  if (!resumed) throw new Error("the upload was not resumed on another node after the kill");
  await journey.assertSignedIn("after the kill");
  phases.push(await end(phase, journey, db.url, "the node killed mid-upload"));
  await restartNode(killed.node, run, env);
  await backInRotation(killed.node, lb, Date.now());
  step(`${killed.node.host.name} restarted and back in nginx's rotation`);

  // 2. A node's link is cut: the balancer stops sending to it; the stream on it is noticed dead.
  phase = begin("link cut", journey, lb.accessLog);
  await journey.tenant.page.goto(`/PropostaEnviada?id=${proposalId}`);
  const onTenant = await waitFor("the tenant's live stream", () => streamNode(journey.tenant.page), 10_000);
  const target = nodes.find((n) => n.host.address === onTenant);
  if (!target) throw new Error(`the tenant's live stream runs on no known node (${onTenant})`);
  const cookie = (await journey.tenant.context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const probe = backgroundLoad(lb.url, cookie, proposalId);
  const cutAt = Date.now();
  phase.cut = { at: cutAt, until: Number.POSITIVE_INFINITY, address: target.host.address };
  setLink(target.host, false);
  step(`cut ${target.host.name}'s link (it holds the tenant's live stream)`);
  // nginx notices on its own: a connect that times out, or a request on a kept-alive connection
  // that gets no answer within proxy_read_timeout; then the node is skipped for fail_timeout.
  const fallover = await waitFor(
    `nginx to take ${target.host.name} out after its link was cut`,
    () =>
      readAccessLog(lb.accessLog).find(
        (h) => h.at >= cutAt && h.upstreams.length > 1 && h.upstreams[0] === target.host.address,
      ),
    20_000,
    200,
  );
  const stoppedAfter = fallover.at - cutAt;
  phase.cut.until = fallover.at;
  step(`nginx took ${target.host.name} out after ${(stoppedAfter / 1000).toFixed(1)} s`);
  await journey.counter();
  step("the landlord countered; the tenant saw it live (its stream on the cut node was given up)");
  const triedAgain = readAccessLog(lb.accessLog).filter(
    (h) => h.at > fallover.at && h.upstreams.includes(target.host.address),
  ).length;
  setLink(target.host, true);
  await backInRotation(target, lb, Date.now());
  await probe.stop();
  step(`${target.host.name}'s link restored and back in rotation`);
  phase.load = probe.results;
  phase.notes.push(
    `nginx took ${target.host.name} out after ${(stoppedAfter / 1000).toFixed(1)} s; requests that tried it again while cut: ${triedAgain}`,
  );
  if (stoppedAfter > 12_000) throw new Error(`nginx kept sending to the cut node for ${stoppedAfter} ms`);
  await journey.assertSignedIn("after the link cut");
  phases.push(await end(phase, journey, db.url, "a node cut off"));

  // 3. Every node restarted, one after another, while the journey goes on: no request may fail.
  phase = begin("rolling restart", journey, lb.accessLog);
  const load = backgroundLoad(lb.url, cookie, proposalId);
  const rolling = (async () => {
    for (const node of nodes) {
      const t0 = Date.now();
      node.proc.signal("SIGTERM");
      const code = await Promise.race([
        node.proc.exited,
        new Promise((r) => setTimeout(() => r("still running after 40 s"), 40_000)),
      ]);
      if (code !== 0)
        throw new Error(`${node.host.name} did not stop cleanly on SIGTERM: ${code}\n${node.proc.output()}`);
      const stopped = Date.now();
      await restartNode(node, run, env);
      await backInRotation(node, lb, Date.now());
      phase.notes.push(
        `${node.host.name}: stopped in ${((stopped - t0) / 1000).toFixed(1)} s, back in rotation ${((Date.now() - t0) / 1000).toFixed(1)} s after SIGTERM`,
      );
      step(`${node.host.name} restarted`);
    }
  })();
  let rolled = false;
  const rollingDone = rolling.finally(() => {
    rolled = true;
  });
  await journey.accept();
  step("the tenant accepted the counter-proposal");
  await journey.signContract(proposalId);
  step("both signed with e-mailed codes; the contract is sealed");
  // People keep talking until the last node is back.
  await journey.openChat(proposalId);
  let rounds = 0;
  do {
    rounds += 1;
    await journey.chatRound(rounds);
    // A person's pace, not a script's: a message each way every 2 s or so.
    await new Promise((r) => setTimeout(r, 1_500));
  } while (!rolled);
  step(`${rounds * 2} messages went both ways during the restarts`);
  await rollingDone;
  await load.stop();
  phase.load = load.results;
  await journey.assertSignedIn("after the rolling restart");
  phases.push(await end(phase, journey, db.url, "rolling restart"));

  printFigures(phases);
  const failed = phases.filter((p) => p.failures.length > 0);
  if (failed.length > 0) {
    for (const p of failed) console.error(`${p.name}: ${p.failures.join("\n  ")}`);
    throw new Error(`failed requests in: ${failed.map((p) => p.name).join(", ")}`);
  }
}

interface PhaseState {
  name: string;
  from: number;
  notes: string[];
  load: LoadResult[];
  /** Requests in flight on a node when its cable was cut: they hang until it is restored. */
  cut?: { at: number; until: number; address: string };
  marks: { landlord: number; tenant: number };
}

interface Phase {
  name: string;
  title: string;
  requests: number;
  failures: string[];
  longestPauseMs: number;
  eventsDelivered: number;
  eventsMissed: number;
  notes: string[];
}

function begin(name: string, journey: Journey, _accessLog: string): PhaseState {
  return {
    name,
    from: Date.now(),
    notes: [],
    load: [],
    marks: { landlord: journey.landlord.requests.length, tenant: journey.tenant.requests.length },
  };
}

/** Counts a phase: the browsers' requests and the background load's, failures, pauses, events. */
async function end(s: PhaseState, journey: Journey, dbUrl: string, title: string): Promise<Phase> {
  const failures: string[] = [];
  let requests = 0;
  let longest = 0;
  // What may fail and be retried without loss: an upload chunk (tus resumes from HEAD's offset)
  // and a live stream (resumed after its last event id); a stream the page itself aborted is no failure.
  const retriable = (r: { method: string; url: string }) =>
    /\/api\/storage\/uploads/.test(r.url) && (r.method === "PATCH" || r.method === "HEAD");
  const isStream = (url: string) => url.includes("/api/events");
  for (const p of [journey.landlord, journey.tenant]) {
    for (const r of p.requests.slice(s.marks[p.role])) {
      requests += 1;
      const bad = r.failure !== null || (r.status !== null && r.status >= 500);
      if (!isStream(r.url) && !retriable(r)) longest = Math.max(longest, r.ms);
      if (!bad) continue;
      if (isStream(r.url) || (r.failure === "net::ERR_ABORTED" && r.method === "GET")) continue;
      if (s.name === "kill" && retriable(r)) {
        s.notes.push(`${p.role}: ${r.method} upload chunk ${r.failure ?? r.status} (resumed by tus)`);
        continue;
      }
      // A read the page sent to the node just as its cable was cut: the node cannot reach the
      // database either, and answers 503 once its statement times out (DB_STATEMENT_TIMEOUT_MS, 5 s);
      // if the cable is back before nginx's read timeout (10 s), that answer reaches the page
      // instead of a retry elsewhere. No failure as long as the page read it again and got it.
      const later = p.requests.find(
        (x) => x.at > r.at && x.method === r.method && x.url === r.url && x.status !== null && x.status < 400,
      );
      if (
        s.cut &&
        r.method === "GET" &&
        r.at <= s.cut.until &&
        r.at + r.ms > s.cut.at &&
        r.upstream?.includes(s.cut.address) &&
        later
      ) {
        s.notes.push(
          `${p.role}: GET ${new URL(r.url).pathname} was sent to the node as it was cut: ${r.status ?? r.failure} after ${(r.ms / 1000).toFixed(1)} s; read again: ${later.status} from ${later.upstream ?? "nginx"}`,
        );
        continue;
      }
      failures.push(`${p.role}: ${r.method} ${r.url} ${r.failure ?? r.status}`);
    }
  }
  for (const r of s.load) {
    requests += 1;
    // Sent to the node between its cut and nginx taking it out: a GET is retried elsewhere
    // after the read timeout; a POST may have been done there and is not resent.
    const inFlightAtCut =
      s.cut && r.at <= s.cut.until && r.at + r.ms > s.cut.at && r.upstream?.includes(s.cut.address);
    if (inFlightAtCut) {
      s.notes.push(
        `load: ${r.what} was sent to the node before nginx took it out: ${r.status} after ${(r.ms / 1000).toFixed(1)} s`,
      );
      continue;
    }
    longest = Math.max(longest, r.ms);
    if (!r.ok) failures.push(`load: ${r.what} ${r.status} from ${r.upstream ?? "nginx"}`);
  }
  let delivered = 0;
  let missed = 0;
  for (const p of [journey.landlord, journey.tenant]) {
    const m = await missedEvents(dbUrl, p);
    delivered += m.delivered;
    missed += m.missed.length;
    if (m.missed.length > 0) failures.push(`${p.role} never received live events ${m.missed.join(", ")}`);
    // The longest a stream was down: from one stream's end to the next one's first byte.
    const live = await readLive(p.page);
    for (let i = 1; i < live.streams.length; i++) {
      const prev = live.streams[i - 1];
      const next = live.streams[i];
      if (prev?.endedAt && next?.firstByteAt && prev.endedAt >= s.from)
        longest = Math.max(longest, next.firstByteAt - prev.endedAt);
    }
  }
  return {
    name: s.name,
    title,
    requests,
    failures,
    longestPauseMs: longest,
    eventsDelivered: delivered,
    eventsMissed: missed,
    notes: s.notes,
  };
}

function printFigures(phases: Phase[]): void {
  console.log("\nTopology figures (through nginx, 3 app nodes)");
  console.log("phase              requests  failed  longest pause  events delivered  missed");
  for (const p of phases)
    console.log(
      `${p.name.padEnd(18)} ${String(p.requests).padStart(8)}  ${String(p.failures.length).padStart(6)}  ${`${(p.longestPauseMs / 1000).toFixed(1)} s`.padStart(13)}  ${String(p.eventsDelivered).padStart(16)}  ${String(p.eventsMissed).padStart(6)}`,
    );
  for (const p of phases) for (const n of p.notes) console.log(`  ${p.name}: ${n}`);
}

main()
  .then(async () => {
    await cleanup();
    step("PASS");
    process.exit(0);
  })
  .catch(async (err: unknown) => {
    if (!cleaning) await screens?.();
    console.error(`FAIL: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    console.error(`Logs of every host: ${RUN_DIR}/logs`);
    await cleanup();
    process.exit(1);
  });
