import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { NoticeChannels, NoticeKind, SearchFilters } from "../../../shared/contracts/preferences";
import type { Uf, UnitType } from "../../../shared/listing-names";
import { users } from "./auth";
import { offers } from "./listings";

/**
 * A saved search (issue 16). `filtros` is what the person chose, as the API shows it; the columns
 * after it are the same filters in the form the matching reads (decision 021): places lower case
 * without accents, words split, and `match_keys`, the inverted index an offer is looked up by.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nome: text("nome").notNull(),
    filtros: jsonb("filtros").$type<SearchFilters>().notNull(),
    ativa: boolean("ativa").notNull().default(true),
    /** "c:<cidade>" for each city, else "u:<UF>" for each UF, else "*": an offer's keys meet one. */
    matchKeys: text("match_keys").array().notNull(),
    ufs: text("ufs").array().$type<Uf[]>().notNull(),
    cidadesNorm: text("cidades_norm").array().notNull(),
    bairrosNorm: text("bairros_norm").array().notNull(),
    precoMin: bigint("preco_min", { mode: "number" }),
    precoMax: bigint("preco_max", { mode: "number" }),
    quartosMin: integer("quartos_min"),
    banheirosMin: integer("banheiros_min"),
    vagasMin: integer("vagas_min"),
    areaMin: integer("area_min"),
    tipos: text("tipos").array().$type<UnitType[]>().notNull(),
    pets: boolean("pets").notNull(),
    mobiliado: boolean("mobiliado"),
    entradaAte: date("entrada_ate", { mode: "string" }),
    /** The free words, normalised; each must begin a word of the offer. */
    palavras: text("palavras").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    index("saved_searches_keys_idx").using("gin", t.matchKeys).where(sql`${t.ativa}`),
  ],
);

/** Each offer a saved search has alerted about: never twice. */
export const searchAlerts = pgTable(
  "search_alerts",
  {
    searchId: uuid("search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.offerId] }), index("search_alerts_offer_idx").on(t.offerId)],
);

/** The offers a person keeps an eye on. */
export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.offerId] }), index("favorites_offer_idx").on(t.offerId)],
);

/** A notice in the app (the bell): one per thing that happened, at most once (`dedupe`). */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NoticeKind>().notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    path: text("path").notNull(),
    /**
     * The notice as data (decision 048): `notices.<text_key>` in the locales with `params`, rendered
     * in the reader's language when read. Null on rows written before, whose title and body are read
     * as they are; title and body keep the pt-BR words (the data export's copy).
     */
    textKey: text("text_key"),
    params: jsonb("params").$type<{ params?: Record<string, unknown>; context?: string }>(),
    dedupe: text("dedupe").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When it went by e-mail (at once or in a digest); null: not (yet). */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_idx").on(t.userId, t.dedupe),
    index("notifications_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/** Every saved version of a person's searches: what /PreferencesHist shows and restores. */
export const preferenceVersions = pgTable(
  "preference_versions",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    snapshot: jsonb("snapshot").$type<{ nome: string; ativa: boolean; filtros: SearchFilters }[]>().notNull(),
    /** The notification settings at that version (null on versions saved before they existed). */
    settings: jsonb("settings").$type<{ canais: NoticeChannels; horaResumo: number }>(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [index("preference_versions_user_idx").on(t.userId, t.createdAt.desc())],
);

/** How each person is told each kind of notice (/preferences2); no row: the defaults. */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  canais: jsonb("canais").$type<NoticeChannels>().notNull(),
  /** The hour (0–23, Brasília time) the daily digest goes out. */
  horaResumo: integer("hora_resumo").notNull().default(8),
  /** The language the person uses the app in (its requests' Accept-Language): e-mails and digests. */
  language: text("language").$type<"pt-BR" | "en">().notNull().default("pt-BR"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
