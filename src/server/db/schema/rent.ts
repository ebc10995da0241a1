import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ChargeLine, ChargeStatus, PixMode } from "../../../shared/contracts/rent";
import type { IndexMonth } from "../../../shared/rent/adjustment";
import { users } from "./auth";
import { contracts } from "./contracts";
import { documents } from "./storage";

/**
 * One month's charge of a signed lease (issue 32): the period it pays (rent is paid in arrears,
 * "até o dia N de cada mês seguinte ao vencido"), its due date, its lines in centavos and how it
 * is paid. One per lease and month: the unique index is what makes the daily generation safe to
 * run twice, on two nodes, or again after a crash.
 */
export const rentCharges = pgTable(
  "rent_charges",
  {
    id: uuid("id").primaryKey(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    /** The period's place in the lease, from 1. */
    seq: integer("seq").notNull(),
    /** The month it pays, YYYY-MM. */
    competencia: text("competencia").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    /** The due date, moved to the next business day (Código Civil art. 132 §1). */
    dueDate: date("due_date", { mode: "string" }).notNull(),
    lines: jsonb("lines").$type<ChargeLine[]>().notNull(),
    /** The lines' sum: what is due on the due date, before any late fee. */
    amount: integer("amount").notNull(),
    status: text("status").$type<ChargeStatus>().notNull().default("aberta"),
    /** How it is paid: a static BR Code from the landlord's key, or a PSP's charge with a due date. */
    pixMode: text("pix_mode").$type<PixMode>().notNull(),
    /** The Pix transaction id: 25 characters for a static BR Code, 26–35 for a PSP's cobv. */
    txid: text("txid").notNull().unique(),
    /** The PSP's charge, once registered: its payload location (a dynamic BR Code). */
    pspLocation: text("psp_location"),
    pspRegisteredAt: timestamp("psp_registered_at", { withTimezone: true }),
    /** The tenant's proof of payment (a document of theirs, shared with the landlord). */
    proofDocumentId: uuid("proof_document_id").references(() => documents.id, { onDelete: "set null" }),
    proofAt: timestamp("proof_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The receipt (a contracts row of kind "recibo"), written when the charge is paid in full. */
    receiptContractId: uuid("receipt_contract_id").references(() => contracts.id, { onDelete: "set null" }),
    /**
     * The settlement's balance when the lease ended (issue 33; its termo de rescisão): one per lease,
     * in the month after the last one charged.
     */
    final: boolean("final").notNull().default(false),
    /** Which reminders went out ("antes", "dia", "atraso-1", …): each once. */
    reminders: text("reminders").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rent_charges_month_idx").on(t.contractId, t.competencia),
    index("rent_charges_open_due_idx").on(t.dueDate).where(sql`status = 'aberta'`),
    uniqueIndex("rent_charges_final_idx").on(t.contractId).where(sql`final`),
  ],
);

/**
 * Money received for a charge: confirmed by the landlord ("recebi") or reported by the PSP's
 * webhook. A PSP's payment is kept once by its end-to-end id, however often the webhook comes.
 * The late fees are fixed here, as they were on the day paid.
 */
export const rentPayments = pgTable(
  "rent_payments",
  {
    id: uuid("id").primaryKey(),
    chargeId: uuid("charge_id")
      .notNull()
      .references(() => rentCharges.id, { onDelete: "cascade" }),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    /** What was received. */
    amount: integer("amount").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    diasAtraso: integer("dias_atraso").notNull().default(0),
    multa: integer("multa").notNull().default(0),
    juros: integer("juros").notNull().default(0),
    /** The landlord forgave the late fees of a late payment. */
    waived: boolean("waived").notNull().default(false),
    method: text("method").$type<"confirmado" | "psp">().notNull(),
    endToEndId: text("end_to_end_id").unique(),
    confirmedBy: text("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [index("rent_payments_contract_idx").on(t.contractId, t.paidOn)],
);

/**
 * The yearly adjustment of a lease's rent (Lei 8.245 art. 17, Lei 10.192/2001 art. 2 §1): the
 * index's published months, their accumulated variation and the rent before and after. Announced
 * ahead of the anniversary; the charges of the days from it use the new rent.
 */
export const rentAdjustments = pgTable(
  "rent_adjustments",
  {
    id: uuid("id").primaryKey(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    anniversary: date("anniversary", { mode: "string" }).notNull(),
    indice: text("indice").notNull(),
    months: jsonb("months").$type<IndexMonth[]>().notNull(),
    percentual: text("percentual").notNull(),
    rentBefore: integer("rent_before").notNull(),
    rentAfter: integer("rent_after").notNull(),
    /** False when the accumulated index was negative and the rent was kept (the lease says so). */
    applied: boolean("applied").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("rent_adjustments_lease_idx").on(t.contractId, t.anniversary)],
);
