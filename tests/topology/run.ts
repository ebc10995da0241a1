import { randomBytes } from "node:crypto";
import path from "node:path";
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
import { Journey } from "./journey";
import { createBridge, createHost, ROOT_ADDRESS, removeLeftovers } from "./net";
import { runningProcesses } from "./processes";

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
let cleaned = false;
async function cleanup(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => undefined);
  for (const p of runningProcesses()) p.signal("SIGKILL");
  removeLeftovers();
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
    DRAIN_SECONDS: "3",
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
    ],
  });
  cleanups.push(() => browser.close());
  const journey = new Journey(browser, lb.url, smtp, step);
  await journey.signUpBoth();
  step("both people signed up through the balancer");
  void path;
}

main()
  .then(async () => {
    await cleanup();
    step("PASS");
    process.exit(0);
  })
  .catch(async (err: unknown) => {
    console.error(`FAIL: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    console.error(`Logs of every host: ${RUN_DIR}/logs`);
    await cleanup();
    process.exit(1);
  });
