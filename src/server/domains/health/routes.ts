import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses } from "../../../shared/contracts/errors";
import { healthResponse } from "../../../shared/contracts/health";
import { errorMessage } from "../../../shared/errors";

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
});

/** Whether the database answers within `ms`; the probe's own query is abandoned after that too. */
async function probe(pool: pg.Pool, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  // node-postgres reads query_timeout from the query's config too; its types do not say so.
  const query: pg.QueryConfig & { query_timeout: number } = { text: "SELECT 1", query_timeout: ms };
  const answered = pool.query(query as pg.QueryConfig).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(
  app: FastifyInstance,
  opts: { pool: pg.Pool; dbMode: "embedded" | "external"; version: string; probeTimeoutMs?: number },
) {
  const probeMs = opts.probeTimeoutMs ?? HEALTH_PROBE_TIMEOUT_MS;
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
    async (_request, reply) => {
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
        : { ...body, code: "service-unavailable" as const, message: errorMessage("service-unavailable") };
    },
  );
}
