import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetLinkIn, startSmtpServer, subjectOf } from "../../../tests/support/mail";
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
import { verifications } from "../db/schema/auth";
import { resetIdentifier } from "./auth";
import { SAME_ANSWER_FLOOR_MS } from "./routes";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PASSWORD_RESET_TTL: "900" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function requestReset(email: string) {
  const res = await post(t.app, "/api/auth/request-password-reset", { email });
  expect(res.statusCode).toBe(200);
  const mail = await smtp.waitFor(
    (m) => m.to.includes(email) && subjectOf(m.raw) === "Chave: crie uma nova senha",
  );
  return { mail, token: new URL(resetLinkIn(mail.text)).searchParams.get("token") ?? "" };
}

describe("password reset by e-mail (real SMTP)", () => {
  it("e-mails a link to /password/reset that sets a new password once, ending every old session", async () => {
    const { email, password, cookie } = await signUp(t.app);
    const { mail, token } = await requestReset(email);
    expect(resetLinkIn(mail.text)).toMatch(/^http:\/\/localhost:3000\/password\/reset\?token=/);
    expect(mail.text).toContain("O link vale por 15 minutos");
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);

    const newPassword = "Cajueiro florido em Natal 9";
    const res = await post(t.app, "/api/auth/reset-password", { token, newPassword });
    expect(res.statusCode, res.body).toBe(200);

    expect((await get(t.app, "/api/me", { cookie })).statusCode).toBe(401);
    expect((await signIn(t.app, email, password)).statusCode).toBe(401);
    expect((await signIn(t.app, email, newPassword)).statusCode).toBe(200);

    const again = await post(t.app, "/api/auth/reset-password", {
      token,
      newPassword: "Mais uma senha diferente 3",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: "invalid-reset-link",
      message: "Este link de recuperação expirou ou já foi usado. Peça um novo link.",
      requestId: again.headers["x-request-id"],
    });
  });

  it("refuses an expired link", async () => {
    const { email, password } = await signUp(t.app);
    const { token } = await requestReset(email);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      // Kept as its hash (decision 036).
      .where(sql`${verifications.identifier} = ${resetIdentifier(token)}`);
    const res = await post(t.app, "/api/auth/reset-password", {
      token,
      newPassword: "Tarde demais para isso 5",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("invalid-reset-link");
    expect((await signIn(t.app, email, password)).statusCode).toBe(200);
  });

  it("refuses a common new password and keeps the link usable", async () => {
    const { email } = await signUp(t.app);
    const { token } = await requestReset(email);
    const weak = await post(t.app, "/api/auth/reset-password", { token, newPassword: "brasil2024" });
    expect(weak.json().code).toBe("password-too-common");
    const ok = await post(t.app, "/api/auth/reset-password", {
      token,
      newPassword: "Uma senha forte de verdade 8",
    });
    expect(ok.statusCode).toBe(200);
  });

  it("answers an unknown e-mail exactly as a known one, in similar time, and sends nothing", async () => {
    const { email: known } = await signUp(t.app);
    const email = uniqueEmail("ninguem");
    const timed = async (address: string) => {
      const started = performance.now();
      const res = await post(t.app, "/api/auth/request-password-reset", { email: address });
      return { res, ms: performance.now() - started };
    };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await timed(email), await timed(known));
    for (const { res } of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"status":true}');
    }
    const unknownMs = answers.filter((_, i) => i % 2 === 0).map((a) => a.ms);
    const knownMs = answers.filter((_, i) => i % 2 === 1).map((a) => a.ms);
    // Both wait for the same floor; what is left is noise, not the extra outbox write.
    expect(Math.min(...unknownMs)).toBeGreaterThanOrEqual(SAME_ANSWER_FLOOR_MS - 5);
    expect(Math.abs(median(unknownMs) - median(knownMs))).toBeLessThan(100);
    await t.settle();
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);
  });

  it("kills the earlier links when a new one is sent", async () => {
    const { email } = await signUp(t.app);
    const first = await requestReset(email);
    smtp.received.splice(0);
    const second = await requestReset(email);
    expect(second.token).not.toBe(first.token);
    const old = await post(t.app, "/api/auth/reset-password", {
      token: first.token,
      newPassword: "Uma senha forte de verdade 8",
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe("invalid-reset-link");
    const ok = await post(t.app, "/api/auth/reset-password", {
      token: second.token,
      newPassword: "Uma senha forte de verdade 8",
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("refuses a weak new password, or one holding the e-mail, and keeps the link usable", async () => {
    const { email } = await signUp(t.app);
    const { token } = await requestReset(email);
    for (const [newPassword, code] of [
      ["abcdefgh", "password-sequence"],
      ["zzzzzzzzzz", "password-repeated"],
      [`${email}!`, "password-has-personal-info"],
    ]) {
      const res = await post(t.app, "/api/auth/reset-password", { token, newPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const ok = await post(t.app, "/api/auth/reset-password", { token, newPassword: "Caju maduro no pé 31" });
    expect(ok.statusCode).toBe(200);
  });

  it("answers 400, never 500, to a junk or NUL-bearing token, and refuses unknown fields", async () => {
    for (const token of ["abc\u0000def", "../../etc", "a b", "x".repeat(513), "🔑"]) {
      const res = await post(t.app, "/api/auth/reset-password", { token, newPassword: GOOD_PASSWORD });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().code, token).toMatch(/^(invalid-reset-link|invalid-text|invalid-argument)$/);
      expect(typeof res.json().message).toBe("string");
    }
    const extra = await post(t.app, "/api/auth/request-password-reset", {
      email: uniqueEmail(),
      redirectTo: "https://golpe.example",
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe("rate limits kept in the database", () => {
  it("stops sign-in attempts past the limit, per address, across two app nodes", async () => {
    const nodeA = await createTestApp({ AUTH_RATE_LIMIT_MAX: "3", AUTH_RATE_LIMIT_WINDOW: "60" });
    const nodeB = await createTestApp({ AUTH_RATE_LIMIT_MAX: "3", AUTH_RATE_LIMIT_WINDOW: "60" });
    try {
      const { email, password } = await signUp(nodeA.app);
      const ip = uniqueIp();
      expect((await signIn(nodeA.app, email, "errada um", ip)).statusCode).toBe(401);
      expect((await signIn(nodeB.app, email, "errada dois", ip)).statusCode).toBe(401);
      expect((await signIn(nodeA.app, email, "errada três", ip)).statusCode).toBe(401);
      const blocked = await signIn(nodeB.app, email, password, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        code: "rate-limited",
        message: "Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente de novo.",
        requestId: blocked.headers["x-request-id"],
      });
      // Another address is not punished for this one.
      const other = await signIn(nodeA.app, email, password, uniqueIp());
      expect(other.statusCode).toBe(200);
      expect(sessionCookie(other)).toMatch(/^chave\.session_token=/);
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });

  it("limits password-reset requests too", async () => {
    const node = await createTestApp({ AUTH_RATE_LIMIT_MAX: "2" });
    try {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await post(node.app, "/api/auth/request-password-reset", { email: uniqueEmail() }, { ip }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await node.close();
    }
  });
});
