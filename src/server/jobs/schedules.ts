import type { JobLog, JobQueue } from "./queue";

/**
 * The periodic work, as scheduled jobs: pg-boss sends each one once per period across all nodes,
 * and whichever node is free runs it. Each is safe to run twice (it claims rows as it works).
 */
export function defineSchedules(
  jobs: JobQueue,
  log: JobLog,
  work: {
    expireProposals: () => Promise<number>;
    remindProposalDeadlines: () => Promise<number>;
    remindSigningDeadlines: () => Promise<number>;
    /** A contract draft waiting a day for its landlord's review: she is reminded once. */
    remindContractReviews: () => Promise<number>;
    resealContracts: () => Promise<number>;
    emailUnreadMessages: () => Promise<number>;
    expireUploads: () => Promise<number>;
    pruneLiveEvents: () => Promise<number>;
    sendDigests: () => Promise<number>;
    expireExports: () => Promise<number>;
    /** Everything else past its retention (decision 036): outbox, notices, rate limits, job history. */
    pruneRetention: () => Promise<number>;
  },
): void {
  const every = (name: string, cron: string, run: () => Promise<number>, done: (n: number) => string) =>
    jobs.define<object>({
      name,
      cron,
      retryLimit: 0,
      handler: async () => {
        const n = await run();
        if (n > 0) log.info({ job: name, n }, done(n));
      },
    });
  every("proposals.expire", "* * * * *", work.expireProposals, (n) => `Expired ${n} overdue proposals`);
  // Deadlines about to pass: told once each (a reminder a deal depends on), checked every 5 minutes.
  every(
    "proposals.remind",
    "*/5 * * * *",
    work.remindProposalDeadlines,
    (n) => `Checked ${n} proposal deadlines due soon`,
  );
  every(
    "contracts.remind",
    "*/5 * * * *",
    work.remindSigningDeadlines,
    (n) => `Reminded ${n} signers of an envelope about to close`,
  );
  every(
    "contracts.review-remind",
    "*/5 * * * *",
    work.remindContractReviews,
    (n) => `Reminded ${n} landlords of a contract waiting a day for their review`,
  );
  // A seal whose job failed for good is tried again an hour later, and again, until it is sealed.
  every(
    "contracts.reseal",
    "*/5 * * * *",
    work.resealContracts,
    (n) => `Sent ${n} contracts whose seal failed to be sealed again`,
  );
  every(
    "messages.email-unread",
    "* * * * *",
    work.emailUnreadMessages,
    (n) => `Queued ${n} unread-message e-mails`,
  );
  every("uploads.expire", "17 * * * *", work.expireUploads, (n) => `Deleted ${n} abandoned uploads`);
  // Each person's daily digest goes out at the hour they chose: every hour, a few minutes past.
  every("preferences.digest", "3 * * * *", work.sendDigests, (n) => `Queued ${n} daily digests`);
  // Retention is counted in days: hourly is plenty.
  every("live.prune", "43 * * * *", work.pruneLiveEvents, (n) => `Pruned ${n} old live events`);
  // A data export not downloaded within its 24 hours is removed.
  every(
    "privacy.exports-expire",
    "29 * * * *",
    work.expireExports,
    (n) => `Removed ${n} expired data exports`,
  );
  // Retention (decision 036): hourly, so an e-mail's sealed words go within an hour of their time.
  every("retention.prune", "11 * * * *", work.pruneRetention, (n) => `Pruned ${n} rows past their retention`);
}
