import { defineSchedule } from "../../jobs/registry";

export const NOTICE_SCHEDULES = {
  /**
   * Each person's daily digest goes out at the hour they chose: every hour, a few minutes past.
   * (Named when preferences sent it; the name is kept so a running installation's schedule stays.)
   */
  digest: defineSchedule("preferences.digest", "3 * * * *"),
};
