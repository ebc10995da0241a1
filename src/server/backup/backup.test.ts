import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGzip } from "node:zlib";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BuilderApp } from "../../../tests/support/builders";
import { builders } from "../../../tests/support/builders";
import { makePng } from "../../../tests/support/files";
import { caller } from "../../../tests/support/market";
import { remoteApp } from "../../../tests/support/remote-app";
import { type ServerProcess, startServer } from "../../../tests/support/server-process";
import { ORIGIN, uniqueIp } from "../../../tests/support/test-app";
import { uploadBytes } from "../../../tests/support/tus";
import type { ContractView } from "../../shared/contracts/contracts";
import type { MessageView, ThreadView } from "../../shared/contracts/messages";
import type { ListResult } from "../../shared/contracts/storage";
import type { Database } from "../db/client";
import { sharedClusterHome } from "../db/embedded-access";
import { type BackupEvent, type BackupResult, createBackup } from "./backup";
import { clusterDirOf, clusterPassword, runningPostmaster } from "./cluster";
import type { Manifest } from "./manifest";
import { restoreBackup } from "./restore";

/*
 * Issue 19: `npm run backup` copies the embedded default while the server runs and writes go on;
 * `npm run restore` into a new DATA_DIR and a start there find every row committed before the
 * backup's stop, none written after it, the same files byte for byte, the sessions (the secret
 * came along) and a sealed contract whose signature still verifies.
 */

const run = promisify(execFile);
const project = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");

let root: string;
const servers: ServerProcess[] = [];
const pools: pg.Pool[] = [];

beforeAll(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-backup-"));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  for (const pool of pools) await pool.end().catch(() => undefined);
  // SIGTERM: each server stops its PostgreSQL before exiting.
  for (const s of servers) await s.kill("SIGTERM");
  for (const name of ["a", "restored"]) {
    const dir = path.join(root, name);
    if (fs.existsSync(dir))
      await fsp.rm(sharedClusterHome(await fsp.realpath(dir)), { recursive: true, force: true });
  }
  await fsp.rm(root, { recursive: true, force: true });
});

/** A server on the embedded database of `dataDir` (never TEST_DATABASE_URL: this is about the default). */
async function serve(dataDir: string): Promise<ServerProcess> {
  const s = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    EMBEDDED_DB_PORT: "",
    AUTH_SECRET: "",
    PUBLIC_URL: ORIGIN,
    CLIENT_DIR: path.join(root, "no-client"),
    TRUST_PROXY: "true",
    AUTH_RATE_LIMIT_MAX: "1000",
    JOB_POLL_SECONDS: "1",
  });
  servers.push(s);
  return s;
}

/** A pool on the embedded database a running server of `dataDir` uses. */
async function embeddedPool(dataDir: string): Promise<{ pool: pg.Pool; url: string }> {
  const dbDir = await clusterDirOf(dataDir);
  const pm = dbDir ? await runningPostmaster(dbDir) : undefined;
  if (!pm) throw new Error(`no running embedded database for ${dataDir}`);
  const password = encodeURIComponent(await clusterPassword(dataDir));
  const url = `postgres://postgres:${password}@127.0.0.1:${pm.port}/chave`;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pools.push(pool);
  return { pool, url };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The builders (tests/support/builders.ts) driving a server process over HTTP. */
function remoteBuilders(s: ServerProcess, dataDir: string, pool: pg.Pool) {
  const port = Number(new URL(s.baseUrl).port);
  const app = {
    ...remoteApp(s.baseUrl),
    server: { address: () => ({ address: "127.0.0.1", family: "IPv4", port }) },
  } as unknown as FastifyInstance;
  const t: BuilderApp = {
    app,
    database: { pool } as unknown as Database,
    dataDir,
    // The server's own jobs (the contract, the e-mails, the seal) have all run.
    settle: () =>
      until("jobs", async () => {
        const { rows } = await pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM pgboss.job
            WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after < now())`,
        );
        return Number(rows[0]?.n) === 0 ? true : undefined;
      }).then(() => undefined),
  };
  return builders(t);
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function pdfsig(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "chave-pdfsig-")), "c.pdf");
  fs.writeFileSync(file, bytes);
  try {
    // pdfsig exits 0 even on a digest mismatch: the verdict is in what it prints.
    return execFileSync("pdfsig", [file], { encoding: "utf8" });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

describe("backup and restore of the embedded default", () => {
  it("restores every row and file committed before the backup's stop, none after, with the seal still valid", {
    timeout: 240_000,
  }, async () => {
    const dataA = path.join(root, "a");
    const a = await serve(dataA);
    const dbA = await embeddedPool(dataA);
    // The sign-up helpers read the confirmation link from the database the server writes.
    vi.stubEnv("SUPPORT_DATABASE_URL", dbA.url);
    const b = remoteBuilders(a, dataA, dbA.pool);
    const callA = caller(remoteApp(a.baseUrl));

    // A sealed contract: three accounts, an offer with its photo, a proposal, every signature.
    const { landlord, tenant, contract } = await b.contract("assinado");
    expect(contract.sealedDocumentId).toBeTruthy();
    const sealedId = contract.sealedDocumentId as string;

    const documentsOf = async (call: typeof callA, cookie: string) =>
      (await call("GET", "/api/storage/objects?pageSize=1000", cookie)).json<ListResult>().items;
    const download = async (baseUrl: string, call: typeof callA, cookie: string, id: string) => {
      const link = await call("POST", `/api/storage/objects/${id}/download-url`, cookie);
      expect(link.statusCode, link.body).toBe(200);
      const res = await fetch(`${baseUrl}${link.json<{ url: string }>().url}`);
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const upload = async (cookie: string, rgb: [number, number, number]) =>
      uploadBytes({ baseUrl: a.baseUrl, cookie, origin: ORIGIN }, makePng(40, 30, rgb), {
        filename: "sala.png",
        kind: "foto_unidade",
        folder: "unidades",
      }).then((r) => {
        expect(r.status, r.body).toBe(201);
        return r.json<{ id: string }>().id;
      });

    const counted = ["users", "profiles", "units", "offers", "proposals", "contracts", "contract_signers"];
    const countsOf = async (pool: pg.Pool) => {
      const out: Record<string, number> = {};
      for (const table of counted) {
        const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
        out[table] = Number(rows[0]?.n);
      }
      return out;
    };
    const countsBefore = await countsOf(dbA.pool);

    // Writes go on during the whole backup: messages in the contract's conversation.
    type Sent = { id: string; ackedBeforeStop: boolean; sentAfterStop: boolean };
    const sent: Sent[] = [];
    let phase: "copying" | "stopping" | "stopped" = "copying";
    const say = async (cookie: string, texto: string) => {
      const sentAfterStop = phase === "stopped";
      // Each from its own address: the route allows 60 a minute per address.
      const res = await callA("POST", `/api/messages/${contract.proposalId}`, cookie, { texto }, uniqueIp());
      expect(res.statusCode, res.body).toBe(201);
      sent.push({ id: res.json<MessageView>().id, ackedBeforeStop: phase === "copying", sentAfterStop });
    };
    let loadRunning = true;
    const load = (async () => {
      for (let i = 0; loadRunning; i++) await say(landlord.cookie, `Carga ${i}`);
    })();

    // In the middle of copying the cluster, a photo and some messages: committed after the
    // backup's start, they are in the restore through the WAL replayed from it.
    let duringCopy: string | undefined;
    const events: BackupEvent["phase"][] = [];
    let result: BackupResult | undefined;
    try {
      result = await createBackup({
        dataDir: dataA,
        out: path.join(root, "chave.tar.gz"),
        log: () => undefined,
        onProgress: async (e) => {
          events.push(e.phase);
          if (e.phase === "file" && e.count === 100) {
            duringCopy = await upload(tenant.cookie, [200, 40, 40]);
            for (let i = 0; i < 3; i++) await say(tenant.cookie, `Durante a cópia ${i}`);
          }
          if (e.phase === "stopping") phase = "stopping";
          if (e.phase === "stopped") {
            // Committed after pg_backup_stop but before the WAL is read: the restore must not
            // replay them (only the segments up to the stop go into the archive).
            phase = "stopped";
            for (let i = 0; i < 3; i++) await say(tenant.cookie, `Logo depois do fim ${i}`);
          }
        },
      });
    } finally {
      loadRunning = false;
      await load;
    }
    expect(events[0]).toBe("started");
    expect(events.slice(-3)).toEqual(["stopping", "stopped", "done"]);
    expect(duringCopy, "the copy reached its 100th file").toBeDefined();

    // After the backup: none of this may come back.
    const afterPhoto = await upload(tenant.cookie, [40, 200, 40]);
    for (let i = 0; i < 3; i++) await say(tenant.cookie, `Depois do backup ${i}`);

    const mustBe = sent.filter((s) => s.ackedBeforeStop).map((s) => s.id);
    const mustNot = sent.filter((s) => s.sentAfterStop).map((s) => s.id);
    expect(mustBe.length, "messages committed during the copy").toBeGreaterThanOrEqual(3);
    expect(mustNot.length).toBeGreaterThanOrEqual(6);

    const docsA = new Map<string, string>();
    for (const who of [landlord, tenant]) {
      for (const d of await documentsOf(callA, who.cookie)) {
        const bytes = await download(a.baseUrl, callA, who.cookie, d.id);
        expect(sha256(bytes), d.fileName).toBe(d.sha256);
        docsA.set(d.id, d.sha256);
      }
    }
    expect([...docsA.keys()]).toEqual(expect.arrayContaining([sealedId, duringCopy, afterPhoto]));

    // The archive: a manifest naming the WAL from start to stop and every file's SHA-256.
    const archive = result.archive;
    const manifest = result.manifest;
    expect(manifest.postgres.walSegments.length).toBeGreaterThan(0);
    const paths = new Set(manifest.files.map((f) => f.path));
    for (const p of [
      ".db-password",
      ".auth-secret",
      "seal/seal.p12",
      "seal/passphrase",
      "db/backup_label",
      "db/PG_VERSION",
    ])
      expect(paths, p).toContain(p);
    expect([...paths].filter((p) => p.startsWith("files/")).length).toBeGreaterThan(0);
    expect(paths).not.toContain("db/postmaster.pid");
    expect(paths).not.toContain("chave-server.pid");

    // Restore through the command (npm run restore's), into a new folder; then refused on top of it.
    const dataB = path.join(root, "restored");
    const env = { ...process.env, DATA_DIR: dataB, DATABASE_URL: "" };
    const restored = await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", archive], {
      cwd: project,
      env,
    });
    expect(restored.stdout).toContain(`${manifest.files.length.toLocaleString("pt-BR")} arquivos conferidos`);
    const again = await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", archive], {
      cwd: project,
      env,
    }).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(again.code).toBe(65);
    expect(again.stderr).toContain("não está vazio");

    const restoredServer = await serve(dataB);
    const dbB = await embeddedPool(dataB);
    const callB = caller(remoteApp(restoredServer.baseUrl));

    // The same session works: the auth secret and the sessions came back.
    const me = await callB("GET", "/api/me", landlord.cookie);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<{ id: string }>().id).toBe(landlord.userId);

    expect(await countsOf(dbB.pool)).toEqual(countsBefore);
    const contractB = (
      await callB("GET", `/api/contracts/${contract.id}`, landlord.cookie)
    ).json<ContractView>();
    expect(contractB).toMatchObject({ status: "assinado", sealedDocumentId: sealedId });

    const { rows: back } = await dbB.pool.query<{ id: string }>(
      "SELECT id FROM messages WHERE id = ANY($1)",
      [sent.map((m) => m.id)],
    );
    const restoredIds = new Set(back.map((r) => r.id));
    for (const id of mustBe)
      expect(restoredIds.has(id), `message ${id} committed before the stop`).toBe(true);
    for (const id of mustNot) expect(restoredIds.has(id), `message ${id} sent after the stop`).toBe(false);
    const thread = (
      await callB("GET", `/api/messages/${contract.proposalId}`, tenant.cookie)
    ).json<ThreadView>();
    expect(thread.messages.map((m) => m.id)).toContain(mustBe.at(-1));

    const docsB = new Map<string, string>();
    for (const who of [landlord, tenant]) {
      for (const d of await documentsOf(callB, who.cookie)) {
        const bytes = await download(restoredServer.baseUrl, callB, who.cookie, d.id);
        expect(sha256(bytes), `${d.fileName} downloads as it was`).toBe(docsA.get(d.id));
        docsB.set(d.id, sha256(bytes));
        if (d.id === sealedId) {
          const verdict = pdfsig(bytes);
          expect(verdict, verdict).toContain("Signature is Valid");
          expect(verdict, verdict).toContain("Total document signed");
        }
      }
    }
    const expected = [...docsA.keys()].filter((id) => id !== afterPhoto).sort();
    expect([...docsB.keys()].sort()).toEqual(expected);
    const verified = await callB("GET", `/api/contracts/verify/${sealedId}`, landlord.cookie);
    expect(verified.json()).toMatchObject({ sealed: true, intact: true, signatureValid: true });

    console.info(
      "backup figures:",
      JSON.stringify({
        archiveBytes: result.bytes,
        rawBytes: result.rawBytes,
        files: manifest.files.length,
        walSegments: manifest.postgres.walSegments.length,
        copyMs: result.copyMs,
        totalMs: result.totalMs,
        messagesDuringBackup: mustBe.length,
      }),
    );
  });
});

/** A .tar.gz of `entries` (names as in the archive) and a manifest of them, altered by `edit`. */
async function handMadeArchive(
  file: string,
  entries: { name: string; body: string }[],
  edit: (m: Manifest) => void = () => undefined,
): Promise<void> {
  const manifest: Manifest = {
    format: "chave-backup",
    version: 1,
    createdAt: new Date().toISOString(),
    source: "/nowhere",
    postgres: { serverVersion: "18.4", startLsn: "0/2000028", stopLsn: "0/2000120", walSegments: [] },
    files: entries
      .filter((e) => e.name.startsWith("data/"))
      .map((e) => ({
        path: e.name.slice(5),
        size: Buffer.byteLength(e.body),
        sha256: sha256(Buffer.from(e.body)),
      })),
    notes: [],
  };
  edit(manifest);
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), fs.createWriteStream(file));
  for (const e of [...entries, { name: "manifest.json", body: JSON.stringify(manifest) }]) {
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: e.name }, e.body, (err) => (err ? reject(err) : resolve())),
    );
  }
  pack.finalize();
  await written;
}

const cluster = [
  { name: "data/.db-password", body: "segredo\n" },
  { name: "data/db/PG_VERSION", body: "18\n" },
  { name: "data/db/backup_label", body: "START WAL LOCATION: 0/2000028 (file 000000010000000000000002)\n" },
];

describe("refusals", () => {
  it("points an external PostgreSQL and S3 to their own tools", async () => {
    const refused = await run(process.execPath, ["--import", "tsx", "scripts/backup.ts"], {
      cwd: project,
      env: {
        ...process.env,
        DATABASE_URL: "postgres://chave@127.0.0.1:1/chave",
        STORAGE: "s3",
        S3_BUCKET: "chave-arquivos",
        S3_ACCESS_KEY_ID: "chave-key",
        S3_SECRET_ACCESS_KEY: "chave-secret",
      },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused.code).toBe(78);
    expect(refused.stderr).toContain("pg_basebackup");
    expect(refused.stderr).toContain("versionamento e a replicação do provedor");
  });

  it("says so when DATA_DIR holds no embedded database", async () => {
    const empty = await fsp.mkdtemp(path.join(root, "empty-"));
    await expect(
      createBackup({ dataDir: empty, out: path.join(root, "x.tar.gz"), log: () => undefined }),
    ).rejects.toThrow(`Não há banco embutido em ${empty}`);
    expect(fs.existsSync(path.join(root, "x.tar.gz"))).toBe(false);
  });

  it("restores nothing from an archive whose file does not match its manifest's SHA-256", async () => {
    const archive = path.join(root, "altered.tar.gz");
    await handMadeArchive(archive, cluster, (m) => {
      const f = m.files.find((x) => x.path === "db/PG_VERSION");
      if (f) f.sha256 = "0".repeat(64);
    });
    const target = path.join(root, "from-altered");
    await expect(restoreBackup({ archive, dataDir: target, log: () => undefined })).rejects.toThrow(
      "db/PG_VERSION não confere com o SHA-256 do manifesto",
    );
    expect(fs.existsSync(target), "the new DATA_DIR is not left half-written").toBe(false);
  });

  it("restores nothing from a truncated archive", async () => {
    const whole = path.join(root, "whole.tar.gz");
    await handMadeArchive(whole, [...cluster, { name: "data/files/a.bin", body: "x".repeat(200_000) }]);
    const bytes = await fsp.readFile(whole);
    const cut = path.join(root, "cut.tar.gz");
    await fsp.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = path.join(root, "from-cut");
    await expect(restoreBackup({ archive: cut, dataDir: target, log: () => undefined })).rejects.toThrow(
      "está danificado ou incompleto",
    );
    expect(fs.existsSync(target)).toBe(false);
  });

  it("refuses an entry that would land outside DATA_DIR", async () => {
    const archive = path.join(root, "escape.tar.gz");
    await handMadeArchive(archive, [...cluster, { name: "data/../escaped", body: "x" }]);
    const target = path.join(root, "from-escape");
    await expect(restoreBackup({ archive, dataDir: target, log: () => undefined })).rejects.toThrow(
      'entrada inesperada "data/../escaped"',
    );
    expect(fs.existsSync(path.join(root, "escaped"))).toBe(false);
    expect(fs.existsSync(target)).toBe(false);
  });
});
