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

/** A damage the landlord entered by hand (no exit inspection in Chave), as the settlement keeps it. */
export interface SettlementDamage {
  id: string;
  descricao: string;
  valor: number;
}

/** A line's contest: who, why, the value proposed, and the other party's answer. */
export interface SettlementContest {
  chave: string;
  por: "locador" | "locatario";
  motivo: string;
  valor: number;
  status: "aberta" | "aceita" | "recusada";
  resposta: string | null;
}

/**
 * A lease's settlement once a notice to leave is signed (issue 33 item 4): what the lines do not
 * compute by themselves — damages entered by hand, the lines' contests and their answers, who
 * agreed to which lines (their hash) — and the termo de rescisão once both agreed. The lines are
 * computed from the lease, its ledger, its exit inspection and the savings rates whenever read.
 */
export const leaseSettlements = pgTable("lease_settlements", {
  id: uuid("id").primaryKey(),
  leaseId: uuid("lease_id")
    .notNull()
    .unique()
    .references(() => contracts.id, { onDelete: "cascade" }),
  damages: jsonb("damages").$type<SettlementDamage[]>().notNull().default([]),
  contests: jsonb("contests").$type<SettlementContest[]>().notNull().default([]),
  /** The lines' hash each party agreed to (null: not agreed). */
  agreedLandlord: text("agreed_landlord"),
  agreedTenant: text("agreed_tenant"),
  /** The termo de rescisão e entrega de chaves, once both agreed. */
  documentId: uuid("document_id").references(() => contracts.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
});
