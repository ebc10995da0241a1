import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxFor, resetLinkIn, subjectOf } from "../../../tests/support/mail";
import { createTestApp, post, signUp, type TestApp } from "../../../tests/support/test-app";
import { manualClock } from "../clock";

/*
 * "Your password was changed at …" says the time of the app's clock (the one every service reads),
 * not the machine's: with the clock set, the e-mail names that moment in Brasília's time.
 */

const clock = manualClock(new Date("2026-03-10T15:30:00Z"));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

async function changedMail(email: string) {
  await t.settle();
  const mail = (await outboxFor(t.dataDir, email)).find(
    (m) => subjectOf(m.raw) === "Chave: sua senha foi alterada",
  );
  if (!mail) throw new Error(`no 'senha alterada' e-mail for ${email}`);
  return mail.text;
}

describe("the 'senha alterada' e-mail's time", () => {
  it("is the clock's when the password is changed signed in", async () => {
    const { email, password, cookie } = await signUp(t.app);
    clock.set(new Date("2026-03-10T15:30:00Z"));
    const res = await post(
      t.app,
      "/api/auth/change-password",
      { currentPassword: password, newPassword: "Cajueiro florido em Natal 9" },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await changedMail(email)).toContain("foi alterada em 10/03/2026, 12:30:00 (horário de Brasília)");
  });

  it("is the clock's when the password is set by a reset link", async () => {
    const { email } = await signUp(t.app);
    expect((await post(t.app, "/api/auth/request-password-reset", { email })).statusCode).toBe(200);
    await t.settle();
    const resetMail = (await outboxFor(t.dataDir, email)).find(
      (m) => subjectOf(m.raw) === "Chave: crie uma nova senha",
    );
    const token = new URL(resetLinkIn(resetMail?.text ?? "")).searchParams.get("token");
    clock.set(new Date("2026-07-01T02:05:00Z"));
    const res = await post(t.app, "/api/auth/reset-password", {
      token,
      newPassword: "Mangueira carregada em Belém 7",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await changedMail(email)).toContain("foi alterada em 30/06/2026, 23:05:00 (horário de Brasília)");
  });
});
