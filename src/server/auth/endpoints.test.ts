import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  GOOD_PASSWORD,
  get,
  post,
  signUp,
  type TestApp,
  uniqueEmail,
  uniqueIp,
} from "../../../tests/support/test-app";
import { ALLOWED_AUTH_PATHS, DISABLED_AUTH_PATHS } from "./auth";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOT_FOUND = { code: "not-found", message: expect.any(String) };

describe("only the auth endpoints Chave uses are reachable", () => {
  it.each([
    ["POST", "/api/auth/update-user", { name: "x".repeat(500_000) }],
    ["POST", "/api/auth/delete-user", {}],
    ["POST", "/api/auth/verify-password", { password: GOOD_PASSWORD }],
    ["GET", "/api/auth/list-accounts", undefined],
    ["POST", "/api/auth/change-email", { newEmail: "golpe@exemplo.com.br" }],
    ["POST", "/api/auth/sign-in/social", { provider: "google" }],
    ["POST", "/api/auth/link-social", { provider: "github" }],
    ["GET", "/api/auth/error", undefined],
    ["GET", "/api/auth/error?error=x", undefined],
    ["GET", "/api/auth/ok", undefined],
    ["POST", "/api/auth/revoke-sessions", {}],
    ["POST", "/api/auth/unlink-account", { providerId: "credential" }],
    ["GET", "/api/auth/reset-password/abc?callbackURL=/", undefined],
    ["POST", "/api/auth/update-session", {}],
    ["GET", "/api/auth/delete-user/callback?token=x", undefined],
    ["GET", "/api/auth/callback/google", undefined],
  ])("%s %s answers 404 with the app's JSON, signed in or not", async (method, url, body) => {
    const { cookie } = await signUpOnce();
    for (const headers of [{}, { cookie }]) {
      const res =
        method === "GET"
          ? await t.app.inject({ method: "GET", url, headers, remoteAddress: uniqueIp() })
          : await post(t.app, url, body, headers);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ ...NOT_FOUND, requestId: res.headers["x-request-id"] });
      expect(res.json().message).toMatch(/[ãçéêíóõú]|não/i);
    }
  });

  it("leaves the name untouched by update-user (the offer shows the name a profile gives)", async () => {
    const { cookie } = await signUpOnce();
    await post(t.app, "/api/auth/update-user", { name: "Outro Nome" }, { cookie });
    expect((await get(t.app, "/api/me", { cookie })).json().name).toBe("Maria da Silva");
  });

  it("refuses better-auth's other endpoints to in-process calls too", async () => {
    const { cookie, email } = await signUpOnce();
    const headers = new Headers({ cookie });
    await expect(
      t.app.auth.api.updateUser({ headers, body: { name: "Pelo servidor" } }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(t.app.auth.api.listUserAccounts({ headers })).rejects.toMatchObject({ statusCode: 404 });
    expect((await get(t.app, "/api/me", { cookie })).json().name).toBe("Maria da Silva");
    // The ones Chave uses still work in-process.
    expect((await t.app.auth.api.getSession({ headers }))?.user.email).toBe(email);
  });

  it("names every better-auth endpoint either allowed or disabled (an upgrade that adds one fails here)", () => {
    const paths = Object.values(t.app.auth.api).map((endpoint) => (endpoint as { path?: string }).path);
    for (const path of paths) {
      if (!path) continue;
      expect(ALLOWED_AUTH_PATHS.has(path) || DISABLED_AUTH_PATHS.includes(path), path).toBe(true);
    }
    for (const path of ALLOWED_AUTH_PATHS) expect(paths).toContain(path);
  });

  it("documents exactly the allowed endpoints in the OpenAPI document", async () => {
    const doc = (await get(t.app, "/api/docs/json")).json() as { paths: Record<string, unknown> };
    const documented = Object.keys(doc.paths)
      .filter((p) => p.startsWith("/api/auth/"))
      .map((p) => p.replace("/api/auth", ""))
      .sort();
    // better-auth's, and Chave's own check of a reset link (src/server/auth/routes.ts), which
    // reads the token and never reaches better-auth's router.
    expect(documented).toEqual([...ALLOWED_AUTH_PATHS, "/reset-password/check"].sort());
  });
});

describe("auth contracts", () => {
  it("refuse unknown fields", async () => {
    const cases: [string, Record<string, unknown>][] = [
      ["/api/auth/sign-up/email", { name: "Ana", email: uniqueEmail(), password: GOOD_PASSWORD, image: "x" }],
      [
        "/api/auth/sign-up/email",
        { name: "Ana", email: uniqueEmail(), password: GOOD_PASSWORD, callbackURL: "/" },
      ],
      [
        "/api/auth/sign-in/email",
        { email: uniqueEmail(), password: "x", callbackURL: "https://golpe.example" },
      ],
      ["/api/auth/request-password-reset", { email: uniqueEmail(), redirectTo: "https://golpe.example" }],
      ["/api/auth/send-verification-email", { email: uniqueEmail(), callbackURL: "https://golpe.example" }],
      ["/api/auth/revoke-session", { token: "abc", other: 1 }],
    ];
    // Revoking needs a session: without one it is refused 401 before its body is read (the /api
    // hook, by the operation's security), so its unknown field is checked as a signed-in person's.
    const { cookie } = await signUpOnce();
    for (const [url, body] of cases) {
      const res = await post(t.app, url, body, url.endsWith("/revoke-session") ? { cookie } : {});
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toMatch(/^(unknown-field|invalid-argument)$/);
      expect(res.json().message, url).not.toMatch(/Unrecognized|Invalid input/);
    }
  });

  it("answer 400, never 500, to a revoke token with a NUL byte or junk", async () => {
    const { cookie } = await signUpOnce();
    for (const token of ["abc\u0000", "", "x".repeat(600), "<script>", "a/b", 42, null]) {
      const res = await post(t.app, "/api/auth/revoke-session", { token }, { cookie });
      expect(res.statusCode, JSON.stringify(token)).toBe(400);
      expect(typeof res.json().code).toBe("string");
      expect(res.json().message).not.toMatch(/Invalid input|expected/);
    }
  });

  it("give every field a length limit", async () => {
    const long = "a".repeat(300);
    const res = await post(t.app, "/api/auth/sign-up/email", {
      name: "x".repeat(121),
      email: `${long}@exemplo.com.br`,
      password: "y".repeat(129),
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(["email", "name", "password"]);
  });
});

let shared: Awaited<ReturnType<typeof signUp>> | undefined;
async function signUpOnce() {
  shared ??= await signUp(t.app);
  return shared;
}
