import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { isAlive } from "../db/embedded";
import { sharedClusterHome } from "../db/embedded-access";

/*
 * Where the embedded cluster of a DATA_DIR is and whether its postmaster runs, read the way
 * src/server/db/embedded.ts and embedded-access.ts lay them out (decision 003): DATA_DIR/db, or,
 * as root when the postgres user could not reach DATA_DIR, /var/lib/chave/clusters/<path>-<hash>/db.
 */

/** The cluster's folder (PGDATA) of `dataDir`, or undefined when it holds no embedded database. */
export async function clusterDirOf(dataDir: string): Promise<string | undefined> {
  const inPlace = path.join(dataDir, "db");
  if (fs.existsSync(path.join(inPlace, "PG_VERSION"))) return inPlace;
  let real: string;
  try {
    real = await fsp.realpath(dataDir);
  } catch {
    return undefined;
  }
  const shared = path.join(sharedClusterHome(real), "db");
  return fs.existsSync(path.join(shared, "PG_VERSION")) ? shared : undefined;
}

/**
 * The running postmaster of the cluster in `dbDir`, from its postmaster.pid (line 1 the pid,
 * line 4 the port), or undefined when none runs.
 */
export async function runningPostmaster(dbDir: string): Promise<{ pid: number; port: number } | undefined> {
  let lines: string[];
  try {
    lines = (await fsp.readFile(path.join(dbDir, "postmaster.pid"), "utf8")).split("\n");
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]?.trim());
  const port = Number(lines[3]?.trim());
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  return isAlive(pid) ? { pid, port } : undefined;
}

/** The embedded database's password, kept in DATA_DIR/.db-password. */
export async function clusterPassword(dataDir: string): Promise<string> {
  return (await fsp.readFile(path.join(dataDir, ".db-password"), "utf8")).trim();
}
