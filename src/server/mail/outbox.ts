import { randomUUID } from "node:crypto";
import type pg from "pg";
import { withTransaction } from "../db/client";
import type { JobQueue } from "../jobs/queue";
import type { Language } from "../plugins/error-handler";
import { MAIL_JOBS } from "./jobs";
import type { Mailer } from "./mailer";
import { type MailSeal, mailSeal } from "./sealed";
import { type MailContent, type MailNotice, noticeMail } from "./templates";

type Queryable = Pick<pg.PoolClient, "query">;

/** The outbox's queue name (declared in ./jobs.ts), for scripts that read pg-boss's tables. */
export const MAIL_QUEUE = MAIL_JOBS.send.name;

/** A notice's e-mail: its words, or how to word it in the recipient's language (decision 048). */
export type WordedNotice = MailNotice | ((language: Language) => MailNotice);
const wordedIn = (n: WordedNotice, language: Language) => (typeof n === "function" ? n(language) : n);

/** The recipient's address, first name's source and language (pt-BR unless they use English). */
const RECIPIENT = `SELECT u.id, u.email, coalesce(p.nome_completo, u.name) AS name, coalesce(s.language, 'pt-BR') AS language
  FROM users u LEFT JOIN profiles p ON p.user_id = u.id LEFT JOIN notification_settings s ON s.user_id = u.id`;

/**
 * Every e-mail goes through here: `queue()` records it in the caller's transaction with its
 * `mail.send` job, and the job sends it once (retried while SMTP fails). Nothing is ever sent
 * inside a request or after a commit that could be lost.
 */
export class MailOutbox {
  /** Deliveries by this node since it started (/metrics): accepted by the mailer, or failed (retried). */
  readonly deliveries = { sent: 0, failed: 0 };
  /** Seals what each message says with a key derived from AUTH_SECRET (decision 036). */
  readonly seal: MailSeal;

  constructor(
    private readonly pool: pg.Pool,
    private readonly mailer: Mailer,
    private readonly jobs: JobQueue,
    private readonly log: { info(o: unknown, m: string): void },
    /** The installation's AUTH_SECRET: every node has it, the database does not. */
    secret: string,
  ) {
    this.seal = mailSeal(secret);
    jobs.define<{ id: string }>({
      name: MAIL_JOBS.send,
      // SMTP may be down for a while: about a day of tries, the delay doubling from the first.
      retryLimit: 14,
      concurrency: 2,
      handler: ({ id }) => this.deliver(id),
    });
  }

  /**
   * The language of the account with this e-mail (confirmed), for a message sent by address; pt-BR
   * for anyone without one (a guarantor or witness invited by e-mail).
   */
  async languageOf(c: Queryable, email: string): Promise<Language> {
    const { rows } = await c.query<{ language: Language }>(
      `SELECT s.language FROM users u JOIN notification_settings s ON s.user_id = u.id
        WHERE lower(u.email) = lower($1) AND u.email_verified`,
      [email],
    );
    return rows[0]?.language ?? "pt-BR";
  }

  /** Records `content` for `to` in transaction `c`; it is sent after the commit, by a job. */
  async queue(c: Queryable, to: string, content: MailContent): Promise<string> {
    const id = randomUUID();
    await c.query("INSERT INTO mail_outbox (id, recipient, sealed) VALUES ($1, $2, $3)", [
      id,
      to,
      this.seal.seal(content),
    ]);
    await this.jobs.send(c, MAIL_JOBS.send, { id });
    return id;
  }

  /**
   * Queues a notice for a user by id, greeted by the first name of their profile (or account) in
   * their language, in transaction `c`. A user who no longer exists gets nothing.
   */
  async queueNotice(
    c: Queryable,
    userId: string,
    notice: WordedNotice,
    headers?: Record<string, string>,
  ): Promise<void> {
    const { rows } = await c.query<{ email: string; name: string; language: Language }>(
      `${RECIPIENT} WHERE u.id = $1`,
      [userId],
    );
    const user = rows[0];
    if (user)
      await this.queue(c, user.email, {
        ...noticeMail({
          name: user.name.split(" ")[0] ?? user.name,
          language: user.language,
          ...wordedIn(notice, user.language),
        }),
        headers: headers ?? null,
      });
  }

  /**
   * Queues many notices in transaction `c` with a handful of statements whatever their number (a
   * daily digest goes to many people at the same hour). A user who no longer exists gets nothing.
   */
  async queueNotices(
    c: Queryable,
    notices: {
      userId: string;
      notice: WordedNotice;
      headers?: Record<string, string>;
    }[],
  ): Promise<number> {
    if (notices.length === 0) return 0;
    const { rows } = await c.query<{ id: string; email: string; name: string; language: Language }>(
      `${RECIPIENT} WHERE u.id = ANY($1::text[])`,
      [[...new Set(notices.map((n) => n.userId))]],
    );
    const users = new Map(rows.map((r) => [r.id, r]));
    const mails = notices.flatMap((n) => {
      const user = users.get(n.userId);
      if (!user) return [];
      const content = noticeMail({
        name: user.name.split(" ")[0] ?? user.name,
        language: user.language,
        ...wordedIn(n.notice, user.language),
      });
      return [
        {
          id: randomUUID(),
          recipient: user.email,
          sealed: this.seal.seal({ ...content, headers: n.headers ?? null }),
        },
      ];
    });
    await c.query(
      `INSERT INTO mail_outbox (id, recipient, sealed)
         SELECT id, recipient, sealed FROM jsonb_to_recordset($1::jsonb) AS m(id uuid, recipient text, sealed text)`,
      [JSON.stringify(mails)],
    );
    await this.jobs.sendMany(
      c,
      MAIL_JOBS.send,
      mails.map((m) => ({ id: m.id })),
    );
    return mails.length;
  }

  /**
   * An account deleted (decision 022): the e-mails kept for it (their addresses and words) go, and
   * so do the copies the outbox mailer wrote for it under DATA_DIR/outbox (decision 036).
   */
  async forgetRecipient(c: Queryable, email: string): Promise<void> {
    await c.query("DELETE FROM mail_outbox WHERE lower(recipient) = lower($1)", [email]);
    await this.mailer.forget(email);
  }

  /**
   * Retention (decision 036): the sealed words of a message sent before `bodyCutoff` are wiped
   * (so is a message still in clear from before the seal, once sent); a message sent (or given
   * up) before `cutoff` is deleted, row and all, with the outbox folder's copies. Returns the
   * rows deleted.
   */
  async prune(cutoff: Date, bodyCutoff: Date): Promise<number> {
    await this.pool.query(
      `UPDATE mail_outbox SET sealed = NULL, subject = NULL, text = NULL, html = NULL, links = NULL, headers = NULL
         WHERE sent_at IS NOT NULL
           AND ((sealed IS NOT NULL AND sent_at < $1) OR text IS NOT NULL OR html IS NOT NULL OR links IS NOT NULL)`,
      [bodyCutoff],
    );
    const { rowCount } = await this.pool.query(
      "DELETE FROM mail_outbox WHERE created_at < $1 AND coalesce(sent_at, created_at) < $1",
      [cutoff],
    );
    await this.mailer.prune(cutoff);
    return rowCount ?? 0;
  }

  /** Records and queues one e-mail in a transaction of its own (for work that has none, such as a reset link). */
  send(to: string, content: MailContent): Promise<string> {
    return withTransaction(this.pool, (c) => this.queue(c, to, content));
  }

  /** Sends one recorded message unless it was sent already; throws (to be retried) when it fails. */
  async deliver(id: string): Promise<void> {
    let sentNow = false;
    const failure = await withTransaction(this.pool, async (c) => {
      // The row lock keeps a second copy of the job (a retry racing a slow first try) waiting.
      const { rows } = await c.query<{
        recipient: string;
        sealed: string | null;
        subject: string | null;
        text: string | null;
        html: string | null;
        links: string[] | null;
        headers: Record<string, string> | null;
        sent_at: Date | null;
      }>(
        "SELECT recipient, sealed, subject, text, html, links, headers, sent_at FROM mail_outbox WHERE id = $1 FOR UPDATE",
        [id],
      );
      const mail = rows[0];
      if (!mail || mail.sent_at) return null;
      try {
        const content: MailContent = mail.sealed
          ? this.seal.open(mail.sealed)
          : // A message queued before decision 036, still in clear.
            {
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: mail.html ?? "",
              links: mail.links ?? [],
              headers: mail.headers,
            };
        await this.mailer.sendMail(mail.recipient, content, { messageId: `${id}@chave` });
      } catch (err) {
        // An SMTP refusal often quotes the address: the error logged and kept in the job's history
        // names the outbox id instead (decision 036: no address outlives an erasure in a log).
        const address = new RegExp(mail.recipient.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
        const message = String((err as Error).message ?? err).replace(address, "<destinatário>");
        await c.query("UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1", [
          id,
          message.slice(0, 500),
        ]);
        return new Error(`e-mail ${id} not sent: ${message}`);
      }
      // A message from before decision 036 loses its words in clear once sent.
      await c.query(
        `UPDATE mail_outbox SET attempts = attempts + 1, sent_at = now(),
           subject = NULL, text = NULL, html = NULL, links = NULL, headers = NULL WHERE id = $1`,
        [id],
      );
      sentNow = true;
      return null;
    });
    // Counted once committed: a message whose "sent" was not recorded will be tried again.
    if (sentNow) this.deliveries.sent++;
    if (failure) {
      this.deliveries.failed++;
      this.log.info({ id }, "e-mail not sent yet; it will be retried");
      throw failure;
    }
  }
}
