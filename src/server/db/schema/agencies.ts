import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { AgencyRole } from "../../../shared/contracts/agencies";
import type { Uf } from "../../../shared/listing-names";
import { users } from "./auth";

/**
 * An imobiliária (issue 34, decision 059): a company with its CRECI whose members work within it
 * by role. One agency per CNPJ in an installation.
 */
export const agencies = pgTable(
  "agencies",
  {
    id: uuid("id").primaryKey(),
    cnpj: text("cnpj").notNull(),
    razaoSocial: text("razao_social").notNull(),
    nomeFantasia: text("nome_fantasia"),
    cep: text("cep").notNull(),
    logradouro: text("logradouro").notNull(),
    numero: text("numero").notNull(),
    complemento: text("complemento").notNull().default(""),
    bairro: text("bairro").notNull(),
    cidade: text("cidade").notNull(),
    uf: text("uf").$type<Uf>().notNull(),
    creciNumero: text("creci_numero").notNull(),
    creciUf: text("creci_uf").$type<Uf>().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("agencies_cnpj_idx").on(t.cnpj)],
);

/** Who works in an agency, and as what. */
export const agencyMembers = pgTable(
  "agency_members",
  {
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<AgencyRole>().notNull(),
    /** A corretor's own CRECI (individual). */
    creciNumero: text("creci_numero"),
    creciUf: text("creci_uf").$type<Uf>(),
    joinedAt: timestamp("joined_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("agency_members_pk_idx").on(t.agencyId, t.userId),
    index("agency_members_user_idx").on(t.userId),
  ],
);

/** An invitation to join, by e-mail: the person with that (confirmed) e-mail accepts it signed in. */
export const agencyInvitations = pgTable(
  "agency_invitations",
  {
    id: uuid("id").primaryKey(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<AgencyRole>().notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    // One open invitation per agency and e-mail: inviting again replaces it.
    uniqueIndex("agency_invitations_open_idx").on(t.agencyId, t.email),
    index("agency_invitations_email_idx").on(t.email),
  ],
);

/** What each member did (issue 34: every action records which member did it). */
export const agencyEvents = pgTable(
  "agency_events",
  {
    id: uuid("id").primaryKey(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** "convidou", "entrou", "mudou_papel", "removeu", "saiu", "editou_agencia", … */
    action: text("action").notNull(),
    /** What it was about: "membro:<userId>", "convite:<email>", "imovel:<id>". */
    subject: text("subject").notNull().default(""),
    detail: text("detail").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().default(sql`now()`),
  },
  (t) => [index("agency_events_agency_idx").on(t.agencyId, t.createdAt.desc())],
);
