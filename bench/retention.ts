/**
 * `npm run bench:retention`: a year of traffic in a couple of minutes, on a fresh database (on
 * TEST_DATABASE_URL's server when set, else an embedded PostgreSQL), with an injected clock: every
 * simulated day writes what a busy installation writes (e-mails with their jobs, notices, rate-limit
 * counters of new client addresses, reset links, failed sign-ins, live events, data exports), then
 * the retention job runs as the hourly schedule would (decision 036). Prints the size of every table
 * that grows along the year: they level off instead of growing with it (a finished data export's
 * row after EXPORT_ROW_DAYS; its zip after 24 h, privacy.exports-expire).
 *
 * RETENTION_DAYS (default 365) and RETENTION_SCALE (default 1: 300 e-mails, 400 notices, 2,000
 * new addresses, 3,000 live events a day) tune the run.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { manualClock } from "../src/server/clock";
import { loadConfig } from "../src/server/config";
import { connectDatabase } from "../src/server/db/client";
import { JobQueue } from "../src/server/jobs/queue";
import type { Mailer } from "../src/server/mail/mailer";
import { MAIL_QUEUE, MailOutbox } from "../src/server/mail/outbox";
import { passwordResetMail } from "../src/server/mail/templates";
import { Retention, retentionPolicy } from "../src/server/retention/retention";
import { createTestDatabase } from "../tests/support/test-database";

const DAY = 86_400_000;

export interface RetentionRun {
  /** Rows of each table after each printed day, and the rows the year wrote in all. */
  sizes: { day: number; rows: Record<string, number>; bytes: number }[];
  written: Record<string, number>;
  seconds: number;
}

const TABLES = [
  "mail_outbox",
  "notifications",
  "rate_limits",
  "verifications",
  "sign_in_throttle",
  "live_events",
  "data_exports",
  "jobs",
] as const;

/** Runs `days` simulated days on the migrated database at `url`; `report` sees each printed day. */
export async function simulateRetention(
  url: string,
  opts: { days?: number; scale?: number; report?: (line: string) => void } = {},
): Promise<RetentionRun> {
  const days = opts.days ?? 365;
  const scale = opts.scale ?? 1;
  const perDay = {
    mails: Math.round(300 * scale),
    notices: Math.round(400 * scale),
    addresses: Math.round(2_000 * scale),
    resets: Math.round(50 * scale),
    failedSignIns: Math.round(100 * scale),
    liveEvents: Math.round(3_000 * scale),
    exports: Math.max(1, Math.round(5 * scale)),
  };
  // The defaults a fresh installation runs with.
  const config = loadConfig({ DATA_DIR: "/nonexistent" });
  const start = new Date(Date.now() - days * DAY);
  const clock = manualClock(start);
  const database = connectDatabase(url, { max: 4 });
  const { pool } = database;
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const schema = "jobs_retention";
  const jobs = new JobQueue({ url, pool, log, schema, work: false, historyDays: config.JOB_HISTORY_DAYS });
  // Nothing is sent: a sent message is marked sent, as the mail job does.
  const mailer: Mailer = {
    kind: "smtp",
    sendMail: async () => undefined,
    forget: async () => 0,
    prune: async () => 0,
    close: () => undefined,
  };
  const outbox = new MailOutbox(pool, mailer, jobs, log, randomBytes(32).toString("base64url"));
  await jobs.start();
  const retention = new Retention({
    pool,
    db: database.db,
    outbox,
    jobs,
    policy: retentionPolicy(config),
  });
  const began = Date.now();
  const written: Record<string, number> = Object.fromEntries(TABLES.map((t) => [t, 0]));
  const sizes: RetentionRun["sizes"] = [];
  try {
    // The people the year's notices and events are for.
    const users = Array.from({ length: 200 }, () => randomUUID());
    await pool.query(
      `INSERT INTO users (id, name, email, email_verified)
         SELECT id, 'Pessoa da simulação', 'sim-' || id || '@exemplo.com.br', true FROM unnest($1::text[]) AS id`,
      [users],
    );
    const content = passwordResetMail({
      name: "Ana",
      url: `https://chave.exemplo.com.br/password/reset?token=${randomBytes(18).toString("base64url")}`,
      minutes: 60,
    });
    const printAt = new Set([1, 7, 30, 90, 180, 270, days]);
    for (let day = 1; day <= days; day++) {
      const now = new Date(start.getTime() + day * DAY);
      clock.set(now);
      const c = await pool.connect();
      try {
        await c.query("BEGIN");
        // E-mails: queued and sealed as the outbox does, sent a minute later, their jobs completed.
        const mails = Array.from({ length: perDay.mails }, () => ({
          id: randomUUID(),
          recipient: `sim-${randomBytes(4).toString("hex")}@exemplo.com.br`,
          sealed: outbox.seal.seal(content),
        }));
        await c.query(
          `INSERT INTO mail_outbox (id, recipient, sealed, attempts, created_at, sent_at)
             SELECT id, recipient, sealed, 1, $2, $2::timestamptz + interval '1 minute'
               FROM jsonb_to_recordset($1::jsonb) AS m(id uuid, recipient text, sealed text)`,
          [JSON.stringify(mails), now],
        );
        await jobs.sendMany(
          c,
          MAIL_QUEUE,
          mails.map((m) => ({ id: m.id })),
        );
        await c.query(
          `UPDATE "${schema}".job SET state = 'completed', started_on = $1, completed_on = $1
            WHERE name = $2 AND state = 'created'`,
          [now, MAIL_QUEUE],
        );
        await c.query(
          `INSERT INTO notifications (id, user_id, kind, title, body, path, dedupe, created_at)
             SELECT gen_random_uuid(), ($1::text[])[1 + (i % array_length($1::text[], 1))], 'proposta',
                    'Nova proposta', 'Uma proposta chegou.', '/Propostas', 'sim-' || gen_random_uuid(), $2
               FROM generate_series(1, $3) AS i`,
          [users, now, perDay.notices],
        );
        // Each new client address gets a counter per rule it touched.
        await c.query(
          `INSERT INTO rate_limits (id, key, count, last_request)
             SELECT gen_random_uuid()::text, '10.' || $1::int || '.' || (i / 256) || '.' || (i % 256) || r, 3, $2
               FROM generate_series(1, $3) AS i, unnest(ARRAY['/sign-in/email', '/sign-up/email']) AS r`,
          [day, now.getTime(), perDay.addresses],
        );
        await c.query(
          `INSERT INTO verifications (id, identifier, value, expires_at, created_at, updated_at)
             SELECT gen_random_uuid()::text, md5(random()::text) || md5(random()::text), 'sim', $1::timestamptz + interval '1 hour', $1, $1
               FROM generate_series(1, $2)`,
          [now, perDay.resets],
        );
        await c.query(
          `INSERT INTO sign_in_throttle (email_hash, failures, last_failure_at, blocked_until)
             SELECT md5(random()::text) || md5(random()::text), 3, $1, $1::timestamptz + interval '1 minute'
               FROM generate_series(1, $2)`,
          [now, perDay.failedSignIns],
        );
        await c.query(
          `INSERT INTO live_events (user_id, type, paths, data, created_at)
             SELECT ($1::text[])[1 + (i % array_length($1::text[], 1))], 'proposal.changed',
                    '["/api/proposals"]'::jsonb, '{}'::jsonb, $2
               FROM generate_series(1, $3) AS i`,
          [users, now, perDay.liveEvents],
        );
        await c.query(
          `INSERT INTO data_exports (id, user_id, status, progress, size, created_at, updated_at, expires_at)
             SELECT gen_random_uuid(), ($1::text[])[1 + (i % array_length($1::text[], 1))], 'expirado', 100,
                    5000000, $2, $2::timestamptz + interval '1 day', $2::timestamptz + interval '1 day'
               FROM generate_series(1, $3) AS i`,
          [users, now, perDay.exports],
        );
        await c.query("COMMIT");
      } catch (err) {
        await c.query("ROLLBACK");
        throw err;
      } finally {
        c.release();
      }
      written.mail_outbox = (written.mail_outbox ?? 0) + perDay.mails;
      written.jobs = (written.jobs ?? 0) + perDay.mails;
      written.notifications = (written.notifications ?? 0) + perDay.notices;
      written.rate_limits = (written.rate_limits ?? 0) + perDay.addresses * 2;
      written.verifications = (written.verifications ?? 0) + perDay.resets;
      written.sign_in_throttle = (written.sign_in_throttle ?? 0) + perDay.failedSignIns;
      written.live_events = (written.live_events ?? 0) + perDay.liveEvents;
      written.data_exports = (written.data_exports ?? 0) + perDay.exports;

      // The day's runs of the schedules, at the simulated time: retention.prune, and live.prune
      // (LiveHub.prune's statement, on this clock instead of the database's).
      await retention.run(new Date(now.getTime() + DAY - 60_000));
      await pool.query("DELETE FROM live_events WHERE created_at < $1", [
        new Date(now.getTime() + DAY - config.LIVE_EVENTS_RETENTION_DAYS * DAY),
      ]);

      // What autovacuum does many times in a real day (a simulated day lasts a fraction of a
      // second): the space of deleted rows is made reusable, so sizes level off as rows do.
      await pool.query(
        `VACUUM mail_outbox, notifications, rate_limits, verifications, sign_in_throttle, live_events, data_exports, "${schema}".job, "${schema}".archive`,
      );

      if (printAt.has(day)) {
        const { rows } = await pool.query<{ name: string; n: number; bytes: string }>(
          `SELECT t AS name, (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %s', q), false, true, '')))[1]::text::int AS n,
                  pg_total_relation_size(q::regclass)::text AS bytes
             FROM unnest($1::text[], $2::text[]) AS x(t, q)`,
          [[...TABLES], TABLES.map((t) => (t === "jobs" ? `"${schema}".job` : t))],
        );
        const archive = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}".archive`);
        const counts = Object.fromEntries(rows.map((r) => [r.name, r.n]));
        counts.jobs = (counts.jobs ?? 0) + (archive.rows[0]?.n ?? 0);
        const bytes = rows.reduce((a, r) => a + Number(r.bytes), 0);
        sizes.push({ day, rows: counts, bytes });
        opts.report?.(
          `  day ${String(day).padStart(3)}: ${TABLES.map((t) => `${t} ${(counts[t] ?? 0).toLocaleString("en")}`).join(", ")} (${(bytes / 1e6).toFixed(1)} MB)`,
        );
      }
    }
  } finally {
    await jobs.stop(1_000);
    await database.close();
  }
  return { sizes, written, seconds: (Date.now() - began) / 1000 };
}

async function main() {
  const database = await createTestDatabase("retention_bench");
  try {
    const days = Number(process.env.RETENTION_DAYS ?? 365);
    const scale = Number(process.env.RETENTION_SCALE ?? 1);
    console.log(`Retention: ${days} simulated days on a fresh database (${database.mode})`);
    const run = await simulateRetention(database.url, { days, scale, report: (l) => console.log(l) });
    console.log(
      `  written over the run: ${TABLES.map((t) => `${t} ${(run.written[t] ?? 0).toLocaleString("en")}`).join(", ")}`,
    );
    console.log(`  ${run.seconds.toFixed(1)} s`);
  } finally {
    await database.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
