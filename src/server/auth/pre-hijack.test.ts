import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  confirmationLinkFor,
  createTestApp,
  get,
  post,
  sessionCookie,
  type TestApp,
  uniqueEmail,
  uniqueIp,
} from "../../../tests/support/test-app";

/*
 * Pre-account takeover (OWASP ASVS 2.5 / "pre-hijacking"): someone signs up first with another
 * person's address and a password of their own, never confirms; the real owner then signs up and
 * confirms from her mailbox. The account she confirms must answer to her password, not the first
 * one, and be named as she typed it.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(() => t.close());

const INTRUDER_PASSWORD = "Caju maduro no quintal 77";
const OWNER_PASSWORD = "Ipê roxo na calçada 1984";

describe("a sign-up on an address never confirmed", () => {
  it("gives the account the owner's password and name: the first sign-up's password opens nothing", async () => {
    const email = uniqueEmail("prehijack");
    const signUp = (name: string, password: string) =>
      post(t.app, "/api/auth/sign-up/email", { name, email, password }, { ip: uniqueIp() });
    expect((await signUp("Intruso Qualquer", INTRUDER_PASSWORD)).statusCode).toBe(200);
    expect((await signUp("Maria da Silva", OWNER_PASSWORD)).statusCode).toBe(200);

    // The owner confirms from her mailbox: signed in, under the name she typed.
    const opened = await t.app.inject({
      method: "GET",
      url: await confirmationLinkFor(email),
      remoteAddress: uniqueIp(),
    });
    expect(opened.headers.location).toBe("/");
    const me = await get(t.app, "/api/me", { cookie: sessionCookie(opened) });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ name: string }>().name).toBe("Maria da Silva");

    const signIn = (password: string) =>
      post(t.app, "/api/auth/sign-in/email", { email, password }, { ip: uniqueIp() });
    expect((await signIn(INTRUDER_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it("leaves a confirmed account's password alone (its owner is told by e-mail instead)", async () => {
    const email = uniqueEmail("confirmed");
    const first = await post(
      t.app,
      "/api/auth/sign-up/email",
      { name: "Maria da Silva", email, password: OWNER_PASSWORD },
      { ip: uniqueIp() },
    );
    expect(first.statusCode).toBe(200);
    await t.app.inject({ method: "GET", url: await confirmationLinkFor(email), remoteAddress: uniqueIp() });
    const again = await post(
      t.app,
      "/api/auth/sign-up/email",
      { name: "Intruso Qualquer", email, password: INTRUDER_PASSWORD },
      { ip: uniqueIp() },
    );
    expect(again.statusCode).toBe(200);
    const signIn = (password: string) =>
      post(t.app, "/api/auth/sign-in/email", { email, password }, { ip: uniqueIp() });
    expect((await signIn(INTRUDER_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(OWNER_PASSWORD)).statusCode).toBe(200);
  });
});
