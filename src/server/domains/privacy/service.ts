import { randomUUID } from "node:crypto";
import type pg from "pg";
import { type ConsentView, HOME_LAYOUT_FLAG, type HomeLayoutView } from "../../../shared/contracts/privacy";
import { HOME_LAYOUTS, type HomeLayout, PRIVACY_POLICY_VERSION } from "../../../shared/privacy-policy";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import { homeLayoutOf, saveHomeLayout } from "./account-settings.repository";
import type { Analytics } from "./analytics";
import { insertConsent, latestConsent } from "./consents.repository";

/**
 * The person's answer about product analytics (issue 17; decision 022). Nothing is collected
 * until a "yes" under the policy in force; an answer under an older policy is asked again.
 */
export class PrivacyService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly deps: {
      clock: Clock;
      analytics: Analytics;
      log: { warn(o: unknown, m: string): void };
      /** The operator's HOME_LAYOUT. */
      homeLayout: HomeLayout;
    },
  ) {}

  async consent(userId: string): Promise<ConsentView> {
    const row = await latestConsent(this.pool, userId);
    const current = row?.policy_version === PRIVACY_POLICY_VERSION ? row : null;
    return {
      analytics: current ? current.analytics : null,
      policyVersion: PRIVACY_POLICY_VERSION,
      decidedAt: current ? current.decided_at.toISOString() : null,
      analyticsId:
        current?.analytics && this.deps.analytics.enabled ? this.deps.analytics.idOf(userId) : null,
    };
  }

  /**
   * Records an answer (each one is kept, with when and under which policy). Withdrawing asks
   * PostHog to forget the person; the browser stops collecting at once on its side.
   */
  async decide(userId: string, analytics: boolean): Promise<ConsentView> {
    const before = await this.consent(userId);
    await withTransaction(this.pool, (c) =>
      insertConsent(c, {
        id: randomUUID(),
        userId,
        analytics,
        policyVersion: PRIVACY_POLICY_VERSION,
        decidedAt: this.deps.clock.now(),
      }),
    );
    if (before.analytics === true && !analytics)
      await this.deps.analytics.forget(userId).catch((err: unknown) => {
        this.deps.log.warn({ err }, "analytics: the person could not be deleted at PostHog");
      });
    return this.consent(userId);
  }

  /**
   * The layout `/` shows: a PostHog flag's variant for a person who said yes (the experiment),
   * else their own choice in /Config, else the operator's default. Asked by the page before it
   * draws its results, so it does not flicker from one layout to another.
   */
  async homeLayout(userId: string | null): Promise<HomeLayoutView> {
    const choice = userId ? await homeLayoutOf(this.pool, userId) : null;
    const flag = userId ? await this.deps.analytics.flag(userId, HOME_LAYOUT_FLAG) : undefined;
    if (typeof flag === "string" && (HOME_LAYOUTS as readonly string[]).includes(flag))
      return { layout: flag as HomeLayout, source: "flag", choice };
    if (choice) return { layout: choice, source: "choice", choice };
    return { layout: this.deps.homeLayout, source: "default", choice };
  }

  async chooseHomeLayout(userId: string, layout: HomeLayout | null): Promise<HomeLayoutView> {
    await withTransaction(this.pool, (c) => saveHomeLayout(c, userId, layout));
    return this.homeLayout(userId);
  }
}
