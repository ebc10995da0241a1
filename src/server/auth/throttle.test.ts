import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  GOOD_PASSWORD,
  outboxLinksFor,
  post,
  signIn,
  signUp,
  type TestApp,
  uniqueEmail,
} from "../../../tests/support/test-app";
import { manualClock } from "../clock";
import { delayAfter } from "./throttle";

/*
 * Two app nodes on one database and one manual clock: the per-account delay is read and written
 * by both, and time moves without a test sleeping.
 */
const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
const env = {
  SIGN_IN_FREE_FAILURES: "3",
  SIGN_IN_DELAY_BASE: "30",
  SIGN_IN_DELAY_MAX: "240",
  // The per-address limit stays out of the way: every attempt below comes from its own address.
  AUTH_RATE_LIMIT_MAX: "1000",
};
let nodeA: TestApp;
let nodeB: TestApp;

beforeAll(async () => {
  nodeA = await createTestApp(env, { clock });
  nodeB = await createTestApp(env, { clock });
});
afterAll(async () => {
  await nodeA.close();
  await nodeB.close();
});

const seconds = (n: number) => n * 1000;

describe("the delay", () => {
  it("doubles after the free failures and stops at the cap", () => {
    const rules = { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 900_000, forgetAfterMs: 1 };
    expect([1, 4, 5, 6, 7, 8, 9, 10, 50, 10_000].map((n) => delayAfter(n, rules) / 1000)).toEqual([
      0, 0, 30, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });
});

describe("sign-in throttled per account, across nodes and addresses", () => {
  it("delays an account after its free failures whatever node and address the tries come from", async () => {
    const { email, password } = await signUp(nodeA.app);
    // Three wrong passwords from three addresses, on alternating nodes: all checked.
    for (const app of [nodeA.app, nodeB.app, nodeA.app]) {
      expect((await signIn(app, email, "uma senha errada")).statusCode).toBe(401);
    }
    // Now even the right password, from a fourth address on the other node, waits.
    const held = await signIn(nodeB.app, email, password);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({
      code: "sign-in-delayed",
      message:
        'Houve muitas tentativas erradas com este e-mail. Aguarde alguns minutos e tente de novo, ou crie uma nova senha em "Esqueci minha senha".',
      requestId: held.headers["x-request-id"],
    });
    expect(held.headers["retry-after"]).toBe("30");
    expect(held.headers["set-cookie"]).toBeUndefined();

    clock.advance(seconds(29));
    expect((await signIn(nodeA.app, email, password)).statusCode).toBe(429);
    clock.advance(seconds(1));
    // The delay is over: one more wrong try, and the next delay is twice as long.
    expect((await signIn(nodeA.app, email, "outra senha errada")).statusCode).toBe(401);
    const longer = await signIn(nodeB.app, email, password);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers["retry-after"]).toBe("60");
    clock.advance(seconds(60));
    // The right password gets in, and the account starts afresh.
    expect((await signIn(nodeB.app, email, password)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signIn(nodeA.app, email, "errada")).statusCode).toBe(401);
    expect((await signIn(nodeA.app, email, password)).statusCode).toBe(200);
  });

  it("never keeps the owner out longer than the cap, however many tries an attacker makes", async () => {
    const { email, password } = await signUp(nodeA.app);
    let waits: string[] = [];
    for (let round = 0; round < 10; round++) {
      expect((await signIn(nodeA.app, email, "chute do atacante")).statusCode).toBe(401);
      const blocked = await signIn(nodeB.app, email, "chute do atacante");
      if (blocked.statusCode === 429) {
        waits.push(String(blocked.headers["retry-after"]));
        clock.advance(seconds(Number(blocked.headers["retry-after"])));
      }
    }
    waits = waits.slice(-3);
    expect(waits).toEqual(["240", "240", "240"]);
    // Attempts refused during a delay did not make it longer, and the owner gets in after it.
    expect((await signIn(nodeB.app, email, password)).statusCode).toBe(200);
  });

  it("treats an e-mail without an account the same (no hint that it has none)", async () => {
    const email = uniqueEmail("fantasma");
    for (let i = 0; i < 3; i++) expect((await signIn(nodeA.app, email, GOOD_PASSWORD)).statusCode).toBe(401);
    const held = await signIn(nodeB.app, email, GOOD_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(held.json().code).toBe("sign-in-delayed");
    clock.advance(seconds(30));
  });

  it("is lifted by a password reset: whoever reads the mailbox is the owner", async () => {
    const { email } = await signUp(nodeA.app);
    for (let i = 0; i < 3; i++) await signIn(nodeA.app, email, "errada de novo");
    expect((await signIn(nodeA.app, email, GOOD_PASSWORD)).statusCode).toBe(429);
    expect((await post(nodeB.app, "/api/auth/request-password-reset", { email })).statusCode).toBe(200);
    // The link as e-mailed (the database keeps its token only hashed, decision 036).
    const link = (await outboxLinksFor(email)).find((l) => l.includes("/password/reset?token=")) ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    const newPassword = "Rede na varanda de Olinda 7";
    expect((await post(nodeB.app, "/api/auth/reset-password", { token, newPassword })).statusCode).toBe(200);
    expect((await signIn(nodeA.app, email, newPassword)).statusCode).toBe(200);
  });

  it("forgets failures a day after the last one", async () => {
    const { email, password } = await signUp(nodeA.app);
    for (let i = 0; i < 2; i++) await signIn(nodeA.app, email, "quase lá");
    clock.advance(seconds(24 * 60 * 60 + 1));
    // Two old failures no longer count: two new ones are still free.
    for (let i = 0; i < 2; i++) expect((await signIn(nodeB.app, email, "quase lá")).statusCode).toBe(401);
    expect((await signIn(nodeB.app, email, password)).statusCode).toBe(200);
  });
});
