import { z } from "zod";
import { UFS, type Uf, UNIT_TYPES, type UnitType } from "../listing-names";
import { reaisToCentavos, toReais } from "../money";
import { MAX_MONEY, normalizeText, offerCard } from "./listings";

/*
 * What a person is looking for (saved searches), the offers they keep (favourites) and the notices
 * Chave gives them (issue 16). The matching rule is here, once: the server's SQL says the same
 * thing, and the property tests hold the two together.
 */

const centavos = z
  .number({ error: "invalid-price" })
  .int({ error: "invalid-price" })
  .min(0, { error: "invalid-price" })
  .max(MAX_MONEY, { error: "invalid-price" });

const atLeast = (max: number, code: string) =>
  z.number({ error: code }).int({ error: code }).min(0, { error: code }).max(max, { error: code });

const place = (code: string) =>
  z.string({ error: code }).trim().min(1, { error: code }).max(100, { error: code });

const isoDate = z.iso.date({ error: "invalid-date" });

/** The filters of a saved search. Empty lists and nulls mean "any". */
export const searchFilters = z
  .strictObject(
    {
      ufs: z
        .array(z.enum(UFS, { error: "invalid-uf" }))
        .max(UFS.length, { error: "invalid-uf" })
        .default([]),
      cidades: z.array(place("invalid-city")).max(20, { error: "invalid-city" }).default([]),
      bairros: z.array(place("invalid-bairro")).max(50, { error: "invalid-bairro" }).default([]),
      /** On the total pacote (rent, condomínio, IPTU, insurance), in centavos. */
      precoMin: centavos.nullable().default(null),
      precoMax: centavos.nullable().default(null),
      quartosMin: atLeast(50, "invalid-bedrooms").nullable().default(null),
      banheirosMin: atLeast(50, "invalid-bathrooms").nullable().default(null),
      vagasMin: atLeast(50, "invalid-parking").nullable().default(null),
      areaMin: atLeast(100_000, "invalid-area").nullable().default(null),
      tipos: z
        .array(z.enum(UNIT_TYPES, { error: "invalid-unit-type" }))
        .max(UNIT_TYPES.length, { error: "invalid-unit-type" })
        .default([]),
      /** true: only offers that accept pets. */
      pets: z.boolean({ error: "invalid-argument" }).default(false),
      /** null: either; true or false: only furnished, only unfurnished. */
      mobiliado: z.boolean({ error: "invalid-argument" }).nullable().default(null),
      /** The move-in window: an offer matches when it is available by `entradaAte`. */
      entradaDe: isoDate.nullable().default(null),
      entradaAte: isoDate.nullable().default(null),
      /** Free words: each must begin a word of the offer (as the home search's "q"). */
      palavras: z
        .string({ error: "invalid-argument" })
        .trim()
        .max(100, { error: "invalid-argument" })
        .default(""),
    },
    { error: "invalid-argument" },
  )
  .refine((f) => f.precoMin === null || f.precoMax === null || f.precoMin <= f.precoMax, {
    error: "invalid-price-range",
    path: ["precoMax"],
  })
  .refine((f) => f.entradaDe === null || f.entradaAte === null || f.entradaDe <= f.entradaAte, {
    error: "invalid-date-range",
    path: ["entradaAte"],
  });
export type SearchFilters = z.output<typeof searchFilters>;
export type SearchFiltersInput = z.input<typeof searchFilters>;

export const SAVED_SEARCHES_MAX = 20;

export const savedSearchInput = z.strictObject(
  {
    nome: z
      .string({ error: "invalid-search-name" })
      .trim()
      .min(1, { error: "invalid-search-name" })
      .max(60, { error: "invalid-search-name" }),
    filtros: searchFilters,
    /** false: paused (kept, never alerts). */
    ativa: z.boolean({ error: "invalid-argument" }).default(true),
  },
  { error: "invalid-argument" },
);
export type SavedSearchInput = z.input<typeof savedSearchInput>;
export type SavedSearchData = z.output<typeof savedSearchInput>;

export const savedSearchView = z.object({
  id: z.uuid(),
  nome: z.string(),
  filtros: z.object({
    ufs: z.array(z.enum(UFS)),
    cidades: z.array(z.string()),
    bairros: z.array(z.string()),
    precoMin: z.number().nullable(),
    precoMax: z.number().nullable(),
    quartosMin: z.number().nullable(),
    banheirosMin: z.number().nullable(),
    vagasMin: z.number().nullable(),
    areaMin: z.number().nullable(),
    tipos: z.array(z.enum(UNIT_TYPES)),
    pets: z.boolean(),
    mobiliado: z.boolean().nullable(),
    entradaDe: z.string().nullable(),
    entradaAte: z.string().nullable(),
    palavras: z.string(),
  }),
  ativa: z.boolean(),
  /** How many published offers match it now. */
  correspondencias: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearchView = z.infer<typeof savedSearchView>;

export const searchIdParams = z.strictObject({ id: z.uuid({ error: "not-found" }) });
export const offerIdParams = z.strictObject({ offerId: z.uuid({ error: "not-found" }) });

/** A favourite: the offer's card and where it stands now (a closed or rented one stays listed). */
export const favoriteView = z.object({
  offer: offerCard,
  status: z.enum(["rascunho", "publicada", "reservada", "alugada", "encerrada"]),
  savedAt: z.string(),
});
export type FavoriteView = z.infer<typeof favoriteView>;

export const NOTICE_KINDS = [
  "match",
  "price_drop",
  "proposal",
  "contract",
  "message",
  "rent",
  "lease",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * How a kind of notice reaches the person: in the app only, also by e-mail at once, also in a
 * daily e-mail digest, or not at all.
 */
export const NOTICE_CHANNELS = ["app", "email", "digest", "off"] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
/** Every kind has a choice; what a contract depends on is sent whatever the choice (below). */
export const CHOSEN_KINDS = NOTICE_KINDS;
export type ChosenKind = NoticeKind;
export type NoticeChannels = Record<NoticeKind, NoticeChannel>;
export const DEFAULT_CHANNELS: NoticeChannels = {
  match: "email",
  price_drop: "email",
  proposal: "email",
  contract: "email",
  message: "email",
  rent: "email",
  lease: "email",
};

/**
 * The notices a contract depends on, sent by e-mail (and shown in the bell) whatever the choice for
 * their kind: the personal signing link, the one-time signing code, a signature blocked after
 * wrong codes, and the reminders of a deadline about to pass (a proposal's answer, an envelope's
 * signatures). /preferences2 says so.
 */
export const ALWAYS_SENT = [
  "signing-link",
  "signing-code",
  "signer-blocked",
  "proposal-deadline",
  "signing-deadline",
] as const;

const channel = z.enum(NOTICE_CHANNELS, { error: "invalid-argument" });
export const notificationSettingsInput = z.strictObject(
  {
    // The kinds chosen for since the first version default to e-mail: a client that names only
    // the alerts keeps the others as they are sent by default.
    canais: z.strictObject(
      {
        match: channel,
        price_drop: channel,
        proposal: channel.default("email"),
        contract: channel.default("email"),
        message: channel.default("email"),
        rent: channel.default("email"),
        lease: channel.default("email"),
      },
      { error: "invalid-argument" },
    ),
    horaResumo: z
      .number({ error: "invalid-digest-hour" })
      .int({ error: "invalid-digest-hour" })
      .min(0, { error: "invalid-digest-hour" })
      .max(23, { error: "invalid-digest-hour" }),
  },
  { error: "invalid-argument" },
);
export type NotificationSettings = z.output<typeof notificationSettingsInput>;
export type NotificationSettingsInput = z.input<typeof notificationSettingsInput>;
export const notificationSettingsView = notificationSettingsInput;

/** The one-click unsubscribe link's query (RFC 8058): who, which kind, and its signature. */
export const unsubscribeQuery = z.strictObject({
  u: z.string({ error: "invalid-unsubscribe-link" }).min(1).max(100, { error: "invalid-unsubscribe-link" }),
  k: z.enum(CHOSEN_KINDS, { error: "invalid-unsubscribe-link" }),
  t: z
    .string({ error: "invalid-unsubscribe-link" })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: "invalid-unsubscribe-link" }),
});
export const unsubscribeResult = z.object({ kind: z.enum(CHOSEN_KINDS) });

export const noticeView = z.object({
  id: z.uuid(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  /** The screen it is about. */
  path: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NoticeView = z.infer<typeof noticeView>;

export const noticeList = z.object({ items: z.array(noticeView), unread: z.number().int() });
export type NoticeList = z.infer<typeof noticeList>;

export const noticeIdParams = z.strictObject({ id: z.uuid({ error: "not-found" }) });

/** One saved version of one's searches, with what changed from the version before it. */
export const preferenceVersion = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  /** What was done: created, edited, paused, resumed, deleted, restored. */
  action: z.string(),
  searches: z.array(
    z.object({ nome: z.string(), ativa: z.boolean(), filtros: savedSearchView.shape.filtros }),
  ),
  /** In pt-BR words: "Criou a busca “Perto do trabalho”", "Preço máximo: R$ 3.000,00 → R$ 2.500,00". */
  changes: z.array(z.string()),
});
export type PreferenceVersion = z.infer<typeof preferenceVersion>;

/** What the matching reads of an offer. */
export interface MatchableOffer {
  uf: Uf;
  cidade: string;
  bairro: string;
  total: number;
  quartos: number;
  banheiros: number;
  vagas: number;
  areaM2: number;
  tipo: UnitType;
  aceitaPets: boolean;
  mobiliado: boolean;
  /** YYYY-MM-DD */
  disponivelEm: string;
  /** The offer's words (tipo, place, descriptions), as the search indexes them. */
  text: string;
}

/** The words of a text as the search sees them: lower case, no accents, letters and digits. */
export function wordsOf(text: string): string[] {
  return normalizeText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Whether an offer fits a saved search: every filter given holds (places ignoring case and accents,
 * prices inclusive, each free word beginning a word of the offer).
 */
export function matchesSearch(o: MatchableOffer, f: SearchFilters): boolean {
  if (f.ufs.length > 0 && !f.ufs.includes(o.uf)) return false;
  if (f.cidades.length > 0 && !f.cidades.map(normalizeText).includes(normalizeText(o.cidade))) return false;
  if (f.bairros.length > 0 && !f.bairros.map(normalizeText).includes(normalizeText(o.bairro))) return false;
  if (f.precoMin !== null && o.total < f.precoMin) return false;
  if (f.precoMax !== null && o.total > f.precoMax) return false;
  if (f.quartosMin !== null && o.quartos < f.quartosMin) return false;
  if (f.banheirosMin !== null && o.banheiros < f.banheirosMin) return false;
  if (f.vagasMin !== null && o.vagas < f.vagasMin) return false;
  if (f.areaMin !== null && o.areaM2 < f.areaMin) return false;
  if (f.tipos.length > 0 && !f.tipos.includes(o.tipo)) return false;
  if (f.pets && !o.aceitaPets) return false;
  if (f.mobiliado !== null && o.mobiliado !== f.mobiliado) return false;
  if (f.entradaAte !== null && o.disponivelEm > f.entradaAte) return false;
  const words = wordsOf(o.text);
  return wordsOf(f.palavras).every((w) => words.some((x) => x.startsWith(w)));
}

/**
 * The home search's URL (its filters, prices in reais) as a saved search's filters: "Salvar esta
 * busca" starts from what is on the screen. The home search holds one place, one type.
 */
export function filtersFromHomeUrl(get: (key: string) => string | null): SearchFiltersInput {
  const text = (k: string) => get(k)?.trim() || null;
  const int = (k: string) => {
    const v = Number(get(k));
    return get(k) && Number.isInteger(v) && v >= 0 ? v : null;
  };
  const reais = (k: string) => {
    const v = Number(get(k));
    return get(k) && Number.isFinite(v) && v >= 0 ? reaisToCentavos(v) : null;
  };
  const uf = text("uf");
  const tipo = text("tipo");
  const bool = (k: string) =>
    get(k) === "true" || get(k) === "1" ? true : get(k) === "false" || get(k) === "0" ? false : null;
  return {
    ufs: uf && (UFS as readonly string[]).includes(uf) ? [uf as Uf] : [],
    cidades: text("cidade") ? [text("cidade") as string] : [],
    bairros: text("bairro") ? [text("bairro") as string] : [],
    precoMin: reais("precoMin"),
    precoMax: reais("precoMax"),
    quartosMin: int("quartos"),
    tipos: tipo && (UNIT_TYPES as readonly string[]).includes(tipo) ? [tipo as UnitType] : [],
    pets: bool("pets") === true,
    mobiliado: bool("mobiliado"),
    palavras: text("q") ?? "",
  };
}

/** A saved search as the home search's URL, to open it there (its first place and type). */
export function homeUrlOf(f: SearchFilters): string {
  const p = new URLSearchParams();
  const set = (k: string, v: string | number | null | undefined) => {
    if (v !== null && v !== undefined && v !== "") p.set(k, String(v));
  };
  set("uf", f.ufs[0]);
  set("cidade", f.cidades[0]);
  set("bairro", f.bairros[0]);
  set("precoMin", f.precoMin === null ? null : toReais(f.precoMin));
  set("precoMax", f.precoMax === null ? null : toReais(f.precoMax));
  set("quartos", f.quartosMin);
  set("tipo", f.tipos[0]);
  if (f.pets) set("pets", "true");
  set("mobiliado", f.mobiliado === null ? null : String(f.mobiliado));
  set("q", f.palavras);
  const qs = p.toString();
  return qs ? `/?${qs}` : "/";
}
