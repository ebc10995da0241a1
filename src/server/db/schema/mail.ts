import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The transactional outbox: every e-mail is recorded here in the transaction of the change it
 * tells about, then sent by a `mail.send` job, which marks it sent (so a retried job does not send
 * it twice). Its id is the message's Message-ID, so a copy re-sent after a crash between the SMTP
 * answer and the mark is recognised as the same message by mail clients.
 *
 * What the message says (its links carry tokens and codes) is only kept sealed with a key that is
 * not in the database (mail/sealed.ts, decision 036), and a row is deleted MAIL_RETENTION_DAYS
 * after it was sent (retention/retention.ts).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey(),
    recipient: text("recipient").notNull(),
    /** Subject, text, HTML, links and headers, sealed with AES-256-GCM (mail/sealed.ts). */
    sealed: text("sealed"),
    /**
     * Rows written before decision 036 held the message in clear in these columns: they are read
     * (to send a message still waiting) and wiped once sent; new rows leave them null.
     */
    subject: text("subject"),
    text: text("text"),
    html: text("html"),
    links: text("links").array(),
    headers: jsonb("headers").$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);
