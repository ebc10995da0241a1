import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  GOOD_PASSWORD,
  get,
  post,
  sessionCookie,
  signIn,
  signUp,
  type TestApp,
  uniqueEmail,
  uniqueIp,
} from "../../../tests/support/test-app";
import { accounts, sessions, users } from "../db/schema/auth";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("sign up", () => {
  it("creates the account, signs in with an HttpOnly SameSite=Lax cookie and stores an argon2id hash", async () => {
    const email = uniqueEmail();
    const res = await post(t.app, "/api/auth/sign-up/email", {
      name: "  João Pereira ",
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.headers["set-cookie"];
    const raw = Array.isArray(cookie) ? cookie.join("\n") : String(cookie);
    expect(raw).toMatch(/chave\.session_token=/);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/Secure/i);

    const me = await get(t.app, "/api/me", { cookie: sessionCookie(res) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: "João Pereira", email });

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const [account] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ""));
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("refuses an e-mail already used, whatever its case, in pt-BR", async () => {
    const { email } = await signUp(t.app);
    const res = await post(t.app, "/api/auth/sign-up/email", {
      name: "Outra",
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: "email-taken",
      message: "Já existe uma conta com este e-mail. Entre ou recupere a senha.",
    });
  });

  it.each([
    ["senha123", "password-too-common"],
    ["Flamengo2024", "password-too-common"],
    ["CORINTHIANS", "password-too-common"],
    ["12345678", "password-too-common"],
    ["curta1", "password-too-short"],
    ["x".repeat(129), "password-too-long"],
  ])("refuses the password %j with %s", async (password, code) => {
    const res = await post(t.app, "/api/auth/sign-up/email", { name: "Ana", email: uniqueEmail(), password });
    expect(res.statusCode).toBe(400);
    expect(res.json().code === code || res.json().issues?.[0]?.message).toBeTruthy();
    expect(JSON.stringify(res.json())).toContain(
      {
        "password-too-common": "muito comum",
        "password-too-short": "pelo menos 8",
        "password-too-long": "no máximo 128",
      }[code],
    );
  });

  it("accepts a password of exactly 8 and of exactly 128 characters", async () => {
    for (const password of ["Qz7!pLm2", `${"Vx9#".repeat(32)}`]) {
      const res = await post(t.app, "/api/auth/sign-up/email", {
        name: "Ana",
        email: uniqueEmail(),
        password,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it("names the bad field of a malformed request, never answering 500", async () => {
    const res = await post(t.app, "/api/auth/sign-up/email", {
      name: "",
      email: "não-é-email",
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("invalid-argument");
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Informe seu nome." },
        { path: "email", message: "Informe um e-mail válido." },
      ]),
    );
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe("invalid-argument");
  });
});

describe("sign in and sign out", () => {
  it("says 'E-mail ou senha incorretos.' for a wrong password and for an unknown e-mail alike", async () => {
    const { email } = await signUp(t.app);
    const wrong = await signIn(t.app, email, "not the password at all");
    const unknown = await signIn(t.app, uniqueEmail(), GOOD_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: "invalid-credentials", message: "E-mail ou senha incorretos." });
    }
  });

  it("signs in with the right password and ends the session on the server at sign-out", async () => {
    const { email, password } = await signUp(t.app);
    const res = await signIn(t.app, email.toUpperCase(), password);
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res);
    expect((await get(t.app, "/api/me", { cookie })).statusCode).toBe(200);

    const out = await post(t.app, "/api/auth/sign-out", {}, { cookie });
    expect(out.statusCode).toBe(200);
    // The same cookie, replayed after sign-out, no longer opens anything.
    const replay = await get(t.app, "/api/me", { cookie });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("unauthenticated");
  });

  it("answers 401 to a stranger without a session and to a forged cookie", async () => {
    expect((await get(t.app, "/api/me")).statusCode).toBe(401);
    expect((await get(t.app, "/api/me", { cookie: "chave.session_token=forged.value" })).statusCode).toBe(
      401,
    );
    const list = await get(t.app, "/api/auth/list-sessions");
    expect(list.statusCode).toBe(401);
  });

  it("refuses a mutating request from a foreign origin or a cross-site fetch", async () => {
    const { email, password } = await signUp(t.app);
    const foreign = await post(
      t.app,
      "/api/auth/sign-in/email",
      { email, password },
      { origin: "https://golpe.example" },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe("forbidden-origin");
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      payload: JSON.stringify({ email, password }),
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe("sessions and password change", () => {
  it("ends the other sessions when the password changes, keeps this one, and e-mails a notice", async () => {
    const { email, password, cookie: first } = await signUp(t.app);
    const second = sessionCookie(await signIn(t.app, email, password));
    const newPassword = "Outra senha bem diferente 77";

    const wrong = await post(
      t.app,
      "/api/auth/change-password",
      { currentPassword: "errada-demais", newPassword },
      { cookie: first },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: "wrong-current-password",
      message: "A senha atual está incorreta.",
    });

    const common = await post(
      t.app,
      "/api/auth/change-password",
      { currentPassword: password, newPassword: "palmeiras123" },
      { cookie: first },
    );
    expect(common.json().code).toBe("password-too-common");

    // Even a client asking to keep them cannot keep the other sessions.
    const ok = await post(
      t.app,
      "/api/auth/change-password",
      { currentPassword: password, newPassword, revokeOtherSessions: false },
      { cookie: first },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const kept = sessionCookie(ok);
    expect((await get(t.app, "/api/me", { cookie: kept })).statusCode).toBe(200);
    expect((await get(t.app, "/api/me", { cookie: second })).statusCode).toBe(401);

    expect((await signIn(t.app, email, password)).statusCode).toBe(401);
    expect((await signIn(t.app, email, newPassword)).statusCode).toBe(200);

    const { outboxFor, subjectOf } = await import("../../../tests/support/mail");
    await t.settle();
    const mails = await outboxFor(t.dataDir, email);
    expect(mails.map((m) => subjectOf(m.raw))).toContain("Chave: sua senha foi alterada");
  });

  it("lists one's own sessions and cannot end a stranger's", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const listA = await get(t.app, "/api/auth/list-sessions", { cookie: a.cookie });
    expect(listA.statusCode).toBe(200);
    expect(listA.json()).toHaveLength(1);

    const [bSession] = await t.database.db.select().from(sessions).where(eq(sessions.userId, b.userId));
    await post(t.app, "/api/auth/revoke-session", { token: bSession?.token }, { cookie: a.cookie });
    expect((await get(t.app, "/api/me", { cookie: b.cookie })).statusCode).toBe(200);
  });

  it("marks the cookie Secure when the public address is https", async () => {
    const secure = await (await import("../../../tests/support/test-app")).createTestApp({
      PUBLIC_URL: "https://chave.example.com",
    });
    try {
      const res = await secure.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: { "content-type": "application/json", origin: "https://chave.example.com" },
        payload: JSON.stringify({ name: "Ana", email: uniqueEmail(), password: GOOD_PASSWORD }),
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers["set-cookie"])).toMatch(/__Secure-chave\.session_token=.*Secure/);
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
    } finally {
      await secure.close();
    }
  });
});
