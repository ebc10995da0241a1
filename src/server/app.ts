import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { clientPages } from "./client-pages";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { agenciesPart } from "./domains/agencies/plugin";
import { cepPart } from "./domains/cep/plugin";
import { contractsPart } from "./domains/contracts/plugin";
import { closeConnectionsWhileDraining, Lifecycle } from "./domains/health/lifecycle";
import { healthPart } from "./domains/health/plugin";
import { inspectionsPart } from "./domains/inspections/plugin";
import { leasePart } from "./domains/lease/plugin";
import { listingsPart } from "./domains/listings/plugin";
import { messagesPart } from "./domains/messages/plugin";
import { noticesPart } from "./domains/notices/plugin";
import { preferencesPart } from "./domains/preferences/plugin";
import { privacyPart } from "./domains/privacy/plugin";
import { profilePart } from "./domains/profile/plugin";
import { proposalsPart } from "./domains/proposals/plugin";
import { rentPart } from "./domains/rent/plugin";
import type { Mailer } from "./mail/mailer";
import { Metrics, metricsRoutes } from "./metrics/metrics";
import type { PartOptions } from "./part";
import { platform } from "./platform";
import { frameworkErrors, setErrorHandler } from "./plugins/error-handler";
import { addInputGuard } from "./plugins/input-guard";
import { logSerializers } from "./plugins/log-serializers";
import { addRequestIdHeader, requestIdFor } from "./plugins/request-id";
import { validatorCompiler } from "./plugins/validation";
import { livePart } from "./realtime/plugin";
import { retentionPart } from "./retention/plugin";
import { storagePart } from "./storage/plugin";

/**
 * The app's parts, in order: each is one plugin (src/server/part.ts) bringing its services, jobs,
 * schedules and routes, and naming the parts it reads. A new domain is one line here.
 */
const PARTS = [
  platform,
  storagePart,
  livePart,
  healthPart,
  profilePart,
  agenciesPart,
  cepPart,
  noticesPart,
  listingsPart,
  preferencesPart,
  privacyPart,
  proposalsPart,
  contractsPart,
  inspectionsPart,
  rentPart,
  leasePart,
  messagesPart,
  retentionPart,
];

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
  /**
   * Whether the scheduled jobs (sweeps, reminders) run on their own; the tests' apps say no and
   * run a sweep when the test asks, so none reaches into another test's rows meanwhile.
   */
  schedules?: boolean;
  /** Whether the node is stopping (main.ts drains it on SIGTERM); the app makes one otherwise. */
  lifecycle?: Lifecycle;
}

export const VERSION = process.env.npm_package_version ?? "0.1.0";

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
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
    // The job queue starts in onReady: creating its schema and one table per queue (pg-boss 10)
    // took past Fastify's default 10 s on a database busy with other work, and the whole start
    // failed (a CI run's test app did). A database that is merely slow gets a minute.
    pluginTimeout: 60_000,
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

  const options: PartOptions = {
    config,
    database,
    dbMode: deps.dbMode,
    mailer: deps.mailer,
    secret: deps.authSecret,
    clock: deps.clock ?? systemClock,
    lifecycle,
    metrics,
    version: VERSION,
    jobsSchema: deps.jobsSchema,
    schedules: deps.schedules ?? true,
  };
  // The parts, each one plugin with its services, jobs, schedules and routes, in the order they
  // read each other (each names its dependencies; docs/architecture.md, "Adding…").
  for (const plugin of PARTS) await app.register(plugin, options);

  metrics.watch({
    pools: { main: database.pool, "upload-locks": app.uploadLockPool },
    jobs: app.jobs,
    hub: app.hub,
    outbox: app.outbox,
    lifecycle,
  });
  await app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN });
  // Last: the built client, and the 404 of everything no part answered.
  await app.register(clientPages, options);

  return app;
}
