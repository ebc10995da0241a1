import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { apiPaths } from "../../../../shared/api-paths";
import type {
  ConsentView,
  DeletionInput,
  DeletionView,
  ExportView,
  HomeLayoutView,
  PrivacyInfo,
} from "../../../../shared/contracts/privacy";
import { type HomeLayout, PRIVACY_POLICY_VERSION } from "../../../../shared/privacy-policy";
import { useAuth } from "../../../app/auth";
import { api } from "../../../lib/api";

/** This installation's privacy setup (public): the policy's version, contact, analytics or not. */
export const privacyInfoQuery = () =>
  queryOptions({
    queryKey: [apiPaths.privacy.info],
    queryFn: () => api<PrivacyInfo>(apiPaths.privacy.info),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const consentQuery = () =>
  queryOptions({
    queryKey: [apiPaths.privacy.consent],
    queryFn: () => api<ConsentView>(apiPaths.privacy.consent),
  });

/** A visitor's answer, kept in this browser only (nothing about a visitor is stored on the server). */
const VISITOR_KEY = "chave.consent";

function visitorAnswer(): ConsentView | null {
  try {
    const v = JSON.parse(localStorage.getItem(VISITOR_KEY) ?? "null") as ConsentView | null;
    return v && v.policyVersion === PRIVACY_POLICY_VERSION && typeof v.analytics === "boolean" ? v : null;
  } catch {
    return null;
  }
}

function keepVisitorAnswer(analytics: boolean): ConsentView {
  const v = {
    analytics,
    policyVersion: PRIVACY_POLICY_VERSION,
    decidedAt: new Date().toISOString(),
    analyticsId: null,
  };
  localStorage.setItem(VISITOR_KEY, JSON.stringify(v));
  return v;
}

export interface Consent {
  /** null: not answered under the policy in force (the banner asks). undefined: still loading. */
  analytics: boolean | null | undefined;
  /** The opaque id analytics knows a signed-in person by, while their yes is in force. */
  analyticsId: string | null;
  decidedAt: string | null;
  decide(analytics: boolean): Promise<void>;
  saving: boolean;
  /** A visitor asks to choose again: the banner comes back (nothing changes until they answer). */
  reopen(): void;
}

/**
 * The answer in force: a signed-in person's is on the server (with its time and policy version),
 * a visitor's in this browser. A visitor who answered and then signs in has that answer stored
 * for the account, unless the account already had one.
 */
export function useConsent(): Consent {
  const { state } = useAuth();
  const signedIn = state.status === "signed-in";
  const queryClient = useQueryClient();
  const server = useQuery({ ...consentQuery(), enabled: signedIn });
  const save = useMutation({
    mutationFn: (analytics: boolean) =>
      api<ConsentView>(apiPaths.privacy.consent, { method: "PUT", body: { analytics } }),
    onSuccess: (v) => queryClient.setQueryData(consentQuery().queryKey, v),
  });
  const local = useQuery({
    queryKey: ["visitor-consent"],
    queryFn: () => visitorAnswer(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const pending = signedIn && server.data && server.data.analytics === null ? local.data : null;
  // Carry the visitor's answer into the account that has none (once a page load).
  const carried = useRef(false);
  useEffect(() => {
    if (!pending || carried.current) return;
    carried.current = true;
    save.mutate(pending.analytics as boolean);
  }, [pending, save]);
  if (signedIn) {
    return {
      analytics: server.data ? (server.data.analytics ?? pending?.analytics ?? null) : undefined,
      decidedAt: server.data?.decidedAt ?? null,
      analyticsId: server.data?.analyticsId ?? null,
      decide: async (analytics) => {
        keepVisitorAnswer(analytics);
        await save.mutateAsync(analytics);
        await queryClient.invalidateQueries({ queryKey: ["visitor-consent"] });
      },
      saving: save.isPending,
      reopen: () => undefined,
    };
  }
  return {
    analytics: state.status === "unknown" || local.isPending ? undefined : (local.data?.analytics ?? null),
    decidedAt: local.data?.decidedAt ?? null,
    analyticsId: null,
    decide: async (analytics) => {
      queryClient.setQueryData(["visitor-consent"], keepVisitorAnswer(analytics));
    },
    saving: false,
    reopen: () => queryClient.setQueryData(["visitor-consent"], null),
  };
}

/** One's newest data export and its progress (live: the job's steps refresh it). */
export const exportQuery = () =>
  queryOptions({
    queryKey: [apiPaths.privacy.exports],
    queryFn: () => api<ExportView>(apiPaths.privacy.exports),
  });

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ExportView>(apiPaths.privacy.exports, { method: "POST" }),
    onSuccess: (v) => queryClient.setQueryData(exportQuery().queryKey, v),
  });
}

export const deletionQuery = () =>
  queryOptions({
    queryKey: [apiPaths.privacy.deletion],
    queryFn: () => api<DeletionView>(apiPaths.privacy.deletion),
  });

export function useRequestDeletion() {
  return useMutation({
    mutationFn: (input: DeletionInput) => api<DeletionView>(apiPaths.privacy.deletion, { body: input }),
  });
}

/** The layout `/` shows this person (a flag, their choice, or the operator's default). */
export const homeLayoutQuery = () =>
  queryOptions({
    queryKey: [apiPaths.privacy.homeLayout],
    queryFn: () => api<HomeLayoutView>(apiPaths.privacy.homeLayout),
    staleTime: 5 * 60_000,
  });

export function useChooseHomeLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (layout: HomeLayout | null) =>
      api<HomeLayoutView>(apiPaths.privacy.homeLayout, { method: "PUT", body: { layout } }),
    onSuccess: (v) => queryClient.setQueryData(homeLayoutQuery().queryKey, v),
  });
}
