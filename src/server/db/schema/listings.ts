import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { Guarantee, OfferStatus, READJUSTMENT_INDEXES } from "../../../shared/contracts/listings";
import type { Uf, UnitType } from "../../../shared/listing-names";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

import { users } from "./auth";
import { companies } from "./companies";

/** A property a landlord registers; its photos are document ids, in order (the first is the cover). */
export const units = pgTable(
  "units",
  {
    id: uuid("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The company the unit is let in the name of (issue 34); null: its owner, a person. */
    companyId: uuid("company_id").references(() => companies.id),
    tipo: text("tipo").$type<UnitType>().notNull(),
    cep: text("cep").notNull(),
    logradouro: text("logradouro").notNull(),
    numero: text("numero").notNull(),
    complemento: text("complemento").notNull().default(""),
    bairro: text("bairro").notNull(),
    cidade: text("cidade").notNull(),
    uf: text("uf").$type<Uf>().notNull(),
    areaM2: integer("area_m2").notNull(),
    quartos: integer("quartos").notNull(),
    banheiros: integer("banheiros").notNull(),
    vagas: integer("vagas").notNull(),
    mobiliado: boolean("mobiliado").notNull(),
    aceitaPets: boolean("aceita_pets").notNull(),
    /** A furnished unit's furniture and fittings, as the lease lists them (null: none given). */
    inventario: text("inventario"),
    descricao: text("descricao").notNull().default(""),
    matricula: text("matricula").notNull().default(""),
    fotos: uuid("fotos").array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    index("units_owner_idx").on(t.ownerId, t.createdAt.desc()),
    // Which unit shows a photo: the photo route asks it on every image.
    index("units_fotos_idx").using("gin", t.fotos),
  ],
);

/**
 * A rental offer for a unit. The unit's searchable fields are copied here (and kept in step when
 * the unit changes) so that the search reads one table through indexes made for it.
 */
export const offers = pgTable(
  "offers",
  {
    id: uuid("id").primaryKey(),
    unitId: uuid("unit_id")
      .notNull()
      .references(() => units.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<OfferStatus>().notNull().default("rascunho"),
    aluguel: bigint("aluguel", { mode: "number" }).notNull(),
    condominio: bigint("condominio", { mode: "number" }).notNull().default(0),
    iptu: bigint("iptu", { mode: "number" }).notNull().default(0),
    seguroIncendio: bigint("seguro_incendio", { mode: "number" }).notNull().default(0),
    total: bigint("total", { mode: "number" }).notNull(),
    garantias: text("garantias").array().$type<Guarantee[]>().notNull(),
    caucaoMeses: integer("caucao_meses"),
    prazoMeses: integer("prazo_meses").notNull().default(30),
    reajuste: text("reajuste").$type<(typeof READJUSTMENT_INDEXES)[number]>().notNull().default("IGP-M"),
    disponivelEm: date("disponivel_em", { mode: "string" }).notNull(),
    descricao: text("descricao").notNull().default(""),
    publishedAt: timestamp("published_at", { withTimezone: true, precision: 6 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    // Copied from the unit for the search.
    tipo: text("tipo").$type<UnitType>().notNull(),
    uf: text("uf").$type<Uf>().notNull(),
    cidade: text("cidade").notNull(),
    bairro: text("bairro").notNull(),
    cidadeNorm: text("cidade_norm").notNull(),
    bairroNorm: text("bairro_norm").notNull(),
    quartos: integer("quartos").notNull(),
    banheiros: integer("banheiros").notNull(),
    vagas: integer("vagas").notNull(),
    areaM2: integer("area_m2").notNull(),
    mobiliado: boolean("mobiliado").notNull(),
    aceitaPets: boolean("aceita_pets").notNull(),
    capa: uuid("capa"),
    /** Lower case, no accents: tipo, bairro, cidade, UF and both descriptions, for the free text. */
    searchText: text("search_text").notNull(),
    /** Its words, for the free-text search (prefixes of whole words, with real selectivity estimates). */
    searchTsv: tsvector("search_tsv")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`),
  },
  (t) => {
    const published = sql`status = 'publicada'`;
    return [
      index("offers_unit_idx").on(t.unitId),
      index("offers_owner_idx").on(t.ownerId),
      index("offers_pub_total_idx").on(t.total, t.id).where(published),
      index("offers_pub_recent_idx").on(t.publishedAt.desc(), t.id.desc()).where(published),
      index("offers_pub_city_total_idx").on(t.uf, t.cidadeNorm, t.total, t.id).where(published),
      index("offers_pub_city_recent_idx")
        .on(t.uf, t.cidadeNorm, t.publishedAt.desc(), t.id.desc())
        .where(published),
      index("offers_pub_bairro_total_idx").on(t.bairroNorm, t.total, t.id).where(published),
      index("offers_pub_bairro_recent_idx")
        .on(t.bairroNorm, t.publishedAt.desc(), t.id.desc())
        .where(published),
      index("offers_pub_text_idx").using("gin", t.searchTsv).where(published),
      // The table's column sorts (rent, bedrooms, area), each way: without them a page of the whole
      // search sorted by one is a scan of every published offer (tens of ms on 100,000, not one).
      index("offers_pub_aluguel_idx").on(t.aluguel, t.id).where(published),
      index("offers_pub_quartos_idx").on(t.quartos, t.id).where(published),
      index("offers_pub_area_idx").on(t.areaM2, t.id).where(published),
      // Trigrams of the place names (pg_trgm, migration 0014): a place typed with a slip ("Sao
      // Paolo") is suggested by similarity when no name starts with it.
      index("offers_pub_cidade_trgm_idx").using("gin", t.cidadeNorm.op("gin_trgm_ops")).where(published),
      index("offers_pub_bairro_trgm_idx").using("gin", t.bairroNorm.op("gin_trgm_ops")).where(published),
    ];
  },
);
