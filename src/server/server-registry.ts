/**
 * Which Chave servers run on this machine, and on what data (decision 045). Each server writes a
 * small file named after its pid into a shared folder when it listens and removes it when it
 * exits; a file whose process is gone (a server killed outright) is ignored and cleared. The seed
 * reads it so that `npm run seed`, run from another folder or without the server's DATA_DIR,
 * does not fill a second database that nobody looks at.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface RunningServer {
  pid: number;
  /** The embedded database's DATA_DIR (absolute), or null when the server uses DATABASE_URL. */
  dataDir: string | null;
  /** DATABASE_URL without its password, or null for the embedded database. */
  database: string | null;
  port: number;
  publicUrl: string;
  /** The folder the server was started from: the one to run `npm run seed` in. */
  cwd: string;
}

/** CHAVE_SERVER_REGISTRY, or a folder per user in the system's temporary folder. */
export function registryDir(env: NodeJS.ProcessEnv = process.env): string {
  const uid = typeof process.getuid === "function" ? process.getuid() : "user";
  return env.CHAVE_SERVER_REGISTRY || path.join(os.tmpdir(), `chave-servers-${uid}`);
}

/** The URL with its password removed: what may be printed and compared. */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    u.password = "";
    return u.toString();
  } catch {
    return "(DATABASE_URL ilegível)";
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Records this process as a running server until it exits. Returns the function that removes it. */
export function registerServer(entry: Omit<RunningServer, "pid">, dir = registryDir()): () => void {
  const file = path.join(dir, `${process.pid}.json`);
  const remove = () => {
    try {
      fs.rmSync(file, { force: true });
    } catch {
      // Nothing to do: a stale file is ignored by its dead pid.
    }
  };
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const record: RunningServer = { pid: process.pid, ...entry };
    fs.writeFileSync(file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
    process.once("exit", remove);
  } catch {
    // The registry only helps the seed; a server without it runs all the same.
  }
  return remove;
}

/** The servers that run now; files of processes that are gone are removed. */
export function runningServers(dir = registryDir()): RunningServer[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => /^\d+\.json$/.test(n));
  } catch {
    return [];
  }
  const found: RunningServer[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    let entry: RunningServer;
    try {
      entry = JSON.parse(fs.readFileSync(file, "utf8")) as RunningServer;
    } catch {
      continue;
    }
    if (!Number.isInteger(entry.pid) || String(entry.pid) !== name.slice(0, -5)) continue;
    if (entry.pid === process.pid) continue;
    if (!alive(entry.pid)) {
      fs.rmSync(file, { force: true });
      continue;
    }
    found.push(entry);
  }
  return found.sort((a, b) => a.pid - b.pid);
}

/** Where the seed is about to write: the embedded database of a DATA_DIR, or a DATABASE_URL. */
export type SeedTarget = { dataDir: string } | { databaseUrl: string };

function sameDatabase(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    const host = (h: string) => (h === "localhost" || h === "[::1]" ? "127.0.0.1" : h);
    return (
      host(x.hostname) === host(y.hostname) &&
      (x.port || "5432") === (y.port || "5432") &&
      x.pathname === y.pathname &&
      decodeURIComponent(x.username) === decodeURIComponent(y.username)
    );
  } catch {
    return a === b;
  }
}

/**
 * Why the seed must not run now, in pt-BR, or null when it may: a running server uses the same
 * embedded database (which belongs to that process), or the servers that run all use another
 * database than the one the seed would fill.
 */
export function seedRefusal(target: SeedTarget, servers: RunningServer[]): string | null {
  if (servers.length === 0) return null;
  const same = servers.find((s) =>
    "dataDir" in target
      ? s.dataDir !== null && path.resolve(s.dataDir) === path.resolve(target.dataDir)
      : s.database !== null && sameDatabase(s.database, target.databaseUrl),
  );
  if (same) {
    if ("databaseUrl" in target) return null;
    return `O servidor (pid ${same.pid}, ${same.publicUrl}) está usando o banco embutido em ${same.dataDir}. Pare-o (Ctrl-C) e rode o seed de novo, ou use DATABASE_URL.`;
  }
  const here =
    "dataDir" in target ? `o banco embutido em ${target.dataDir}` : `${withoutPassword(target.databaseUrl)}`;
  const lines = servers.map((s) => {
    if (s.dataDir !== null) {
      return `  • pid ${s.pid}, ${s.publicUrl}: DATA_DIR=${s.dataDir}\n    Pare esse servidor (Ctrl-C) e rode, na pasta ${s.cwd}:\n      DATA_DIR=${s.dataDir} npm run seed -- --offers 1000`;
    }
    return `  • pid ${s.pid}, ${s.publicUrl}: DATABASE_URL=${s.database}\n    Rode o seed com o mesmo DATABASE_URL do servidor (com a senha):\n      DATABASE_URL=… npm run seed -- --offers 1000`;
  });
  return [
    `Nada foi semeado: este seed iria para ${here}, mas o Chave que está rodando usa outro banco, e as ofertas não apareceriam nele.`,
    ...lines,
    "Para semear outro banco mesmo assim, acrescente --other-database.",
  ].join("\n");
}
