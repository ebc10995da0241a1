import fs from "node:fs";
import { Counter } from "prom-client";
import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { CONTRACT_JOBS, CONTRACT_SCHEDULES } from "./jobs";
import { ClicksignProvider } from "./providers/clicksign";
import { contractRoutes } from "./routes";
import { loadSealCertificate, type SealCertificate } from "./seal";
import { ContractsService } from "./service";

/**
 * The documents people sign (the lease first, decision 047): drafted when a proposal is approved,
 * signed in the built-in ceremony or at Clicksign, sealed (PAdES, timestamped) and verifiable.
 */
export const contractsPart = part(
  "contracts",
  ["platform", "storage", "notices", "privacy", "proposals"],
  async (app, { config, clock, database, metrics }) => {
    let sealCertificate: Promise<SealCertificate> | undefined;
    const tsaFailures = new Counter({
      name: "chave_seal_tsa_failures_total",
      help: "Seals that failed because the time-stamping authority (TSA_URL) or a CRL/OCSP service failed or was slow; the seal job retries",
      registers: [metrics.registry],
    });
    const seal = () => {
      // A certificate that cannot be read is read again next time (the operator may fix the file).
      sealCertificate ??= loadSealCertificate({
        dataDir: config.DATA_DIR,
        p12Path: config.SEAL_P12_PATH,
        passphrase: config.SEAL_P12_PASSPHRASE,
        trustAnchorsPath: config.SEAL_TRUST_ANCHORS,
        tsa: config.TSA_URL
          ? {
              url: config.TSA_URL,
              username: config.TSA_USERNAME,
              password: config.TSA_PASSWORD,
              clientCert: config.TSA_CLIENT_CERT ? fs.readFileSync(config.TSA_CLIENT_CERT) : undefined,
              clientKey: config.TSA_CLIENT_KEY ? fs.readFileSync(config.TSA_CLIENT_KEY) : undefined,
              timeoutMs: config.TSA_TIMEOUT_MS,
            }
          : undefined,
        // The seal job throws and pg-boss tries again; the operator sees each failure here.
        onTsaFailure: (err) => {
          tsaFailures.inc();
          app.log.error(
            { err, tsa: config.TSA_URL },
            `seal: the timestamp failed, the job will retry: ${err.message}`,
          );
        },
      }).catch((err: unknown) => {
        sealCertificate = undefined;
        throw err;
      });
      return sealCertificate;
    };
    const clicksign =
      config.CLICKSIGN_ACCESS_TOKEN && config.CLICKSIGN_WEBHOOK_SECRET
        ? new ClicksignProvider({
            accessToken: config.CLICKSIGN_ACCESS_TOKEN,
            baseUrl: config.CLICKSIGN_BASE_URL,
            webhookSecret: config.CLICKSIGN_WEBHOOK_SECRET,
            log: app.log,
          })
        : null;
    const { analytics, jobs } = app;
    const contracts = new ContractsService({
      pool: database.pool,
      storage: app.storage,
      outbox: app.outbox,
      notices: app.notices,
      track: (userId, event) => analytics.capture(userId, event),
      jobs,
      clock,
      seal,
      publicUrl: config.PUBLIC_URL,
      envelopeDays: config.SIGNING_ENVELOPE_DAYS,
      codeIntervalSeconds: config.SIGNING_CODE_INTERVAL_SECONDS,
      log: app.log,
      clicksign,
      useClicksign: config.SIGNING_PROVIDER === "clicksign",
    });
    app.decorate("contracts", contracts);
    // The lease is written by a job sent with the approval itself.
    app.proposals.onApproved(async (c, proposalId) => {
      await jobs.send(c, CONTRACT_JOBS.draft, { proposalId });
    });
    jobs.every(
      CONTRACT_SCHEDULES.remind,
      () => contracts.remindBeforeExpiry(),
      (n) => `Reminded ${n} signers of an envelope about to close`,
    );
    jobs.every(
      CONTRACT_SCHEDULES.reviewRemind,
      () => contracts.remindReviews(),
      (n) => `Reminded ${n} landlords of a contract waiting a day for their review`,
    );
    // A seal whose job failed for good is tried again an hour later, and again, until it is sealed.
    jobs.every(
      CONTRACT_SCHEDULES.reseal,
      () => contracts.resealDue(),
      (n) => `Sent ${n} contracts whose seal failed to be sealed again`,
    );
    await app.register(contractRoutes, { prefix: API_PREFIX, contracts });
  },
);

declare module "fastify" {
  interface FastifyInstance {
    contracts: ContractsService;
  }
}
