import type pg from "pg";
import type { Clock } from "../clock";
import { pruneNotices } from "../domains/preferences/notifications.repository";
import type { JobQueue } from "../jobs/queue";
import type { MailOutbox } from "../mail/outbox";

/**
 * Retention (decision 036, README "Retention"): everything that grows with traffic is deleted
 * after a stated time, by the `retention.prune` schedule (every hour; each statement is idempotent,
 * so two nodes running it at once do no harm). What is pruned elsewhere is named in `run`.
 */
export interface RetentionPolicy {
  /** Outbox rows (recipient, dates) and the outbox folder's `.eml` files, counted from sending. */
  mailDays: number;
  /** The sealed words of a sent e-mail (its links and codes), counted from sending. */
  mailBodyHours: number;
  /** The bell's notices, read or not. */
  notificationDays: number;
  /** better-auth's rate-limit counters, expired verification rows, sign-in failures (forgotten after a day anyway). */
  rateLimitHours: number;
  /** Finished and failed jobs (pg-boss's archive). */
  jobHistoryDays: number;
  /** The record of a data export once it is over (its archive goes after 24 h, privacy.exports-expire). */
  exportDays: number;
}

export type PruneCounts = Record<
  "mail" | "notifications" | "rateLimits" | "authLeftovers" | "jobs" | "exports",
  number
>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The sign-in throttle forgets failures a day after the last one (auth/throttle.ts). */
const THROTTLE_FORGET_MS = DAY;

export class Retention {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      outbox: MailOutbox;
      jobs: JobQueue;
      clock: Clock;
      policy: RetentionPolicy;
    },
  ) {}

  /** Deletes what is past its retention at `now` (the clock's time unless given); counts per kind. */
  async run(now: Date = this.deps.clock.now()): Promise<PruneCounts> {
    const { pool, outbox, jobs, policy } = this.deps;
    const at = now.getTime();
    const mail = await outbox.prune(
      new Date(at - policy.mailDays * DAY),
      new Date(at - policy.mailBodyHours * HOUR),
    );
    const notifications = await pruneNotices(pool, new Date(at - policy.notificationDays * DAY));
    // better-auth keeps one row per client address and rule, with its last request in ms.
    const limits = await pool.query("DELETE FROM rate_limits WHERE last_request < $1", [
      at - policy.rateLimitHours * HOUR,
    ]);
    const authCutoff = new Date(at - Math.max(policy.rateLimitHours * HOUR, THROTTLE_FORGET_MS));
    const verifications = await pool.query("DELETE FROM verifications WHERE expires_at < $1", [authCutoff]);
    const throttle = await pool.query(
      "DELETE FROM sign_in_throttle WHERE last_failure_at < $1 AND blocked_until < $1",
      [authCutoff],
    );
    const jobsPruned = await jobs.pruneHistory(new Date(at - policy.jobHistoryDays * DAY));
    // Its bytes are gone already; the row (status, size, dates; the token only as a hash) goes too.
    const exportsPruned = await pool.query(
      `DELETE FROM data_exports WHERE status IN ('baixado', 'expirado', 'falhou') AND updated_at < $1`,
      [new Date(at - policy.exportDays * DAY)],
    );
    // Live events (LIVE_EVENTS_RETENTION_DAYS, live.prune) and data exports (24 h,
    // privacy.exports-expire) have schedules of their own; a deleted person's e-mails go with the
    // account (MailOutbox.forgetRecipient).
    return {
      mail,
      notifications,
      rateLimits: limits.rowCount ?? 0,
      authLeftovers: (verifications.rowCount ?? 0) + (throttle.rowCount ?? 0),
      jobs: jobsPruned,
      exports: exportsPruned.rowCount ?? 0,
    };
  }
}
