import { defineSchedule } from "../../jobs/registry";

/** The proposals' scheduled work (docs/architecture.md, "Background work"). */
export const PROPOSAL_SCHEDULES = {
  /** A proposal whose deadline passed expires. */
  expire: defineSchedule("proposals.expire", "* * * * *"),
  /** A deadline about to pass: whoever's turn it is is told once, checked every 5 minutes. */
  remind: defineSchedule("proposals.remind", "*/5 * * * *"),
};
