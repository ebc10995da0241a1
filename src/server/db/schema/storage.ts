import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { AcceptedType, DocumentKind } from "../../../shared/contracts/storage";
import { users } from "./auth";

/**
 * A finished, checked file. Its id is also its key in the object store (the tus upload id).
 * type and sha256 are the server's own findings from the bytes, never the client's claim.
 */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<DocumentKind>().notNull(),
    folder: text("folder").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").$type<AcceptedType>().notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    customMetadata: jsonb("custom_metadata").$type<Record<string, string>>().notNull().default({}),
    /**
     * The contract this file belongs to (its draft, its sealed PDF): set, nobody changes, replaces
     * or deletes it through the storage API, and the contract's own foreign keys (contracts.ts,
     * ON DELETE RESTRICT) keep any other path from deleting its row (decision 034). The owner is
     * still the landlord, for the listing and the quota.
     */
    contractId: uuid("contract_id"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    // Listing is by owner and folder, newest first, with (created_at, id) as the page key.
    index("documents_owner_folder_idx").on(t.ownerId, t.folder, t.createdAt.desc(), t.id.desc()),
    index("documents_owner_created_idx").on(t.ownerId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Who else may read a document, and why (a later issue writes these: a proposal's documents to
 * the offer's owner, a contract to its signers). Without a row, only the owner reaches it.
 */
export const documentShares = pgTable(
  "document_shares",
  {
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.userId] }), index("document_shares_user_idx").on(t.userId)],
);

/**
 * An upload in progress: who started it and what it will become. Its declared size counts
 * against the owner's quota until it completes (then the document counts) or is abandoned.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    size: bigint("size", { mode: "number" }).notNull(),
    kind: text("kind").$type<DocumentKind>().notNull(),
    folder: text("folder").notNull(),
    fileName: text("file_name").notNull(),
    replaces: uuid("replaces"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_owner_idx").on(t.ownerId), index("uploads_created_idx").on(t.createdAt)],
);

/**
 * Small key-value state that must be shared by every app node: the tus stores' upload records
 * (the file store's configstore, the S3 store's metadata cache), by namespace.
 */
export const kvStore = pgTable(
  "kv_store",
  {
    namespace: text("namespace").notNull(),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.namespace, t.key] })],
);

/** One WebP copy of a photo, at one width, as stored (decision 024). */
export interface StoredRendition {
  width: number;
  height: number;
  size: number;
  sha256: string;
  /** Its key in the object store (derived from the photo's id and its place in the list). */
  key: string;
}

/**
 * A unit photo made for the screen (decision 024): its size as shown (after its EXIF orientation),
 * a tiny blurred placeholder (a WebP data: URL) and its WebP renditions, narrowest first. Written
 * once, by the photos.renditions job, after every rendition is stored; until then there is no row
 * and the photo route serves the original.
 */
export const photoRenditions = pgTable("photo_renditions", {
  documentId: uuid("document_id")
    .primaryKey()
    .references(() => documents.id, { onDelete: "cascade" }),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  placeholder: text("placeholder").notNull(),
  renditions: jsonb("renditions").$type<StoredRendition[]>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
