import { sql } from "drizzle-orm";
import { bigint, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { AmendmentChanges, LeaseAmendmentView } from "../../../shared/contracts/lease";
import { contracts } from "./contracts";

/**
 * An amendment proposed on a signed lease (termo aditivo, issue 33): one party's change of terms,
 * answered by the other before `answer_by` — accepted (its document, a contract of kind "aditivo",
 * then goes to its signers), refused, countered (the counter is the next row, `counters` naming
 * this one), withdrawn, or lapsed. One open at a time per lease: the partial unique index is what
 * makes two proposals at the same moment, on two nodes, make one.
 */
export const leaseAmendments = pgTable(
  "lease_amendments",
  {
    id: uuid("id").primaryKey(),
    /** The order they were made in (the injected clock may give two the same instant). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    leaseId: uuid("lease_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    /** "locador" or "locatario". */
    proposedBy: text("proposed_by").notNull(),
    changes: jsonb("changes").$type<AmendmentChanges>().notNull(),
    /** The terms as they stood when proposed. */
    before: jsonb("before").$type<LeaseAmendmentView["antes"]>().notNull(),
    effective: date("effective", { mode: "string" }).notNull(),
    reason: text("reason").notNull(),
    /** aberta, aceita, recusada, contraproposta, retirada, expirada. */
    status: text("status").notNull().default("aberta"),
    answerBy: timestamp("answer_by", { withTimezone: true }).notNull(),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    counters: uuid("counters"),
    /** The termo aditivo, once accepted. */
    documentId: uuid("document_id").references(() => contracts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("lease_amendments_lease_idx").on(t.leaseId, t.createdAt),
    uniqueIndex("lease_amendments_one_open").on(t.leaseId).where(sql`status = 'aberta'`),
  ],
);
