import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses } from "../../../shared/contracts/errors";
import {
  healthResponse,
  liveResponse,
  type NotReadyResponse,
  notReadyResponse,
  readyResponse,
} from "../../../shared/contracts/health";
import { errorMessage } from "../../../shared/errors";
import type { Lifecycle } from "./lifecycle";
import { MigrationsRepository } from "./migrations.repository";

/**
 * The longest the probe waits, for a free connection and for its answer together: a healthy
 * database answers `SELECT 1` in milliseconds, and a load balancer must hear "degraded" before
 * its own timeout, not after the database's statement timeout.
 */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000;

/** The degraded answer also carries the catalogue's error, as every other 503 does. */
const unavailableResponse = healthResponse.extend({
  code: z.literal("service-unavailable"),
  message: z.string(),
  requestId: z.string().optional(),
});

/** `work`'s answer, or `late` once `ms` have passed (a wait for a free connection included). */
async function within<T>(ms: number, work: Promise<T>, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the database answers within `ms`; the probe's own query is abandoned after that too. */
function probe(pool: pg.Pool, ms: number): Promise<boolean> {
  // node-postgres reads query_timeout from the query's config too; its types do not say so.
  const query: pg.QueryConfig & { query_timeout: number } = { text: "SELECT 1", query_timeout: ms };
  const answered = pool.query(query as pg.QueryConfig).then(
    () => true,
    () => false,
  );
  return within(ms, answered, false);
}

export async function healthRoutes(
  app: FastifyInstance,
  opts: {
    pool: pg.Pool;
    dbMode: "embedded" | "external";
    version: string;
    lifecycle: Lifecycle;
    probeTimeoutMs?: number;
  },
) {
  const probeMs = opts.probeTimeoutMs ?? HEALTH_PROBE_TIMEOUT_MS;
  const migrations = new MigrationsRepository(opts.pool);
  app.withTypeProvider<ZodTypeProvider>().get(
    apiRoutes.health,
    {
      config: { rateLimit: false },
      schema: {
        tags: ["system"],
        summary: "Whether the server and its database answer (503 within 2 s when the database does not)",
        response: { 200: healthResponse, 503: unavailableResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const ok = await probe(opts.pool, probeMs);
      const latencyMs = ok ? Math.round((performance.now() - started) * 100) / 100 : null;
      reply.status(ok ? 200 : 503).header("cache-control", "no-store");
      const body = {
        status: ok ? ("ok" as const) : ("degraded" as const),
        version: opts.version,
        uptimeSeconds: Math.round(process.uptime()),
        database: { ok, mode: opts.dbMode, latencyMs },
      };
      return ok
        ? body
        : {
            ...body,
            code: "service-unavailable" as const,
            message: errorMessage("service-unavailable"),
            requestId: request.id,
          };
    },
  );

  // Liveness (decision 027): the process answers; nothing else is asked, so a database that is
  // away never gets a healthy process restarted.
  app.withTypeProvider<ZodTypeProvider>().get(
    apiRoutes.healthLive,
    {
      config: { rateLimit: false },
      schema: {
        tags: ["system"],
        summary: "Whether the process answers (asks nothing of the database)",
        response: { 200: liveResponse, ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "alive" as const, version: opts.version, uptimeSeconds: Math.round(process.uptime()) };
    },
  );

  // Readiness (decision 027): whether a load balancer should send this node requests. Draining is
  // answered without touching the database, so a stopping node leaves the pool at once.
  app.withTypeProvider<ZodTypeProvider>().get(
    apiRoutes.healthReady,
    {
      config: { rateLimit: false },
      schema: {
        tags: ["system"],
        summary:
          "Whether this node takes requests: 503 while it is stopping, its database does not answer (2 s) or lacks a migration",
        response: { 200: readyResponse, 503: notReadyResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const notReady = (status: NotReadyResponse["status"]): NotReadyResponse => {
        reply.status(503);
        return {
          status,
          code: "service-unavailable",
          message: errorMessage("service-unavailable"),
          requestId: request.id,
        };
      };
      if (opts.lifecycle.isDraining) return notReady("draining");
      const started = performance.now();
      if (!(await probe(opts.pool, probeMs))) return notReady("database");
      const left = Math.max(1, probeMs - (performance.now() - started));
      const upToDate = await within<boolean | null>(
        left,
        migrations.isUpToDate(left).catch(() => null),
        null,
      );
      if (upToDate === null) return notReady("database");
      if (!upToDate) return notReady("migrations");
      // A node may have started draining while the database answered.
      if (opts.lifecycle.isDraining) return notReady("draining");
      return { status: "ready" as const };
    },
  );
}
