import { createHash, type Hash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import type stream from "node:stream";
import { type Readable, Transform } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import type { DataStore, Upload } from "@tus/utils";
import type pg from "pg";
import type { Config } from "../config";
import { PgKvStore } from "./pg-kv-store";
import { SNIFF_BYTES } from "./sniff";

/**
 * Where file bytes live. The tus data store writes them; the rest of the app only reads and
 * deletes whole objects by key (the document id).
 */
export interface ObjectStore {
  readonly name: "fs" | "s3";
  /** The tus data store uploads are written through. */
  readonly datastore: DataStore;
  read(key: string): Promise<Readable>;
  /** Stores a whole object at once (generated files: seed photos, later contracts). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** Stores a whole local file, streamed (a data export may be large); the file is left in place. */
  putFile(key: string, file: string): Promise<void>;
  /** Removes the object and any upload state; a missing object is not an error. */
  remove(key: string): Promise<void>;
  /**
   * The SHA-256 and first bytes of a finished upload if this node saw every byte of it go by,
   * so the file need not be read again; null otherwise (the caller reads it).
   */
  takeDigest(key: string, size: number): { sha256: string; head: Buffer } | null;
  /** Makes a finished upload durable before it is acknowledged. */
  sync(key: string): Promise<void>;
  /** Forgets digests of uploads idle for longer than `ms` (moved to another node, or abandoned). */
  pruneDigests(ms: number): void;
}

/**
 * Documents are for their owner and whoever they are shared with, through the app: on disk only
 * the server's user may read them (other accounts on the machine, a backup agent running as
 * someone else, a web server pointed at the wrong folder).
 */
export const FILE_MODE = 0o600;
export const DIRECTORY_MODE = 0o700;

/** Keys are UUIDs the server made; anything else would be a path we never meant to touch. */
function isObjectKey(key: string): boolean {
  return /^[0-9a-f-]{36}$/.test(key);
}

interface RunningDigest {
  hash: Hash;
  offset: number;
  head: Buffer;
  touched: number;
}

/**
 * The tus file store, hashing bytes as they are written: a 100 MiB upload is not read back just
 * to hash it. The running hash is only a shortcut: an upload that resumes on another node, or
 * after a restart, is hashed from the file instead.
 */
class HashingFileStore extends FileStore {
  readonly digests = new Map<string, RunningDigest>();

  /** As FileStore's, but the empty file is created 0600 (FileStore's is 0666 less the umask). */
  override async create(file: Upload): Promise<Upload> {
    if (!isObjectKey(file.id)) throw new Error(`Invalid object key ${file.id}`);
    const filePath = path.join(this.directory, file.id);
    await fsp.writeFile(filePath, "", { mode: FILE_MODE });
    await this.configstore.set(file.id, file);
    file.storage = { type: "file", path: filePath };
    return file;
  }

  override async write(
    readable: http.IncomingMessage | stream.Readable,
    id: string,
    offset: number,
  ): Promise<number> {
    let digest = this.digests.get(id);
    if (offset === 0) {
      digest = { hash: createHash("sha256"), offset: 0, head: Buffer.alloc(0), touched: Date.now() };
      this.digests.set(id, digest);
    } else if (digest && digest.offset !== offset) {
      this.digests.delete(id);
      digest = undefined;
    }
    if (!digest) return super.write(readable, id, offset);
    const running = digest;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        running.hash.update(chunk);
        if (running.head.length < SNIFF_BYTES)
          running.head = Buffer.concat([running.head, chunk.subarray(0, SNIFF_BYTES)]);
        done(null, chunk);
      },
    });
    readable.on("error", (err) => tap.destroy(err));
    try {
      const written = await super.write(readable.pipe(tap), id, offset);
      running.offset = written;
      running.touched = Date.now();
      return written;
    } catch (err) {
      this.digests.delete(id);
      throw err;
    }
  }
}

export function createObjectStore(config: Config, pool: pg.Pool): ObjectStore {
  const expirationPeriodInMilliseconds = config.UPLOAD_EXPIRY_HOURS * 3_600_000;
  if (config.STORAGE === "s3") {
    const s3ClientConfig: S3ClientConfig & { bucket: string } = {
      bucket: config.S3_BUCKET ?? "",
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      // Checksums only where S3 requires them: many S3-compatible stores reject the newer
      // default (CRC32 on every request, aws-chunked bodies).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      credentials: {
        accessKeyId: config.S3_ACCESS_KEY_ID ?? "",
        secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "",
      },
    };
    return new S3ObjectStore(s3ClientConfig, pool, expirationPeriodInMilliseconds);
  }
  return new FileObjectStore(path.join(config.DATA_DIR, "files"), pool, expirationPeriodInMilliseconds);
}

export class FileObjectStore implements ObjectStore {
  readonly name = "fs";
  readonly datastore: HashingFileStore;

  constructor(
    readonly directory: string,
    pool: pg.Pool,
    expirationPeriodInMilliseconds: number,
  ) {
    fs.mkdirSync(directory, { recursive: true, mode: DIRECTORY_MODE });
    // A folder an older version made (0755) is closed too; its files can no longer be reached.
    fs.chmodSync(directory, DIRECTORY_MODE);
    this.datastore = new HashingFileStore({
      directory,
      configstore: new PgKvStore(pool, "tus-file"),
      expirationPeriodInMilliseconds,
    });
  }

  private pathOf(key: string): string {
    if (!isObjectKey(key)) throw new Error(`Invalid object key ${key}`);
    return path.join(this.directory, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await fsp.writeFile(this.pathOf(key), bytes, { mode: FILE_MODE });
  }

  async putFile(key: string, file: string): Promise<void> {
    await fsp.copyFile(file, this.pathOf(key));
    await fsp.chmod(this.pathOf(key), FILE_MODE);
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await fsp.access(file);
    return fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
  }

  async remove(key: string): Promise<void> {
    this.datastore.digests.delete(key);
    await fsp.rm(this.pathOf(key), { force: true });
    await this.datastore.configstore.delete(key);
  }

  takeDigest(key: string, size: number): { sha256: string; head: Buffer } | null {
    const digest = this.datastore.digests.get(key);
    this.datastore.digests.delete(key);
    if (!digest || digest.offset !== size) return null;
    return { sha256: digest.hash.digest("hex"), head: digest.head.subarray(0, SNIFF_BYTES) };
  }

  async sync(key: string): Promise<void> {
    const handle = await fsp.open(this.pathOf(key), "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  pruneDigests(ms: number): void {
    const before = Date.now() - ms;
    for (const [key, digest] of this.datastore.digests)
      if (digest.touched < before) this.datastore.digests.delete(key);
  }
}

export class S3ObjectStore implements ObjectStore {
  readonly name = "s3";
  readonly datastore: S3Store;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    s3ClientConfig: S3ClientConfig & { bucket: string },
    pool: pg.Pool,
    expirationPeriodInMilliseconds: number,
  ) {
    const { bucket, ...clientConfig } = s3ClientConfig;
    this.bucket = bucket;
    this.client = new S3Client(clientConfig);
    this.datastore = new S3Store({
      s3ClientConfig,
      cache: new PgKvStore(pool, "tus-s3"),
      expirationPeriodInMilliseconds,
      // Expiry is ours (uploads table), so no object tags that some S3-compatible stores lack.
      useTags: false,
    });
  }

  takeDigest(): null {
    return null;
  }

  async sync(): Promise<void> {
    // S3 acknowledges a part only once it is stored.
  }

  pruneDigests(): void {
    // no running digests: S3 uploads are hashed from the object
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes }));
  }

  async putFile(key: string, file: string): Promise<void> {
    const { size } = await fsp.stat(file);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: fs.createReadStream(file),
        ContentLength: size,
      }),
    );
  }

  async read(key: string): Promise<Readable> {
    const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return result.Body as Readable;
  }

  async remove(key: string): Promise<void> {
    // An unfinished multipart upload is aborted by the tus store; a finished one is plain objects.
    await this.datastore.remove(key).catch(() => undefined);
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: key }, { Key: `${key}.info` }, { Key: `${key}.part` }], Quiet: true },
      }),
    );
  }
}
