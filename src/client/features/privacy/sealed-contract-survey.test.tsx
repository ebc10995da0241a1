import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { PRIVACY_POLICY_VERSION } from "../../../shared/privacy-policy";
import { renderScreen } from "../../app/testing";
import { ViewDocumentScreen } from "../../screens/ViewDocument/view-document-screen";
import { SEALED_CONTRACT_VIEWED, stopAnalytics } from "./analytics";
import { AnalyticsGate } from "./analytics-gate";

/*
 * The survey after a sealed contract ("Como foi alugar com a Chave?") is PostHog's, triggered by
 * the event the client captures when a party opens the sealed contract (decision 022). posthog-js
 * is a third party: here a stand-in records what the app asks of it (the e2e test, privacy.spec,
 * runs the real one against the fake PostHog and sees the survey).
 */

const posthog = vi.hoisted(() => {
  const state = {
    imported: 0,
    optedOut: false,
    distinctId: "anon",
    /** Events the app captured while not opted out (what posthog-js would send). */
    captured: [] as string[],
  };
  const instance = {
    init: () => undefined,
    capture: (event: string) => {
      if (!state.optedOut) state.captured.push(event);
    },
    identify: (id: string) => {
      state.distinctId = id;
    },
    get_distinct_id: () => state.distinctId,
    has_opted_out_capturing: () => state.optedOut,
    opt_in_capturing: () => {
      state.optedOut = false;
    },
    opt_out_capturing: () => {
      state.optedOut = true;
    },
    reset: () => {
      state.distinctId = "anon";
    },
    stopSessionRecording: () => undefined,
    // Surveys loaded: their triggers listen from now on.
    onSurveysLoaded: (callback: (surveys: unknown[], context: { isLoaded: boolean }) => void) => {
      callback([], { isLoaded: true });
      return () => undefined;
    },
  };
  return { state, instance };
});
vi.mock("posthog-js/full/no-external", () => {
  posthog.state.imported += 1;
  return { default: posthog.instance };
});

afterEach(async () => {
  // Each test is a page of its own: the module's running instance does not carry over.
  await stopAnalytics();
  posthog.state.captured = [];
});

const DOC = "0190a0c0-0000-7000-8000-00000000c0de";
const user = { id: "u1", name: "Rafael Lima", email: "rafael@exemplo.com.br" };
const info = {
  policyVersion: PRIVACY_POLICY_VERSION,
  contact: null,
  analytics: true,
  posthog: { key: "phc_test", host: "https://ph.example" },
  contractRetentionYears: 10,
};
const consent = (analytics: boolean) => ({
  analytics,
  policyVersion: PRIVACY_POLICY_VERSION,
  decidedAt: "2026-11-25T13:00:00Z",
  analyticsId: analytics ? "u_opaque_id_of_rafael_000" : null,
});
const contractPdf = {
  id: DOC,
  ownerId: "landlord",
  kind: "contrato",
  folder: "contratos",
  fileName: "Contrato 2026-000001 - assinado.pdf",
  contentType: "application/pdf",
  size: 48_213,
  sha256: "ab".repeat(32),
  customMetadata: {},
  createdAt: "2026-11-25T13:00:00Z",
  updatedAt: "2026-11-25T13:00:00Z",
  access: "reader",
};
const sealedVerdict = {
  sealed: true,
  numero: "2026-000001",
  intact: true,
  signatureValid: true,
  signer: "Chave",
  signedAt: "2026-11-25T13:00:00Z",
  sha256: "ab".repeat(32),
  problem: null,
  subFilter: "ETSI.CAdES.detached",
  timestamp: null,
  chain: [],
  pdfA: null,
};

/** The sealed contract's page (or the unsealed draft's), with the person's answer. */
function open(o: { analytics: boolean; sealed: boolean }) {
  return renderScreen(
    <>
      <AnalyticsGate />
      <ViewDocumentScreen />
    </>,
    {
      path: `/ViewDocument?id=${DOC}`,
      user,
      api: {
        "GET /api/privacy": info,
        "GET /api/privacy/consent": consent(o.analytics),
        [`GET /api/storage/objects/${DOC}`]: o.sealed
          ? contractPdf
          : { ...contractPdf, fileName: "Contrato 2026-000001.pdf" },
        [`GET /api/contracts/verify/${DOC}`]: o.sealed ? sealedVerdict : { sealed: false, kind: "contrato" },
        // The PDF itself is beside the point here: its link is refused, and the page says so.
        [`POST /api/storage/objects/${DOC}/download-url`]: {
          status: 403,
          body: { code: "unauthorized", message: "unauthorized" },
        },
      },
    },
  );
}

describe("the survey's trigger on the sealed contract", () => {
  it("without a yes: nothing is captured and posthog-js is never loaded", async () => {
    const { fetch } = open({ analytics: false, sealed: true });
    await screen.findByTestId("seal-verdict");
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url))).toContain("/api/privacy/consent"),
    );
    await screen.findByText(ptBR.viewer.forbidden);
    expect(posthog.state.imported).toBe(0);
    expect(posthog.state.captured).toEqual([]);
  });

  it("with a yes, opening the sealed contract captures the trigger once, under the person's opaque id", async () => {
    open({ analytics: true, sealed: true });
    await screen.findByTestId("seal-verdict");
    await waitFor(() => expect(posthog.state.captured).toEqual([SEALED_CONTRACT_VIEWED]));
    expect(posthog.state.distinctId).toBe("u_opaque_id_of_rafael_000");
    expect(posthog.state.imported).toBe(1);
  });

  it("with a yes, a contract not sealed yet captures nothing", async () => {
    const { fetch } = open({ analytics: true, sealed: false });
    await waitFor(() => expect(posthog.state.distinctId).toBe("u_opaque_id_of_rafael_000"));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url))).toContain(`/api/contracts/verify/${DOC}`),
    );
    await screen.findByText(ptBR.viewer.forbidden);
    expect(screen.queryByTestId("seal-verdict")).not.toBeInTheDocument();
    expect(posthog.state.captured).toEqual([]);
  });
});
