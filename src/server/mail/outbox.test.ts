import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/support/free-port";
import { startSmtpServer, subjectOf } from "../../../tests/support/mail";
import { personWithProfile, proposalOf, publishedOfferOf } from "../../../tests/support/market";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;
let smtpPort: number;
let baseUrl: string;

beforeAll(async () => {
  smtpPort = await freePort();
  // SMTP is down when the proposal is sent: nothing listens on its port yet.
  t = await createTestApp({
    LOG_LEVEL: process.env.TEST_LOG ?? "silent",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    JOB_RETRY_DELAY_SECONDS: "1",
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe("the e-mail outbox", () => {
  it("keeps an e-mail that SMTP refused and sends it, once, when SMTP is back", async () => {
    const landlord = await personWithProfile(t.app, "Helena");
    const tenant = await personWithProfile(t.app, "Otávio");
    const offerId = await publishedOfferOf(t.app, baseUrl, landlord.cookie);
    // The proposal is sent whatever SMTP does: the e-mail waits in the outbox.
    expect(await proposalOf(t.app, tenant.cookie, offerId, "seguro_fianca")).toMatch(/^[0-9a-f-]{36}$/);
    const outbox = async () =>
      (
        await t.database.pool.query<{ attempts: number; sent_at: Date | null; last_error: string | null }>(
          // Only the proposal's notice (its words are sealed): the account's confirmation went before it.
          "SELECT attempts, sent_at, last_error FROM mail_outbox WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1",
          [landlord.email],
        )
      ).rows;
    for (let i = 0; ; i++) {
      const [row] = await outbox();
      if (row && row.attempts > 0) break;
      if (i > 400) throw new Error("the outbox never tried to send");
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await outbox()).toEqual([
      expect.objectContaining({ sent_at: null, last_error: expect.stringMatching(/ECONNREFUSED|connect/) }),
    ]);

    const smtp = await startSmtpServer(smtpPort);
    try {
      const mail = await smtp.waitFor(
        (m) => m.to.includes(landlord.email) && /^Nova proposta: /.test(subjectOf(m.raw)),
        20_000,
      );
      expect(subjectOf(mail.raw)).toMatch(/^Nova proposta: /);
      await t.settle();
      expect(
        smtp.received.filter(
          (m) => m.to.includes(landlord.email) && /^Nova proposta: /.test(subjectOf(m.raw)),
        ),
      ).toHaveLength(1);
      const [row] = await outbox();
      expect(row?.sent_at).toBeInstanceOf(Date);
      // Its Message-ID is the outbox row's: a copy re-sent after a crash is the same message.
      expect(mail.raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@chave>/im);
    } finally {
      await smtp.close();
    }
  });
});
