import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The transactional outbox: every e-mail is recorded here in the transaction of the change it
 * tells about, then sent by a `mail.send` job, which marks it sent (so a retried job does not send
 * it twice). Its id is the message's Message-ID, so a copy re-sent after a crash between the SMTP
 * answer and the mark is recognised as the same message by mail clients.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** The links the message carries, logged when mail goes to the outbox folder. */
    links: text("links").array().notNull().default([]),
    /** Extra headers (the one-click unsubscribe of RFC 8058), or null. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);
