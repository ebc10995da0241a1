import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIPv4 } from "node:net";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { API_PREFIX, apiRoutes } from "../../shared/api-paths";
import { AppError } from "../../shared/errors";
import type { Lifecycle } from "../domains/health/lifecycle";
import type { JobQueue, QueueStats } from "../jobs/queue";
import type { MailOutbox } from "../mail/outbox";
import type { LiveHub } from "../realtime/hub";

/** Where Prometheus scrapes (outside /api: no rate limit, not in the OpenAPI document). */
export const METRICS_PATH = "/metrics";

/** The job figures cost a query: a scrape within this long of the last one reuses its answer. */
export const JOB_STATS_TTL_MS = 5_000;

/** The tus routes, whose POST and PATCH carry an upload's bytes. */
const UPLOAD_ROUTES = new Set([
  API_PREFIX + apiRoutes.storage.uploads,
  API_PREFIX + apiRoutes.storage.upload,
]);

/** What the scrape reads, once the app has made it. */
export interface MetricsSources {
  pools: Record<string, pg.Pool>;
  jobs: JobQueue;
  hub: LiveHub;
  outbox: MailOutbox;
  lifecycle: Lifecycle;
}

/**
 * One app's metrics (decision 027), in a registry of its own, so two apps in one process (tests)
 * do not share or clash. Request latencies are observed as requests end; everything else is read
 * when Prometheus scrapes.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly latency: Histogram<"method" | "route" | "status_class">;
  private uploads = 0;
  private sources: MetricsSources | null = null;
  private jobStats: { at: number; stats: Promise<QueueStats[] | null> } | null = null;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = () => performance.now(),
  ) {
    collectDefaultMetrics({ register: this.registry });
    this.latency = new Histogram({
      name: "chave_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer, by route pattern, method and status class",
      labelNames: ["method", "route", "status_class"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    const self = this;
    new Gauge({
      name: "chave_uploads_in_progress",
      help: "tus requests carrying an upload's bytes (POST, PATCH) being received by this node",
      registers: [this.registry],
      collect() {
        this.set(self.uploads);
      },
    });
    new Gauge({
      name: "chave_draining",
      help: "1 while this node is stopping (its readiness answers 503), else 0",
      registers: [this.registry],
      collect() {
        this.set(self.sources?.lifecycle.isDraining ? 1 : 0);
      },
    });
    this.defineSourceMetrics();
  }

  /**
   * Observes every request that gets an answer (its route's pattern, never its URL: ids would
   * make a series each) and counts the uploads in progress. Hooks on the root, before the routes.
   */
  observe(app: FastifyInstance): void {
    app.addHook("onRequest", async (request, reply) => {
      if (!isUpload(request)) return;
      this.uploads++;
      reply.raw.once("close", () => {
        this.uploads--;
      });
    });
    app.addHook("onResponse", async (request, reply) => {
      this.latency.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? "unmatched",
          status_class: `${Math.floor(reply.statusCode / 100)}xx`,
        },
        reply.elapsedTime / 1000,
      );
    });
  }

  /** Gives the scrape what to read, once the app has made it. */
  watch(sources: MetricsSources): void {
    this.sources = sources;
  }

  async scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The job queue's figures, from one query at most every JOB_STATS_TTL_MS; null if it failed. */
  private queueStats(jobs: JobQueue): Promise<QueueStats[] | null> {
    const at = this.now();
    if (this.jobStats && at - this.jobStats.at < JOB_STATS_TTL_MS) return this.jobStats.stats;
    const stats = jobs.stats().catch((err: unknown) => {
      this.log.warn({ err }, "metrics: the job queue's figures could not be read");
      return null;
    });
    this.jobStats = { at, stats };
    return stats;
  }

  private defineSourceMetrics(): void {
    const self = this;
    const registers = [this.registry];
    const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ["pool"],
        registers,
        collect() {
          this.reset();
          for (const [label, pool] of Object.entries(self.sources?.pools ?? {}))
            this.set({ pool: label }, read(pool));
        },
      });
    poolGauge("chave_db_pool_connections", "Connections the pool holds, busy or idle", (p) => p.totalCount);
    poolGauge(
      "chave_db_pool_idle_connections",
      "Connections the pool holds that are free",
      (p) => p.idleCount,
    );
    poolGauge(
      "chave_db_pool_waiting_requests",
      "Queries waiting for a free connection",
      (p) => p.waitingCount,
    );

    const jobGauge = (name: string, help: string, read: (s: QueueStats) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ["queue"],
        registers,
        async collect() {
          this.reset();
          const jobs = self.sources?.jobs;
          const stats = jobs ? await self.queueStats(jobs) : null;
          for (const s of stats ?? []) this.set({ queue: s.name }, read(s));
        },
      });
    jobGauge("chave_jobs_waiting", "Jobs due and not yet taken by a worker, by queue", (s) => s.waiting);
    jobGauge("chave_jobs_active", "Jobs running, by queue", (s) => s.active);
    jobGauge(
      "chave_jobs_failed",
      "Jobs that failed for good and are not archived yet (pg-boss archives after hours), by queue",
      (s) => s.failed,
    );
    jobGauge(
      "chave_jobs_oldest_waiting_seconds",
      "How long the oldest due job has waited for a worker, by queue (0 when none waits)",
      (s) => s.oldestWaitingSeconds,
    );
    new Counter({
      name: "chave_job_failures_total",
      help: "Job tries that threw on this node, by queue; final: no try is left",
      labelNames: ["queue", "final"],
      registers,
      collect() {
        this.reset();
        for (const [queue, f] of self.sources?.jobs.failures ?? []) {
          this.inc({ queue, final: "false" }, f.retried);
          this.inc({ queue, final: "true" }, f.final);
        }
      },
    });
    new Gauge({
      name: "chave_live_streams",
      help: "Live-event (server-sent events) streams open on this node",
      registers,
      collect() {
        this.set(self.sources?.hub.connections ?? 0);
      },
    });
    new Counter({
      name: "chave_emails_total",
      help: "E-mails this node handed to the mailer, by result (a failed one is retried later)",
      labelNames: ["result"],
      registers,
      collect() {
        this.reset();
        const d = self.sources?.outbox.deliveries ?? { sent: 0, failed: 0 };
        this.inc({ result: "sent" }, d.sent);
        this.inc({ result: "failed" }, d.failed);
      },
    });
  }
}

function isUpload(request: FastifyRequest): boolean {
  return (
    (request.method === "POST" || request.method === "PATCH") &&
    UPLOAD_ROUTES.has(request.routeOptions.url ?? "")
  );
}

/** Loopback and private networks: where a Prometheus of the operator's own scrapes from. */
const PRIVATE = new BlockList();
PRIVATE.addSubnet("127.0.0.0", 8, "ipv4");
PRIVATE.addSubnet("10.0.0.0", 8, "ipv4");
PRIVATE.addSubnet("172.16.0.0", 12, "ipv4");
PRIVATE.addSubnet("192.168.0.0", 16, "ipv4");
PRIVATE.addSubnet("::1", 128, "ipv6");
PRIVATE.addSubnet("fc00::", 7, "ipv6");
PRIVATE.addSubnet("fe80::", 10, "ipv6");

/** Whether `address` (a socket's, IPv4-mapped IPv6 included) is loopback or private. */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIPv4(v4)) return PRIVATE.check(v4, "ipv4");
  try {
    return PRIVATE.check(address, "ipv6");
  } catch {
    return false;
  }
}

const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Who may read /metrics. With METRICS_TOKEN: whoever sends `Authorization: Bearer <token>` (else
 * 401). Without: a direct request from a loopback or private address of the socket itself, never
 * one a proxy forwarded (a balancer on a private network would otherwise let the internet in);
 * anyone else is told there is nothing here (404).
 */
export function metricsAccess(token: string | undefined): (request: FastifyRequest) => void {
  const expected = token ? digest(token) : null;
  return (request) => {
    if (expected) {
      const header = request.headers.authorization ?? "";
      const given = /^Bearer (.+)$/i.exec(header)?.[1] ?? "";
      // Compared by digest, in constant time: equal lengths, and no early exit on the first byte.
      if (!timingSafeEqual(digest(given), expected)) throw new AppError("unauthenticated");
      return;
    }
    const proxied = PROXY_HEADERS.some((h) => request.headers[h] !== undefined);
    if (proxied || !isPrivateAddress(request.raw.socket.remoteAddress)) throw new AppError("not-found");
  };
}

/** `GET /metrics` in Prometheus's text format. */
export async function metricsRoutes(
  app: FastifyInstance,
  opts: { metrics: Metrics; token: string | undefined },
): Promise<void> {
  const allowed = metricsAccess(opts.token);
  app.get(METRICS_PATH, { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    allowed(request);
    const body = await opts.metrics.scrape();
    return reply.header("cache-control", "no-store").type(opts.metrics.contentType).send(body);
  });
}
