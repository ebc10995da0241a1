import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxFor, subjectOf } from "../../../tests/support/mail";
import {
  confirmationLinkFor,
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
  it("answers the same for any e-mail, and the e-mailed link confirms it, signs in with an HttpOnly SameSite=Lax cookie and lands in the app", async () => {
    const email = uniqueEmail();
    const res = await post(t.app, "/api/auth/sign-up/email", {
      name: "  João Pereira ",
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect(res.headers["set-cookie"]).toBeUndefined();
    // Not before the e-mail is confirmed, and the screen can say so.
    const early = await signIn(t.app, email, GOOD_PASSWORD);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      code: "email-not-confirmed",
      message:
        "Confirme seu e-mail antes de entrar: abra o link que enviamos para sua caixa de entrada (veja também o spam).",
      requestId: early.headers["x-request-id"],
    });
    const link = await confirmationLinkFor(email);
    expect(link).toMatch(/^\/api\/auth\/verify-email\?token=[A-Za-z0-9._-]+$/);
    const confirmed = await t.app.inject({ method: "GET", url: link, remoteAddress: uniqueIp() });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe("/");
    const cookie = confirmed.headers["set-cookie"];
    const raw = Array.isArray(cookie) ? cookie.join("\n") : String(cookie);
    expect(raw).toMatch(/chave\.session_token=/);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/Secure/i);
    const me = await get(t.app, "/api/me", { cookie: sessionCookie(confirmed) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: "João Pereira", email });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
    const [account] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ""));
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Opened again, the link signs in no one: it sends to the sign-in screen.
    const again = await t.app.inject({ method: "GET", url: link, remoteAddress: uniqueIp() });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe("/login?confirmacao=feita");
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect((await signIn(t.app, email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it("sends a forged, mangled or expired confirmation link to the sign-in screen, and junk tokens are a 400", async () => {
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jb20ifQ.forged",
      remoteAddress: uniqueIp(),
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe("/login?confirmacao=invalida");
    for (const url of [
      "/api/auth/verify-email?token=%00abc",
      "/api/auth/verify-email?token=a%20b",
      "/api/auth/verify-email",
      "/api/auth/verify-email?token=abc&callbackURL=https://golpe.example",
    ]) {
      const res = await t.app.inject({ method: "GET", url, remoteAddress: uniqueIp() });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toMatch(/^(invalid-argument|invalid-text|unknown-field)$/);
    }
  });

  it("answers an e-mail already used exactly as a new one, and tells its owner by e-mail instead", async () => {
    const { email } = await signUp(t.app, { name: "Clara Nunes" });
    const taken = await post(t.app, "/api/auth/sign-up/email", {
      name: "Beatriz",
      email: email.toUpperCase(),
      password: "Outra senha bem diferente 77",
    });
    const fresh = await post(t.app, "/api/auth/sign-up/email", {
      name: "Beatriz",
      email: uniqueEmail(),
      password: "Outra senha bem diferente 77",
    });
    for (const res of [taken, fresh]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"status":true}');
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    await t.settle();
    const mails = await outboxFor(t.dataDir, email);
    const warning = mails.find((m) => subjectOf(m.raw) === "Chave: tentaram criar uma conta com seu e-mail");
    expect(warning?.text).toContain("Olá, Clara!");
    expect(warning?.text).toContain("você já tem uma conta com ele");
    expect(warning?.text).toContain("http://localhost:3000/password");
    // The account and its password are untouched.
    expect((await signIn(t.app, email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it("e-mails a new link, not a warning, when the earlier sign-up was never confirmed; resends say nothing of the e-mail", async () => {
    const email = uniqueEmail("sem-confirmar");
    await post(t.app, "/api/auth/sign-up/email", { name: "Rui", email, password: GOOD_PASSWORD });
    const first = await confirmationLinkFor(email);
    await post(t.app, "/api/auth/sign-up/email", { name: "Rui", email, password: GOOD_PASSWORD });
    const resent = await post(t.app, "/api/auth/send-verification-email", { email });
    const unknown = await post(t.app, "/api/auth/send-verification-email", { email: uniqueEmail() });
    for (const res of [resent, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"status":true}');
    }
    await t.settle();
    const subjects = (await outboxFor(t.dataDir, email)).map((m) => subjectOf(m.raw));
    expect(subjects.filter((s) => s === "Chave: confirme seu e-mail").length).toBe(3);
    expect(subjects).not.toContain("Chave: tentaram criar uma conta com seu e-mail");
    // Any of the links confirms the account.
    const res = await t.app.inject({ method: "GET", url: first, remoteAddress: uniqueIp() });
    expect(res.headers.location).toBe("/");
  });

  it.each([
    ["senha123", "password-too-common"],
    ["Flamengo2024", "password-too-common"],
    ["CORINTHIANS", "password-too-common"],
    ["12345678", "password-too-common"],
    ["curta1", "password-too-short"],
    ["x".repeat(129), "password-too-long"],
    ["aaaaaaaa", "password-repeated"],
    ["abcdefgh", "password-sequence"],
    ["        ", "password-blank"],
    ["Vx9#".repeat(32), "password-repeated"],
  ])("refuses the password %j with %s", async (password, code) => {
    const res = await post(t.app, "/api/auth/sign-up/email", { name: "Ana", email: uniqueEmail(), password });
    expect(res.statusCode).toBe(400);
    // The rule's own code (held by the server), or invalid-argument naming the field (the contract's).
    const body = res.json<{ code: string; issues?: { path: string }[] }>();
    if (body.code !== code)
      expect([body.code, body.issues?.[0]?.path]).toEqual(["invalid-argument", "password"]);
    expect(JSON.stringify(res.json())).toContain(
      {
        "password-too-common": "muito comum",
        "password-too-short": "pelo menos 8",
        "password-too-long": "no máximo 128",
        "password-repeated": "repete o mesmo caractere",
        "password-sequence": "é uma sequência",
        "password-blank": "só de espaços",
      }[code],
    );
  });

  it("refuses a password that holds the e-mail or the name, saying why", async () => {
    const email = uniqueEmail("rosana.figueira");
    for (const password of [email, `${email.split("@")[0]}!2026`, "Figueira da Rosana 2026"]) {
      const res = await post(t.app, "/api/auth/sign-up/email", {
        name: "Rosana Figueira",
        email,
        password,
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({
        code: "password-has-personal-info",
        message:
          "A senha não pode conter seu e-mail nem seu nome: é o que se tenta primeiro. Use uma frase com três ou mais palavras que só você conheça.",
        requestId: res.headers["x-request-id"],
      });
    }
  });

  it("accepts a password of exactly 8 and of exactly 128 characters", async () => {
    const long =
      "Cajueiro florido em Natal, tapioca com coco ralado, rede na varanda de Olinda e chimarrão na cuia em Pelotas às sete da manhã!! 2026".slice(
        0,
        128,
      );
    expect(long).toHaveLength(128);
    for (const password of ["Qz7!pLm2", long]) {
      expect(password.length).toBeGreaterThanOrEqual(8);
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
    expect(broken.json().code).toMatch(/^invalid-(argument|json)$/);
  });
});

describe("sign in and sign out", () => {
  it("says 'E-mail ou senha incorretos.' for a wrong password and for an unknown e-mail alike", async () => {
    const { email } = await signUp(t.app);
    const wrong = await signIn(t.app, email, "not the password at all");
    const unknown = await signIn(t.app, uniqueEmail(), GOOD_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: "invalid-credentials",
        message: "E-mail ou senha incorretos.",
        requestId: res.headers["x-request-id"],
      });
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
      requestId: wrong.headers["x-request-id"],
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
    const secure = await createTestApp({ PUBLIC_URL: "https://chave.example.com" });
    try {
      const email = uniqueEmail();
      const res = await secure.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: { "content-type": "application/json", origin: "https://chave.example.com" },
        payload: JSON.stringify({ name: "Ana", email, password: GOOD_PASSWORD }),
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
      const confirmed = await secure.app.inject({
        method: "GET",
        url: await confirmationLinkFor(email),
        remoteAddress: uniqueIp(),
      });
      expect(String(confirmed.headers["set-cookie"])).toMatch(/__Secure-chave\.session_token=.*Secure/);
    } finally {
      await secure.close();
    }
  });
});
