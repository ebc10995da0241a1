import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { OtherRepresentative, PowerInstrument } from "../../../shared/contracts/companies";
import type { Uf } from "../../../shared/listing-names";
import { users } from "./auth";

/**
 * A company (pessoa jurídica) an account acts for as landlord or tenant (issue 34, decision 058):
 * the account holder is a legal representative and signs for it, with any others the company's
 * acts require (outros_representantes). One row
 * per account and CNPJ: two partners may each register the company they both represent.
 */
export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey(),
    /** The account that registered it and signs for it. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 14 characters, letters upper case (numeric or alphanumeric, IN RFB 2.229/2024). */
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
    /** The account holder's office and the instrument that gives the power to sign. */
    cargo: text("cargo").notNull(),
    instrumento: text("instrumento").$type<PowerInstrument>().notNull(),
    documentoId: uuid("documento_id").notNull(),
    /** The Pix key the rent of its units is paid to (DICT's canonical form); null: the holder's. */
    pixKey: text("pix_key"),
    /** Who else signs for it, jointly (each by e-mailed link). */
    outrosRepresentantes: jsonb("outros_representantes").$type<OtherRepresentative[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("companies_user_cnpj_idx").on(t.userId, t.cnpj),
    index("companies_cnpj_idx").on(t.cnpj),
  ],
);
