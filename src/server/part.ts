import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Lifecycle } from "./domains/health/lifecycle";
import type { Mailer } from "./mail/mailer";
import type { Metrics } from "./metrics/metrics";

/** What every part of the app is given: buildApp's dependencies, resolved once. */
export interface PartOptions {
  config: Config;
  database: Database;
  dbMode: "embedded" | "external";
  mailer: Mailer;
  /** AUTH_SECRET: sessions, signed links and download URLs. */
  secret: string;
  clock: Clock;
  lifecycle: Lifecycle;
  metrics: Metrics;
  version: string;
  /** pg-boss's schema: one per installation sharing a database (each test app has its own). */
  jobsSchema?: string;
  /** Whether scheduled jobs run on their own (AppDeps.schedules). */
  schedules: boolean;
}

/**
 * A part of the app (a domain, or a piece of the platform under it) as one Fastify plugin: it makes
 * its services and decorates the app with them, declares its jobs and schedules on `app.jobs`, and
 * registers its routes under /api (where the session hook of `auth/guard.ts` checks them against
 * the OpenAPI document). `dependencies` names the parts it reads from the app; Fastify refuses to
 * start when one of them was not registered before it (app.ts's list gives the order).
 */
export function part(
  name: string,
  dependencies: string[],
  plugin: (app: FastifyInstance, opts: PartOptions) => Promise<void>,
) {
  return fp<PartOptions>(plugin, { name, dependencies });
}
