import { createHmac } from "node:crypto";
import type pg from "pg";
import { PostHog } from "posthog-node";
import { PRIVACY_POLICY_VERSION } from "../../../shared/privacy-policy";
import { latestConsent } from "./consents.repository";

/**
 * The seed's defaults (issue 17) that posthog-node takes. The browser's (session idle 30 min and
 * at most 24 h, 10 events/s with a burst of 100, surveys' time-out 10 s, retries with back-off)
 * are posthog-js's, set in src/client/features/privacy/analytics.ts or fixed by it (decision 022).
 */
export const ANALYTICS_DEFAULTS = {
  flushIntervalMs: 3_000,
  flagsTimeoutMs: 3_000,
  /**
   * A failed send is tried again this many times: posthog-node retries network failures, 408, 429
   * and 5xx, never another 4xx, each after the same delay (it has no growing back-off).
   */
  retryCount: 3,
  retryDelayMs: 3_000,
} as const;

/** The funnel's steps, as the server tells PostHog of them. */
export type FunnelEvent =
  | "offer_published"
  | "proposal_sent"
  | "counter_offer"
  | "proposal_approved"
  | "contract_sent"
  | "contract_signed"
  | "contract_sealed";

export interface AnalyticsOptions {
  key?: string | undefined;
  host: string;
  personalApiKey?: string | undefined;
  projectId?: string | undefined;
  /** Makes each person's opaque analytics id (never their e-mail or CPF). */
  secret: string;
  log: { warn(o: unknown, m: string): void };
}

/**
 * Product analytics on the server (issue 17, decision 022): funnel events and feature flags
 * through posthog-node, only when the operator set POSTHOG_KEY and only for people whose "yes" is
 * in force; forgetting a person through PostHog's persons API when they withdraw or leave.
 */
export class Analytics {
  private readonly client: PostHog | null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: AnalyticsOptions,
  ) {
    this.client = options.key
      ? new PostHog(options.key, {
          host: options.host,
          flushAt: 20,
          flushInterval: ANALYTICS_DEFAULTS.flushIntervalMs,
          featureFlagsRequestTimeoutMs: ANALYTICS_DEFAULTS.flagsTimeoutMs,
          fetchRetryCount: ANALYTICS_DEFAULTS.retryCount,
          fetchRetryDelay: ANALYTICS_DEFAULTS.retryDelayMs,
          // No person's location is worked out from the server's address.
          disableGeoip: true,
        })
      : null;
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  /** The id PostHog knows the person by: stable, and meaningless without the server's secret. */
  idOf(userId: string): string {
    return `u_${createHmac("sha256", this.options.secret).update(`analytics:${userId}`).digest("base64url").slice(0, 24)}`;
  }

  /** Whether the person's answer in force is yes. */
  async consents(userId: string): Promise<boolean> {
    if (!this.client) return false;
    const row = await latestConsent(this.pool, userId);
    return row?.policy_version === PRIVACY_POLICY_VERSION && row.analytics;
  }

  /** A funnel step, for a person who said yes; nothing otherwise. */
  async capture(userId: string, event: FunnelEvent, properties: Record<string, string | number> = {}) {
    if (!this.client || !(await this.consents(userId))) return;
    this.client.capture({
      distinctId: this.idOf(userId),
      event,
      properties: { ...properties, $process_person_profile: true },
    });
  }

  /** A multivariate flag's variant for a person who said yes; undefined otherwise or on failure. */
  async flag(userId: string, key: string): Promise<string | boolean | undefined> {
    if (!this.client || !(await this.consents(userId))) return undefined;
    try {
      const flags = await this.client.evaluateFlags(this.idOf(userId), { flagKeys: [key] });
      return flags.getFlag(key);
    } catch (err) {
      this.options.log.warn({ err }, "analytics: feature flag not evaluated");
      return undefined;
    }
  }

  /**
   * Asks PostHog to delete the person and their events (consent withdrawn, account deleted),
   * through its persons API; without a personal API key and project it can only be logged.
   */
  async forget(userId: string): Promise<boolean> {
    if (!this.client) return false;
    const { personalApiKey, projectId, host } = this.options;
    if (!personalApiKey || !projectId) {
      this.options.log.warn(
        {},
        "analytics: POSTHOG_PERSONAL_API_KEY and POSTHOG_PROJECT_ID are needed to delete a person",
      );
      return false;
    }
    const url = new URL(`/api/projects/${projectId}/persons/bulk_delete/`, host);
    const r = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${personalApiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ distinct_ids: [this.idOf(userId)], delete_events: true }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!r.ok) throw new Error(`PostHog person deletion answered ${r.status}`);
    return true;
  }

  /** Sends what is queued now (tests; a node stopping flushes on shutdown). */
  async flush(): Promise<void> {
    await this.client?.flush();
  }

  async shutdown(): Promise<void> {
    await this.client?.shutdown();
  }
}
