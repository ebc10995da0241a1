import { z } from "zod";
import { defineJob, defineSchedule } from "../../jobs/registry";

/** The contracts' jobs (docs/architecture.md, "Background work"). */
export const CONTRACT_JOBS = {
  /** An approved proposal's contract is drafted. */
  draft: defineJob("contract.draft", z.object({ proposalId: z.string() })),
  /** The last signature: the contract is sealed ("selando" meanwhile). */
  seal: defineJob("contract.seal", z.object({ contractId: z.string() })),
  /** Clicksign closed the envelope: its signed file is fetched. */
  providerClosed: defineJob("contract.provider-closed", z.object({ contractId: z.string() })),
};

export const CONTRACT_SCHEDULES = {
  remind: defineSchedule("contracts.remind", "*/5 * * * *"),
  /** A draft waiting a day for its landlord's review: she is reminded once (decision 044). */
  reviewRemind: defineSchedule("contracts.review-remind", "*/5 * * * *"),
  /** A seal that failed for good is sent again (decision 034). */
  reseal: defineSchedule("contracts.reseal", "*/5 * * * *"),
};
