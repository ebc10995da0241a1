import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type {
  InspectionContent,
  InspectionKind,
  InspectionStatus,
} from "../../../shared/contracts/inspections";
import type { PhotosArchive, StoredReviews } from "../../domains/inspections/rules";
import { users } from "./auth";
import { contracts } from "./contracts";

/**
 * An inspection report (laudo de vistoria, issue 31) of a lease: the entry one, and at the end the
 * exit one that starts from it. Its content is saved whole as it is filled, with a version that
 * refuses a save over a newer one; its laudo, once written, is a contract of kind "vistoria".
 */
export const inspections = pgTable(
  "inspections",
  {
    id: uuid("id").primaryKey(),
    /** The lease. */
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<InspectionKind>().notNull(),
    /** An exit report's entry report. */
    entryId: uuid("entry_id").references((): AnyPgColumn => inspections.id, { onDelete: "cascade" }),
    status: text("status").$type<InspectionStatus>().notNull().default("rascunho"),
    version: integer("version").notNull().default(0),
    content: jsonb("content").$type<InspectionContent>().notNull(),
    /** The tenant's word per item, and the landlord's answers. */
    reviews: jsonb("reviews").$type<StoredReviews>().notNull().default(sql`'{}'::jsonb`),
    reviewEndsAt: timestamp("review_ends_at", { withTimezone: true }),
    /** The review window ended without the tenant's word: agreement by silence, recorded as such. */
    tacit: boolean("tacit").notNull().default(false),
    /** The laudo to sign (a contracts row of kind "vistoria"). */
    documentContractId: uuid("document_contract_id").references((): AnyPgColumn => contracts.id, {
      onDelete: "set null",
    }),
    /**
     * The report's original photos as one zip, written when the laudo is: the object's key, its
     * SHA-256 (which the laudo states), its size and how many photos it holds.
     */
    photosArchive: jsonb("photos_archive").$type<PhotosArchive>(),
    /**
     * Whom the landlord invited to fill this report (an account's e-mail): they see and fill this
     * report only, while it is a draft, and never finish, answer or sign it.
     */
    inspectorEmail: text("inspector_email"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("inspections_contract_kind_idx").on(t.contractId, t.kind),
    index("inspections_review_ends_idx").on(t.reviewEndsAt).where(sql`status = 'revisao'`),
  ],
);

/** Every change to a report, with who and when: its history. */
export const inspectionEvents = pgTable(
  "inspection_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    inspectionId: uuid("inspection_id")
      .notNull()
      .references(() => inspections.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name when it happened ("Chave" for the window's end). */
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    detail: text("detail"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [index("inspection_events_inspection_idx").on(t.inspectionId, t.id)],
);
