import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * A person's answer about product analytics (issue 17, LGPD art. 8): every answer is kept, with
 * the version of the privacy policy it was given under and when; the newest is the one in force.
 */
export const consents = pgTable(
  "consents",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Product analytics (PostHog): true only after a "yes"; never pre-ticked. */
    analytics: boolean("analytics").notNull(),
    policyVersion: text("policy_version").notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consents_user_idx").on(t.userId, t.decidedAt.desc())],
);

/**
 * A person's data export (LGPD art. 18, II and V): prepared by a job into a zip in the object
 * store, downloaded once with a token (kept as its hash) within 24 hours, then removed.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** preparando → pronto → baixado | expirado; falhou after the job's last try. */
    status: text("status").$type<"preparando" | "pronto" | "baixado" | "expirado" | "falhou">().notNull(),
    /** 0–100, as the job goes through the person's records and files. */
    progress: integer("progress").notNull().default(0),
    size: bigint("size", { mode: "number" }),
    tokenHash: text("token_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("data_exports_user_idx").on(t.userId, t.createdAt.desc())],
);

/**
 * An account's deletion (LGPD art. 18, VI): asked with the password, carried out by a job after
 * the grace period unless the person signs in before. The row stays, as the record that it was done.
 */
export const accountDeletions = pgTable("account_deletions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  status: text("status").$type<"agendada" | "cancelada" | "concluida">().notNull(),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  doneAt: timestamp("done_at", { withTimezone: true }),
});

/** A person's own choices for how Chave looks that live on the server (the home's layout, /Config). */
export const accountSettings = pgTable("account_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** v1–v4, or null: the operator's HOME_LAYOUT. */
  homeLayout: text("home_layout").$type<"v1" | "v2" | "v3" | "v4">(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
