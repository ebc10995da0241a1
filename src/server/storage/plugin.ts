import { API_PREFIX } from "../../shared/api-paths";
import { createPool } from "../db/client";
import { part } from "../part";
import { STORAGE_SCHEDULES } from "./jobs";
import { createObjectStore } from "./object-store";
import { PgLocker } from "./pg-locker";
import { PhotoRenditions } from "./photos";
import { storageRoutes } from "./routes";
import { StorageService } from "./service";
import { createTusServer } from "./tus";

/** Documents and uploads (tus), their signed download links, and the unit photos' renditions. */
export const storagePart = part("storage", ["platform"], async (app, { config, database, secret, clock }) => {
  const { jobs } = app;
  const store = createObjectStore(config, database.pool);
  // Unit photos made for the screen (decision 024): a job per upload, and a backfill for the rest.
  const photos = new PhotoRenditions({
    pool: database.pool,
    store,
    jobs,
    log: app.log,
    maxPixels: config.IMAGE_MAX_PIXELS,
  });
  photos.define();
  const storage = new StorageService(
    database.pool,
    store,
    {
      maxFileSize: config.UPLOAD_MAX_SIZE,
      quota: config.STORAGE_QUOTA,
      downloadUrlTtlSeconds: config.DOWNLOAD_URL_TTL,
      uploadExpiryHours: config.UPLOAD_EXPIRY_HOURS,
      maxImagePixels: config.IMAGE_MAX_PIXELS,
    },
    secret,
    { photoStored: (c, documentId) => photos.photoStored(c, documentId) },
    clock,
  );
  // Upload locks hold a connection each for the length of a request: their own pool, so a burst
  // of uploads never starves the queries of everything else.
  // With the database's timeouts, and no crash when a held connection breaks.
  const lockPool = createPool(database.url, { ...database.settings, max: 25, connectTimeoutMs: 10_000 });
  const locker = new PgLocker(lockPool, {
    onError: (err) => app.log.warn({ err }, "upload lock listener lost"),
  });
  await locker.start();
  app.addHook("onClose", async () => {
    await locker.stop();
    await lockPool.end();
  });
  app.decorate("storage", storage);
  app.decorate("photos", photos);
  app.decorate("uploadLockPool", lockPool);
  jobs.every(
    STORAGE_SCHEDULES.expireUploads,
    () => storage.deleteExpiredUploads(),
    (n) => `Deleted ${n} abandoned uploads`,
  );
  const tus = createTusServer({ service: storage, locker, log: app.log });
  await app.register(storageRoutes, { prefix: API_PREFIX, auth: app.auth, service: storage, tus });
});

declare module "fastify" {
  interface FastifyInstance {
    storage: StorageService;
    photos: PhotoRenditions;
    /** The upload locks' own pool (its figures on /metrics). */
    uploadLockPool: import("pg").Pool;
  }
}
