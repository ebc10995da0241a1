import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulateRetention } from "../../../bench/retention";
import { outboxFor } from "../../../tests/support/mail";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { loadConfig } from "../config";
import { connectDatabase } from "../db/client";
import { JobQueue } from "../jobs/queue";
import { createMailer } from "../mail/mailer";
import { MailOutbox } from "../mail/outbox";
import { passwordResetMail } from "../mail/templates";
import { EXPORT_ROW_DAYS, Retention } from "./retention";

/*
 * Issue 28, item 2: everything that grows is deleted after the time the README states, by the
 * retention job. Its own database: pruning "a year from now" on the run's shared database would
 * delete other test files' rows.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("retention");
});
afterAll(async () => {
  await database?.drop();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("retention", () => {
  it("wipes a sent e-mail's sealed words after a day, then deletes it and its .eml copy after MAIL_RETENTION_DAYS", async () => {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-retention-"));
    const db = connectDatabase(database.url, { max: 2 });
    const pool = db.pool;
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const jobs = new JobQueue({ url: database.url, pool, log, schema: "jobs_retention_test", work: false });
    const mailer = createMailer({ from: "Chave <n@chave.local>", dataDir, log });
    const outbox = new MailOutbox(pool, mailer, jobs, log, "retention-test-secret-long-enough-0123456789");
    await jobs.start();
    try {
      const url = "http://localhost:3000/password/reset?token=segredo-de-teste-123";
      const content = passwordResetMail({ name: "Ana", url, minutes: 60 });
      const sent = await outbox.send("ana.retencao@exemplo.com.br", content);
      const waiting = await outbox.send("bia.retencao@exemplo.com.br", content);
      await outbox.deliver(sent);
      const row = async (id: string) =>
        (
          await pool.query<{ sealed: string | null; text: string | null }>(
            "SELECT sealed, text FROM mail_outbox WHERE id = $1",
            [id],
          )
        ).rows[0];
      // Sealed: the link is nowhere in the row.
      expect(JSON.stringify(await row(sent))).not.toContain("segredo-de-teste");
      expect(outbox.seal.open((await row(sent))?.sealed as string).links).toEqual([url]);
      expect(await outboxFor(dataDir, "ana.retencao@exemplo.com.br")).toHaveLength(1);

      const retention = new Retention({
        pool,
        db: db.db,
        outbox,
        jobs,
        policy: {
          mailDays: 7,
          mailBodyHours: 24,
          notificationDays: 180,
          rateLimitHours: 24,
          jobHistoryDays: 7,
        },
      });
      // Now (the database's time, as the schedule runs it), and within the day: kept whole.
      await retention.run();
      await retention.run(new Date(Date.now() + 23 * HOUR));
      expect((await row(sent))?.sealed).toMatch(/^v1\./);
      // A day on: the words go, the row (who, when) stays; the message not sent yet keeps its words.
      await retention.run(new Date(Date.now() + 25 * HOUR));
      expect(await row(sent)).toEqual({ sealed: null, text: null });
      expect((await row(waiting))?.sealed).toMatch(/^v1\./);
      // A week on: the rows and the outbox folder's copy go.
      await retention.run(new Date(Date.now() + 7 * DAY + HOUR));
      expect(await row(sent)).toBeUndefined();
      expect(await row(waiting)).toBeUndefined();
      expect(await outboxFor(dataDir, "ana.retencao@exemplo.com.br")).toEqual([]);
    } finally {
      await jobs.stop(1_000);
      await db.close();
      await fsp.rm(dataDir, { recursive: true, force: true });
    }
  });

  it("sends a message queued in clear before the seal, then wipes its words", async () => {
    const db = connectDatabase(database.url, { max: 2 });
    const pool = db.pool;
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const jobs = new JobQueue({ url: database.url, pool, log, schema: "jobs_retention_legacy", work: false });
    const got: { to: string; text: string }[] = [];
    const outbox = new MailOutbox(
      pool,
      {
        kind: "smtp",
        sendMail: async (to, c) => {
          got.push({ to, text: c.text });
        },
        forget: async () => 0,
        prune: async () => 0,
        close: () => undefined,
      },
      jobs,
      log,
      "retention-test-secret-long-enough-0123456789",
    );
    await jobs.start();
    try {
      const id = randomUUID();
      await pool.query(
        `INSERT INTO mail_outbox (id, recipient, subject, text, html, links) VALUES ($1, 'velha@exemplo.com.br', 'Assunto', 'Use o código 123456', '<p>x</p>', ARRAY['http://x/?token=antigo'])`,
        [id],
      );
      await outbox.deliver(id);
      expect(got).toEqual([{ to: "velha@exemplo.com.br", text: "Use o código 123456" }]);
      const { rows } = await pool.query(
        "SELECT subject, text, html, links, sealed FROM mail_outbox WHERE id = $1",
        [id],
      );
      expect(rows).toEqual([{ subject: null, text: null, html: null, links: null, sealed: null }]);
      await pool.query("DELETE FROM mail_outbox WHERE id = $1", [id]);
    } finally {
      await jobs.stop(1_000);
      await db.close();
    }
  });

  it("keeps no address in the error an SMTP refusal leaves in the outbox, the log and the job history", async () => {
    const db = connectDatabase(database.url, { max: 2 });
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const jobs = new JobQueue({
      url: database.url,
      pool: db.pool,
      log,
      schema: "jobs_retention_err",
      work: false,
    });
    const outbox = new MailOutbox(
      db.pool,
      {
        kind: "smtp",
        sendMail: async (to) => {
          throw new Error(
            `Can't send mail - all recipients were rejected: 550 5.1.1 <${to}>: Recipient address rejected`,
          );
        },
        forget: async () => 0,
        prune: async () => 0,
        close: () => undefined,
      },
      jobs,
      log,
      "retention-test-secret-long-enough-0123456789",
    );
    await jobs.start();
    try {
      const id = await outbox.send(
        "Recusada.Retencao@exemplo.com.br",
        passwordResetMail({ name: "R", url: "http://x/", minutes: 60 }),
      );
      const thrown = await outbox.deliver(id).then(
        () => null,
        (err: Error) => err.message,
      );
      expect(thrown).toMatch(/550 5\.1\.1 <<destinatário>>/);
      expect(thrown).toContain(id);
      const { rows } = await db.pool.query<{ last_error: string }>(
        "SELECT last_error FROM mail_outbox WHERE id = $1",
        [id],
      );
      expect(rows[0]?.last_error).not.toMatch(/recusada\.retencao/i);
      await db.pool.query("DELETE FROM mail_outbox WHERE id = $1", [id]);
    } finally {
      await jobs.stop(1_000);
      await db.close();
    }
  });

  it("keeps every growing table bounded over simulated months (bench/retention.ts)", async () => {
    const config = loadConfig({ DATA_DIR: "/nonexistent" });
    const days = 40;
    const run = await simulateRetention(database.url, { days, scale: 0.05 });
    const last = run.sizes.at(-1)?.rows ?? {};
    // Per day at scale 0.05: 15 e-mails, 20 notices, 100 addresses (2 counters each), 150 events.
    expect(last.mail_outbox).toBe(15 * config.MAIL_RETENTION_DAYS);
    expect(last.jobs).toBe(15 * config.JOB_HISTORY_DAYS);
    expect(last.rate_limits).toBe(200);
    expect(last.live_events).toBe(150 * config.LIVE_EVENTS_RETENTION_DAYS);
    expect(last.verifications).toBeLessThanOrEqual(3 * 2);
    expect(last.sign_in_throttle).toBeLessThanOrEqual(5 * 2);
    // Notices are kept NOTIFICATION_RETENTION_DAYS (180): within 40 days, all of them.
    expect(last.notifications).toBe(20 * days);
    expect(run.written.rate_limits).toBe(200 * days);
    // One finished export a day: a month of rows is kept, not the 40 days written.
    expect(run.written.data_exports).toBe(days);
    expect(last.data_exports).toBeGreaterThanOrEqual(EXPORT_ROW_DAYS - 1);
    expect(last.data_exports).toBeLessThanOrEqual(EXPORT_ROW_DAYS + 1);
  });
});
