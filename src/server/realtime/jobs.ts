import { defineSchedule } from "../jobs/registry";

export const LIVE_SCHEDULES = {
  /** Live events past LIVE_EVENTS_RETENTION_DAYS go: counted in days, so hourly is plenty. */
  prune: defineSchedule("live.prune", "43 * * * *"),
};
