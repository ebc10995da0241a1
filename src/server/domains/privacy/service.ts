import { randomUUID } from "node:crypto";
import type pg from "pg";
import { type ConsentView, PRIVACY_POLICY_VERSION } from "../../../shared/contracts/privacy";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import { insertConsent, latestConsent } from "./consents.repository";

/**
 * The person's answer about product analytics (issue 17; decision 022). Nothing is collected
 * until a "yes" under the policy in force; an answer under an older policy is asked again.
 */
export class PrivacyService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly deps: { clock: Clock },
  ) {}

  async consent(userId: string): Promise<ConsentView> {
    const row = await latestConsent(this.pool, userId);
    const current = row?.policy_version === PRIVACY_POLICY_VERSION ? row : null;
    return {
      analytics: current ? current.analytics : null,
      policyVersion: PRIVACY_POLICY_VERSION,
      decidedAt: current ? current.decided_at.toISOString() : null,
    };
  }

  /** Records an answer (each one is kept, with when and under which policy). */
  async decide(userId: string, analytics: boolean): Promise<ConsentView> {
    await withTransaction(this.pool, (c) =>
      insertConsent(c, {
        id: randomUUID(),
        userId,
        analytics,
        policyVersion: PRIVACY_POLICY_VERSION,
        decidedAt: this.deps.clock.now(),
      }),
    );
    return this.consent(userId);
  }
}
