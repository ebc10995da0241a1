import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
import type { ContractStatus, SignerRole, SignerStatus } from "../../../shared/contracts/contracts";
import type { StoredContractData } from "../../domains/contracts/template";
import { users } from "./auth";
import { offers } from "./listings";
import { proposals } from "./proposals";
import { documents } from "./storage";

/**
 * The lease contract of an approved proposal: its data snapshot, the generated PDF, and once
 * everyone has signed, the sealed PDF.
 */
export const contracts = pgTable(
  "contracts",
  {
    id: uuid("id").primaryKey(),
    numero: text("numero").notNull().unique(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    landlordId: text("landlord_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * What is signed (decision 047): "locacao", the lease, or a later document's kind (its template
     * in domains/contracts/documents/). `data` holds the lease's parties and terms either way.
     */
    kind: text("kind").notNull().default("locacao"),
    /** The lease a later document (a receipt, an amendment) belongs to; null for the lease itself. */
    parentId: uuid("parent_id").references((): AnyPgColumn => contracts.id, { onDelete: "cascade" }),
    /** rascunho (the landlord reviews) → enviado (signing) → assinado; recusado, cancelado. */
    status: text("status").$type<ContractStatus>().notNull().default("rascunho"),
    provider: text("provider").notNull().default("builtin"),
    sequential: boolean("sequential").notNull().default(false),
    /** The terms and parties as drafted (and the witnesses named since), and the parties' e-mails. */
    data: jsonb("data").$type<StoredContractData>().notNull(),
    // A file a contract names cannot be deleted while the contract exists (decision 034).
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "restrict" }),
    sha256: text("sha256"),
    sealedDocumentId: uuid("sealed_document_id").references(() => documents.id, { onDelete: "restrict" }),
    sealedSha256: text("sealed_sha256"),
    providerRef: text("provider_ref"),
    /**
     * Set when the seal job failed for good: the parties were told, and the contracts.reseal
     * schedule sends the job again once this time has come (cleared then, set again on the next
     * failure), so a seal never stays "selando" silently.
     */
    sealRetryAt: timestamp("seal_retry_at", { withTimezone: true }),
    sealFailures: integer("seal_failures").notNull().default(0),
    /**
     * A draft still waiting for the landlord's review at this time gets one reminder (the
     * contracts.review-remind schedule), and the field is cleared: at most one per contract.
     */
    reviewRemindAt: timestamp("review_remind_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    // One lease per proposal; the documents that belong to it share its proposal.
    uniqueIndex("contracts_proposal_idx").on(t.proposalId).where(sql`parent_id IS NULL`),
    index("contracts_parent_idx").on(t.parentId),
    index("contracts_landlord_idx").on(t.landlordId),
    index("contracts_tenant_idx").on(t.tenantId),
    // The public verification finds a contract by the SHA-256 of an uploaded file (decision 033).
    index("contracts_sealed_sha256_idx").on(t.sealedSha256),
  ],
);

/** A party who signs: by an e-mailed link (its token kept only as a hash) and a one-time code. */
export const contractSigners = pgTable(
  "contract_signers",
  {
    id: uuid("id").primaryKey(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    role: text("role").$type<SignerRole>().notNull(),
    position: integer("position").notNull(),
    nome: text("nome").notNull(),
    cpf: text("cpf").notNull(),
    email: text("email").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash"),
    status: text("status").$type<SignerStatus>().notNull().default("pendente"),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeAttempts: integer("code_attempts").notNull().default(0),
    /** Wrong codes over the envelope's whole life (never reset by a new code); 10 block the signer. */
    codeFailures: integer("code_failures").notNull().default(0),
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    codeVerifiedAt: timestamp("code_verified_at", { withTimezone: true }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    refusedReason: text("refused_reason"),
    signatureImage: text("signature_image"),
    providerRef: text("provider_ref"),
  },
  (t) => [
    index("contract_signers_contract_idx").on(t.contractId, t.position),
    uniqueIndex("contract_signers_token_idx").on(t.tokenHash).where(sql`token_hash IS NOT NULL`),
  ],
);

/** The audit trail: every event with time, IP, user agent and the document's hash at that moment. */
export const contractEvents = pgTable(
  "contract_events",
  {
    id: uuid("id").primaryKey(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    signerId: uuid("signer_id").references(() => contractSigners.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    detail: text("detail"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    documentSha256: text("document_sha256"),
    /** Provider events already handled (webhook idempotency). */
    externalId: text("external_id").unique(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [index("contract_events_contract_idx").on(t.contractId, t.createdAt)],
);
