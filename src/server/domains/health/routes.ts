import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { healthResponse } from "../../../shared/contracts/health";

export async function healthRoutes(
  app: FastifyInstance,
  opts: { pool: pg.Pool; dbMode: "embedded" | "external"; version: string },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/health",
    {
      config: { rateLimit: false },
      schema: {
        tags: ["system"],
        summary: "Whether the server and its database answer",
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        await opts.pool.query("SELECT 1");
      } catch {
        ok = false;
      }
      const latencyMs = ok ? Math.round((performance.now() - started) * 100) / 100 : null;
      reply.status(ok ? 200 : 503).header("cache-control", "no-store");
      return {
        status: ok ? ("ok" as const) : ("degraded" as const),
        version: opts.version,
        uptimeSeconds: Math.round(process.uptime()),
        database: { ok, mode: opts.dbMode, latencyMs },
      };
    },
  );
}
