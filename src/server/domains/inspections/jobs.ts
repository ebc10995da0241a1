import { defineSchedule } from "../../jobs/registry";

/** The inspection reports' schedules (docs/architecture.md, "Background work"). */
export const INSPECTION_SCHEDULES = {
  /** A review window that ended without the tenant's word: what was not contested is agreed. */
  closeReviews: defineSchedule("inspections.close-reviews", "*/5 * * * *"),
};
