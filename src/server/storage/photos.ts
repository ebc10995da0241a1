import type { Readable } from "node:stream";
import type pg from "pg";
import { withTransaction } from "../db/client";
import type { Queryable } from "../db/rows";
import type { StoredRendition } from "../db/schema/storage";
import type { JobLog, JobQueue } from "../jobs/queue";
import { PHOTO_JOBS as JOBS } from "./jobs";
import type { ObjectStore } from "./object-store";
import { insertRenditions, photosWithoutRenditions, photoToRender } from "./photo-renditions.repository";
import { makeRenditions, renditionKey, renditionKeys } from "./renditions";

/*
 * Unit photos made for the screen (decision 024): a job per photo makes its WebP renditions and
 * placeholder, sent with the upload's commit; a backfill job sends one for every photo stored
 * before (or whose job failed for good), a page at a time. Both are idempotent.
 */

/** Declared in ./jobs.ts (their payloads' schemas checked at send). */
export const PHOTO_JOBS = JOBS;

export interface RenditionsJob {
  documentId: string;
}

export interface BackfillJob {
  /** The last photo id the previous page sent a job for (none: from the start). */
  after?: string | null;
}

/** Photos one backfill job looks at; a full page sends the next job. */
const BACKFILL_PAGE = 200;

/**
 * How long a browser or a shared cache keeps a public photo before asking again (with its ETag,
 * answered 304). Not a year: the same URL may answer differently later (the original until the
 * renditions exist) and a photo stops being public when its offer closes.
 */
export const PHOTO_MAX_AGE_SECONDS = 86_400;
/** A public photo asked for by width before its renditions exist: the original, for a minute. */
export const PHOTO_FALLBACK_MAX_AGE_SECONDS = 60;

export type RenderOutcome = "made" | "done" | "gone" | "not-image";

/** Whether a store's read failed because the object is not there (fs or S3). */
function isMissing(err: unknown): boolean {
  const e = err as { code?: string; name?: string } | null;
  return e?.code === "ENOENT" || e?.name === "NoSuchKey" || e?.name === "NotFound";
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Makes a stored photo's renditions unless they exist: stores each under its derived key, then
 * records them in one row. "done" when they were made already, "gone" when the document (or its
 * bytes) is no longer there, "not-image" for anything else. The seed calls it directly.
 */
export async function renderStoredPhoto(
  pool: pg.Pool,
  store: ObjectStore,
  documentId: string,
  maxPixels: number,
): Promise<RenderOutcome> {
  const doc = await photoToRender(pool, documentId);
  if (!doc) return "gone";
  if (!doc.content_type.startsWith("image/")) return "not-image";
  if (doc.made) return "done";
  let bytes: Buffer;
  try {
    bytes = await readAll(await store.read(documentId));
  } catch (err) {
    if (isMissing(err)) return "gone";
    throw err;
  }
  const made = await makeRenditions(bytes, maxPixels);
  const renditions: StoredRendition[] = [];
  for (const [i, r] of made.renditions.entries()) {
    const key = renditionKey(documentId, i);
    await store.put(key, r.bytes);
    renditions.push({ width: r.width, height: r.height, size: r.bytes.length, sha256: r.sha256, key });
  }
  try {
    const inserted = await insertRenditions(pool, {
      document_id: documentId,
      width: made.width,
      height: made.height,
      placeholder: made.placeholder,
      renditions,
    });
    return inserted ? "made" : "done";
  } catch (err) {
    // Deleted while we worked: its bytes are gone, so ours go too.
    if ((err as { code?: string }).code !== "23503") throw err;
    for (const r of renditions) await store.remove(r.key).catch(() => undefined);
    return "gone";
  }
}

/**
 * Removes a document's bytes and its renditions' (they may exist for any image): wherever a
 * document goes, with its row deleted first. A missing object is no error.
 */
export async function removeDocumentBytes(store: ObjectStore, id: string): Promise<void> {
  for (const key of [id, ...renditionKeys(id)]) await store.remove(key).catch(() => undefined);
}

/** The rendition to serve for `?w=`: the narrowest at least that wide, else the widest. */
export function pickRendition(renditions: StoredRendition[], width: number): StoredRendition | undefined {
  return renditions.find((r) => r.width >= width) ?? renditions.at(-1);
}

/** Whether an If-None-Match header names `etag` (weak or strong, in a list, or `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === "*" || t === etag);
}

/** The photo jobs, bound to this app's store and queue. */
export class PhotoRenditions {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      store: ObjectStore;
      jobs: JobQueue;
      log: JobLog;
      maxPixels: number;
    },
  ) {}

  /** Declares the two queues (before the queue starts). */
  define(): void {
    const { jobs, log } = this.deps;
    jobs.define<RenditionsJob>({
      name: PHOTO_JOBS.renditions,
      // A photo sharp cannot read will not read on a fourth try either; the route serves the original.
      retryLimit: 3,
      handler: async ({ documentId }) => {
        const outcome = await this.render(documentId);
        if (outcome === "gone")
          log.info({ documentId }, "photo renditions: the photo is gone; nothing to make");
      },
    });
    jobs.define<BackfillJob>({
      name: PHOTO_JOBS.backfill,
      handler: async ({ after }) => {
        const n = await this.backfill(after ?? null);
        if (n > 0) log.info({ n }, `photo renditions: queued ${n} photos stored without them`);
      },
    });
  }

  render(documentId: string): Promise<RenderOutcome> {
    return renderStoredPhoto(this.deps.pool, this.deps.store, documentId, this.deps.maxPixels);
  }

  /** Sends the renditions job for a photo, in the caller's transaction (its upload's). */
  async photoStored(c: Queryable, documentId: string): Promise<void> {
    await this.deps.jobs.send(c, PHOTO_JOBS.renditions, { documentId } satisfies RenditionsJob);
  }

  /**
   * One page of the backfill: a renditions job for each photo without renditions after `after`,
   * and, when the page is full, the job for the next page, in one transaction. Returns how many.
   */
  async backfill(after: string | null): Promise<number> {
    const { jobs } = this.deps;
    return withTransaction(this.deps.pool, async (c) => {
      const ids = await photosWithoutRenditions(c, after, BACKFILL_PAGE);
      await jobs.sendMany<RenditionsJob>(
        c,
        PHOTO_JOBS.renditions,
        ids.map((documentId) => ({ documentId })),
      );
      const last = ids.at(-1);
      if (ids.length === BACKFILL_PAGE && last)
        await jobs.send(c, PHOTO_JOBS.backfill, { after: last } satisfies BackfillJob);
      return ids.length;
    });
  }

  /** Starts the backfill (at startup: photos stored before renditions existed, or left without). */
  async startBackfill(): Promise<void> {
    await this.deps.jobs.send(this.deps.pool, PHOTO_JOBS.backfill, {} satisfies BackfillJob);
  }
}
