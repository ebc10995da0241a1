import { sql } from "drizzle-orm";
import {
  bigint,
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
import type { Guarantee } from "../../../shared/contracts/listings";
import type { GENDERS, MARITAL_STATUSES, OCCUPATIONS } from "../../../shared/contracts/profile";
import type {
  Cotenant,
  Guarantor,
  ProposalEventView,
  ProposalStatus,
} from "../../../shared/contracts/proposals";
import type { DocumentKind } from "../../../shared/contracts/storage";
import type { Uf } from "../../../shared/listing-names";
import type { Party } from "../../../shared/proposal-machine";
import { users } from "./auth";
import { companies } from "./companies";
import { offers } from "./listings";

/** The personal data a lease contract needs to qualify a party; one row per user. */
export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  nomeCompleto: text("nome_completo"),
  cpf: text("cpf").unique(),
  rg: text("rg"),
  /** The RG's issuing body and state ("SSP/SP"); null on profiles saved before it was asked. */
  rgOrgaoEmissor: text("rg_orgao_emissor"),
  /** How the contract's words agree with the person ("a LOCADORA", "casado"); null = not said. */
  genero: text("genero").$type<(typeof GENDERS)[number]>(),
  dataNascimento: date("data_nascimento", { mode: "string" }),
  estadoCivil: text("estado_civil").$type<(typeof MARITAL_STATUSES)[number]>(),
  profissao: text("profissao"),
  nacionalidade: text("nacionalidade"),
  telefone: text("telefone"),
  cep: text("cep"),
  logradouro: text("logradouro"),
  numero: text("numero"),
  complemento: text("complemento"),
  bairro: text("bairro"),
  cidade: text("cidade"),
  uf: text("uf").$type<Uf>(),
  rendaMensal: bigint("renda_mensal", { mode: "number" }),
  ocupacao: text("ocupacao").$type<(typeof OCCUPATIONS)[number]>(),
  /** The landlord's Pix key (DICT's canonical form): the static BR Code of each rent charge pays it. */
  pixKey: text("pix_key"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A tenant's proposal for an offer, and its negotiation: the current terms, whose turn it is
 * and by when. landlord_id is the offer's owner, copied so that inboxes need no join.
 */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey(),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    landlordId: text("landlord_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The company the tenant proposes in the name of (issue 34); null: the tenant, a person. */
    companyId: uuid("company_id").references(() => companies.id),
    status: text("status").$type<ProposalStatus>().notNull(),
    /** Whose move it is; null once the proposal is final. */
    turn: text("turn").$type<Party>(),
    deadline: timestamp("deadline", { withTimezone: true }),
    aluguel: bigint("aluguel", { mode: "number" }).notNull(),
    dataEntrada: date("data_entrada", { mode: "string" }).notNull(),
    prazoMeses: integer("prazo_meses").notNull(),
    garantia: text("garantia").$type<Guarantee>().notNull(),
    /** Months of rent the caução is worth (art. 38: at most 3); null unless the guarantee is caução. */
    caucaoMeses: integer("caucao_meses"),
    /** The guarantor the tenant names (nome, cpf, email, parentesco) when the guarantee is fiador. */
    fiador: jsonb("fiador").$type<Guarantor>(),
    /** CPFs of guarantors the landlord asked the tenant to replace: they may not come back. */
    fiadoresRecusados: text("fiadores_recusados").array().notNull().default(sql`'{}'::text[]`),
    moradores: integer("moradores").notNull(),
    pets: boolean("pets").notNull(),
    renda: bigint("renda", { mode: "number" }).notNull(),
    cotenants: jsonb("cotenants").$type<Cotenant[]>().notNull().default([]),
    documentos: uuid("documentos").array().notNull().default(sql`'{}'::uuid[]`),
    documentosSolicitados: text("documentos_solicitados")
      .array()
      .$type<DocumentKind[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    mensagem: text("mensagem").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    index("proposals_tenant_idx").on(t.tenantId, t.updatedAt.desc()),
    index("proposals_landlord_idx").on(t.landlordId, t.updatedAt.desc()),
    index("proposals_offer_idx").on(t.offerId),
    index("proposals_deadline_idx")
      .on(t.deadline)
      .where(sql`status IN ('enviada', 'contraproposta', 'documentos_solicitados')`),
    // One open proposal per person per offer, and one approved proposal per offer, whatever races.
    uniqueIndex("proposals_one_open_idx")
      .on(t.offerId, t.tenantId)
      .where(sql`status IN ('enviada', 'contraproposta', 'documentos_solicitados')`),
    uniqueIndex("proposals_one_approved_idx").on(t.offerId).where(sql`status = 'aprovada'`),
  ],
);

/** What happened to a proposal, by whom, and what changed: its timeline. */
export const proposalEvents = pgTable(
  "proposal_events",
  {
    id: uuid("id").primaryKey(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    actor: text("actor").$type<ProposalEventView["actor"]>().notNull(),
    type: text("type").notNull(),
    /** What a step changed: field → [before, after]. */
    changes: jsonb("changes").$type<NonNullable<ProposalEventView["changes"]>>(),
    detail: text("detail"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [index("proposal_events_proposal_idx").on(t.proposalId, t.createdAt)],
);
