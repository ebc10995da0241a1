import { useQuery } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { PRIVACY_POLICY_VERSION } from "../../../shared/privacy-policy";
import { renderScreen } from "../../app/testing";
import { privacyInfoQuery } from "./api/privacy";
import { ConsentBanner, PrivacyChoicesLink } from "./consent-banner";

function Loaded() {
  const info = useQuery(privacyInfoQuery());
  return info.data ? <output data-testid="info-loaded" /> : null;
}

// The fake API's fetch is put back by Vitest before the next test (unstubGlobals), after the
// banner is unmounted: a read it starts as the test ends must not reach the real fetch.
afterEach(() => localStorage.clear());

const b = ptBR.privacy.banner;
const info = (analytics: boolean) => ({
  policyVersion: PRIVACY_POLICY_VERSION,
  contact: null,
  analytics,
  posthog: null,
  contractRetentionYears: 10,
});
const user = { id: "u1", name: "Bruna Lima", email: "bruna@exemplo.com.br" };
const unanswered = {
  analytics: null,
  policyVersion: PRIVACY_POLICY_VERSION,
  decidedAt: null,
  analyticsId: null,
};

describe("the consent banner", () => {
  it("asks a visitor once, refusing as easily as accepting, and remembers the answer in this browser", async () => {
    const { unmount } = renderScreen(<ConsentBanner />, { api: { "GET /api/privacy": info(true) } });
    const banner = await screen.findByTestId("consent-banner");
    for (const name of [b.accept, b.refuse, b.customize])
      expect(screen.getByRole("button", { name })).toBeVisible();
    expect(banner).toHaveTextContent(b.text);
    await userEvent.click(screen.getByRole("button", { name: b.refuse }));
    await waitFor(() => expect(screen.queryByTestId("consent-banner")).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem("chave.consent") ?? "{}")).toMatchObject({
      analytics: false,
      policyVersion: PRIVACY_POLICY_VERSION,
    });
    unmount();
    // The next visit does not ask again.
    renderScreen(<ConsentBanner />, { api: { "GET /api/privacy": info(true) } });
    await screen.findByTestId("location");
    await waitFor(() => expect(screen.queryByTestId("consent-banner")).not.toBeInTheDocument());
  });

  it("'Personalizar' shows the one choice unticked; a signed-in answer is stored for the account", async () => {
    const saved: unknown[] = [];
    renderScreen(<ConsentBanner />, {
      user,
      api: {
        "GET /api/privacy": info(true),
        "GET /api/privacy/consent": unanswered,
        "PUT /api/privacy/consent": (body: unknown) => {
          saved.push(body);
          return {
            analytics: true,
            policyVersion: PRIVACY_POLICY_VERSION,
            decidedAt: "2026-11-25T13:00:00Z",
          };
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: b.customize }));
    const box = screen.getByRole("checkbox", { name: ptBR.privacy.analyticsLabel });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await userEvent.click(screen.getByRole("button", { name: b.save }));
    await waitFor(() => expect(saved).toEqual([{ analytics: true }]));
    await waitFor(() => expect(screen.queryByTestId("consent-banner")).not.toBeInTheDocument());
  });

  it("asks nothing where this installation has no analytics", async () => {
    renderScreen(
      <>
        <ConsentBanner />
        <Loaded />
      </>,
      { api: { "GET /api/privacy": info(false) } },
    );
    // Rendered in the same pass as the banner, once the installation's answer is in.
    await screen.findByTestId("info-loaded");
    expect(screen.queryByTestId("consent-banner")).not.toBeInTheDocument();
  });

  it("comes back for a visitor from the footer's 'Suas escolhas de privacidade', to change the answer", async () => {
    renderScreen(
      <>
        <ConsentBanner />
        <PrivacyChoicesLink />
      </>,
      { api: { "GET /api/privacy": info(true) } },
    );
    await userEvent.click(await screen.findByRole("button", { name: b.accept }));
    await waitFor(() => expect(screen.queryByTestId("consent-banner")).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole("button", { name: ptBR.privacy.choices }));
    await userEvent.click(await screen.findByRole("button", { name: b.refuse }));
    await waitFor(() => expect(screen.queryByTestId("consent-banner")).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem("chave.consent") ?? "{}")).toMatchObject({ analytics: false });
  });
});
