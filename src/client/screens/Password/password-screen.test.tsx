import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiPaths } from "../../../shared/api-paths";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { PasswordScreen } from "./password-screen";

/*
 * Issue 29: a used reset link showed the form and complained only after the new password was
 * typed twice. The link is checked first.
 */
const sent = (fetch: ReturnType<typeof renderScreen>["fetch"], path: string) =>
  fetch.mock.calls.filter(([input]) => new URL(String(input), "http://localhost").pathname === path);

describe("the reset link's screen", { timeout: 30_000 }, () => {
  it("says a used or expired link so at once, asks for nothing and offers a new link", async () => {
    const { fetch } = renderScreen(<PasswordScreen />, {
      path: "/password/reset?token=usado123",
      api: { [`POST ${apiPaths.auth.checkResetToken}`]: { usable: false } },
    });
    expect(await screen.findByTestId("reset-error")).toHaveTextContent(ptBR.auth.resetLinkDead);
    expect(screen.queryByLabelText(new RegExp(`^${ptBR.auth.newPassword}`))).not.toBeInTheDocument();
    expect(sent(fetch, apiPaths.auth.checkResetToken)[0]?.[1]?.body).toBe(
      JSON.stringify({ token: "usado123" }),
    );
    await userEvent.click(screen.getByRole("link", { name: ptBR.auth.requestNewLink }));
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/password$/);
    expect(sent(fetch, apiPaths.auth.resetPassword)).toHaveLength(0);
  });

  it("asks for the new password when the link works", async () => {
    renderScreen(<PasswordScreen />, {
      path: "/password/reset?token=valido123",
      api: { [`POST ${apiPaths.auth.checkResetToken}`]: { usable: true } },
    });
    expect(
      await screen.findByLabelText(new RegExp(`^${ptBR.auth.newPassword}`), { selector: "input" }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId("reset-error")).not.toBeInTheDocument();
  });

  it("still shows the form when the check cannot be made (the server decides on saving)", async () => {
    renderScreen(<PasswordScreen />, {
      path: "/password/reset?token=valido123",
      api: {
        [`POST ${apiPaths.auth.checkResetToken}`]: {
          status: 503,
          body: { code: "service-unavailable", message: "x" },
        },
      },
    });
    expect(
      await screen.findByLabelText(new RegExp(`^${ptBR.auth.newPassword}`), { selector: "input" }),
    ).toBeInTheDocument();
  });
});
