import { z } from "zod";
import { defineJob } from "../../jobs/registry";

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

export type MatchOfferJob = z.output<typeof PREFERENCE_JOBS.matchOffer.payload>;
