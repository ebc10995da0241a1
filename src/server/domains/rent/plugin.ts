import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { indexProviderFrom } from "./index-provider";
import { RENT_JOBS, RENT_SCHEDULES } from "./jobs";
import { rentRoutes } from "./routes";
import { RentService } from "./service";

/** The lease's money after the signature (issue 32): charges, Pix, receipts, adjustments. */
export const rentPart = part(
  "rent",
  ["platform", "storage", "notices", "contracts"],
  async (app, { config, database, clock }) => {
    const rent = new RentService({
      pool: database.pool,
      clock,
      log: app.log,
      notices: app.notices,
      issueDocument: (c, input) => app.contracts.issueDocument(c, input),
      pixMode: config.PIX_PROVIDER === "psp" ? "psp" : "estatico",
      indexes: indexProviderFrom(config),
      leadDays: config.RENT_CHARGE_LEAD_DAYS,
      adjustmentNoticeDays: config.RENT_ADJUSTMENT_NOTICE_DAYS,
    });
    app.decorate("rent", rent);
    // A tenant who has just signed finds the first charge at once when it is due within the lead time.
    app.contracts.onLeaseSealed(async (c, leaseId) => {
      await app.jobs.send(c, RENT_JOBS.leaseSigned, { leaseId });
    });
    app.jobs.define<{ leaseId: string }>({
      name: RENT_JOBS.leaseSigned,
      handler: async ({ leaseId }) => {
        await rent.generate([leaseId]);
      },
    });
    app.jobs.every(
      RENT_SCHEDULES.generate,
      () => rent.generate(),
      (n) => `Made ${n} rent charges`,
    );
    app.jobs.every(
      RENT_SCHEDULES.remind,
      () => rent.remind(),
      (n) => `Sent ${n} rent reminders`,
    );
    app.jobs.every(
      RENT_SCHEDULES.adjust,
      () => rent.adjust(),
      (n) => `Computed ${n} rent adjustments`,
    );
    await app.register(rentRoutes, { prefix: API_PREFIX, rent });
  },
);

declare module "fastify" {
  interface FastifyInstance {
    rent: import("./service").RentService;
  }
}
