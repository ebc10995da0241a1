import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { DeleteObjectsCommand, GetObjectCommand, S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import type { DataStore } from "@tus/utils";
import type pg from "pg";
import type { Config } from "../config";
import { PgKvStore } from "./pg-kv-store";

/**
 * Where file bytes live. The tus data store writes them; the rest of the app only reads and
 * deletes whole objects by key (the document id).
 */
export interface ObjectStore {
  readonly name: "fs" | "s3";
  /** The tus data store uploads are written through. */
  readonly datastore: DataStore;
  read(key: string): Promise<Readable>;
  /** Removes the object and any upload state; a missing object is not an error. */
  remove(key: string): Promise<void>;
}

export function createObjectStore(config: Config, pool: pg.Pool): ObjectStore {
  const expirationPeriodInMilliseconds = config.UPLOAD_EXPIRY_HOURS * 3_600_000;
  if (config.STORAGE === "s3") {
    const s3ClientConfig: S3ClientConfig & { bucket: string } = {
      bucket: config.S3_BUCKET ?? "",
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
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
  readonly datastore: FileStore;

  constructor(
    readonly directory: string,
    pool: pg.Pool,
    expirationPeriodInMilliseconds: number,
  ) {
    fs.mkdirSync(directory, { recursive: true });
    this.datastore = new FileStore({
      directory,
      configstore: new PgKvStore(pool, "tus-file"),
      expirationPeriodInMilliseconds,
    });
  }

  private pathOf(key: string): string {
    // Keys are UUIDs the server made; refuse anything else rather than touch another path.
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`Invalid object key ${key}`);
    return path.join(this.directory, key);
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await fsp.access(file);
    return fs.createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
    await this.datastore.configstore.delete(key);
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
