import { z } from "zod";
import { defineJob, defineSchedule } from "../jobs/registry";

/** Unit photos' renditions (decision 024). */
export const PHOTO_JOBS = {
  renditions: defineJob("photos.renditions", z.object({ documentId: z.string() })),
  /** Sent at each start; pages through photos without renditions. */
  backfill: defineJob(
    "photos.backfill",
    z.object({
      /** The last photo id the previous page sent a job for (none: from the start). */
      after: z.string().nullable().optional(),
    }),
  ),
};

export const STORAGE_SCHEDULES = {
  /** An upload left unfinished past UPLOAD_EXPIRY_HOURS is removed, its bytes with it. */
  expireUploads: defineSchedule("uploads.expire", "17 * * * *"),
};
