import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../../app/auth";
import { analyticsOff, startAnalytics, stopAnalytics } from "./analytics";
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
  // Decided: the installation's setup and the person's answer are known.
  const decided = info.data !== undefined && consent.analytics !== undefined;
  useEffect(() => {
    if (on && posthog) void startAnalytics(posthog, distinctId);
    else if (consent.analytics === false || state.status === "signed-out") void stopAnalytics(posthog);
    else if (decided) analyticsOff();
  }, [on, posthog, distinctId, consent.analytics, state.status, decided]);
  return null;
}
