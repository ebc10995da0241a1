import { act, screen, waitFor } from "@testing-library/react";
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
    await waitFor(() =>
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

describe("the password fields (issue 29)", { timeout: 30_000 }, () => {
  it("name their show/hide button in Portuguese, saying what a press does", async () => {
    renderScreen(<LoginScreen />, { path: "/login" });
    const toggle = await screen.findByRole("button", { name: "Mostrar senha" });
    expect(screen.queryByRole("button", { name: /toggle password visibility/i })).not.toBeInTheDocument();
    const password = screen.getByLabelText(new RegExp(`^${ptBR.auth.password}`), { selector: "input" });
    expect(password).toHaveAttribute("type", "password");
    await userEvent.click(toggle);
    expect(await screen.findByRole("button", { name: "Ocultar senha" })).toBeInTheDocument();
    expect(password).toHaveAttribute("type", "text");
  });

  it("on the sign-up form too", async () => {
    renderScreen(<SignupScreen />, { path: "/signup" });
    expect(await screen.findByRole("button", { name: "Mostrar senha" })).toBeInTheDocument();
  });
});

describe("a delayed sign-in (issue 29)", { timeout: 30_000 }, () => {
  it("says how long to wait, counting down from the server's Retry-After, and lets the person try again at the end", async () => {
    // The clock is the test's: Date and the once-a-second tick move only when told.
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    try {
      const { fetch } = renderScreen(<LoginScreen />, { path: "/login" });
      const answer = fetch.getMockImplementation();
      fetch.mockImplementation(async (input, init) => {
        if (new URL(String(input), "http://localhost").pathname !== apiPaths.auth.signIn)
          return (answer as NonNullable<typeof answer>)(input, init);
        return new Response(JSON.stringify({ code: "sign-in-delayed", message: errors["sign-in-delayed"] }), {
          status: 429,
          headers: { "content-type": "application/json", "retry-after": "30" },
        });
      });
      await userEvent.type(
        await screen.findByRole("textbox", { name: new RegExp(`^${ptBR.auth.email}`) }),
        "bruna@exemplo.com.br",
      );
      await userEvent.type(
        screen.getByLabelText(new RegExp(`^${ptBR.auth.password}`), { selector: "input" }),
        "errada123",
      );
      const submit = screen.getByRole("button", { name: ptBR.auth.loginSubmit });
      await userEvent.click(submit);
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("Tente de novo em 30 s.");
      expect(alert).not.toHaveTextContent("alguns minutos");
      expect(alert).toHaveTextContent("Esqueci minha senha");
      expect(submit).toBeDisabled();
      act(() => vi.advanceTimersByTime(5_000));
      expect(alert).toHaveTextContent("Tente de novo em 25 s.");
      act(() => vi.advanceTimersByTime(25_000));
      expect(alert).toHaveTextContent("Já pode tentar de novo.");
      expect(submit).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads a longer wait in minutes", async () => {
    const { formatWait } = await import("../features/auth/retry-countdown");
    expect([30, 60, 90, 240].map(formatWait)).toEqual(["30 s", "1 min", "1 min 30 s", "4 min"]);
  });
});

describe("the welcome after sign-up (issue 29)", () => {
  it("is worded without '(a)'", () => {
    expect(ptBR.auth.signedUp).toBe("Conta criada. Boas-vindas à Chave!");
  });
});

describe("signing up on the way somewhere (issue 29)", { timeout: 30_000 }, () => {
  it("sends where the person was going, so the confirmation link lands there", async () => {
    const { fetch } = renderScreen(<SignupScreen />, {
      path: `/signup?next=${encodeURIComponent("/AluguelOferta?id=abc")}`,
      api: { [`POST ${apiPaths.auth.signUp}`]: { status: true } },
    });
    await userEvent.type(
      await screen.findByRole("textbox", { name: new RegExp(`^${ptBR.auth.name}`) }),
      "Bruna Lima",
    );
    await userEvent.type(
      screen.getByRole("textbox", { name: new RegExp(`^${ptBR.auth.email}`) }),
      "bruna@exemplo.com.br",
    );
    await userEvent.type(
      screen.getByLabelText(new RegExp(`^${ptBR.auth.password}`), { selector: "input" }),
      "Ipê amarelo na varanda 42",
    );
    await userEvent.click(screen.getByRole("button", { name: ptBR.auth.signupSubmit }));
    expect(await screen.findByTestId("check-email")).toBeInTheDocument();
    const [call] = sent(fetch, apiPaths.auth.signUp);
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ next: "/AluguelOferta?id=abc" });
  });

  it("sends no `next` that leaves the site", async () => {
    const { fetch } = renderScreen(<SignupScreen />, {
      path: `/signup?next=${encodeURIComponent("//golpe.example")}`,
      api: { [`POST ${apiPaths.auth.signUp}`]: { status: true } },
    });
    await userEvent.type(
      await screen.findByRole("textbox", { name: new RegExp(`^${ptBR.auth.name}`) }),
      "Bruna Lima",
    );
    await userEvent.type(
      screen.getByRole("textbox", { name: new RegExp(`^${ptBR.auth.email}`) }),
      "bruna@exemplo.com.br",
    );
    await userEvent.type(
      screen.getByLabelText(new RegExp(`^${ptBR.auth.password}`), { selector: "input" }),
      "Ipê amarelo na varanda 42",
    );
    await userEvent.click(screen.getByRole("button", { name: ptBR.auth.signupSubmit }));
    expect(await screen.findByTestId("check-email")).toBeInTheDocument();
    const [call] = sent(fetch, apiPaths.auth.signUp);
    expect(JSON.parse(String(call?.[1]?.body))).not.toHaveProperty("next");
  });
});
