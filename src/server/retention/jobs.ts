import { defineSchedule } from "../jobs/registry";

export const RETENTION_SCHEDULES = {
  /** Everything past its retention (decision 036): hourly, so an e-mail's words go within the hour. */
  prune: defineSchedule("retention.prune", "11 * * * *"),
};
