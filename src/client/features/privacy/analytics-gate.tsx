import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../../app/auth";
import { startAnalytics, stopAnalytics } from "./analytics";
import { privacyInfoQuery, useConsent } from "./api/privacy";

/**
 * Starts product analytics when, and only when, this installation has PostHog and the person's
 * answer in force is yes; stops it the moment that changes (withdrawal, sign-out).
 */
export function AnalyticsGate() {
  const info = useQuery(privacyInfoQuery());
  const consent = useConsent();
  const { state } = useAuth();
  const posthog = info.data?.posthog ?? null;
  const on = posthog !== null && consent.analytics === true;
  const distinctId = state.status === "signed-in" ? consent.analyticsId : null;
  useEffect(() => {
    if (on && posthog) void startAnalytics(posthog, distinctId);
    else if (consent.analytics === false || state.status === "signed-out") void stopAnalytics();
  }, [on, posthog, distinctId, consent.analytics, state.status]);
  return null;
}
