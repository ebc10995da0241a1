import { readFileSync } from "node:fs";
import { API_PREFIX } from "../../../shared/api-paths";
import type { Config } from "../../config";
import { part } from "../../part";
import { AMENDMENT_KIND } from "../contracts/documents/aditivo";
import { TERMINATION_KIND } from "../contracts/documents/rescisao";
import { indexProviderFrom } from "./index-provider";
import { RENT_JOBS, RENT_SCHEDULES } from "./jobs";
import { PspPixClient } from "./pix-psp";
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
      psp: pspOf(config, clock),
      registerLater: async (c, chargeIds) => {
        await app.jobs.sendMany(
          c,
          RENT_JOBS.pspRegister,
          chargeIds.map((chargeId) => ({ chargeId })),
        );
      },
      syncLater: async (c, txids) => {
        await app.jobs.sendMany(
          c,
          RENT_JOBS.pspPaid,
          txids.map((txid) => ({ txid })),
        );
      },
    });
    app.decorate("rent", rent);
    // A tenant who has just signed finds the first charge at once when it is due within the lead time.
    app.contracts.onLeaseSealed(async (c, leaseId) => {
      await app.jobs.send(c, RENT_JOBS.leaseSigned, { leaseId });
    });
    // A termination sealed: the settlement's balance is the lease's last charge, made by the same job.
    app.contracts.onDocumentSealed(async (c, doc) => {
      if (doc.kind === TERMINATION_KIND)
        await app.jobs.send(c, RENT_JOBS.leaseSigned, { leaseId: doc.leaseId });
      // An amendment sealed: the open charges made ahead follow it from its date.
      if (doc.kind === AMENDMENT_KIND) await rent.followAmendment(c, doc.leaseId);
    });
    app.jobs
      .define<{ leaseId: string }>({
        name: RENT_JOBS.leaseSigned,
        handler: async ({ leaseId }) => {
          await rent.generate([leaseId]);
        },
      })
      .define<{ chargeId: string }>({
        name: RENT_JOBS.pspRegister,
        handler: ({ chargeId }) => rent.registerAtPsp(chargeId),
      })
      .define<{ txid: string }>({
        name: RENT_JOBS.pspPaid,
        handler: async ({ txid }) => {
          await rent.syncFromPsp(txid);
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
    app.jobs.every(
      RENT_SCHEDULES.termEnd,
      () => rent.remindTermEnd(),
      (n) => `Told ${n} leases of their term's end`,
    );
    await app.register(rentRoutes, { prefix: API_PREFIX, rent });
    if (config.PIX_PROVIDER === "psp")
      app.addHook("onListen", async () => {
        // Not fatal: the PSP may be down at our start; the operator sees it in the log and the
        // next start tries again (the PSP keeps the last URL registered).
        await rent
          .registerWebhook(config.PUBLIC_URL)
          .catch((err: unknown) => app.log.warn({ err }, "rent: the PSP's webhook could not be registered"));
      });
  },
);

/** The PSP's client when PIX_PROVIDER=psp (config.ts checked the variables it needs). */
function pspOf(config: Config, clock: { now(): Date }) {
  if (config.PIX_PROVIDER !== "psp") return null;
  const read = (p: string | undefined) => (p ? readFileSync(p, "utf8") : undefined);
  const cert = read(config.PSP_CERT_PATH);
  const key = read(config.PSP_KEY_PATH);
  return {
    client: new PspPixClient(
      {
        baseUrl: config.PSP_BASE_URL as string,
        tokenUrl: config.PSP_TOKEN_URL as string,
        clientId: config.PSP_CLIENT_ID as string,
        clientSecret: config.PSP_CLIENT_SECRET as string,
        pixKey: config.PSP_PIX_KEY as string,
        ...(cert && key ? { tls: { cert, key, ca: read(config.PSP_CA_PATH) } } : {}),
      },
      { clock },
    ),
    pixKey: config.PSP_PIX_KEY as string,
    webhookToken: config.PSP_WEBHOOK_TOKEN as string,
  };
}

declare module "fastify" {
  interface FastifyInstance {
    rent: import("./service").RentService;
  }
}
