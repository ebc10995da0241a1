import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { apiPaths } from "../../shared/api-paths";
import ptBR from "../../shared/locales/pt-BR.json";
import { LoginScreen } from "../screens/Login/login-screen";
import { SignupScreen } from "../screens/Signup/signup-screen";
import { renderScreen } from "./testing";

/*
 * The sign-up and sign-in forms say what is wrong under the field it is about, in the shared
 * schema's words, and send nothing the server would refuse; a server refusal is said too.
 */
const errors = ptBR.errors;
const sent = (fetch: ReturnType<typeof renderScreen>["fetch"], path: string) =>
  fetch.mock.calls.filter(([input]) => new URL(String(input), "http://localhost").pathname === path);

describe("the sign-up form", { timeout: 30_000 }, () => {
  it("says under each field what is missing and sends nothing", async () => {
    const { fetch } = renderScreen(<SignupScreen />, { path: "/signup" });
    await userEvent.click(await screen.findByRole("button", { name: ptBR.auth.signupSubmit }));
    expect(await screen.findByText(errors["name-required"])).toBeInTheDocument();
    expect(
      screen.getByRole("textbox", { name: new RegExp(`^${ptBR.auth.name}`) }),
    ).toHaveAccessibleDescription(expect.stringContaining(errors["name-required"]));
    expect(screen.getByText(errors["invalid-email"])).toBeInTheDocument();
    expect(screen.getByText(errors["password-too-short"])).toBeInTheDocument();
    expect(sent(fetch, apiPaths.auth.signUp)).toHaveLength(0);
  });

  it("puts the server's refusal of the password under the password", async () => {
    renderScreen(<SignupScreen />, {
      path: "/signup",
      api: {
        [`POST ${apiPaths.auth.signUp}`]: {
          status: 400,
          body: { code: "password-too-common", message: errors["password-too-common"] },
        },
      },
    });
    await userEvent.type(
      await screen.findByRole("textbox", { name: new RegExp(`^${ptBR.auth.name}`) }),
      "Bruna Lima",
    );
    await userEvent.type(
      screen.getByRole("textbox", { name: new RegExp(`^${ptBR.auth.email}`) }),
      "bruna@exemplo.com.br",
    );
    const password = screen.getByLabelText(new RegExp(`^${ptBR.auth.password}`), { selector: "input" });
    await userEvent.type(password, "senha1234");
    await userEvent.click(screen.getByRole("button", { name: ptBR.auth.signupSubmit }));
    await vi.waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining(errors["password-too-common"])),
    );
    expect(screen.queryByTestId("check-email")).not.toBeInTheDocument();
  });
});

describe("the sign-in form", { timeout: 30_000 }, () => {
  it("asks for an e-mail and a password before sending", async () => {
    const { fetch } = renderScreen(<LoginScreen />, { path: "/login" });
    await userEvent.click(await screen.findByRole("button", { name: ptBR.auth.loginSubmit }));
    expect(await screen.findByText(errors["invalid-email"])).toBeInTheDocument();
    expect(sent(fetch, apiPaths.auth.signIn)).toHaveLength(0);
  });

  it("says a wrong password without saying which of the two was wrong", async () => {
    renderScreen(<LoginScreen />, {
      path: "/login",
      api: {
        [`POST ${apiPaths.auth.signIn}`]: {
          status: 401,
          body: { code: "invalid-credentials", message: errors["invalid-credentials"] },
        },
      },
    });
    await userEvent.type(
      await screen.findByRole("textbox", { name: new RegExp(`^${ptBR.auth.email}`) }),
      "bruna@exemplo.com.br",
    );
    await userEvent.type(
      screen.getByLabelText(new RegExp(`^${ptBR.auth.password}`), { selector: "input" }),
      "errada123",
    );
    await userEvent.click(screen.getByRole("button", { name: ptBR.auth.loginSubmit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(errors["invalid-credentials"]);
  });
});
