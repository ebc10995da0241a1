import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type pg from "pg";
import yazl from "yazl";
import type { ExportView } from "../../../shared/contracts/privacy";
import { AppError } from "../../../shared/errors";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import type { MailOutbox } from "../../mail/outbox";
import { mailWords } from "../../mail/words";
import { privacyChanged } from "../../realtime/events";
import type { ObjectStore } from "../../storage/object-store";
import {
  type DataExportRecord,
  expiredExports,
  exportById,
  exportsHeld,
  exportsSince,
  insertExport,
  latestExport,
  lockExportBudget,
  markExport,
  markReady,
  readyExportsOf,
  setProgress,
} from "./exports.repository";
import { PRIVACY_JOBS } from "./jobs";
import { exportFiles, filesBytes, holderOf, SECTIONS, sectionRows } from "./person-data.repository";
import { readableCopy } from "./readable";

export const EXPORT_JOB = PRIVACY_JOBS.export;
const EXPORT_HOURS = 24;

export interface ExportsDeps {
  pool: pg.Pool;
  store: ObjectStore;
  jobs: JobQueue;
  outbox: MailOutbox;
  clock: Clock;
  publicUrl: string;
  /** Exports one account may ask for in 24 hours (EXPORTS_PER_DAY). */
  perDay: number;
  /** What the zips on disk may take, all accounts together (EXPORTS_DISK_BUDGET_MB). */
  diskBudgetBytes: number;
}

/** A zip's JSON, text and signatures, over its files: what an export is counted at before it is made. */
const RECORDS_ALLOWANCE = 64 * 1024;

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** A file's name inside the zip: its id (unique) and its name, without anything a path could use. */
const entryName = (folder: string, id: string, name: string) =>
  `arquivos/${folder.replace(/[^\p{L}\p{N}_-]+/gu, "_") || "documentos"}/${id}-${name.replace(/[/\\\0]/g, "_")}`;

const README = (when: string) =>
  [
    "Seus dados na Chave",
    "",
    `Preparado em ${when}, a seu pedido (LGPD, art. 18, II e V).`,
    "",
    "meus-dados.txt: a versão para ler, em português, seção por seção: conta, perfil, sessões,",
    "consentimentos, configuração de avisos, empresas, imobiliárias, imóveis, ofertas, propostas (com a linha do tempo),",
    "mensagens, contratos (com signatários e trilha de auditoria), documentos (os dados de cada um),",
    "buscas salvas, favoritos, histórico de preferências, avisos e pedido de exclusão da conta.",
    "",
    "meus-dados.json: os mesmos dados, num formato que outros programas leem (portabilidade).",
    "Valores em dinheiro estão em centavos; datas, em UTC.",
    "",
    "assinaturas/: as assinaturas que você desenhou ao assinar contratos, uma imagem por contrato.",
    "",
    "arquivos/: os seus documentos, como você os enviou, e os contratos assinados de que você é parte.",
    "",
    "Não estão aqui: senhas, tokens de sessão e códigos de assinatura (são segredos), nem dados de",
    "outras pessoas além do que as telas mostram: das outras partes de uma proposta ou contrato vão",
    "o nome e o CPF mascarado (***.456.789-**), nunca a assinatura desenhada, o endereço ou o IP.",
    "",
  ].join("\n");

/**
 * Data exports (issue 17): asked in /Config, prepared by a durable job into a zip in the object
 * store with visible progress, e-mailed as a link that works once, for 24 hours, only for them.
 */
export class DataExports {
  constructor(private readonly deps: ExportsDeps) {
    deps.jobs.define<{ exportId: string }>({
      name: EXPORT_JOB,
      retryLimit: 3,
      handler: ({ exportId }, job) => this.build(exportId, job.retryCount >= job.retryLimit),
    });
  }

  private view(r: DataExportRecord | null): ExportView {
    if (!r) return null;
    const expired = r.status === "pronto" && r.expires_at !== null && r.expires_at <= this.deps.clock.now();
    return {
      id: r.id,
      status: expired ? "expirado" : r.status,
      progress: r.progress,
      size: r.size,
      createdAt: r.created_at.toISOString(),
      expiresAt: r.expires_at?.toISOString() ?? null,
    };
  }

  async latest(userId: string): Promise<ExportView> {
    return this.view(await latestExport(this.deps.pool, userId));
  }

  /**
   * Asks for a new export, within bounds (issue 28): one being prepared at a time, `perDay` in 24
   * hours, and room on the installation's disk for its zip. A newer export replaces the older
   * ready ones: their zips are removed (LGPD art. 15 and 16: kept no longer than needed).
   */
  async request(userId: string): Promise<ExportView> {
    const id = randomUUID();
    const replaced = await withTransaction(this.deps.pool, async (c) => {
      // The person's row, locked: two clicks at once make one export.
      const last = await latestExport(c, userId, true);
      if (last?.status === "preparando") throw new AppError("export-in-progress");
      const now = this.deps.clock.now();
      const since = new Date(now.getTime() - 24 * 3_600_000);
      if ((await exportsSince(c, userId, since)) >= this.deps.perDay)
        throw new AppError("export-daily-limit");
      await lockExportBudget(c);
      const older = await readyExportsOf(c, userId);
      for (const r of older) await markExport(c, r.id, "expirado", now);
      // Ready zips by their size; those being prepared (and this one) by their files' size.
      const held = await exportsHeld(c);
      let bytes = held.bytes;
      for (const who of [...held.preparing, userId]) bytes += (await filesBytes(c, who)) + RECORDS_ALLOWANCE;
      if (bytes > this.deps.diskBudgetBytes) throw new AppError("export-no-room");
      await insertExport(c, id, userId, now);
      await this.deps.jobs.send(c, EXPORT_JOB, { exportId: id });
      await privacyChanged(c, userId);
      return older;
    });
    for (const r of replaced) await this.deps.store.remove(r.id).catch(() => undefined);
    return this.view(await exportById(this.deps.pool, id));
  }

  private async progress(row: DataExportRecord, progress: number): Promise<void> {
    await withTransaction(this.deps.pool, async (c) => {
      await setProgress(c, row.id, progress);
      await privacyChanged(c, row.user_id);
    });
  }

  /** The job: writes the zip to a temporary file, stores it, and e-mails the link. */
  async build(exportId: string, lastTry = false): Promise<void> {
    const row = await exportById(this.deps.pool, exportId);
    if (row?.status !== "preparando") return;
    const file = path.join(os.tmpdir(), `chave-export-${exportId}.zip`);
    try {
      const zip = new yazl.ZipFile();
      const out = fs.createWriteStream(file, { mode: 0o600 });
      zip.outputStream.pipe(out);
      const now = this.deps.clock.now();
      zip.addBuffer(Buffer.from(README(now.toISOString())), "LEIA-ME.txt", { mtime: now });
      const data: Record<string, unknown> = {
        geradoEm: now.toISOString(),
        observacao: "Tudo o que a Chave guarda sobre você. Valores em dinheiro estão em centavos.",
      };
      const holder = await holderOf(this.deps.pool, row.user_id);
      for (const [i, s] of SECTIONS.entries()) {
        data[s.name] = await sectionRows(this.deps.pool, s, holder);
        if (i % 4 === 3) await this.progress(row, Math.round(((i + 1) / SECTIONS.length) * 20));
      }
      zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), "meus-dados.json", { mtime: now });
      const copy = readableCopy(data, SECTIONS, now);
      zip.addBuffer(Buffer.from(copy.text), "meus-dados.txt", { mtime: now });
      for (const sig of copy.signatures) zip.addBuffer(sig.png, sig.name, { mtime: now });
      const files = await exportFiles(this.deps.pool, row.user_id);
      // One file at a time: each is read from the store as the zip is written, never all in memory.
      for (const [i, f] of files.entries()) {
        const stream: Readable = await this.deps.store.read(f.id);
        zip.addReadStream(stream, entryName(f.folder, f.id, f.file_name), { mtime: now });
        await finished(stream);
        await this.progress(row, 20 + Math.round(((i + 1) / files.length) * 75));
      }
      zip.end();
      await finished(out);
      const { size } = await fsp.stat(file);
      await this.deps.store.putFile(exportId, file);
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(this.deps.clock.now().getTime() + EXPORT_HOURS * 3_600_000);
      await withTransaction(this.deps.pool, async (c) => {
        await markReady(c, exportId, { size, tokenHash: sha(token), expiresAt });
        await this.deps.outbox.queueNotice(
          c,
          row.user_id,
          mailWords(
            { key: "account.exportReady", params: { hours: EXPORT_HOURS } },
            `${this.deps.publicUrl}/Config?exportacao=${exportId}&token=${token}`,
          ),
        );
        await privacyChanged(c, row.user_id);
      });
    } catch (err) {
      if (lastTry)
        await withTransaction(this.deps.pool, async (c) => {
          await markExport(c, exportId, "falhou", this.deps.clock.now());
          await privacyChanged(c, row.user_id);
        });
      throw err;
    } finally {
      await fsp.rm(file, { force: true });
    }
  }

  /**
   * The download: only the person it was made for, with the e-mailed token, once, within 24
   * hours. The export is marked downloaded before the bytes go (a second request finds it used).
   */
  async open(userId: string, exportId: string, token: string): Promise<{ stream: Readable; size: number }> {
    const row = await withTransaction(this.deps.pool, async (c) => {
      const r = await exportById(c, exportId, true);
      if (!r || r.user_id !== userId) throw new AppError("not-found");
      const want = Buffer.from(r.token_hash ?? "");
      const got = Buffer.from(sha(token));
      const valid =
        r.status === "pronto" &&
        r.expires_at !== null &&
        r.expires_at > this.deps.clock.now() &&
        want.length === got.length &&
        timingSafeEqual(want, got);
      if (!valid) throw new AppError("invalid-export-link");
      await markExport(c, exportId, "baixado", this.deps.clock.now());
      await privacyChanged(c, userId);
      return r;
    });
    return { stream: await this.deps.store.read(exportId), size: row.size ?? 0 };
  }

  /** After the download: the zip is not kept. */
  async discard(exportId: string): Promise<void> {
    await this.deps.store.remove(exportId);
  }

  /** Ready exports not downloaded within 24 hours: their zip is removed (a scheduled job). */
  async expire(): Promise<number> {
    return withTransaction(this.deps.pool, async (c) => {
      const rows = await expiredExports(c, this.deps.clock.now());
      for (const r of rows) {
        await markExport(c, r.id, "expirado", this.deps.clock.now());
        await this.deps.store.remove(r.id);
      }
      return rows.length;
    });
  }
}
