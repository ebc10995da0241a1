import { z } from "zod";

export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    ok: z.boolean(),
    mode: z.enum(["embedded", "external"]),
    latencyMs: z.number().nullable(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** `GET /api/health/live`: the process answers (no database asked). */
export const liveResponse = z.object({
  status: z.literal("alive"),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type LiveResponse = z.infer<typeof liveResponse>;

/** `GET /api/health/ready`: this node should be sent requests. */
export const readyResponse = z.object({ status: z.literal("ready") });
export type ReadyResponse = z.infer<typeof readyResponse>;

/**
 * Why a node is not ready (503, with the catalogue's `service-unavailable`): it is stopping
 * (`draining`), its database does not answer (`database`), or the database lacks this build's
 * newest migration (`migrations`).
 */
export const notReadyResponse = z.object({
  status: z.enum(["draining", "database", "migrations"]),
  code: z.literal("service-unavailable"),
  message: z.string(),
  requestId: z.string().optional(),
});
export type NotReadyResponse = z.infer<typeof notReadyResponse>;
