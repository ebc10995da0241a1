import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import type { Database } from "../db/client";
import "../jobs/all";
import { JobQueue } from "../jobs/queue";
import { registeredJob } from "../jobs/registry";
import type { Mailer } from "../mail/mailer";
import { MailOutbox } from "../mail/outbox";

/**
 * The job queue and the e-mail outbox. Domains declare their queues on `app.jobs` while the app is
 * built; the queue starts once everything is declared (onReady) and stops, letting running jobs
 * finish, when the app closes.
 */
export const jobsPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      config: Config;
      database: Database;
      mailer: Mailer;
      secret: string;
      schema?: string;
      schedules?: boolean;
    },
  ) => {
    const jobs = new JobQueue({
      url: opts.database.url,
      pool: opts.database.pool,
      log: app.log,
      schema: opts.schema ?? opts.config.JOBS_SCHEMA,
      schedules: opts.schedules,
      pollingIntervalSeconds: opts.config.JOB_POLL_SECONDS,
      retryDelaySeconds: opts.config.JOB_RETRY_DELAY_SECONDS,
      retryLimit: opts.config.JOB_RETRY_LIMIT,
      jobTimeoutSeconds: opts.config.JOB_TIMEOUT_SECONDS,
      maintenanceIntervalSeconds: opts.config.JOB_MAINTENANCE_SECONDS,
      historyDays: opts.config.JOB_HISTORY_DAYS,
      // Only declared jobs, their payloads checked at send and before their handler (jobs/registry.ts).
      registry: registeredJob,
    });
    const outbox = new MailOutbox(opts.database.pool, opts.mailer, jobs, app.log, opts.secret);
    app.decorate("jobs", jobs);
    app.decorate("outbox", outbox);
    app.addHook("onReady", async () => {
      await jobs.start();
    });
    app.addHook("onClose", async () => {
      await jobs.stop();
    });
  },
);

declare module "fastify" {
  interface FastifyInstance {
    jobs: JobQueue;
    outbox: MailOutbox;
  }
}
