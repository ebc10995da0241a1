import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { Readable } from "node:stream";
import type pg from "pg";
import { apiPaths } from "../../shared/api-paths";
import type {
  AcceptedType,
  StoredDocument,
  UpdateMetadataInput,
  UploadMetadata,
} from "../../shared/contracts/storage";
import { AppError } from "../../shared/errors";
import { withTransaction } from "../db/client";
import { documentReady } from "../realtime/events";
import { declaredDimensions, IMAGE_HEAD_BYTES, megapixels } from "./image-header";
import type { ObjectStore } from "./object-store";
import { sniffType } from "./sniff";

export interface StorageLimits {
  maxFileSize: number;
  quota: number;
  downloadUrlTtlSeconds: number;
  uploadExpiryHours: number;
  /** Largest image accepted, in pixels (width × height as its header declares them). */
  maxImagePixels: number;
}

interface DocumentRow {
  id: string;
  owner_id: string;
  kind: string;
  folder: string;
  file_name: string;
  content_type: string;
  size: string | number;
  sha256: string;
  custom_metadata: Record<string, string>;
  created_at: Date;
  updated_at: Date;
  cursor: string;
  shared: boolean;
}

const DOCUMENT_COLUMNS = `d.id, d.owner_id, d.kind, d.folder, d.file_name, d.content_type, d.size, d.sha256,
  d.custom_metadata, d.created_at, d.updated_at, d.created_at::text AS cursor`;

const UNACCEPTED_FORMAT = "O formato do arquivo não é aceito: envie uma imagem JPEG, PNG ou WebP, ou um PDF.";

/** One lock per owner while their quota is checked, so parallel uploads cannot overrun it. */
const QUOTA_LOCK_CLASS = 724_310_003;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024)
    return `${(bytes / 1024 ** 3).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} GB`;
  if (bytes >= 1024 * 1024)
    return `${(bytes / 1024 ** 2).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
  return `${Math.ceil(bytes / 1024).toLocaleString("pt-BR")} KB`;
}

function toDocument(row: DocumentRow, userId: string): StoredDocument {
  return {
    id: row.id,
    ownerId: row.owner_id,
    kind: row.kind as StoredDocument["kind"],
    folder: row.folder,
    fileName: row.file_name,
    contentType: row.content_type as StoredDocument["contentType"],
    size: Number(row.size),
    sha256: row.sha256,
    customMetadata: row.custom_metadata,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    access: row.owner_id === userId ? "owner" : "reader",
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
  ) {
    this.downloadKey = createHmac("sha256", secret).update("chave storage download v1").digest();
  }

  /** Bytes of one's documents plus the declared size of one's unfinished uploads. */
  async usage(userId: string, client: pg.Pool | pg.PoolClient = this.pool): Promise<number> {
    const { rows } = await client.query<{ used: string }>(
      `SELECT (SELECT coalesce(sum(size), 0) FROM documents WHERE owner_id = $1)
            + (SELECT coalesce(sum(size), 0) FROM uploads WHERE owner_id = $1) AS used`,
      [userId],
    );
    return Number(rows[0]?.used ?? 0);
  }

  /** Records a new upload after checking the size and the quota; the caller then writes the bytes. */
  async createUpload(ownerId: string, id: string, size: number, meta: UploadMetadata): Promise<void> {
    if (size <= 0) throw new AppError("empty-file");
    if (size > this.limits.maxFileSize) throw this.tooLarge();
    // This node's running digests of uploads that went idle (moved to another node, or abandoned).
    this.store.pruneDigests(3_600_000);
    await withTransaction(this.pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [QUOTA_LOCK_CLASS, ownerId]);
      let freed = 0;
      if (meta.replaces) {
        const { rows } = await client.query<{ owner_id: string; size: string }>(
          "SELECT owner_id, size FROM documents WHERE id = $1",
          [meta.replaces],
        );
        const replaced = rows[0];
        if (!replaced) throw new AppError("object-not-found");
        if (replaced.owner_id !== ownerId) throw new AppError("unauthorized");
        freed = Number(replaced.size);
      }
      const used = await this.usage(ownerId, client);
      if (used - freed + size > this.limits.quota) {
        throw new AppError("quota-exceeded", {
          message: `Você atingiu o limite de ${formatBytes(this.limits.quota)} para arquivos (em uso: ${formatBytes(used)}). Apague arquivos antigos para enviar novos.`,
        });
      }
      await client.query(
        `INSERT INTO uploads (id, owner_id, size, kind, folder, file_name, replaces)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, ownerId, size, meta.kind, meta.folder, meta.filename, meta.replaces ?? null],
      );
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
    const { rows } = await this.pool.query<{ owner_id: string }>(
      "SELECT owner_id FROM uploads WHERE id = $1 UNION ALL SELECT owner_id FROM documents WHERE id = $1",
      [id],
    );
    return rows[0]?.owner_id ?? null;
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
    const refusal = await this.checkImage(id, contentType, head, size);
    if (refusal) {
      await this.abandonUpload(id);
      throw refusal;
    }
    await this.store.sync(id);
    const { row, replaced } = await withTransaction(this.pool, async (client) => {
      const upload = await client.query<{
        replaces: string | null;
        kind: string;
        folder: string;
        file_name: string;
      }>("DELETE FROM uploads WHERE id = $1 AND owner_id = $2 RETURNING replaces, kind, folder, file_name", [
        id,
        userId,
      ]);
      const pending = upload.rows[0];
      if (!pending) throw new AppError("object-not-found");
      const inserted = await client.query<DocumentRow>(
        `INSERT INTO documents AS d (id, owner_id, kind, folder, file_name, content_type, size, sha256)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${DOCUMENT_COLUMNS}`,
        [id, userId, pending.kind, pending.folder, pending.file_name, contentType, size, hash],
      );
      let replaced: string | null = null;
      if (pending.replaces) {
        const gone = await client.query("DELETE FROM documents WHERE id = $1 AND owner_id = $2", [
          pending.replaces,
          userId,
        ]);
        if (gone.rowCount) replaced = pending.replaces;
      }
      await documentReady(client, userId, id);
      return { row: inserted.rows[0], replaced };
    });
    if (replaced) await this.store.remove(replaced).catch(() => undefined);
    if (!row) throw new AppError("unknown");
    return toDocument(row, userId);
  }

  /**
   * Why an image may not be kept, or null for a PDF and for an image within the limit. Its size
   * comes from its header, never from decoding it; a header that cannot be read is refused too.
   */
  private async checkImage(
    id: string,
    type: AcceptedType,
    head: Buffer,
    size: number,
  ): Promise<AppError | null> {
    if (type === "application/pdf") return null;
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
    c: Pick<pg.PoolClient, "query">,
    input: {
      ownerId: string;
      kind: string;
      folder: string;
      fileName: string;
      contentType: string;
      bytes: Uint8Array;
      sha256: string;
      readers: { userId: string; reason: string }[];
    },
  ): Promise<string> {
    const id = randomUUID();
    await this.store.put(id, Buffer.from(input.bytes));
    await c.query(
      `INSERT INTO documents (id, owner_id, kind, folder, file_name, content_type, size, sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        input.ownerId,
        input.kind,
        input.folder,
        input.fileName,
        input.contentType,
        input.bytes.length,
        input.sha256,
      ],
    );
    for (const r of input.readers)
      await c.query(
        "INSERT INTO document_shares (document_id, user_id, reason) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        [id, r.userId, r.reason],
      );
    return id;
  }

  /** Drops a generated document that was replaced, in the caller's transaction. */
  async dropGenerated(c: Pick<pg.PoolClient, "query">, id: string): Promise<void> {
    await c.query("DELETE FROM documents WHERE id = $1", [id]);
  }

  /** A stored document's whole bytes. */
  async readBytes(id: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.store.read(id)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Drops an unfinished upload and its bytes (cancelled, refused or expired). */
  async abandonUpload(id: string): Promise<void> {
    await this.pool.query("DELETE FROM uploads WHERE id = $1", [id]);
    await this.store.remove(id).catch(() => undefined);
  }

  /** Deletes uploads older than the expiry (an hourly job); each row goes to one run. */
  async deleteExpiredUploads(): Promise<number> {
    const { rows } = await this.pool.query<{ id: string }>(
      "DELETE FROM uploads WHERE created_at < now() - make_interval(hours => $1) RETURNING id",
      [this.limits.uploadExpiryHours],
    );
    for (const { id } of rows) await this.store.remove(id).catch(() => undefined);
    return rows.length;
  }

  private async find(userId: string, id: string): Promise<DocumentRow> {
    const { rows } = await this.pool.query<DocumentRow>(
      `SELECT ${DOCUMENT_COLUMNS},
         EXISTS (SELECT 1 FROM document_shares s WHERE s.document_id = d.id AND s.user_id = $2) AS shared
       FROM documents d WHERE d.id = $1`,
      [id, userId],
    );
    const row = rows[0];
    if (!row) throw new AppError("object-not-found");
    return row;
  }

  /** The document if the user may read it: 404 when there is none, 403 when it is not theirs. */
  async readable(userId: string, id: string): Promise<StoredDocument> {
    const row = await this.find(userId, id);
    if (row.owner_id !== userId && !row.shared) throw new AppError("unauthorized");
    return toDocument(row, userId);
  }

  /** The document if the user owns it (only the owner changes or deletes). */
  async owned(userId: string, id: string): Promise<StoredDocument> {
    const row = await this.find(userId, id);
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
    const params: unknown[] = [userId];
    const where = ["d.owner_id = $1"];
    if (query.folder) {
      params.push(query.folder);
      where.push(`d.folder = $${params.length}`);
    }
    if (query.kind) {
      params.push(query.kind);
      where.push(`d.kind = $${params.length}`);
    }
    if (query.pageToken) {
      const [cursor, id] = decodeToken(query.pageToken);
      params.push(cursor, id);
      where.push(`(d.created_at, d.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(query.pageSize + 1);
    const { rows } = await this.pool.query<DocumentRow>(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents d WHERE ${where.join(" AND ")}
       ORDER BY d.created_at DESC NULLS LAST, d.id DESC NULLS LAST LIMIT $${params.length}`,
      params,
    );
    const page = rows.slice(0, query.pageSize);
    const last = page.at(-1);
    return {
      items: page.map((r) => toDocument(r, userId)),
      nextPageToken: rows.length > query.pageSize && last ? encodeToken(last.cursor, last.id) : null,
    };
  }

  async update(userId: string, id: string, input: UpdateMetadataInput): Promise<StoredDocument> {
    await this.owned(userId, id);
    const { rows } = await this.pool.query<DocumentRow>(
      `UPDATE documents d SET
         file_name = coalesce($3, d.file_name),
         custom_metadata = CASE WHEN $4::jsonb IS NULL THEN d.custom_metadata
           ELSE jsonb_strip_nulls(d.custom_metadata || $4::jsonb) END,
         updated_at = now()
       WHERE d.id = $1 AND d.owner_id = $2 RETURNING ${DOCUMENT_COLUMNS}`,
      [
        id,
        userId,
        input.fileName ?? null,
        input.customMetadata ? JSON.stringify(input.customMetadata) : null,
      ],
    );
    const row = rows[0];
    if (!row) throw new AppError("object-not-found");
    return toDocument(row, userId);
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.owned(userId, id);
    await this.pool.query("DELETE FROM documents WHERE id = $1 AND owner_id = $2", [id, userId]);
    await this.store.remove(id).catch(() => undefined);
  }

  // --- signed download links ---------------------------------------------------------------

  private signature(id: string, expires: number, disposition: string): Buffer {
    return createHmac("sha256", this.downloadKey).update(`${id}\n${expires}\n${disposition}`).digest();
  }

  async downloadUrl(
    userId: string,
    id: string,
    disposition: "inline" | "attachment",
  ): Promise<{ url: string; expiresAt: string }> {
    await this.readable(userId, id);
    const expires = Math.floor(Date.now() / 1000) + this.limits.downloadUrlTtlSeconds;
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
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    const sig = this.signature(id, expires, disposition).toString("base64url");
    const qs = new URLSearchParams({ expires: String(expires), disposition, sig });
    return { url: `${apiPaths.storage.file(id)}?${qs}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** Checks a download link; the link itself is the permission, for its few minutes. */
  verifyDownload(id: string, expires: number, disposition: string, sig: string): void {
    const expected = this.signature(id, expires, disposition);
    const given = Buffer.from(sig, "base64url");
    const valid = given.length === expected.length && timingSafeEqual(given, expected);
    if (!valid || expires < Date.now() / 1000) throw new AppError("invalid-download-link");
  }

  async documentById(id: string): Promise<StoredDocument> {
    const row = await this.find("", id);
    return toDocument(row, "");
  }
}
