import { CONTRACT_SCHEDULES } from "../domains/contracts/jobs";
import { PREFERENCE_SCHEDULES } from "../domains/preferences/jobs";
import { PRIVACY_SCHEDULES } from "../domains/privacy/jobs";
import type { JobLog, JobQueue } from "./queue";
import { defineSchedule, type JobDef } from "./registry";

/*
 * The scheduled jobs whose domains have no job file of their own; the others are declared in their
 * domain's `jobs.ts` (name and cron) and taken from there.
 */
const SCHEDULES = {
  expireProposals: defineSchedule("proposals.expire", "* * * * *"),
  // Deadlines about to pass: told once each (a reminder a deal depends on), checked every 5 minutes.
  remindProposalDeadlines: defineSchedule("proposals.remind", "*/5 * * * *"),
  emailUnreadMessages: defineSchedule("messages.email-unread", "* * * * *"),
  expireUploads: defineSchedule("uploads.expire", "17 * * * *"),
  // Retention is counted in days: hourly is plenty.
  pruneLiveEvents: defineSchedule("live.prune", "43 * * * *"),
  // Retention (decision 036): hourly, so an e-mail's sealed words go within an hour of their time.
  pruneRetention: defineSchedule("retention.prune", "11 * * * *"),
};

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
  const every = (def: JobDef<object>, run: () => Promise<number>, done: (n: number) => string) =>
    jobs.define<object>({
      name: def,
      cron: def.cron,
      retryLimit: 0,
      handler: async () => {
        const n = await run();
        if (n > 0) log.info({ job: def.name, n }, done(n));
      },
    });
  every(SCHEDULES.expireProposals, work.expireProposals, (n) => `Expired ${n} overdue proposals`);
  every(
    SCHEDULES.remindProposalDeadlines,
    work.remindProposalDeadlines,
    (n) => `Checked ${n} proposal deadlines due soon`,
  );
  every(
    CONTRACT_SCHEDULES.remind,
    work.remindSigningDeadlines,
    (n) => `Reminded ${n} signers of an envelope about to close`,
  );
  every(
    CONTRACT_SCHEDULES.reviewRemind,
    work.remindContractReviews,
    (n) => `Reminded ${n} landlords of a contract waiting a day for their review`,
  );
  // A seal whose job failed for good is tried again an hour later, and again, until it is sealed.
  every(
    CONTRACT_SCHEDULES.reseal,
    work.resealContracts,
    (n) => `Sent ${n} contracts whose seal failed to be sealed again`,
  );
  every(SCHEDULES.emailUnreadMessages, work.emailUnreadMessages, (n) => `Queued ${n} unread-message e-mails`);
  every(SCHEDULES.expireUploads, work.expireUploads, (n) => `Deleted ${n} abandoned uploads`);
  every(PREFERENCE_SCHEDULES.digest, work.sendDigests, (n) => `Queued ${n} daily digests`);
  every(SCHEDULES.pruneLiveEvents, work.pruneLiveEvents, (n) => `Pruned ${n} old live events`);
  every(PRIVACY_SCHEDULES.exportsExpire, work.expireExports, (n) => `Removed ${n} expired data exports`);
  every(SCHEDULES.pruneRetention, work.pruneRetention, (n) => `Pruned ${n} rows past their retention`);
}
