import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
