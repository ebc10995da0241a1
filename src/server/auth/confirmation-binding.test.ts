import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  confirmationLinkFor,
  createTestApp,
  GOOD_PASSWORD,
  get,
  outboxLinksFor,
  post,
  sessionCookie,
  type TestApp,
  uniqueEmail,
  uniqueIp,
} from "../../../tests/support/test-app";
import { anonymiseUser } from "./users.repository";

/*
 * Decision 039: better-auth 1.7.16 binds an e-mail confirmation link to the account it was sent
 * for (before, any account holding the address was confirmed by it). Chave makes its own link too
 * (a sign-up with an address whose account was never confirmed): it is bound the same way.
 *
 * The case: a person signs up twice without confirming, then erases the account; someone else
 * signs up with that address and a password of their own. A link left in the person's mailbox
 * must not confirm the stranger's account.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(() => t.close());

const STRANGER_PASSWORD = "Caju maduro no quintal 77";
const confirmationLinks = async (email: string) =>
  (await outboxLinksFor(email))
    .filter((l) => l.includes("/api/auth/verify-email?token="))
    .map((l) => new URL(l))
    .map((u) => `${u.pathname}${u.search}`);

describe("a confirmation link", () => {
  it("confirms only the account it was sent for, not a later one with the same address", async () => {
    const email = uniqueEmail("bound");
    const signUp = (password: string) =>
      post(t.app, "/api/auth/sign-up/email", { name: "Maria da Silva", email, password });
    expect((await signUp(GOOD_PASSWORD)).statusCode).toBe(200);
    // The second sign-up of an unconfirmed address: Chave's own onExistingUserSignUp link.
    expect((await signUp(GOOD_PASSWORD)).statusCode).toBe(200);
    // Newest first. Both bound to the account, they are the same token when signed within the
    // same second.
    const [chaveLink, betterAuthLink] = await confirmationLinks(email);
    expect(chaveLink).toBeDefined();
    expect(betterAuthLink).toBeDefined();

    // The person erases the account (the row stays, without the address: decision 022).
    const { rows } = await t.database.pool.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [
      email,
    ]);
    await anonymiseUser(t.database.pool, rows[0]?.id as string);
    // Someone else takes the address.
    expect((await signUp(STRANGER_PASSWORD)).statusCode).toBe(200);

    for (const link of [chaveLink, betterAuthLink]) {
      const opened = await t.app.inject({ method: "GET", url: link as string, remoteAddress: uniqueIp() });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe("/login?confirmacao=invalida");
    }
    const signIn = await post(t.app, "/api/auth/sign-in/email", { email, password: STRANGER_PASSWORD });
    expect(signIn.statusCode).not.toBe(200);

    // The stranger's own link, sent to the address, still confirms the new account.
    const own = await t.app.inject({
      method: "GET",
      url: await confirmationLinkFor(email),
      remoteAddress: uniqueIp(),
    });
    expect(own.headers.location).toBe("/");
    expect((await get(t.app, "/api/me", { cookie: sessionCookie(own) })).statusCode).toBe(200);
  });
});
