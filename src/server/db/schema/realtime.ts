import { sql } from "drizzle-orm";
import { bigserial, customType, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { MessageAttachment } from "../../../shared/contracts/messages";
import { users } from "./auth";
import { proposals } from "./proposals";

/** A 64-bit transaction id (PostgreSQL 13+), read as its decimal text: it never wraps around. */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/**
 * What a user may see happen, kept so that a client reconnecting with Last-Event-ID gets what it
 * missed. Each row is for one user; `paths` are the API paths whose reads it makes stale.
 *
 * `id` is taken at insert, but transactions commit in any order, so ids say nothing of what a
 * client has seen (decision 035). `xid` is the writing transaction's, and `horizon` the oldest
 * transaction still running when the event was written: every event of a transaction older than
 * it had committed (and been announced) before this one. A reconnecting client replays from the
 * horizon of the last event it got, by `xid`, and drops the few it already has by `id`.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    paths: jsonb("paths").notNull(),
    data: jsonb("data").notNull(),
    xid: xid8("xid").notNull().default(sql`pg_current_xact_id()`),
    horizon: xid8("horizon").notNull().default(sql`pg_snapshot_xmin(pg_current_snapshot())`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("live_events_user_xid_idx").on(t.userId, t.xid),
    index("live_events_created_idx").on(t.createdAt),
  ],
);

/** A message in the conversation of a proposal, between its landlord and its tenant. */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    /** Document ids from the storage module, shared with the recipient. */
    attachments: jsonb("attachments").$type<MessageAttachment[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When the unread-message e-mail went out, so it goes once. */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [
    index("messages_thread_idx").on(t.proposalId, t.createdAt),
    index("messages_unread_idx").on(t.recipientId, t.readAt),
  ],
);
