import type { DetailedError, Upload } from "tus-js-client";
import { apiPaths, queryString } from "../../shared/api-paths";
import {
  type DownloadUrlResult,
  type ListQuery,
  type ListResult,
  MAX_CHUNK_SIZE,
  OPERATION_RETRY_LIMIT_MS,
  RESUMABLE_THRESHOLD,
  type StoredDocument,
  UPLOAD_PATH,
  UPLOAD_RETRY_LIMIT_MS,
  type UpdateMetadataInput,
  type UploadMetadata,
  type UsageResult,
} from "../../shared/contracts/storage";
import { codeForStatus, type ErrorCode, isErrorCode } from "../../shared/errors";
import { ApiError, api } from "./api";
import { logger } from "./logger";
import { randomId } from "./random-id";

/*
 * The storage module, with the seed's semantics: metadata, list, download URL, delete, and
 * uploads (one request up to 256 KiB, resumable chunks that double up to 32 MiB beyond) that can
 * be paused, resumed and cancelled, retried on 5xx, 408 and 429 for up to 600 s (120 s for the
 * other operations), and that survive a reload: the file waits in IndexedDB until it is up.
 */

export type UploadState = "running" | "pausing" | "paused" | "canceling" | "canceled" | "success" | "error";

/** A storage failure with its catalogue code; the screens show `t("errors." + code)`. */
export class StorageError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, status = 0, message?: string) {
    super(message ?? code);
    this.name = "StorageError";
    this.code = code;
    this.status = status;
  }
}

/** Whether a failure is worth another try: no answer at all, 5xx, 408 or 429. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status === 0 || status >= 500 || status === 408 || status === 429;
}

/** Back-off before retry `attempt` (0-based): 1 s doubling to 64 s, with up to 25% jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(1000 * 2 ** attempt, 64_000);
  return Math.round(base * (1 + random() * 0.25));
}

/** The chunk after one of `previous` bytes: double, up to the seed's 32 MiB. */
export function nextChunkSize(previous: number): number {
  return Math.min(previous * 2, MAX_CHUNK_SIZE);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new StorageError("canceled"));
    });
  });

/**
 * Runs a storage operation, retrying what may pass (network, 5xx, 408, 429) with back-off until
 * `limitMs` has gone by; then fails with retry-limit-exceeded. Other errors fail at once.
 */
export async function withRetry<T>(
  operation: () => Promise<T>,
  options: {
    limitMs?: number;
    signal?: AbortSignal;
    now?: () => number;
    wait?: (ms: number) => Promise<void>;
  } = {},
): Promise<T> {
  const limit = options.limitMs ?? OPERATION_RETRY_LIMIT_MS;
  const now = options.now ?? Date.now;
  const wait = options.wait ?? ((ms: number) => sleep(ms, options.signal));
  const started = now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation();
    } catch (err) {
      const status = err instanceof ApiError ? err.status : err instanceof StorageError ? err.status : 500;
      const code = err instanceof ApiError || err instanceof StorageError ? err.code : "unknown";
      if (code === "canceled" || !isRetryableStatus(status)) {
        throw err instanceof StorageError ? err : new StorageError(code, status, (err as Error).message);
      }
      const delay = backoffDelay(attempt);
      if (now() - started + delay > limit) throw new StorageError("retry-limit-exceeded", status);
      logger.debug(`storage: retrying in ${delay} ms after ${status || "no answer"}`);
      await wait(delay);
    }
  }
}

// --- operations ------------------------------------------------------------------------------

export const storage = {
  getMetadata: (id: string) => withRetry(() => api<StoredDocument>(apiPaths.storage.object(id))),
  updateMetadata: (id: string, input: UpdateMetadataInput) =>
    withRetry(() => api<StoredDocument>(apiPaths.storage.object(id), { method: "PATCH", body: input })),
  list: (query: ListQuery = {}) =>
    withRetry(() => api<ListResult>(`${apiPaths.storage.objects}${queryString({ ...query })}`)),
  getDownloadUrl: (id: string, disposition: "inline" | "attachment" = "attachment") =>
    withRetry(() =>
      api<DownloadUrlResult>(`${apiPaths.storage.downloadUrl(id)}${queryString({ disposition })}`, {
        method: "POST",
      }),
    ),
  deleteObject: (id: string) => withRetry(() => api<null>(apiPaths.storage.object(id), { method: "DELETE" })),
  usage: () => withRetry(() => api<UsageResult>(apiPaths.storage.usage)),
};

// --- uploads ---------------------------------------------------------------------------------

export interface UploadProgress {
  bytesTransferred: number;
  totalBytes: number;
  /** Bytes per second over the last few seconds; 0 when not moving. */
  speed: number;
}

export interface UploadSnapshot {
  id: string;
  fileName: string;
  state: UploadState;
  progress: UploadProgress;
  error: StorageError | null;
  document: StoredDocument | null;
  /** When the upload was begun again after a reload, without the screen that started it. */
  restored: boolean;
  /** When the screen that started it was left while it was still going. */
  orphaned: boolean;
}

interface PendingRecord {
  id: string;
  userId: string;
  file: Blob;
  meta: UploadMetadata;
  uploadUrl: string | null;
  createdAt: number;
}

const PENDING_PREFIX = "chave.upload.";

/*
 * tus-js-client and idb-keyval come with the first upload, not with every screen that can upload
 * (a proposal's form, the documents): the screens show at once (issue 18).
 */
const loadTus = () => import("tus-js-client");
const loadIdb = () => import("idb-keyval");

async function persist(record: PendingRecord): Promise<void> {
  try {
    await (await loadIdb()).set(PENDING_PREFIX + record.id, record);
  } catch (err) {
    // Private mode or no IndexedDB: the upload still works, it just cannot outlive the page.
    logger.debug("storage: upload not kept for resuming", err);
  }
}

async function forget(id: string): Promise<void> {
  try {
    await (await loadIdb()).del(PENDING_PREFIX + id);
  } catch {
    // nothing kept, nothing to forget
  }
}

/**
 * A failed tus request as a StorageError: the server's catalogue code and pt-BR message when it
 * answered in JSON (an image too large, a quota, a refused header), else the status's code.
 */
export function errorFromTus(err: Error | DetailedError): StorageError {
  const response = (err as DetailedError).originalResponse;
  if (!response) return new StorageError("network", 0);
  const status = response.getStatus();
  let code: ErrorCode = codeForStatus(status);
  let message: string | undefined;
  try {
    const body = JSON.parse(response.getBody()) as { code?: unknown; message?: unknown };
    if (isErrorCode(body.code)) code = body.code;
    if (typeof body.message === "string") message = body.message;
  } catch {
    // not our JSON: the status decides
  }
  return new StorageError(code, status, message);
}

/**
 * The document an upload became, from the last answer tus-js-client saw: a POST that carried every
 * byte answers 201 with it; a final PATCH answers 204 with no body (tus 1.0.0), and an upload
 * resumed after a reload that had finished already ends on a HEAD, with none either. Then the
 * document, which has the upload's id, is read from the storage API. Null when there is none.
 */
export async function finishedDocument(
  body: string,
  uploadUrl: string | null,
  read: (id: string) => Promise<StoredDocument>,
): Promise<StoredDocument | null> {
  if (body) {
    try {
      return JSON.parse(body) as StoredDocument;
    } catch {
      // not the document: read it
    }
  }
  const id = uploadUrl?.split("/").pop();
  return id ? await read(id).catch(() => null) : null;
}

type Listener = () => void;

/** One upload: a small state machine over tus-js-client, observable by React. */
export class UploadTask {
  readonly id: string;
  private readonly record: PendingRecord;
  private upload: Upload | null = null;
  private snapshot: UploadSnapshot;
  private readonly listeners = new Set<Listener>();
  private samples: { t: number; bytes: number }[] = [];
  private failingSince: number | null = null;
  /** Counts the starts, so a start overtaken (paused, cancelled) while tus loads does not run. */
  private starts = 0;
  private settle!: { resolve: (d: StoredDocument) => void; reject: (e: StorageError) => void };
  /** Resolves with the new document, or rejects when the upload is cancelled or fails for good. */
  readonly done: Promise<StoredDocument>;

  constructor(record: PendingRecord, restored = false) {
    this.id = record.id;
    this.record = record;
    this.snapshot = {
      id: record.id,
      fileName: record.meta.filename,
      state: "running",
      progress: { bytesTransferred: 0, totalBytes: record.file.size, speed: 0 },
      error: null,
      document: null,
      restored,
      orphaned: false,
    };
    this.done = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Nobody may be awaiting `done` (a restored upload): never an unhandled rejection.
    this.done.catch(() => undefined);
  }

  /** The folder the upload goes to (a screen counts its own uploads by it). */
  get folder(): string {
    return this.record.meta.folder;
  }

  get state(): UploadState {
    return this.snapshot.state;
  }

  private watchers = 0;

  /**
   * A screen shows this upload until the returned function is called; an upload still going
   * when its last screen goes is handed to the uploads panel.
   */
  watch(): () => void {
    this.watchers++;
    return () => {
      this.watchers--;
      const { state } = this.snapshot;
      if (this.watchers === 0 && state !== "success" && state !== "canceled" && state !== "canceling")
        this.update({ orphaned: true });
    };
  }

  getSnapshot = (): UploadSnapshot => this.snapshot;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(patch: Partial<UploadSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const l of this.listeners) l();
    registry.changed();
  }

  private setState(state: UploadState, patch: Partial<UploadSnapshot> = {}): void {
    logger.debug(`upload ${this.id}: ${this.snapshot.state} → ${state}`);
    this.update({ ...patch, state });
  }

  /** Starts, or resumes where the server says it stopped. */
  start(): void {
    const { file, meta } = this.record;
    const small = file.size <= RESUMABLE_THRESHOLD;
    this.samples = [];
    this.failingSince = null;
    const options = {
      endpoint: UPLOAD_PATH,
      uploadUrl: this.record.uploadUrl,
      metadata: { ...meta } as Record<string, string>,
      uploadSize: file.size,
      // Small files go up with the creation request itself; large ones in growing chunks.
      uploadDataDuringCreation: small,
      chunkSize: small ? Number.POSITIVE_INFINITY : RESUMABLE_THRESHOLD,
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      // Enough steps to cover 600 s of back-off; onShouldRetry stops at the time limit.
      retryDelays: Array.from({ length: 40 }, (_, i) => (i === 0 ? 0 : backoffDelay(i - 1))),
      onShouldRetry: (err: DetailedError) => {
        const status = err.originalResponse?.getStatus();
        const retryable = isRetryableStatus(status) || status === 409 || status === 423;
        this.failingSince ??= Date.now();
        if (retryable && Date.now() - this.failingSince < UPLOAD_RETRY_LIMIT_MS) {
          logger.debug(`upload ${this.id}: retrying after ${status ?? "no answer"}`);
          return true;
        }
        return false;
      },
      onUploadUrlAvailable: () => {
        this.record.uploadUrl = this.upload?.url ?? null;
        void persist(this.record);
      },
      onProgress: (sent: number, total: number) => this.progress(sent, total),
      onChunkComplete: (chunk: number) => {
        this.failingSince = null;
        if (this.upload) this.upload.options.chunkSize = nextChunkSize(chunk);
      },
      onSuccess: (payload: { lastResponse: { getBody(): string } }) => {
        void this.succeed(payload.lastResponse.getBody());
      },
      onError: (err: Error) => this.fail(err instanceof StorageError ? err : errorFromTus(err)),
    };
    this.setState("running", { error: null });
    const start = ++this.starts;
    loadTus().then(
      ({ Upload: TusUpload }) => {
        if (start !== this.starts || this.snapshot.state !== "running") return;
        this.upload = new TusUpload(file, options as ConstructorParameters<typeof Upload>[1]);
        this.upload.start();
      },
      (err: unknown) => {
        logger.warn("storage: the upload code did not arrive", err);
        if (start === this.starts) this.fail(new StorageError("network", 0));
      },
    );
  }

  private async succeed(body: string): Promise<void> {
    const document = await finishedDocument(body, this.upload?.url ?? null, (id) => storage.getMetadata(id));
    void forget(this.id);
    if (!document) {
      this.fail(new StorageError("object-not-found", 404));
      return;
    }
    const size = this.record.file.size;
    this.progress(size, size);
    this.setState("success", { document, error: null });
    this.settle.resolve(document);
  }

  private fail(error: StorageError): void {
    if (this.snapshot.state === "canceling" || this.snapshot.state === "canceled") return;
    logger.warn(`upload ${this.id} failed: ${error.code}`);
    const retryable = isRetryableStatus(error.status) || error.code === "retry-limit-exceeded";
    // Kept for later unless it can never succeed (a 401 may pass once the user signs in again).
    if (!retryable && error.code !== "unauthenticated") void forget(this.id);
    const shown =
      error.code === "network" && this.failingSince ? new StorageError("retry-limit-exceeded", 0) : error;
    this.setState("error", { error: shown, progress: { ...this.snapshot.progress, speed: 0 } });
    // A failure the user may retry keeps the promise open; a final one settles it.
    if (!retryable) this.settle.reject(shown);
  }

  private progress(sent: number, total: number): void {
    const t = performance.now();
    this.samples.push({ t, bytes: sent });
    while (this.samples.length > 2 && t - (this.samples[0]?.t ?? t) > 3000) this.samples.shift();
    const first = this.samples[0];
    const speed = first && t > first.t ? ((sent - first.bytes) * 1000) / (t - first.t) : 0;
    this.update({ progress: { bytesTransferred: sent, totalBytes: total, speed: Math.max(0, speed) } });
  }

  pause(): void {
    if (this.snapshot.state !== "running") return;
    if (!this.upload) {
      // Still fetching the upload code: nothing has gone up, nothing to abort.
      this.starts++;
      this.setState("paused", { progress: { ...this.snapshot.progress, speed: 0 } });
      return;
    }
    this.setState("pausing");
    void this.upload.abort(false).then(() => {
      if (this.snapshot.state === "pausing")
        this.setState("paused", { progress: { ...this.snapshot.progress, speed: 0 } });
    });
  }

  resume(): void {
    if (this.snapshot.state !== "paused" && this.snapshot.state !== "error") return;
    this.start();
  }

  cancel(): void {
    const state = this.snapshot.state;
    if (state === "success" || state === "canceled" || state === "canceling") return;
    this.setState("canceling");
    const upload = this.upload;
    const terminate = upload ? upload.abort(true).catch(() => undefined) : Promise.resolve();
    void terminate.then(async () => {
      await forget(this.id);
      this.setState("canceled", { progress: { ...this.snapshot.progress, speed: 0 } });
      this.settle.reject(new StorageError("canceled"));
    });
  }
}

/** Every upload of this page, for the uploads panel and the screens. */
const registry = {
  tasks: new Map<string, UploadTask>(),
  listeners: new Set<Listener>(),
  version: 0,
  changed() {
    this.version++;
    for (const l of this.listeners) l();
  },
};

export function subscribeUploads(listener: Listener): () => void {
  registry.listeners.add(listener);
  return () => registry.listeners.delete(listener);
}

export function uploadsVersion(): number {
  return registry.version;
}

export function listUploads(): UploadTask[] {
  return [...registry.tasks.values()];
}

export function dismissUpload(id: string): void {
  const task = registry.tasks.get(id);
  if (!task || task.state === "running" || task.state === "pausing" || task.state === "canceling") return;
  registry.tasks.delete(id);
  registry.changed();
}

/** Starts uploading `file` as a document of `meta.kind` in `meta.folder`. */
export function uploadFile(file: Blob, meta: UploadMetadata, userId: string): UploadTask {
  const record: PendingRecord = {
    id: randomId(),
    userId,
    file,
    meta,
    uploadUrl: null,
    createdAt: Date.now(),
  };
  const task = new UploadTask(record);
  registry.tasks.set(task.id, task);
  void persist(record);
  task.start();
  return task;
}

/**
 * Picks up the uploads a reload or a closed tab interrupted, for this user: each resumes where
 * the server stopped. Records older than a day are dropped (the server has dropped them too).
 */
export async function resumePendingUploads(userId: string): Promise<UploadTask[]> {
  let stored: [IDBValidKey, PendingRecord][] = [];
  try {
    stored = (await (await loadIdb()).entries()) as [IDBValidKey, PendingRecord][];
  } catch {
    return [];
  }
  const resumed: UploadTask[] = [];
  for (const [key, record] of stored) {
    if (typeof key !== "string" || !key.startsWith(PENDING_PREFIX)) continue;
    if (record.userId !== userId || registry.tasks.has(record.id)) continue;
    if (Date.now() - record.createdAt > 24 * 3_600_000) {
      await forget(record.id);
      continue;
    }
    const task = new UploadTask(record, true);
    registry.tasks.set(task.id, task);
    task.start();
    resumed.push(task);
  }
  if (resumed.length > 0) logger.info(`storage: resuming ${resumed.length} interrupted upload(s)`);
  return resumed;
}
