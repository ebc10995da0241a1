import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Builders, builders } from "../../../tests/support/builders";
import { outboxFor } from "../../../tests/support/mail";
import { createTestApp, post, type TestApp } from "../../../tests/support/test-app";
import { manualClock } from "../clock";

/*
 * Issue 28, item 2: an erased person's e-mail address stayed in the `.eml` files the outbox mailer
 * had written for them (and in its log lines, which now carry only the outbox id: mailer.test.ts).
 * Erasing the account removes those files too (LGPD art. 16 and 18, VI; decision 036).
 */

const START = new Date("2026-11-25T13:00:00Z");
const clock = manualClock(START);
let t: TestApp;
let b: Builders;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(() => t.close());

describe("erasure and the outbox folder", () => {
  it("removes the erased person's .eml files, and only theirs", async () => {
    const who = await b.person("Irene");
    const other = await b.person("Joel");
    // A few e-mails of the person's own: a reset link, then the deletion's notice.
    expect((await post(t.app, "/api/auth/request-password-reset", { email: who.email })).statusCode).toBe(
      200,
    );
    const asked = await b.call("POST", "/api/privacy/deletion", who.cookie, {
      senha: who.password,
      confirmacao: "EXCLUIR",
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.settle();
    expect((await outboxFor(t.dataDir, who.email)).length).toBeGreaterThanOrEqual(2);
    const othersBefore = (await outboxFor(t.dataDir, other.email)).length;
    expect(othersBefore).toBeGreaterThan(0);

    clock.set(new Date(START.getTime() + 7 * 86_400_000 + 60_000));
    expect(await t.app.accountDeletions.carryOut(who.userId)).toBe("done");
    await t.settle();

    expect(await outboxFor(t.dataDir, who.email)).toEqual([]);
    expect(await outboxFor(t.dataDir, other.email)).toHaveLength(othersBefore);
  });
});
