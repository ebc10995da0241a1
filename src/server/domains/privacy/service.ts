import { randomUUID } from "node:crypto";
import type pg from "pg";
import { type ConsentView, PRIVACY_POLICY_VERSION } from "../../../shared/contracts/privacy";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import type { Analytics } from "./analytics";
import { insertConsent, latestConsent } from "./consents.repository";

/**
 * The person's answer about product analytics (issue 17; decision 022). Nothing is collected
 * until a "yes" under the policy in force; an answer under an older policy is asked again.
 */
export class PrivacyService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly deps: { clock: Clock; analytics: Analytics; log: { warn(o: unknown, m: string): void } },
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
}
