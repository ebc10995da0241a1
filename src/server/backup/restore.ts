import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { placeCluster, runAs } from "../db/embedded-access";
import {
  CLUSTER_PATH,
  DATA_PREFIX,
  isSafeRelative,
  MANIFEST_ENTRY,
  type Manifest,
  manifestSchema,
} from "./manifest";

/*
 * `npm run restore ARCHIVE` (docs/decisions/028-backups.md): a fresh DATA_DIR from an archive of
 * `npm run backup`. Everything is written into a hidden folder inside DATA_DIR and checked against
 * the manifest's SHA-256 first; only then is the cluster put where the server looks for it and the
 * rest moved into DATA_DIR. The next start replays the WAL from the backup_label and opens it.
 */

/** A refusal the operator can act on (target not empty, archive damaged): printed as is. */
export class RestoreError extends Error {}

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  log: (message: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the cluster was put (DATA_DIR/db, or as root a folder the postgres user reaches). */
  dbDir: string;
  files: number;
  bytes: number;
  totalMs: number;
}

const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

async function isEmptyOrMissing(dir: string): Promise<"missing" | "empty" | "not-empty"> {
  try {
    return (await fsp.readdir(dir)).length === 0 ? "empty" : "not-empty";
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return "missing";
    if (code === "ENOTDIR") return "not-empty";
    throw err;
  }
}

/** rename, or copy and remove when the two folders are on different file systems. */
async function move(from: string, to: string): Promise<void> {
  try {
    await fsp.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    await fsp.cp(from, to, { recursive: true, preserveTimestamps: true, errorOnExist: true, force: false });
    await fsp.rm(from, { recursive: true, force: true });
  }
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await fsp.chown(dir, uid, gid);
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(p, uid, gid);
    else await fsp.chown(p, uid, gid);
  }
}

function damaged(archive: string, why: string): RestoreError {
  return new RestoreError(`O arquivo ${archive} está danificado ou incompleto: ${why}. Nada foi restaurado.`);
}

/** Writes every entry into `staging`, hashing each file; returns what it saw and the manifest. */
async function extractInto(archive: string, staging: string) {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: Manifest | undefined;
  const extract = tar.extract();
  const feeding = pipeline(fs.createReadStream(archive), createGunzip(), extract);
  feeding.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const { name, type, mode } = entry.header;
      if (manifest) throw damaged(archive, `${name} vem depois do manifesto`);
      if (name === MANIFEST_ENTRY) {
        const parts: Buffer[] = [];
        let size = 0;
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          size += chunk.byteLength;
          if (size > MANIFEST_MAX_BYTES) throw damaged(archive, "manifesto grande demais");
          parts.push(chunk);
        }
        const parsed = manifestSchema.safeParse(
          (() => {
            try {
              return JSON.parse(Buffer.concat(parts).toString("utf8")) as unknown;
            } catch {
              return undefined;
            }
          })(),
        );
        if (!parsed.success) throw damaged(archive, "o manifesto não é o de um backup do Chave");
        manifest = parsed.data;
        continue;
      }
      const rel = name.startsWith(DATA_PREFIX) ? name.slice(DATA_PREFIX.length).replace(/\/$/, "") : "";
      if (!isSafeRelative(rel)) throw damaged(archive, `entrada inesperada ${JSON.stringify(name)}`);
      const target = path.join(staging, rel);
      if (type === "directory") {
        await fsp.mkdir(target, { recursive: true, mode: mode & 0o777 });
        entry.resume();
        continue;
      }
      if (type !== "file") throw damaged(archive, `${name} não é um arquivo nem uma pasta`);
      if (seen.has(rel)) throw damaged(archive, `${name} aparece duas vezes`);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const hash = createHash("sha256");
      let size = 0;
      const out = await fsp.open(target, "wx", mode & 0o777);
      try {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.byteLength;
          await out.write(chunk);
        }
      } finally {
        await out.close();
      }
      seen.set(rel, { size, sha256: hash.digest("hex") });
    }
    await feeding;
  } catch (err) {
    if (err instanceof RestoreError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EACCES") throw err;
    // gzip or tar framing broken (a truncated or altered file).
    throw damaged(archive, (err as Error).message);
  }
  if (!manifest) throw damaged(archive, "não tem manifesto (o backup não terminou?)");
  return { seen, manifest };
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const began = performance.now();
  const archive = path.resolve(opts.archive);
  const dataDir = path.resolve(opts.dataDir);
  if (!fs.existsSync(archive)) throw new RestoreError(`O arquivo ${archive} não existe.`);
  const state = await isEmptyOrMissing(dataDir);
  if (state === "not-empty") {
    throw new RestoreError(
      `DATA_DIR (${dataDir}) não está vazio: a restauração só escreve numa pasta nova ou vazia, para nunca misturar dois bancos. Escolha outra pasta (DATA_DIR=/outra/pasta npm run restore ${opts.archive}) ou mova esta de lugar.`,
    );
  }
  await fsp.mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restoring-${randomBytes(4).toString("hex")}`);
  await fsp.mkdir(staging, { mode: 0o700 });
  try {
    opts.log(`Lendo ${archive}…`);
    const { seen, manifest } = await extractInto(archive, staging);
    for (const f of manifest.files) {
      const got = seen.get(f.path);
      if (!got) throw damaged(archive, `falta ${f.path}`);
      if (got.size !== f.size || got.sha256 !== f.sha256) {
        throw damaged(archive, `${f.path} não confere com o SHA-256 do manifesto`);
      }
      seen.delete(f.path);
    }
    const extra = [...seen.keys()][0];
    if (extra) throw damaged(archive, `${extra} não está no manifesto`);
    const stagedDb = path.join(staging, CLUSTER_PATH);
    for (const needed of ["PG_VERSION", "backup_label"]) {
      if (!fs.existsSync(path.join(stagedDb, needed)))
        throw damaged(archive, `falta ${CLUSTER_PATH}/${needed}`);
    }
    if (!fs.existsSync(path.join(staging, ".db-password"))) throw damaged(archive, "falta .db-password");

    // Where the server will look for the cluster (decision 003): as root, a folder the postgres
    // user reaches. `fresh`: a cluster left there for this path by an earlier DATA_DIR is moved aside.
    const ids = await runAs();
    const dbDir =
      ids.uid === undefined
        ? path.join(dataDir, CLUSTER_PATH)
        : (await placeCluster(dataDir, ids, true, { warn: opts.log })).dbDir;
    if ((await isEmptyOrMissing(dbDir)) === "not-empty") {
      throw new RestoreError(`${dbDir} já tem um banco: mova-o de lugar e restaure de novo.`);
    }
    await fsp.rm(dbDir, { recursive: true, force: true });
    await fsp.mkdir(path.dirname(dbDir), { recursive: true });
    await move(stagedDb, dbDir);
    // PostgreSQL runs as the postgres user when we are root, and wants its folder 0700.
    if (ids.uid !== undefined && ids.gid !== undefined) await chownTree(dbDir, ids.uid, ids.gid);
    await fsp.chmod(dbDir, 0o700);
    for (const name of await fsp.readdir(staging))
      await move(path.join(staging, name), path.join(dataDir, name));
    await fsp.rm(staging, { recursive: true, force: true });
    return {
      manifest,
      dbDir,
      files: manifest.files.length,
      bytes: manifest.files.reduce((sum, f) => sum + f.size, 0),
      totalMs: Math.round(performance.now() - began),
    };
  } catch (err) {
    await fsp.rm(staging, { recursive: true, force: true });
    if (state === "missing") await fsp.rmdir(dataDir).catch(() => undefined);
    throw err;
  }
}
