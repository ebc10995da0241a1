import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { Analytics } from "./analytics";
import { AccountDeletions } from "./deletions";
import { DataExports } from "./exports";
import { trackFunnel } from "./funnel";
import { PRIVACY_SCHEDULES } from "./jobs";
import { privacyRoutes } from "./routes";
import { PrivacyService } from "./service";

/**
 * LGPD (issue 17): consents, product analytics only for those who said yes, each person's data
 * export, and an account's deletion after its grace period.
 */
export const privacyPart = part(
  "privacy",
  ["platform", "storage", "live", "notices"],
  async (app, { config, database, clock, secret }) => {
    // Product analytics: only with POSTHOG_KEY, only for people who said yes.
    const analytics = new Analytics(database.pool, {
      key: config.POSTHOG_KEY,
      host: config.POSTHOG_HOST,
      personalApiKey: config.POSTHOG_PERSONAL_API_KEY,
      projectId: config.POSTHOG_PROJECT_ID,
      secret,
      log: app.log,
    });
    app.decorate("analytics", analytics);
    app.addHook("onClose", async () => {
      await analytics.shutdown();
    });
    trackFunnel(app, analytics);

    // Data exports: a job prepares each, a schedule removes those not downloaded.
    const dataExports = new DataExports({
      pool: database.pool,
      store: app.storage.store,
      jobs: app.jobs,
      outbox: app.outbox,
      clock,
      publicUrl: config.PUBLIC_URL,
      perDay: config.EXPORTS_PER_DAY,
      diskBudgetBytes: Math.round(config.EXPORTS_DISK_BUDGET_MB * 1024 * 1024),
    });
    app.decorate("privacyExports", dataExports);
    app.jobs.every(
      PRIVACY_SCHEDULES.exportsExpire,
      () => dataExports.expire(),
      (n) => `Removed ${n} expired data exports`,
    );
    const deletions = new AccountDeletions({
      pool: database.pool,
      auth: app.auth,
      store: app.storage.store,
      jobs: app.jobs,
      outbox: app.outbox,
      notices: app.notices,
      hub: app.hub,
      clock,
      graceDays: config.ACCOUNT_DELETION_GRACE_DAYS,
      publicUrl: config.PUBLIC_URL,
      onDeleted: async (userId) => {
        await analytics.forget(userId).catch((err: unknown) => {
          app.log.warn({ err }, "analytics: a deleted person could not be deleted at PostHog");
        });
      },
    });
    app.decorate("accountDeletions", deletions);
    // Signing in during the grace period cancels the deletion.
    app.whenSignedIn(async (userId) => {
      await deletions.cancelOnSignIn(userId);
    });

    await app.register(privacyRoutes, {
      prefix: API_PREFIX,
      auth: app.auth,
      privacy: new PrivacyService(database.pool, {
        clock,
        analytics,
        log: app.log,
        homeLayout: config.HOME_LAYOUT,
      }),
      exports: dataExports,
      deletions,
      info: {
        contact: config.PRIVACY_CONTACT ?? null,
        analytics: analytics.enabled,
        posthog: config.POSTHOG_KEY ? { key: config.POSTHOG_KEY, host: config.POSTHOG_HOST } : null,
        contractRetentionYears: config.CONTRACT_RETENTION_YEARS,
      },
    });
  },
);

declare module "fastify" {
  interface FastifyInstance {
    analytics: Analytics;
    privacyExports: DataExports;
    accountDeletions: AccountDeletions;
  }
}
