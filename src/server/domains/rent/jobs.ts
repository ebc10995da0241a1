import { z } from "zod";
import { defineJob, defineSchedule } from "../../jobs/registry";

export const RENT_JOBS = {
  /** A lease was just sealed: its charges due within the lead time are made now, not at the next hour. */
  leaseSigned: defineJob("rent.lease-signed", z.object({ leaseId: z.string() })),
  /** PIX_PROVIDER=psp: a new charge becomes a Pix with a due date at the PSP. */
  pspRegister: defineJob("rent.psp-register", z.object({ chargeId: z.string() })),
  /** The PSP's webhook named a txid: its payments are read back from the PSP and recorded once. */
  pspPaid: defineJob("rent.psp-paid", z.object({ txid: z.string() })),
};

/** The rent's schedules (docs/architecture.md, "Background work"): each safe to run twice, on any node. */
export const RENT_SCHEDULES = {
  /** The charges due within the lead time, each month once per lease (a unique index). */
  generate: defineSchedule("rent.generate", "15 * * * *"),
  /** Before, on and after each due date, each reminder once per charge. */
  remind: defineSchedule("rent.remind", "0 * * * *"),
  /** Each anniversary's adjustment once its index is published, announced ahead. */
  adjust: defineSchedule("rent.adjust", "30 6 * * *"),
  /** Issue 33: the term's end told 90 and 30 days ahead, each once a person. */
  termEnd: defineSchedule("rent.term-end", "0 9 * * *"),
};
