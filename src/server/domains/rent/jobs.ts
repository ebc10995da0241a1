import { defineSchedule } from "../../jobs/registry";

/** The rent's schedules (docs/architecture.md, "Background work"): each safe to run twice, on any node. */
export const RENT_SCHEDULES = {
  /** The charges due within the lead time, each month once per lease (a unique index). */
  generate: defineSchedule("rent.generate", "15 * * * *"),
  /** Before, on and after each due date, each reminder once per charge. */
  remind: defineSchedule("rent.remind", "0 * * * *"),
  /** Each anniversary's adjustment once its index is published, announced ahead. */
  adjust: defineSchedule("rent.adjust", "30 6 * * *"),
};
