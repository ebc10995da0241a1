import fs from "node:fs";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { Counter } from "prom-client";
import { API_PREFIX } from "../shared/api-paths";
import { errorMessage } from "../shared/errors";
import en from "../shared/locales/en.json";
import { requireSessionsByDocument } from "./auth/guard";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import { createPool, type Database } from "./db/client";
import { cepRoutes } from "./domains/cep/routes";
import { CepLookup } from "./domains/cep/service";
import { JOBS as CONTRACT_JOBS } from "./domains/contracts/context";
import { ClicksignProvider } from "./domains/contracts/providers/clicksign";
import { contractRoutes } from "./domains/contracts/routes";
import { loadSealCertificate, type SealCertificate } from "./domains/contracts/seal";
import { ContractsService } from "./domains/contracts/service";
import { closeConnectionsWhileDraining, Lifecycle } from "./domains/health/lifecycle";
import { healthRoutes } from "./domains/health/routes";
import { listingsRoutes } from "./domains/listings/routes";
import { ListingsService } from "./domains/listings/service";
import { messageRoutes } from "./domains/messages/routes";
import { MessagesService } from "./domains/messages/service";
import { noticeRoutes } from "./domains/notices/routes";
import { NoticesService } from "./domains/notices/service";
import { type MatchOfferJob, PREFERENCE_JOBS } from "./domains/preferences/jobs";
import { preferenceRoutes } from "./domains/preferences/routes";
import { PreferencesService } from "./domains/preferences/service";
import { Analytics } from "./domains/privacy/analytics";
import { AccountDeletions } from "./domains/privacy/deletions";
import { DataExports } from "./domains/privacy/exports";
import { trackFunnel } from "./domains/privacy/funnel";
import { privacyRoutes } from "./domains/privacy/routes";
import { PrivacyService } from "./domains/privacy/service";
import { profileRoutes } from "./domains/profile/routes";
import { ProfileService } from "./domains/profile/service";
import { proposalRoutes } from "./domains/proposals/routes";
import { ProposalsService } from "./domains/proposals/service";
import { defineSchedules } from "./jobs/schedules";
import type { Mailer } from "./mail/mailer";
import { Metrics, metricsRoutes } from "./metrics/metrics";
import { authPlugin } from "./plugins/auth";
import { frameworkErrors, requestLanguage, setErrorHandler } from "./plugins/error-handler";
import { addInputGuard } from "./plugins/input-guard";
import { jobsPlugin } from "./plugins/jobs";
import { logSerializers } from "./plugins/log-serializers";
import { openApiPlugin } from "./plugins/openapi";
import { addRequestIdHeader, requestIdFor } from "./plugins/request-id";
import { securityPlugin } from "./plugins/security";
import { validatorCompiler } from "./plugins/validation";
import { addPrerenderRoutes } from "./prerender/prerender";
import { LiveHub } from "./realtime/hub";
import { liveRoutes } from "./realtime/routes";
import { Retention, retentionPolicy } from "./retention/retention";
import { createObjectStore } from "./storage/object-store";
import { PgLocker } from "./storage/pg-locker";
import { PhotoRenditions } from "./storage/photos";
import { storageRoutes } from "./storage/routes";
import { StorageService } from "./storage/service";
import { createTusServer } from "./storage/tus";

export interface AppDeps {
  config: Config;
  database: Database;
  dbMode: "embedded" | "external";
  mailer: Mailer;
  authSecret: string;
  /** The process logger; without it the app makes its own at LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /** Where services read the time (tests move it). */
  clock?: Clock;
  /** pg-boss's schema: one per installation sharing a database (each test app has its own). */
  jobsSchema?: string;
  /** Whether the node is stopping (main.ts drains it on SIGTERM); the app makes one otherwise. */
  lifecycle?: Lifecycle;
}

export const VERSION = process.env.npm_package_version ?? "0.1.0";

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, mailer } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    ...(deps.logger
      ? { loggerInstance: deps.logger }
      : { logger: { level: config.LOG_LEVEL, serializers: logSerializers } }),
    trustProxy: config.TRUST_PROXY,
    // A trusted proxy's X-Request-Id, or a fresh UUID: in every log line and error (decision 027).
    requestIdHeader: false,
    genReqId: (raw) => requestIdFor(raw, config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A node closes after its drain (main.ts); a request the balancer had already sent on a kept
    // connection is then served like any other, not refused with 503: nginx resends neither a
    // 503 nor a POST, so the person would see the failure (the topology test did).
    return503OnClosing: false,
    // A malformed %-escape in the path is refused before routing: in the catalogue too.
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  setErrorHandler(app);
  // First of the hooks, so every answer carries them, the early refusals included (decision 027).
  addRequestIdHeader(app);
  const lifecycle = deps.lifecycle ?? new Lifecycle();
  app.decorate("lifecycle", lifecycle);
  closeConnectionsWhileDraining(app, lifecycle);
  const metrics = new Metrics(app.log);
  metrics.observe(app);
  addInputGuard(app);

  await app.register(securityPlugin, { config });
  // API JSON and HTML above 1 KiB compressed on the fly (Brotli at a quality cheap enough per
  // request, else gzip); types already compressed (PDF, JPEG, WebP, zip) and hijacked streams (live
  // events, tus) pass as they are; built assets come precompressed from fastifyStatic (decision 023).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(openApiPlugin, { publicUrl: config.PUBLIC_URL, version: VERSION });
  await app.register(jobsPlugin, {
    config,
    database,
    mailer,
    secret: deps.authSecret,
    schema: deps.jobsSchema,
  });
  // What else happens when someone signs in, bound once the domains exist (a deletion cancelled).
  const signedIn: ((userId: string) => Promise<void>)[] = [];
  await app.register(authPlugin, {
    config,
    database,
    outbox: app.outbox,
    secret: deps.authSecret,
    clock,
    onSignedIn: async (userId) => {
      for (const listener of signedIn) await listener(userId);
    },
  });
  const { auth, jobs, outbox } = app;

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
  app.decorate("photos", photos);
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
    deps.authSecret,
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
  const tus = createTusServer({ service: storage, locker, log: app.log });
  app.decorate("storage", storage);

  const profiles = new ProfileService(database.pool);
  // Product analytics (issue 17): only with POSTHOG_KEY, only for people who said yes.
  const analytics = new Analytics(database.pool, {
    key: config.POSTHOG_KEY,
    host: config.POSTHOG_HOST,
    personalApiKey: config.POSTHOG_PERSONAL_API_KEY,
    projectId: config.POSTHOG_PROJECT_ID,
    secret: deps.authSecret,
    log: app.log,
  });
  app.decorate("analytics", analytics);
  trackFunnel(app, analytics);

  // Saved searches, favourites and notices (issue 16): an offer published or changed is matched
  // by a job sent with the change itself; every domain tells people things through it (the bell,
  // and e-mail as each chose).
  const notices = new NoticesService(database.pool, {
    outbox,
    clock,
    publicUrl: config.PUBLIC_URL,
    secret: deps.authSecret,
  });
  const preferences = new PreferencesService(database.pool, { notices });
  notices.keepHistoryWith(preferences);
  let sealCertificate: Promise<SealCertificate> | undefined;
  const tsaFailures = new Counter({
    name: "chave_seal_tsa_failures_total",
    help: "Seals that failed because the time-stamping authority (TSA_URL) or a CRL/OCSP service failed or was slow; the seal job retries",
    registers: [metrics.registry],
  });
  const clicksign =
    config.CLICKSIGN_ACCESS_TOKEN && config.CLICKSIGN_WEBHOOK_SECRET
      ? new ClicksignProvider({
          accessToken: config.CLICKSIGN_ACCESS_TOKEN,
          baseUrl: config.CLICKSIGN_BASE_URL,
          webhookSecret: config.CLICKSIGN_WEBHOOK_SECRET,
          log: app.log,
        })
      : null;
  const contracts = new ContractsService({
    pool: database.pool,
    storage,
    outbox,
    notices,
    track: (userId, event) => analytics.capture(userId, event),
    jobs,
    clock,
    seal: () => {
      // A certificate that cannot be read is read again next time (the operator may fix the file).
      sealCertificate ??= loadSealCertificate({
        dataDir: config.DATA_DIR,
        p12Path: config.SEAL_P12_PATH,
        passphrase: config.SEAL_P12_PASSPHRASE,
        trustAnchorsPath: config.SEAL_TRUST_ANCHORS,
        tsa: config.TSA_URL
          ? {
              url: config.TSA_URL,
              username: config.TSA_USERNAME,
              password: config.TSA_PASSWORD,
              clientCert: config.TSA_CLIENT_CERT ? fs.readFileSync(config.TSA_CLIENT_CERT) : undefined,
              clientKey: config.TSA_CLIENT_KEY ? fs.readFileSync(config.TSA_CLIENT_KEY) : undefined,
              timeoutMs: config.TSA_TIMEOUT_MS,
            }
          : undefined,
        // The seal job throws and pg-boss tries again; the operator sees each failure here.
        onTsaFailure: (err) => {
          tsaFailures.inc();
          app.log.error(
            { err, tsa: config.TSA_URL },
            `seal: the timestamp failed, the job will retry: ${err.message}`,
          );
        },
      }).catch((err: unknown) => {
        sealCertificate = undefined;
        throw err;
      });
      return sealCertificate;
    },
    publicUrl: config.PUBLIC_URL,
    envelopeDays: config.SIGNING_ENVELOPE_DAYS,
    codeIntervalSeconds: config.SIGNING_CODE_INTERVAL_SECONDS,
    log: app.log,
    clicksign,
    useClicksign: config.SIGNING_PROVIDER === "clicksign",
  });
  const proposals = new ProposalsService(database.pool, profiles, notices, {
    deadlineHours: config.PROPOSAL_DEADLINE_HOURS,
    publicUrl: config.PUBLIC_URL,
    clock,
    // The lease contract is written by a job sent with the approval itself.
    onApproved: async (c, proposalId) => {
      await jobs.send(c, CONTRACT_JOBS.draft, { proposalId });
    },
  });
  app.decorate("proposals", proposals);
  app.decorate("contracts", contracts);

  jobs.define<MatchOfferJob>({
    name: PREFERENCE_JOBS.matchOffer,
    handler: async (job) => {
      await preferences.matchOffer(job);
    },
  });
  app.decorate("preferences", preferences);
  app.decorate("notices", notices);
  const listings = new ListingsService(database.pool, {
    offerChanged: async (c, offerId, previousTotal) => {
      await jobs.send(c, PREFERENCE_JOBS.matchOffer, { offerId, previousTotal });
    },
  });

  // Live events: this node LISTENs, and delivers to its own streams whatever any node publishes.
  const hub = new LiveHub(database.pool, { url: database.url, log: app.log });
  await hub.start();
  app.decorate("hub", hub);
  metrics.watch({
    pools: { main: database.pool, "upload-locks": lockPool },
    jobs,
    hub,
    outbox,
    lifecycle,
  });
  const messages = new MessagesService(database.pool, notices, {
    publicUrl: config.PUBLIC_URL,
    unreadEmailMinutes: config.MESSAGE_UNREAD_EMAIL_MINUTES,
  });
  app.decorate("messages", messages);

  // Data exports (issue 17): a job prepares each, a schedule removes those not downloaded.
  const dataExports = new DataExports({
    pool: database.pool,
    store: storage.store,
    jobs,
    outbox,
    clock,
    publicUrl: config.PUBLIC_URL,
    perDay: config.EXPORTS_PER_DAY,
    diskBudgetBytes: Math.round(config.EXPORTS_DISK_BUDGET_MB * 1024 * 1024),
  });

  app.decorate("privacyExports", dataExports);
  const deletions = new AccountDeletions({
    pool: database.pool,
    auth,
    store: storage.store,
    jobs,
    outbox,
    notices,
    hub,
    clock,
    graceDays: config.ACCOUNT_DELETION_GRACE_DAYS,
    publicUrl: config.PUBLIC_URL,
    onDeleted: async (userId) => {
      await analytics.forget(userId).catch((err: unknown) => {
        app.log.warn({ err }, "analytics: a deleted person could not be deleted at PostHog");
      });
    },
  });
  app.decorate("accountDeletions", deletions);
  signedIn.push(async (userId) => {
    await deletions.cancelOnSignIn(userId);
  });

  // Everything that grows is deleted after its stated time (decision 036, README "Retention").
  const retention = new Retention({
    pool: database.pool,
    db: database.db,
    outbox,
    jobs,
    policy: retentionPolicy(config),
  });
  app.decorate("retention", retention);
  defineSchedules(jobs, app.log, {
    expireProposals: () => proposals.expireOverdue(),
    remindProposalDeadlines: () => proposals.remindDeadlines(),
    remindSigningDeadlines: () => contracts.remindBeforeExpiry(),
    remindContractReviews: () => contracts.remindReviews(),
    resealContracts: () => contracts.resealDue(),
    emailUnreadMessages: () => messages.emailUnread(),
    expireUploads: () => storage.deleteExpiredUploads(),
    pruneLiveEvents: () => hub.prune(config.LIVE_EVENTS_RETENTION_DAYS),
    sendDigests: () => notices.sendDigests(),
    expireExports: () => dataExports.expire(),
    pruneRetention: async () => {
      const n = await retention.run();
      return Object.values(n).reduce((a, b) => a + b, 0);
    },
  });

  app.addHook("onClose", async () => {
    await analytics.shutdown();
    await hub.stop();
    await locker.stop();
    await lockPool.end();
  });

  await app.register(
    async (api) => {
      // Every operation the OpenAPI document says needs a session is refused without one (401).
      requireSessionsByDocument(api, auth);
      await api.register(healthRoutes, {
        pool: database.pool,
        dbMode: deps.dbMode,
        version: VERSION,
        lifecycle,
      });
      await api.register(storageRoutes, { auth, service: storage, tus });
      await api.register(listingsRoutes, { auth, listings, storage });
      await api.register(preferenceRoutes, { preferences });
      await api.register(noticeRoutes, { auth, notices });
      await api.register(privacyRoutes, {
        auth,
        privacy: new PrivacyService(database.pool, {
          clock,
          analytics,
          log: app.log,
          homeLayout: config.HOME_LAYOUT,
        }),
        exports: dataExports,
        deletions,
        info: {
          contact: config.PRIVACY_CONTACT ?? null,
          analytics: analytics.enabled,
          posthog: config.POSTHOG_KEY ? { key: config.POSTHOG_KEY, host: config.POSTHOG_HOST } : null,
          contractRetentionYears: config.CONTRACT_RETENTION_YEARS,
        },
      });
      await api.register(profileRoutes, { auth, profiles });
      await api.register(cepRoutes, {
        auth,
        lookup:
          config.CEP_LOOKUP === "on"
            ? new CepLookup({
                brasilApiUrl: config.CEP_BRASILAPI_URL,
                viaCepUrl: config.CEP_VIACEP_URL,
                timeoutMs: config.CEP_TIMEOUT_MS,
                log: app.log,
              })
            : null,
      });
      await api.register(proposalRoutes, { proposals });
      await api.register(contractRoutes, { contracts });
      await api.register(messageRoutes, { auth, messages });
      await api.register(liveRoutes, {
        auth,
        hub,
        heartbeatMs: config.LIVE_HEARTBEAT_SECONDS * 1000,
        maxPerUser: config.LIVE_MAX_STREAMS_PER_USER,
        retentionDays: config.LIVE_EVENTS_RETENTION_DAYS,
      });
    },
    { prefix: API_PREFIX },
  );
  await app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN });

  const indexFile = path.join(config.CLIENT_DIR, "index.html");
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.CLIENT_DIR,
      index: "index.html",
      // The build's .br and .gz copies, chosen by Accept-Encoding: no compression work per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite names assets by content hash: they never change under the same name.
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
    // A visitor's `/` and `/AluguelOferta?id=` paint their first screen before any JavaScript
    // (decision 025).
    addPrerenderRoutes(app, { indexFile, listings });
  } else {
    app.log.warn(`No built client in ${config.CLIENT_DIR}: run "npm run build" to serve the screens.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !pathname.startsWith("/api/") &&
      !pathname.startsWith("/assets/") &&
      !path.extname(pathname);
    if (isPage && hasClient) {
      // Every client route is served by index.html; the client router decides what it is.
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({
      code: "not-found",
      message: requestLanguage(request) === "en" ? en.errors["not-found"] : errorMessage("not-found"),
      requestId: request.id,
    });
  });

  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    storage: StorageService;
    photos: PhotoRenditions;
    proposals: ProposalsService;
    preferences: PreferencesService;
    notices: NoticesService;
    privacyExports: DataExports;
    accountDeletions: AccountDeletions;
    analytics: Analytics;
    contracts: ContractsService;
    hub: LiveHub;
    messages: MessagesService;
    lifecycle: Lifecycle;
    retention: Retention;
  }
}
