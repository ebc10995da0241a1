import { z } from "zod";
import { defineJob, defineSchedule } from "../../jobs/registry";

export const PRIVACY_JOBS = {
  /** A person's data export is built. */
  export: defineJob("privacy.export", z.object({ exportId: z.string() })),
  /** An account whose deletion is due is deleted. */
  deleteAccount: defineJob("privacy.delete-account", z.object({ userId: z.string() })),
};

export const PRIVACY_SCHEDULES = {
  /** A data export not downloaded within its 24 hours is removed. */
  exportsExpire: defineSchedule("privacy.exports-expire", "29 * * * *"),
};
