import { z } from "zod";
import { defineJob, defineSchedule } from "../../jobs/registry";

export const PREFERENCE_JOBS = {
  /** An offer matched against every saved search, sent with the change that causes it. */
  matchOffer: defineJob(
    "preferences.match-offer",
    z.object({
      offerId: z.string(),
      /** The pacote before the change, when it changed: a lower one now is a price drop. */
      previousTotal: z.number().nullable().optional(),
    }),
  ),
};

export const PREFERENCE_SCHEDULES = {
  /** Each person's daily digest goes out at the hour they chose: every hour, a few minutes past. */
  digest: defineSchedule("preferences.digest", "3 * * * *"),
};

export type MatchOfferJob = z.output<typeof PREFERENCE_JOBS.matchOffer.payload>;
