import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  confirmationLinkFor,
  createTestApp,
  GOOD_PASSWORD,
  get,
  outboxLinksFor,
  post,
  sessionCookie,
  signUp,
  type TestApp,
  uniqueEmail,
  uniqueIp,
} from "../../../tests/support/test-app";
import { verifications } from "../db/schema/auth";
import { resetIdentifier } from "./auth";

/*
 * Issue 29, "links that land where people meant to go": the confirmation link kept no `?next`
 * (a tenant who signed up from an offer landed on the home), and a used reset link showed the
 * form, complaining only after the new password was typed twice.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(() => t.close());

const OFFER = "/AluguelOferta?id=3f1c2a9e-1b2c-4d5e-8f90-123456789abc";

async function signUpFrom(next: unknown, email = uniqueEmail("next")) {
  const res = await post(t.app, "/api/auth/sign-up/email", {
    name: "Joana Prado",
    email,
    password: GOOD_PASSWORD,
    next,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { email, link: await confirmationLinkFor(email) };
}

const open = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: uniqueIp() });

describe("the confirmation link", () => {
  it("lands, signed in, on the offer the person signed up from", async () => {
    const { link } = await signUpFrom(OFFER);
    expect(new URL(link, "http://x").searchParams.get("next")).toBe(OFFER);
    const landed = await open(link);
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe(OFFER);
    const me = await get(t.app, "/api/me", { cookie: sessionCookie(landed) });
    expect(me.statusCode).toBe(200);
  });

  it("opened again, sends the person through the sign-in screen and still on to the offer", async () => {
    const { link } = await signUpFrom(OFFER);
    expect((await open(link)).headers.location).toBe(OFFER);
    const again = await open(link);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toMatch(/^\/login\?confirmacao=(feita|invalida)&next=/);
    expect(new URL(String(again.headers.location), "http://x").searchParams.get("next")).toBe(OFFER);
  });

  it("keeps `next` through a new link asked for from the sign-in screen", async () => {
    const email = uniqueEmail("resend");
    await signUpFrom(undefined, email);
    const res = await post(t.app, "/api/auth/send-verification-email", { email, next: OFFER });
    expect(res.statusCode, res.body).toBe(200);
    const links = (await outboxLinksFor(email)).filter((l) => l.includes("/verify-email?"));
    expect(links.length).toBeGreaterThanOrEqual(2);
    const newest = new URL(links[0] as string);
    expect(newest.searchParams.get("next")).toBe(OFFER);
    expect((await open(`${newest.pathname}${newest.search}`)).headers.location).toBe(OFFER);
  });

  it("never sends anyone off the site, whatever `next` the sign-up or a forged link carries", async () => {
    for (const away of [
      "https://golpe.example/x",
      "//golpe.example",
      "/\\golpe.example",
      "/\t/golpe.example",
    ]) {
      const { link } = await signUpFrom(away);
      expect(new URL(link, "http://x").searchParams.has("next")).toBe(false);
      const forged = `${link}&next=${encodeURIComponent(away)}`;
      const landed = await open(forged);
      expect(landed.statusCode).toBe(302);
      expect(landed.headers.location).toBe("/");
    }
  });

  it("without `next` lands on the home, as before", async () => {
    const { email } = await signUp(t.app);
    expect(email).toContain("@");
  });
});

describe("checking a reset link before asking for a password", () => {
  async function resetToken(email: string): Promise<string> {
    const res = await post(t.app, "/api/auth/request-password-reset", { email });
    expect(res.statusCode).toBe(200);
    const link = (await outboxLinksFor(email)).find((l) => l.includes("/password/reset?token="));
    return new URL(link as string).searchParams.get("token") as string;
  }
  const check = (token: string, ip?: string) =>
    post(t.app, "/api/auth/reset-password/check", { token }, { ip });

  it("says a fresh link works, without using it up", async () => {
    const { email } = await signUp(t.app);
    const token = await resetToken(email);
    for (let i = 0; i < 2; i++) {
      const res = await check(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ usable: true });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    const reset = await post(t.app, "/api/auth/reset-password", {
      token,
      newPassword: "Jabuticaba no pé 2026",
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it("says a used link no longer works", async () => {
    const { email } = await signUp(t.app);
    const token = await resetToken(email);
    await post(t.app, "/api/auth/reset-password", { token, newPassword: "Jabuticaba no pé 2026" });
    expect((await check(token)).json()).toEqual({ usable: false });
  });

  it("says an expired link, one replaced by a newer link, or a made-up one no longer works", async () => {
    const { email } = await signUp(t.app);
    const first = await resetToken(email);
    const second = await resetToken(email);
    expect((await check(first)).json()).toEqual({ usable: false });
    expect((await check(second)).json()).toEqual({ usable: true });
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(sql`${verifications.identifier} = ${resetIdentifier(second)}`);
    expect((await check(second)).json()).toEqual({ usable: false });
    expect((await check("nenhumTokenAssim0123456789abcdef")).json()).toEqual({ usable: false });
    const junk = await check("<script>");
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ issues: [{ path: "token" }] });
  });

  it("is rate limited per address", async () => {
    const ip = uniqueIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await check("nenhumTokenAssim0123456789abcdef", ip)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

describe("a sign-in refused for too many tries from one address", () => {
  it("says how long to wait in Retry-After, as the per-account delay does", async () => {
    const ip = uniqueIp();
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 12; i++) {
      last = await post(
        t.app,
        "/api/auth/sign-in/email",
        { email: uniqueEmail("muitas"), password: "errada123" },
        { ip },
      );
      if (last.statusCode === 429) break;
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json()).toMatchObject({ code: "rate-limited" });
    expect(Number(last?.headers["retry-after"])).toBeGreaterThan(0);
  });
});
