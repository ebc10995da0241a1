import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { Readable } from "node:stream";
import type pg from "pg";
import { apiPaths } from "../../shared/api-paths";
import type {
  AcceptedType,
  DocumentKind,
  StoredDocument,
  UpdateMetadataInput,
  UploadMetadata,
} from "../../shared/contracts/storage";
import { AppError } from "../../shared/errors";
import { type Clock, systemClock } from "../clock";
import { withTransaction } from "../db/client";
import type { Queryable } from "../db/rows";
import { documentReady } from "../realtime/events";
import { shareDocuments } from "./document-shares.repository";
import {
  deleteDocument,
  deleteOwnedDocument,
  documentFor,
  documentOwnerAndSize,
  insertDocument,
  insertListedDocument,
  type ListedDocument,
  listDocuments,
  updateDocumentMetadata,
  usedBytes,
} from "./documents.repository";
import { declaredDimensions, IMAGE_HEAD_BYTES, megapixels } from "./image-header";
import type { ObjectStore } from "./object-store";
import { isReadablePdf, UNREADABLE_PDF } from "./pdf-check";
import { removeDocumentBytes } from "./photos";
import { sniffType } from "./sniff";
import {
  deleteUpload,
  deleteUploadsOlderThan,
  insertUpload,
  lockQuota,
  takeUpload,
  uploadOrDocumentOwner,
} from "./uploads.repository";

export interface StorageLimits {
  maxFileSize: number;
  quota: number;
  downloadUrlTtlSeconds: number;
  uploadExpiryHours: number;
  /** Largest image accepted, in pixels (width × height as its header declares them). */
  maxImagePixels: number;
}

const UNACCEPTED_FORMAT = "O formato do arquivo não é aceito: envie uma imagem JPEG, PNG ou WebP, ou um PDF.";

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024)
    return `${(bytes / 1024 ** 3).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} GB`;
  if (bytes >= 1024 * 1024)
    return `${(bytes / 1024 ** 2).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
  return `${Math.ceil(bytes / 1024).toLocaleString("pt-BR")} KB`;
}

function toDocument(row: ListedDocument, userId: string): StoredDocument {
  return {
    id: row.id,
    ownerId: row.owner_id,
    kind: row.kind,
    folder: row.folder,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
    sha256: row.sha256,
    customMetadata: row.custom_metadata,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    access: row.owner_id === userId ? "owner" : "reader",
    contractId: row.contract_id,
  };
}

function encodeToken(cursor: string, id: string): string {
  return Buffer.from(JSON.stringify([cursor, id])).toString("base64url");
}

/** PostgreSQL's text form of a timestamptz, as `created_at::text` gives it (ISO DateStyle). */
const CURSOR_TIME =
  /^([1-9]\d{3})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a cursor time is one PostgreSQL will read back: a real date, a real time, a sane zone. */
function isCursorTime(text: string): boolean {
  const m = CURSOR_TIME.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, sec, , , zh, zm = "0", zs = "0"] = m.slice(1).map((v) => v ?? "");
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    Number(h) < 24 &&
    Number(mi) < 60 &&
    Number(sec) < 60 &&
    Number(zh) < 16 &&
    Number(zm || 0) < 60 &&
    Number(zs || 0) < 60
  );
}

/**
 * A page token back into its cursor. The token is the client's to send, so anything that is not
 * exactly what encodeToken made is refused here, before PostgreSQL could choke on it (a 500).
 */
function decodeToken(token: string): [string, string] {
  let value: unknown;
  try {
    value = /^[A-Za-z0-9_-]+$/.test(token)
      ? JSON.parse(Buffer.from(token, "base64url").toString("utf8"))
      : null;
  } catch {
    value = null;
  }
  if (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === "string" &&
    typeof value[1] === "string" &&
    isCursorTime(value[0]) &&
    UUID.test(value[1])
  )
    return [value[0], value[1]];
  throw new AppError("invalid-page-token");
}

/** What other parts hear of the documents, inside the change's transaction. */
export interface StorageHooks {
  /** A unit photo was uploaded: its copies for the screen are made by a job sent here (decision 024). */
  photoStored?: (c: Queryable, documentId: string) => Promise<void>;
}

/**
 * Documents: their records, who may touch them, the quota, and signed download links. Every
 * call that names a document checks the asker against it (owner, or a share row) first.
 */
export class StorageService {
  private readonly downloadKey: Buffer;

  constructor(
    private readonly pool: pg.Pool,
    readonly store: ObjectStore,
    readonly limits: StorageLimits,
    secret: string,
    private readonly hooks: StorageHooks = {},
    /** What links are signed and checked by (tests move it instead of sleeping). */
    private readonly clock: Clock = systemClock,
  ) {
    this.downloadKey = createHmac("sha256", secret).update("chave storage download v1").digest();
  }

  /** Bytes of one's documents plus the declared size of one's unfinished uploads. */
  async usage(userId: string, client: pg.Pool | pg.PoolClient = this.pool): Promise<number> {
    return usedBytes(client, userId);
  }

  /** Records a new upload after checking the size and the quota; the caller then writes the bytes. */
  async createUpload(ownerId: string, id: string, size: number, meta: UploadMetadata): Promise<void> {
    if (size <= 0) throw new AppError("empty-file");
    if (size > this.limits.maxFileSize) throw this.tooLarge();
    // This node's running digests of uploads that went idle (moved to another node, or abandoned).
    this.store.pruneDigests(3_600_000);
    await withTransaction(this.pool, async (client) => {
      await lockQuota(client, ownerId);
      let freed = 0;
      if (meta.replaces) {
        const replaced = await documentOwnerAndSize(client, meta.replaces);
        if (!replaced) throw new AppError("object-not-found");
        if (replaced.owner_id !== ownerId) throw new AppError("unauthorized");
        if (replaced.contract_id) throw new AppError("contract-document-locked");
        freed = replaced.size;
      }
      const used = await this.usage(ownerId, client);
      if (used - freed + size > this.limits.quota) {
        throw new AppError("quota-exceeded", {
          message: `Você atingiu o limite de ${formatBytes(this.limits.quota)} para arquivos (em uso: ${formatBytes(used)}). Apague arquivos antigos para enviar novos.`,
        });
      }
      await insertUpload(client, {
        id,
        owner_id: ownerId,
        size,
        kind: meta.kind,
        folder: meta.folder,
        file_name: meta.filename,
        replaces: meta.replaces ?? null,
      });
    });
  }

  tooLarge(): AppError {
    return new AppError("file-too-large", {
      message: `O arquivo é grande demais: o limite é de ${formatBytes(this.limits.maxFileSize)}.`,
    });
  }

  /** Who started an upload, or owns the document it became; null when there is none. */
  async uploadOwner(id: string): Promise<string | null> {
    if (!/^[0-9a-f-]{36}$/.test(id)) return null;
    return (await uploadOrDocumentOwner(this.pool, id)) ?? null;
  }

  /**
   * Called once all bytes are in: hashes them, finds their real type, and turns the upload into
   * a document (replacing the one it was meant to replace). Content that is not an accepted type,
   * and an image whose header declares more pixels than allowed (a decode bomb: a few bytes that
   * make every browser showing them allocate gigabytes), are deleted and refused.
   */
  async finishUpload(id: string, userId: string): Promise<StoredDocument> {
    const upload = await this.store.datastore.getUpload(id);
    const known = upload.size !== undefined ? this.store.takeDigest(id, upload.size) : null;
    const { hash, head, size } = known
      ? { hash: known.sha256, head: known.head, size: upload.size ?? 0 }
      : await this.digest(await this.store.read(id));
    const contentType = sniffType(head);
    if (!contentType || size === 0) {
      await this.abandonUpload(id);
      throw new AppError(size === 0 ? "empty-file" : "invalid-format", {
        ...(size === 0 ? {} : { message: UNACCEPTED_FORMAT }),
      });
    }
    const refusal = await this.checkContent(id, contentType, head, size);
    if (refusal) {
      await this.abandonUpload(id);
      throw refusal;
    }
    await this.store.sync(id);
    const { row, replaced } = await withTransaction(this.pool, async (client) => {
      const pending = await takeUpload(client, id, userId);
      if (!pending) throw new AppError("object-not-found");
      const row = await insertListedDocument(client, {
        id,
        owner_id: userId,
        kind: pending.kind,
        folder: pending.folder,
        file_name: pending.file_name,
        content_type: contentType,
        size,
        sha256: hash,
      });
      if (
        (pending.kind === "foto_unidade" || pending.kind === "foto_vistoria") &&
        contentType.startsWith("image/")
      )
        await this.hooks.photoStored?.(client, id);
      let replaced: string | null = null;
      if (pending.replaces && (await deleteOwnedDocument(client, pending.replaces, userId)))
        replaced = pending.replaces;
      await documentReady(client, userId, id);
      return { row, replaced };
    });
    if (replaced) await removeDocumentBytes(this.store, replaced);
    if (!row) throw new AppError("unknown");
    return toDocument(row, userId);
  }

  /**
   * Why a file may not be kept, or null for a PDF a reader can open and for an image within the
   * limit. An image's size comes from its header, never from decoding it; a header that cannot be
   * read is refused too. A PDF is parsed (pdf-check.ts).
   */
  private async checkContent(
    id: string,
    type: AcceptedType,
    head: Buffer,
    size: number,
  ): Promise<AppError | null> {
    if (type === "application/pdf") {
      // Parsed, not only sniffed: "%PDF-" and random bytes after it is no document (issue 29).
      const bytes = head.length >= size ? head : await this.readStart(id, size);
      return (await isReadablePdf(bytes))
        ? null
        : new AppError("invalid-format", { message: UNREADABLE_PDF });
    }
    let bytes =
      head.length >= Math.min(size, IMAGE_HEAD_BYTES) ? head : await this.readStart(id, IMAGE_HEAD_BYTES);
    let dimensions = declaredDimensions(bytes, type);
    // A JPEG frame header beyond the first bytes (long EXIF or ICC segments): read it all.
    if (!dimensions && size > bytes.length) {
      bytes = await this.readStart(id, size);
      dimensions = declaredDimensions(bytes, type);
    }
    if (!dimensions) return new AppError("invalid-format", { message: UNACCEPTED_FORMAT });
    const { width, height } = dimensions;
    if (width * height <= this.limits.maxImagePixels) return null;
    return new AppError("image-too-large", {
      message: `A imagem é grande demais: tem ${width.toLocaleString("pt-BR")} × ${height.toLocaleString("pt-BR")} pixels, e o limite é de ${megapixels(this.limits.maxImagePixels)}. Reduza a imagem e envie de novo.`,
    });
  }

  /** The first `bytes` bytes of a stored object (all of it when it is shorter). */
  private async readStart(id: string, bytes: number): Promise<Buffer> {
    const stream = await this.store.read(id);
    const chunks: Buffer[] = [];
    let length = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= bytes) break;
      }
    } finally {
      stream.destroy();
    }
    return Buffer.concat(chunks).subarray(0, bytes);
  }

  private async digest(stream: Readable): Promise<{ hash: string; head: Buffer; size: number }> {
    const hash = createHash("sha256");
    // Enough of the start to sniff the type and read an image's header without reading again.
    const head: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (size < IMAGE_HEAD_BYTES) head.push(chunk.subarray(0, IMAGE_HEAD_BYTES - size));
      size += chunk.length;
      hash.update(chunk);
    }
    return { hash: hash.digest("hex"), head: Buffer.concat(head), size };
  }

  /**
   * Stores bytes the server made (a contract PDF) as a document of `ownerId`, shared for reading
   * with `readers`, in the caller's transaction. The bytes are written first, so a row never
   * points at nothing; if the transaction rolls back they are left unreferenced.
   */
  async storeGenerated(
    c: Queryable,
    input: {
      ownerId: string;
      kind: DocumentKind;
      folder: string;
      fileName: string;
      contentType: AcceptedType;
      bytes: Uint8Array;
      sha256: string;
      readers: { userId: string; reason: string }[];
      /** The contract the file belongs to: nobody may change or delete it then. */
      contractId?: string;
    },
  ): Promise<string> {
    const id = randomUUID();
    await this.store.put(id, Buffer.from(input.bytes));
    await insertDocument(c, {
      id,
      owner_id: input.ownerId,
      kind: input.kind,
      folder: input.folder,
      file_name: input.fileName,
      content_type: input.contentType,
      size: input.bytes.length,
      sha256: input.sha256,
      contract_id: input.contractId ?? null,
    });
    for (const r of input.readers) await shareDocuments(c, [id], r.userId, r.reason);
    return id;
  }

  /**
   * Drops a generated document that was replaced (a draft written again before it was sent), in
   * the caller's transaction, once the contract names its successor (the foreign key refuses it
   * before).
   */
  async dropGenerated(c: Queryable, id: string): Promise<void> {
    await deleteDocument(c, id);
  }

  /** A stored document's whole bytes. */
  async readBytes(id: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.store.read(id)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Drops an unfinished upload and its bytes (cancelled, refused or expired). */
  async abandonUpload(id: string): Promise<void> {
    await deleteUpload(this.pool, id);
    await this.store.remove(id).catch(() => undefined);
  }

  /** Deletes uploads older than the expiry (an hourly job); each row goes to one run. */
  async deleteExpiredUploads(): Promise<number> {
    const ids = await deleteUploadsOlderThan(this.pool, this.limits.uploadExpiryHours);
    for (const id of ids) await this.store.remove(id).catch(() => undefined);
    return ids.length;
  }

  private async find(userId: string, id: string): Promise<ListedDocument & { shared: boolean }> {
    const row = await documentFor(this.pool, id, userId);
    if (!row) throw new AppError("object-not-found");
    return row;
  }

  /** The document if the user may read it: 404 when there is none, 403 when it is not theirs. */
  async readable(userId: string, id: string): Promise<StoredDocument> {
    const row = await this.find(userId, id);
    if (row.owner_id !== userId && !row.shared) throw new AppError("unauthorized");
    return toDocument(row, userId);
  }

  /**
   * The document if the user may change or delete it: only its owner, and never a contract's file
   * (a party who may read it is told why; anyone else only that it is not theirs).
   */
  async owned(userId: string, id: string): Promise<StoredDocument> {
    const row = await this.find(userId, id);
    if (row.owner_id !== userId && !row.shared) throw new AppError("unauthorized");
    if (row.contract_id) throw new AppError("contract-document-locked");
    if (row.owner_id !== userId) throw new AppError("unauthorized");
    return toDocument(row, userId);
  }

  async list(
    userId: string,
    query: {
      folder?: string | undefined;
      kind?: string | undefined;
      pageSize: number;
      pageToken?: string | undefined;
    },
  ): Promise<{ items: StoredDocument[]; nextPageToken: string | null }> {
    const rows = await listDocuments(this.pool, userId, {
      folder: query.folder,
      kind: query.kind,
      after: query.pageToken ? decodeToken(query.pageToken) : undefined,
      limit: query.pageSize + 1,
    });
    const page = rows.slice(0, query.pageSize);
    const last = page.at(-1);
    return {
      items: page.map((r) => toDocument(r, userId)),
      nextPageToken: rows.length > query.pageSize && last ? encodeToken(last.cursor, last.id) : null,
    };
  }

  async update(userId: string, id: string, input: UpdateMetadataInput): Promise<StoredDocument> {
    await this.owned(userId, id);
    const row = await updateDocumentMetadata(
      this.pool,
      id,
      userId,
      input.fileName ?? null,
      input.customMetadata ?? null,
    );
    if (!row) throw new AppError("object-not-found");
    return toDocument(row, userId);
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.owned(userId, id);
    // The bytes go only with the row (a contract may have claimed the file meanwhile).
    if (await deleteOwnedDocument(this.pool, id, userId)) await removeDocumentBytes(this.store, id);
  }

  // --- signed download links ---------------------------------------------------------------

  /** Now, in whole seconds since the epoch: a link's `expires` is in these. */
  nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  private signature(id: string, expires: number, disposition: string): Buffer {
    return createHmac("sha256", this.downloadKey).update(`${id}\n${expires}\n${disposition}`).digest();
  }

  async downloadUrl(
    userId: string,
    id: string,
    disposition: "inline" | "attachment",
  ): Promise<{ url: string; expiresAt: string }> {
    await this.readable(userId, id);
    const expires = this.nowSeconds() + this.limits.downloadUrlTtlSeconds;
    const sig = this.signature(id, expires, disposition).toString("base64url");
    const qs = new URLSearchParams({ expires: String(expires), disposition, sig });
    return { url: `${apiPaths.storage.file(id)}?${qs}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /**
   * A signed link without an access check, for the server's own flows that have already decided
   * (a signer's ceremony, the sealed contract e-mailed to a guest signer).
   */
  signedUrl(
    id: string,
    disposition: "inline" | "attachment",
    ttlSeconds = this.limits.downloadUrlTtlSeconds,
  ): { url: string; expiresAt: string } {
    const expires = this.nowSeconds() + ttlSeconds;
    const sig = this.signature(id, expires, disposition).toString("base64url");
    const qs = new URLSearchParams({ expires: String(expires), disposition, sig });
    return { url: `${apiPaths.storage.file(id)}?${qs}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** Checks a download link; the link itself is the permission, for its few minutes. */
  verifyDownload(id: string, expires: number, disposition: string, sig: string): void {
    const expected = this.signature(id, expires, disposition);
    const given = Buffer.from(sig, "base64url");
    const valid = given.length === expected.length && timingSafeEqual(given, expected);
    if (!valid || expires < this.clock.now().getTime() / 1000) throw new AppError("invalid-download-link");
  }

  async documentById(id: string): Promise<StoredDocument> {
    const row = await this.find("", id);
    return toDocument(row, "");
  }
}
