import type pg from "pg";
import { pruneAuthRows } from "../auth/auth";
import { pruneSignInThrottle } from "../auth/throttle";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { pruneNotices } from "../domains/notices/notifications.repository";
import { pruneFinishedExports } from "../domains/privacy/exports.repository";
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
}

/** The policy the configuration states (README "Retention"). */
export function retentionPolicy(config: Config): RetentionPolicy {
  return {
    mailDays: config.MAIL_RETENTION_DAYS,
    mailBodyHours: config.MAIL_BODY_RETENTION_HOURS,
    notificationDays: config.NOTIFICATION_RETENTION_DAYS,
    rateLimitHours: config.RATE_LIMIT_RETENTION_HOURS,
    jobHistoryDays: config.JOB_HISTORY_DAYS,
  };
}

export type PruneCounts = Record<
  "mail" | "notifications" | "auth" | "signInThrottle" | "jobs" | "exports",
  number
>;

/**
 * A finished data export's row (when it was asked, its size): kept a month for the person's
 * history on /Config and the daily limit's count (EXPORTS_PER_DAY), then deleted. Its zip went
 * when it was downloaded or expired (24 h, privacy.exports-expire).
 */
export const EXPORT_ROW_DAYS = 30;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The sign-in throttle forgets failures a day after the last one (auth/throttle.ts). */
const THROTTLE_FORGET_MS = DAY;

export class Retention {
  constructor(
    private readonly deps: {
      pool: pg.Pool;
      db: Db;
      outbox: MailOutbox;
      jobs: JobQueue;
      policy: RetentionPolicy;
    },
  ) {}

  /**
   * Deletes what is past its retention at `now`: the database's time unless given (the benchmark
   * gives its simulated day). Not the app's injected clock: the rows' times are the database's
   * (`now()` defaults), and a test app whose clock runs days ahead must not prune the run's
   * shared database. Counts per kind.
   */
  async run(given?: Date): Promise<PruneCounts> {
    const now =
      given ?? (await this.deps.pool.query<{ now: Date }>("SELECT now() AS now")).rows[0]?.now ?? new Date();
    const { pool, db, outbox, jobs, policy } = this.deps;
    const at = now.getTime();
    // Each table is pruned by the module that owns it (decision 019).
    const mail = await outbox.prune(
      new Date(at - policy.mailDays * DAY),
      new Date(at - policy.mailBodyHours * HOUR),
    );
    const notifications = await pruneNotices(pool, new Date(at - policy.notificationDays * DAY));
    const authCutoff = at - Math.max(policy.rateLimitHours * HOUR, THROTTLE_FORGET_MS);
    const auth = await pruneAuthRows(db, {
      rateLimitsBefore: at - policy.rateLimitHours * HOUR,
      verificationsBefore: new Date(authCutoff),
    });
    const signInThrottle = await pruneSignInThrottle(db, new Date(authCutoff));
    const jobsPruned = await jobs.pruneHistory(new Date(at - policy.jobHistoryDays * DAY));
    const exports = await pruneFinishedExports(pool, new Date(at - EXPORT_ROW_DAYS * DAY));
    // Live events (LIVE_EVENTS_RETENTION_DAYS, live.prune) and the export zips (24 h,
    // privacy.exports-expire) have schedules of their own; a deleted person's e-mails go with the
    // account (MailOutbox.forgetRecipient).
    return { mail, notifications, auth, signInThrottle, jobs: jobsPruned, exports };
  }
}
