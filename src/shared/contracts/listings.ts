import { z } from "zod";
import { UFS, UNIT_TYPES } from "../listing-names";

/*
 * Units, rental offers and the search: the shapes the API and the screens share. Money is in
 * integer centavos everywhere; messages are error codes of src/shared/errors.ts.
 */

export const GUARANTEES = ["fiador", "seguro_fianca", "caucao", "titulo_capitalizacao"] as const;
export type Guarantee = (typeof GUARANTEES)[number];

export const READJUSTMENT_INDEXES = ["IGP-M", "IPCA"] as const;

export const OFFER_STATUSES = ["rascunho", "publicada", "reservada", "alugada", "encerrada"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Statuses in which an offer is seen by anyone, not only its owner. */
export const PUBLIC_STATUSES: readonly OfferStatus[] = ["publicada", "reservada", "alugada"];
/** Statuses that keep a unit from being deleted. */
export const ACTIVE_STATUSES: readonly OfferStatus[] = ["publicada", "reservada", "alugada"];
/** Statuses in which the owner may still change the terms. */
export const EDITABLE_STATUSES: readonly OfferStatus[] = ["rascunho", "publicada"];

export const MAX_UNIT_PHOTOS = 20;
export const MAX_MONEY = 100_000_000_00; // R$ 100 milhões, in centavos
export const PRAZO_MIN = 1;
export const PRAZO_MAX = 120;
export const PRAZO_DEFAULT = 30;
export const CAUCAO_MAX_MONTHS = 3;

/** Lower case without accents, single spaces: how cities, bairros and free text are compared. */
export function normalizeText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** "01310-100" or "01310100" → "01310100". */
export function cleanCep(value: string): string {
  return value.replace(/\D/g, "");
}

export function formatCep(value: string): string {
  const d = cleanCep(value);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : value;
}

const text = (max: number, code: string) =>
  z.string({ error: code }).trim().min(1, { error: code }).max(max, { error: code });

const count = (code: string, max = 50) =>
  z.number({ error: code }).int({ error: code }).min(0, { error: code }).max(max, { error: code });

/** A Brazilian street address: a unit's, and a person's in their profile. */
export const addressFields = {
  cep: z
    .string({ error: "invalid-cep" })
    .max(20, { error: "invalid-cep" })
    .transform(cleanCep)
    .refine((v) => /^\d{8}$/.test(v) && v !== "00000000", { error: "invalid-cep" }),
  logradouro: text(200, "invalid-street"),
  numero: z
    .string({ error: "invalid-number" })
    .max(20, { error: "invalid-number" })
    .trim()
    .regex(/^(\d{1,6}[A-Za-z]?|s\/n|S\/N)$/, { error: "invalid-number" }),
  complemento: z.string().trim().max(100, { error: "invalid-complement" }).optional().default(""),
  bairro: text(100, "invalid-bairro"),
  cidade: text(100, "invalid-city"),
  uf: z.enum(UFS, { error: "invalid-uf" }),
};

/** A Brazilian street address as the API shows it (a unit's; a person's in their profile). */
export const addressViewFields = {
  cep: z.string(),
  logradouro: z.string(),
  numero: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.enum(UFS),
};

/** Months of rent a caução is worth (art. 38 of Lei 8.245: at most 3). */
export const depositMonthsField = z
  .number({ error: "invalid-deposit" })
  .int({ error: "invalid-deposit" })
  .min(1, { error: "invalid-deposit" })
  .max(CAUCAO_MAX_MONTHS, { error: "deposit-too-high" });

/** The most characters a unit's inventory of furniture and fittings may have. */
export const INVENTORY_MAX = 2000;

export const unitInput = z.strictObject({
  /** Let in the name of one of one's companies (issue 34); null or absent: in one's own. */
  empresaId: z
    .uuid({ error: "invalid-company" })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  tipo: z.enum(UNIT_TYPES, { error: "invalid-unit-type" }),
  ...addressFields,
  areaM2: z
    .number({ error: "invalid-area" })
    .int({ error: "invalid-area" })
    .min(1, { error: "invalid-area" })
    .max(100_000, { error: "invalid-area" }),
  quartos: count("invalid-bedrooms"),
  banheiros: count("invalid-bathrooms"),
  vagas: count("invalid-parking"),
  mobiliado: z.boolean({ error: "invalid-argument" }),
  aceitaPets: z.boolean({ error: "invalid-argument" }),
  /** A furnished unit's furniture and fittings, printed in its lease ("" when none is given). */
  inventario: z
    .string({ error: "invalid-argument" })
    .trim()
    .max(INVENTORY_MAX, { error: "inventory-too-long" })
    .optional()
    .default(""),
  descricao: z.string().trim().max(5000, { error: "description-too-long" }).optional().default(""),
  matricula: z.string().trim().max(50, { error: "invalid-registry" }).optional().default(""),
  /** Document ids of the photos, in order; the first is the cover. */
  fotos: z
    .array(z.uuid({ error: "invalid-photo" }), { error: "invalid-photo" })
    .max(MAX_UNIT_PHOTOS, { error: "too-many-photos" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "invalid-photo" })
    .default([]),
});
export type UnitInput = z.input<typeof unitInput>;
export type UnitData = z.output<typeof unitInput>;

export const unitView = z.object({
  id: z.uuid(),
  /** The company it is let in the name of, or null. */
  empresaId: z.string().nullable(),
  tipo: z.enum(UNIT_TYPES),
  ...addressViewFields,
  areaM2: z.number(),
  quartos: z.number(),
  banheiros: z.number(),
  vagas: z.number(),
  mobiliado: z.boolean(),
  aceitaPets: z.boolean(),
  inventario: z.string(),
  descricao: z.string(),
  matricula: z.string(),
  fotos: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  ofertas: z.array(z.object({ id: z.uuid(), status: z.enum(OFFER_STATUSES), total: z.number() })),
});
export type UnitView = z.infer<typeof unitView>;

const money = (code: string) =>
  z.number({ error: code }).int({ error: code }).min(0, { error: code }).max(MAX_MONEY, { error: code });

const offerFields = z.strictObject({
  aluguel: money("invalid-rent").refine((v) => v >= 100, { error: "invalid-rent" }),
  condominio: money("invalid-fee").default(0),
  iptu: money("invalid-fee").default(0),
  seguroIncendio: money("invalid-fee").default(0),
  garantias: z
    .array(z.enum(GUARANTEES, { error: "invalid-guarantee" }), { error: "guarantee-required" })
    .min(1, { error: "guarantee-required" })
    .refine((g) => new Set(g).size === g.length, { error: "invalid-guarantee" }),
  /** Months of rent the caução is worth, when caução is accepted. */
  caucaoMeses: depositMonthsField.nullable().default(null),
  prazoMeses: z
    .number({ error: "invalid-term" })
    .int({ error: "invalid-term" })
    .min(PRAZO_MIN, { error: "invalid-term" })
    .max(PRAZO_MAX, { error: "invalid-term" })
    .default(PRAZO_DEFAULT),
  reajuste: z.enum(READJUSTMENT_INDEXES, { error: "invalid-index" }).default("IGP-M"),
  disponivelEm: z.iso.date({ error: "invalid-date" }),
  descricao: z.string().trim().max(5000, { error: "description-too-long" }).optional().default(""),
});

function caucaoRule<T extends { garantias?: Guarantee[]; caucaoMeses?: number | null }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  if (v.garantias?.includes("caucao") && !v.caucaoMeses)
    ctx.addIssue({ code: "custom", path: ["caucaoMeses"], message: "invalid-deposit" });
}

export const offerInput = offerFields
  .extend({ unidadeId: z.uuid({ error: "not-found" }) })
  .superRefine(caucaoRule);
export type OfferInput = z.input<typeof offerInput>;

export const offerUpdate = offerFields.superRefine(caucaoRule);
export type OfferUpdate = z.input<typeof offerUpdate>;

/** The total a tenant pays each month. */
export function pacote(o: {
  aluguel: number;
  condominio: number;
  iptu: number;
  seguroIncendio: number;
}): number {
  return o.aluguel + o.condominio + o.iptu + o.seguroIncendio;
}

/**
 * The widths of a unit photo's WebP renditions (decision 024): a card on a phone, a card on a
 * retina phone or the gallery on a tablet, the gallery on a desktop. A photo narrower than one
 * gets one at its own width instead, never a larger copy.
 */
export const PHOTO_WIDTHS = [320, 640, 1024] as const;
/** The widest `w` the photo route accepts (it answers with the nearest rendition at or above it). */
export const PHOTO_WIDTH_MAX = 4096;

/** `GET /api/photos/:id?w=640`: the rendition at least that wide (the widest one when none is). */
export const photoQuery = z.strictObject({
  w: z.coerce
    .number({ error: "invalid-photo-width" })
    .int({ error: "invalid-photo-width" })
    .min(1, { error: "invalid-photo-width" })
    .max(PHOTO_WIDTH_MAX, { error: "invalid-photo-width" })
    .optional(),
});

/**
 * What a screen needs to draw a photo before its bytes arrive (decision 024): its size as shown,
 * so the box is reserved; a tiny blurred copy to fill it; the widths it can be asked for (`?w=`).
 */
export const photoInfo = z.object({
  width: z.number().int(),
  height: z.number().int(),
  /** A WebP data: URL about 16 pixels wide. */
  placeholder: z.string(),
  /** Its renditions' widths, narrowest first. */
  widths: z.array(z.number().int()),
});
export type PhotoInfo = z.infer<typeof photoInfo>;

export const offerView = z.object({
  id: z.uuid(),
  status: z.enum(OFFER_STATUSES),
  aluguel: z.number(),
  condominio: z.number(),
  iptu: z.number(),
  seguroIncendio: z.number(),
  total: z.number(),
  garantias: z.array(z.enum(GUARANTEES)),
  caucaoMeses: z.number().nullable(),
  prazoMeses: z.number(),
  reajuste: z.enum(READJUSTMENT_INDEXES),
  disponivelEm: z.string(),
  descricao: z.string(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only the owner's first name is public. */
  anunciante: z.string(),
  isOwner: z.boolean(),
  /**
   * Whether the offer takes proposals from its advertiser's side: false while the advertiser's
   * profile lacks what the contract qualifies them with (an offer published before decision 041),
   * so the page says it instead of offering a proposal the server refuses (offer-owner-incomplete).
   */
  recebePropostas: z.boolean(),
  unidade: unitView
    // The inventory is the lease's, not the listing's.
    .omit({
      ofertas: true,
      empresaId: true,
      matricula: true,
      inventario: true,
      cep: true,
      logradouro: true,
      numero: true,
      complemento: true,
    })
    .extend({
      /** The address only for the owner; the public sees bairro, cidade and UF. */
      cep: z.string().nullable(),
      logradouro: z.string().nullable(),
      numero: z.string().nullable(),
      complemento: z.string().nullable(),
      /** By photo id, the photos made for the screen (one not yet made is missing: drawn as is). */
      fotosInfo: z.record(z.string(), photoInfo),
    }),
});
export type OfferView = z.infer<typeof offerView>;

export const SEARCH_SORTS = [
  "preco",
  "preco_desc",
  "recentes",
  "antigos",
  "aluguel",
  "aluguel_desc",
  "quartos",
  "quartos_desc",
  "area",
  "area_desc",
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_PAGE_DEFAULT = 20;
export const SEARCH_PAGE_MAX = 100;

const optionalBool = z
  .enum(["true", "false", "1", "0"], { error: "invalid-argument" })
  .transform((v) => v === "true" || v === "1")
  .optional();

const optionalCentavos = z.coerce
  .number({ error: "invalid-price" })
  .int({ error: "invalid-price" })
  .min(0, { error: "invalid-price" })
  .max(MAX_MONEY, { error: "invalid-price" })
  .optional();

export const searchQuery = z
  .strictObject({
    uf: z.enum(UFS, { error: "invalid-uf" }).optional(),
    cidade: z.string().trim().max(100, { error: "invalid-city" }).optional(),
    bairro: z.string().trim().max(100, { error: "invalid-bairro" }).optional(),
    precoMin: optionalCentavos,
    precoMax: optionalCentavos,
    quartos: z.coerce
      .number({ error: "invalid-bedrooms" })
      .int({ error: "invalid-bedrooms" })
      .min(0, { error: "invalid-bedrooms" })
      .max(50, { error: "invalid-bedrooms" })
      .optional(),
    tipo: z.enum(UNIT_TYPES, { error: "invalid-unit-type" }).optional(),
    pets: optionalBool,
    mobiliado: optionalBool,
    q: z.string().trim().max(100, { error: "invalid-argument" }).optional(),
    /**
     * true: the place and the words exactly as typed. Otherwise, a place (or word) that finds no
     * offer is read as the closest place that has offers (decision 042), and the answer says so.
     */
    exato: optionalBool,
    sort: z.enum(SEARCH_SORTS, { error: "invalid-argument" }).default("recentes"),
    limit: z.coerce
      .number({ error: "invalid-argument" })
      .int({ error: "invalid-argument" })
      .min(1, { error: "invalid-argument" })
      .max(SEARCH_PAGE_MAX, { error: "invalid-argument" })
      .default(SEARCH_PAGE_DEFAULT),
    cursor: z.string().max(300, { error: "invalid-page-token" }).optional(),
  })
  .refine((v) => v.precoMin === undefined || v.precoMax === undefined || v.precoMin <= v.precoMax, {
    error: "invalid-price-range",
    path: ["precoMax"],
  });
export type SearchQuery = z.output<typeof searchQuery>;
export type SearchParams = z.input<typeof searchQuery>;

export const offerCard = z.object({
  id: z.uuid(),
  tipo: z.enum(UNIT_TYPES),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.enum(UFS),
  quartos: z.number(),
  banheiros: z.number(),
  vagas: z.number(),
  areaM2: z.number(),
  mobiliado: z.boolean(),
  aceitaPets: z.boolean(),
  aluguel: z.number(),
  total: z.number(),
  capa: z.string().nullable(),
  /** The cover made for the screen; null without a cover or before it is made. */
  capaInfo: photoInfo.nullable(),
  publishedAt: z.string(),
});
export type OfferCard = z.infer<typeof offerCard>;

/** A place as the search box suggests it and the search reads it: a city, or a bairro of one. */
export const searchPlace = z.object({
  cidade: z.string(),
  uf: z.enum(UFS),
  /** Null for the city itself. */
  bairro: z.string().nullable(),
});
export type SearchPlace = z.infer<typeof searchPlace>;

/** The filters of the URL an alternative leaves out (the place's are cidade, uf and bairro). */
export const SEARCH_RELAXABLE = [
  "cidade",
  "uf",
  "bairro",
  "q",
  "precoMin",
  "precoMax",
  "quartos",
  "tipo",
  "pets",
  "mobiliado",
] as const;

export const searchResult = z.object({
  items: z.array(offerCard),
  nextCursor: z.string().nullable(),
  /** How many offers the search finds in all; on the first page only (null on the next ones). */
  total: z.number().int().nullable(),
  /**
   * When the place (or word) typed found no offer and a place like it has some (decision 042):
   * what was typed, and the place whose offers these are. Null when the search is as typed.
   */
  correcao: z
    .object({
      /** The city, bairro or word as typed ("Sao Paolo"). */
      digitado: z.string(),
      /** The place searched instead ("São Paulo – SP"). */
      lugar: searchPlace,
    })
    .nullable()
    .optional(),
  /**
   * On a first page that found nothing: searches close to it that find offers, each with how many.
   * A place like the one typed (`lugar` replaces cidade, uf and bairro), or the same search without
   * the filters named in `sem`. Empty otherwise.
   */
  alternativas: z
    .array(
      z.object({
        lugar: searchPlace.nullable(),
        sem: z.array(z.enum(SEARCH_RELAXABLE)),
        ofertas: z.number().int(),
      }),
    )
    .optional(),
});
export type SearchResult = z.infer<typeof searchResult>;

/** `GET /api/search/places?q=rio`: what the search box suggests as one types a place. */
export const placeQuery = z.strictObject({
  q: z
    .string({ error: "invalid-city" })
    .trim()
    .min(1, { error: "invalid-city" })
    .max(60, { error: "invalid-city" }),
  uf: z.enum(UFS, { error: "invalid-uf" }).optional(),
});

export const placeSuggestion = z.object({
  cidade: z.string(),
  uf: z.enum(UFS),
  /** Null for the city itself. */
  bairro: z.string().nullable(),
  /** Published offers there now. */
  ofertas: z.number().int(),
});
export const placeSuggestions = z.object({ items: z.array(placeSuggestion) });
export type PlaceSuggestion = z.infer<typeof placeSuggestion>;
export type PlaceSuggestions = z.infer<typeof placeSuggestions>;
