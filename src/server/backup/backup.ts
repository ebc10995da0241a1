import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";
import tar from "tar-stream";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../db/embedded";
import { clusterDirOf, clusterPassword, runningPostmaster } from "./cluster";
import { CLUSTER_PATH, DATA_PREFIX, MANIFEST_ENTRY, type Manifest, type ManifestFile } from "./manifest";

/*
 * An online copy of the embedded default (docs/decisions/028-backups.md): PostgreSQL's
 * non-exclusive base backup (pg_backup_start … pg_backup_stop on one session) with the WAL from
 * its start to its stop, then DATA_DIR's files, seal and secrets, into one .tar.gz with a manifest.
 */

/** A refusal the operator can act on (no embedded database, tablespaces…): printed as is. */
export class BackupError extends Error {}

export type BackupEvent =
  | { phase: "started"; startLsn: string; dbDir: string }
  | { phase: "file"; path: string; count: number }
  | { phase: "stopping" }
  | { phase: "stopped"; stopLsn: string }
  | { phase: "done"; archive: string };

export interface BackupOptions {
  dataDir: string;
  /** The archive to write (a `.partial` beside it until it is complete). */
  out: string;
  /** EMBEDDED_DB_PORT, used only when the backup has to start the database itself. */
  embeddedPort?: number;
  /** STORAGE=s3: the files are in the bucket, not in DATA_DIR (a note in the manifest). */
  filesInBucket?: boolean;
  /** SEAL_P12_PATH: the operator's certificate lives outside DATA_DIR (a note in the manifest). */
  sealOutside?: string;
  log: (message: string) => void;
  /** Called, and awaited, at each step: for the CLI's progress and for tests that act mid-copy. */
  onProgress?: (event: BackupEvent) => void | Promise<void>;
}

export interface BackupResult {
  archive: string;
  manifest: Manifest;
  /** The archive's size on disk. */
  bytes: number;
  /** Bytes before compression. */
  rawBytes: number;
  /** Milliseconds from pg_backup_start to pg_backup_stop, and in all. */
  copyMs: number;
  totalMs: number;
}

/** Files PostgreSQL's documentation says a base backup leaves out (§ 26.3.3, basebackup.c). */
const CLUSTER_SKIP_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "tablespace_map",
  "backup_manifest",
  "current_logfiles",
  "recovery.signal",
  "standby.signal",
]);
/** Folders kept empty: their contents are rebuilt at start (or, pg_wal, added from the WAL we keep). */
const CLUSTER_EMPTY_DIRS = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_stat_tmp",
  "pg_subtrans",
  "log",
]);
/** DATA_DIR's entries that belong to one running instance, not to its data. */
const DATA_SKIP = new Set(["db", "chave-server.pid", "postgres.log", ".db-port"]);

const CHUNK = 1024 * 1024;

interface Entry {
  /** Relative to DATA_DIR. */
  rel: string;
  abs: string;
  mode: number;
  mtime: Date;
}

/** The archive being written: entries one after another, each file hashed as it is read. */
class ArchiveWriter {
  readonly pack = tar.pack();
  readonly files: ManifestFile[] = [];
  rawBytes = 0;
  private done: Promise<void>;

  constructor(partial: string) {
    this.done = pipeline(this.pack, createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    // A failure of the pipeline surfaces when finish() awaits it; avoid an unhandled rejection before.
    this.done.catch(() => undefined);
  }

  dir(rel: string, mode: number, mtime: Date): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pack.entry({ name: `${DATA_PREFIX}${rel}/`, type: "directory", mode, mtime }, (err) =>
        err ? reject(err) : resolve(),
      );
    });
  }

  buffer(rel: string, bytes: Buffer, mode = 0o600): Promise<void> {
    this.record(rel, bytes.byteLength, createHash("sha256").update(bytes).digest("hex"));
    return new Promise((resolve, reject) => {
      this.pack.entry({ name: `${DATA_PREFIX}${rel}`, mode, mtime: new Date() }, bytes, (err) =>
        err ? reject(err) : resolve(),
      );
    });
  }

  /**
   * Copies a file as it is now. PostgreSQL may extend or truncate it during an online copy: we
   * send the size seen at open (zeros for a part truncated meanwhile, as pg_basebackup does);
   * replaying the WAL repairs it. A file gone before we open it is left out (false).
   */
  async file(e: Entry): Promise<boolean> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(e.abs, "r");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw err;
    }
    try {
      const size = (await handle.stat()).size;
      const hash = createHash("sha256");
      async function* chunks() {
        let position = 0;
        while (position < size) {
          const want = Math.min(CHUNK, size - position);
          const buf = Buffer.alloc(want);
          const { bytesRead } = await handle.read(buf, 0, want, position);
          // Shorter than at open: the rest is zeros, which the WAL replay overwrites.
          if (bytesRead === 0) position = size;
          else position += bytesRead;
          const chunk = bytesRead === 0 ? buf : buf.subarray(0, bytesRead);
          hash.update(chunk);
          yield chunk;
        }
      }
      await new Promise<void>((resolve, reject) => {
        const sink = this.pack.entry(
          { name: `${DATA_PREFIX}${e.rel}`, size, mode: e.mode, mtime: e.mtime },
          (err) => (err ? reject(err) : resolve()),
        );
        const source = Readable.from(chunks());
        source.once("error", reject);
        source.pipe(sink as unknown as NodeJS.WritableStream);
      });
      this.record(e.rel, size, hash.digest("hex"));
      return true;
    } finally {
      await handle.close();
    }
  }

  private record(rel: string, size: number, sha256: string): void {
    this.files.push({ path: rel, size, sha256 });
    this.rawBytes += size;
  }

  async finish(manifest: Manifest): Promise<void> {
    const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await new Promise<void>((resolve, reject) => {
      this.pack.entry({ name: MANIFEST_ENTRY, mode: 0o644, mtime: new Date() }, body, (err) =>
        err ? reject(err) : resolve(),
      );
    });
    this.pack.finalize();
    await this.done;
  }

  abort(): void {
    this.pack.destroy();
  }
}

const posix = (p: string) => p.split(path.sep).join("/");

/** Every folder and file under `root`, depth first, as entries relative to DATA_DIR (`prefix`). */
async function* walk(
  root: string,
  prefix: string,
  skip: (rel: string, isDir: boolean) => "skip" | "empty" | "keep",
): AsyncGenerator<Entry & { isDir: boolean }> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(root, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const d of entries) {
    const abs = path.join(root, d.name);
    const rel = prefix ? `${prefix}/${d.name}` : d.name;
    const isDir = d.isDirectory();
    if (!isDir && !d.isFile()) {
      if (d.isSymbolicLink()) throw new BackupError(`${abs} é um link simbólico: o backup não o segue.`);
      continue;
    }
    const verdict = skip(rel, isDir);
    if (verdict === "skip") continue;
    let st: fs.Stats;
    try {
      st = await fsp.stat(abs);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw err;
    }
    yield { rel, abs, mode: st.mode & 0o7777, mtime: st.mtime, isDir };
    if (isDir && verdict === "keep") yield* walk(abs, rel, skip);
  }
}

/** A WAL segment's name from its timeline and number. */
function segmentName(timeline: number, segno: bigint, segmentsPerId: bigint): string {
  const hex = (n: bigint | number, width = 8) => n.toString(16).toUpperCase().padStart(width, "0");
  return `${hex(timeline)}${hex(segno / segmentsPerId)}${hex(segno % segmentsPerId)}`;
}

function parseSegment(name: string, segmentsPerId: bigint): { timeline: number; segno: bigint } {
  return {
    timeline: Number.parseInt(name.slice(0, 8), 16),
    segno: BigInt(`0x${name.slice(8, 16)}`) * segmentsPerId + BigInt(`0x${name.slice(16, 24)}`),
  };
}

export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const began = performance.now();
  const dataDir = path.resolve(opts.dataDir);
  const out = path.resolve(opts.out);
  const dbDir = await clusterDirOf(dataDir);
  if (!dbDir) {
    throw new BackupError(
      `Não há banco embutido em ${dataDir} (nem ${path.join(dataDir, "db")} nem uma cópia em /var/lib/chave/clusters). Confira DATA_DIR: é a pasta que o servidor usa.`,
    );
  }
  if (fs.existsSync(out))
    throw new BackupError(`${out} já existe: escolha outro nome para o arquivo do backup.`);
  await fsp.mkdir(path.dirname(out), { recursive: true });

  // The server is running: use its database. Otherwise start it for the backup's time only.
  let embedded: EmbeddedPostgres | undefined;
  let port = (await runningPostmaster(dbDir))?.port;
  if (port === undefined) {
    opts.log("O servidor não está rodando: o banco embutido é iniciado só para o backup.");
    embedded = await startEmbeddedPostgres({
      dataDir,
      ...(opts.embeddedPort !== undefined ? { port: opts.embeddedPort } : {}),
      log: { info: opts.log, warn: opts.log },
    });
    port = embedded.port;
  }

  const partial = `${out}.partial`;
  const writer = new ArchiveWriter(partial);
  const client = new pg.Client({
    host: "127.0.0.1",
    port,
    user: "postgres",
    password: await clusterPassword(dataDir),
    database: "postgres",
    application_name: "chave-backup",
  });
  let ended = false;
  const endSession = async () => {
    if (ended) return;
    ended = true;
    await client.end();
  };
  let copyStarted = 0;
  let copyMs = 0;
  try {
    await client.connect();
    const { rows: dirRows } = await client.query<{ data_directory: string }>("SHOW data_directory");
    const served = dirRows[0]?.data_directory ?? "";
    if ((await fsp.realpath(served).catch(() => served)) !== (await fsp.realpath(dbDir))) {
      throw new BackupError(
        `O PostgreSQL na porta ${port} serve ${served}, não ${dbDir}: outro programa tomou a porta lembrada. Pare-o ou reinicie o servidor do Chave.`,
      );
    }
    const { rows: v } = await client.query<{ server_version: string }>("SHOW server_version");
    const { rows: seg } = await client.query<{ setting: string }>(
      "SELECT setting FROM pg_settings WHERE name = 'wal_segment_size'",
    );
    const segmentsPerId = 0x1_0000_0000n / BigInt(seg[0]?.setting ?? 16 * 1024 * 1024);

    // A temporary slot, made before the start, keeps every WAL segment from then on until this
    // session ends (and is dropped with it, even if the backup dies): none is recycled mid-copy.
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [
      `chave_backup_${process.pid}`,
    ]);
    copyStarted = performance.now();
    const label = `chave ${new Date().toISOString()}`;
    const { rows: started } = await client.query<{ lsn: string }>(
      "SELECT pg_backup_start($1, true)::text AS lsn",
      [label],
    );
    const startLsn = started[0]?.lsn ?? "";
    await opts.onProgress?.({ phase: "started", startLsn, dbDir });

    await writer.dir(CLUSTER_PATH, 0o700, new Date());
    let count = 0;
    const skipInCluster = (rel: string, isDir: boolean): "skip" | "empty" | "keep" => {
      const name = path.posix.basename(rel);
      if (name.startsWith("pgsql_tmp") || name === "pg_internal.init") return "skip";
      if (!isDir) return rel.includes("/") || !CLUSTER_SKIP_FILES.has(name) ? "keep" : "skip";
      if (!rel.includes("/") && CLUSTER_EMPTY_DIRS.has(name)) return "empty";
      return "keep";
    };
    for await (const e of walk(dbDir, "", skipInCluster)) {
      const rel = posix(`${CLUSTER_PATH}/${e.rel}`);
      if (e.rel === "pg_tblspc" && e.isDir && (await fsp.readdir(e.abs)).length > 0) {
        throw new BackupError("O banco tem tablespaces fora da pasta do cluster: use pg_basebackup.");
      }
      if (e.isDir) await writer.dir(rel, e.mode, e.mtime);
      else if (await writer.file({ ...e, rel })) {
        count++;
        await opts.onProgress?.({ phase: "file", path: rel, count });
      }
    }
    // Folders PostgreSQL expects inside pg_wal.
    for (const sub of ["archive_status", "summaries"]) {
      if (fs.existsSync(path.join(dbDir, "pg_wal", sub))) {
        await writer.dir(`${CLUSTER_PATH}/pg_wal/${sub}`, 0o700, new Date());
      }
    }

    await opts.onProgress?.({ phase: "stopping" });
    // wait_for_archive false: there is no WAL archive; the segments go into this archive below.
    const { rows: stopped } = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
      "SELECT lsn::text AS lsn, labelfile, spcmapfile FROM pg_backup_stop(false)",
    );
    copyMs = performance.now() - copyStarted;
    const stop = stopped[0];
    if (!stop) throw new Error("pg_backup_stop answered nothing");
    if (stop.spcmapfile.trim()) {
      throw new BackupError("O banco tem tablespaces fora da pasta do cluster: use pg_basebackup.");
    }
    await opts.onProgress?.({ phase: "stopped", stopLsn: stop.lsn });
    // Recovery starts from the checkpoint this label names and must reach the stop before it
    // opens the database (PostgreSQL refuses otherwise).
    await writer.buffer(`${CLUSTER_PATH}/backup_label`, Buffer.from(stop.labelfile));

    const startFile = stop.labelfile.match(/START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/)?.[1];
    const { rows: stopFileRows } = await client.query<{ name: string }>(
      "SELECT pg_walfile_name($1) AS name",
      [stop.lsn],
    );
    const stopFile = stopFileRows[0]?.name;
    if (!startFile || !stopFile) throw new Error(`unexpected backup label: ${stop.labelfile}`);
    const first = parseSegment(startFile, segmentsPerId);
    const last = parseSegment(stopFile, segmentsPerId);
    const walSegments: string[] = [];
    const walDir = path.join(dbDir, "pg_wal");
    // Only the segments from the start to the stop: a later one would replay writes made after
    // the backup ended. Timeline history files, if any, go with them.
    for (let n = first.segno; n <= last.segno; n++)
      walSegments.push(segmentName(last.timeline, n, segmentsPerId));
    for (const name of walSegments) {
      const abs = path.join(walDir, name);
      const st = await fsp.stat(abs).catch(() => undefined);
      if (!st) throw new Error(`WAL segment ${name} is missing from ${walDir}`);
      await writer.file({
        rel: `${CLUSTER_PATH}/pg_wal/${name}`,
        abs,
        mode: st.mode & 0o7777,
        mtime: st.mtime,
      });
    }
    for (const name of (await fsp.readdir(walDir)).filter((n) => n.endsWith(".history")).sort()) {
      const abs = path.join(walDir, name);
      const st = await fsp.stat(abs);
      await writer.file({
        rel: `${CLUSTER_PATH}/pg_wal/${name}`,
        abs,
        mode: st.mode & 0o7777,
        mtime: st.mtime,
      });
    }
    // The slot is temporary: it goes with the session.
    await endSession();

    // DATA_DIR after the database: every file a row of the copy names was written before its
    // commit, so it is here (a file added since is harmless; see the decision on deletions).
    const relOut = path.relative(dataDir, partial);
    for await (const e of walk(dataDir, "", (rel) =>
      (!rel.includes("/") &&
        (DATA_SKIP.has(rel) || rel.startsWith(".initdb-pw-") || rel.startsWith(".restoring"))) ||
      rel === posix(relOut)
        ? "skip"
        : "keep",
    )) {
      if (e.isDir) await writer.dir(e.rel, e.mode, e.mtime);
      else await writer.file(e);
    }

    const notes: string[] = [];
    if (opts.filesInBucket) {
      notes.push(
        "STORAGE=s3: os arquivos estão no bucket, não neste backup; guarde-os com o versionamento ou a replicação do provedor.",
      );
    }
    if (opts.sealOutside) {
      notes.push(
        `SEAL_P12_PATH: o certificado do selo (${opts.sealOutside}) fica fora de DATA_DIR e não está neste backup.`,
      );
    }
    const manifest: Manifest = {
      format: "chave-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      source: dataDir,
      postgres: { serverVersion: v[0]?.server_version ?? "", startLsn, stopLsn: stop.lsn, walSegments },
      files: writer.files,
      notes,
    };
    await writer.finish(manifest);
    const handle = await fsp.open(partial, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(partial, out);
    await opts.onProgress?.({ phase: "done", archive: out });
    return {
      archive: out,
      manifest,
      bytes: (await fsp.stat(out)).size,
      rawBytes: writer.rawBytes,
      copyMs: Math.round(copyMs),
      totalMs: Math.round(performance.now() - began),
    };
  } catch (err) {
    writer.abort();
    await fsp.rm(partial, { force: true });
    throw err;
  } finally {
    // Ending the session also ends a backup left running by a failure (non-exclusive backups are
    // the session's) and drops the temporary slot.
    await endSession().catch(() => undefined);
    await embedded?.stop();
  }
}
