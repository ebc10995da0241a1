import { z } from "zod";
import type { UnitType } from "../listing-names";

/*
 * The inspection report (laudo de vistoria, issue 31): the state of the unit when the keys are
 * handed over (entrada) and when they come back (saída). Lei 8.245/91 art. 22 V: the landlord owes
 * the tenant a detailed description of the unit's state on delivery; art. 23 III: the tenant
 * returns it as received, save the wear of normal use. The report is rooms → items → state, with
 * notes and photos, plus meter readings and the keys handed over.
 */

export const INSPECTION_KINDS = ["entrada", "saida"] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];

/** An item's state, as Brazilian laudos grade it. */
export const ITEM_STATES = ["novo", "bom", "regular", "ruim", "nao_se_aplica"] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/**
 * rascunho: the landlord (or their inspector) fills it → revisao: the tenant agrees or contests
 * item by item until the window ends → respostas: the landlord answers each contest → concluida:
 * agreed (expressly, by the answers, or by silence when the window ended) → assinatura: its laudo
 * is out for signing → assinada: the laudo is sealed and the report can no longer change.
 */
export const INSPECTION_STATUSES = [
  "rascunho",
  "revisao",
  "respostas",
  "concluida",
  "assinatura",
  "assinada",
] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

export const METER_KINDS = ["agua", "luz", "gas"] as const;
export type MeterKind = (typeof METER_KINDS)[number];

/** The rooms a report starts with, by unit type (each can be renamed, removed or added to). */
export const ROOM_TEMPLATES: Record<UnitType, string[]> = {
  apartamento: ["Sala", "Quarto 1", "Quarto 2", "Cozinha", "Banheiro", "Área de serviço", "Varanda"],
  casa: ["Sala", "Quarto 1", "Quarto 2", "Cozinha", "Banheiro", "Área de serviço", "Quintal", "Garagem"],
  studio: ["Ambiente principal", "Cozinha", "Banheiro"],
  sala_comercial: ["Sala", "Copa", "Banheiro"],
  loja: ["Salão", "Depósito", "Banheiro", "Fachada"],
  vaga_garagem: ["Vaga"],
};

/** The items every room starts with; wet rooms also have their fixtures. */
export const ROOM_ITEMS = [
  "Paredes",
  "Piso",
  "Teto",
  "Portas",
  "Janelas",
  "Tomadas e interruptores",
  "Iluminação",
] as const;
export const WET_ROOM_ITEMS = ["Louças e metais", "Armários"] as const;
const WET = /cozinha|banheiro|lavabo|área de serviço|copa/i;

/** The items a room of this name starts with. */
export const itemsForRoom = (name: string): string[] =>
  WET.test(name) ? [...ROOM_ITEMS, ...WET_ROOM_ITEMS] : [...ROOM_ITEMS];

/** How many photos a report may hold, and each room or item. */
export const MAX_INSPECTION_PHOTOS = 400;
export const MAX_PHOTOS_PER_ENTRY = 30;

const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "invalid-argument" });
const name = z
  .string()
  .trim()
  .min(1, { error: "inspection-name-required" })
  .max(80, { error: "inspection-text-too-long" });
const note = z.string().trim().max(2_000, { error: "inspection-text-too-long" });
const photoIds = z
  .array(z.uuid({ error: "invalid-argument" }))
  .max(MAX_PHOTOS_PER_ENTRY, { error: "too-many-photos" });

/** One thing the report grades: its state, a note and close-up photos. */
export const inspectionItem = z.strictObject({
  id,
  nome: name,
  estado: z.enum(ITEM_STATES, { error: "invalid-argument" }).nullable(),
  observacao: note.default(""),
  fotos: photoIds.default([]),
  /** Exit reports only: damage beyond normal wear (art. 23 III) and what it costs, in centavos. */
  dano: z
    .strictObject({
      /** Required before the report goes to review (rules.checkComplete), not while it is typed. */
      descricao: note,
      custo: z
        .number({ error: "invalid-argument" })
        .int()
        .min(0)
        .max(100_000_000, { error: "invalid-argument" }),
    })
    .nullable()
    .default(null),
});

export const inspectionRoom = z.strictObject({
  id,
  nome: name,
  /** Wide photos of the whole room. */
  fotos: photoIds.default([]),
  itens: z.array(inspectionItem).max(60, { error: "invalid-argument" }),
});

export const meterReading = z.strictObject({
  tipo: z.enum(METER_KINDS, { error: "invalid-argument" }),
  leitura: z.string().trim().max(40, { error: "inspection-text-too-long" }),
  foto: z.uuid({ error: "invalid-argument" }).nullable().default(null),
});

export const keysHanded = z.strictObject({
  descricao: name,
  quantidade: z.number({ error: "invalid-argument" }).int().min(1).max(99),
});

/** What the landlord (or their inspector) writes; saved as it is filled, whole, with its version. */
export const inspectionContent = z.strictObject({
  comodos: z.array(inspectionRoom).max(40, { error: "invalid-argument" }),
  medidores: z.array(meterReading).max(6, { error: "invalid-argument" }).default([]),
  chaves: z.array(keysHanded).max(20, { error: "invalid-argument" }).default([]),
});
export type InspectionContent = z.output<typeof inspectionContent>;
export type InspectionRoom = z.output<typeof inspectionRoom>;
export type InspectionItem = z.output<typeof inspectionItem>;

/** Every photo a report's content names (rooms, items, meters), each once: the server checks and
 * claims them, the screen adopts resumed uploads by them. */
export function photosOf(content: InspectionContent): string[] {
  const ids = [
    ...content.comodos.flatMap((r) => [...r.fotos, ...r.itens.flatMap((i) => i.fotos)]),
    ...content.medidores.flatMap((m) => (m.foto ? [m.foto] : [])),
  ];
  return [...new Set(ids)];
}

/** An exit report's damage beyond normal wear (art. 23 III), in centavos: the view's and the screen's. */
export function damageTotal(content: InspectionContent): number {
  return content.comodos.reduce((sum, r) => sum + r.itens.reduce((s, i) => s + (i.dano?.custo ?? 0), 0), 0);
}

export const inspectionSave = z.strictObject({
  /** The version the writer started from: a save over a newer one is refused (409). */
  versao: z.number({ error: "invalid-argument" }).int().min(0),
  conteudo: inspectionContent,
});

export const inspectionCreate = z.strictObject({
  tipo: z.enum(INSPECTION_KINDS, { error: "invalid-argument" }),
});

/** The tenant's word on one item: agreed, or contested with their version, note and photos. */
export const itemReview = z.discriminatedUnion(
  "decisao",
  [
    z.strictObject({ decisao: z.literal("concorda") }),
    z.strictObject({
      decisao: z.literal("contesta"),
      estado: z.enum(ITEM_STATES, { error: "invalid-argument" }).nullable().default(null),
      observacao: note.min(1, { error: "inspection-contest-note" }),
      fotos: photoIds.default([]),
    }),
  ],
  { error: "invalid-argument" },
);

/** The landlord's answer to a contest: the tenant's version is taken, or theirs is kept with a reason. */
export const contestAnswer = z.discriminatedUnion(
  "decisao",
  [
    z.strictObject({ decisao: z.literal("aceita") }),
    z.strictObject({
      decisao: z.literal("mantem"),
      motivo: note.min(1, { error: "inspection-answer-reason" }),
    }),
  ],
  { error: "invalid-argument" },
);

export const itemParams = z.object({
  id: z.uuid({ error: "not-found" }),
  itemId: id,
});

/** A contest as the report keeps it. */
export const contestView = z.object({
  estado: z.enum(ITEM_STATES).nullable(),
  observacao: z.string(),
  fotos: z.array(z.string()),
  em: z.string(),
  resposta: z
    .object({ decisao: z.enum(["aceita", "mantem"]), motivo: z.string().nullable(), em: z.string() })
    .nullable(),
});
export type ContestView = z.infer<typeof contestView>;

export const inspectionHistoryEntry = z.object({
  em: z.string(),
  quem: z.string(),
  acao: z.string(),
  detalhe: z.string().nullable(),
});

export const inspectionPhotoView = z.object({
  id: z.string(),
  sha256: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
});

export const inspectionView = z.object({
  id: z.string(),
  contractId: z.string(),
  tipo: z.enum(INSPECTION_KINDS),
  status: z.enum(INSPECTION_STATUSES),
  versao: z.number().int(),
  /** What the reader may do: edit (landlord, in draft), review (tenant, in review), answer. */
  papel: z.enum(["landlord", "tenant", "inspector"]),
  /** The e-mail of the account the landlord invited to fill the draft, if any. */
  vistoriador: z.string().nullable(),
  conteudo: inspectionContent,
  /** The tenant's word per item id (agreed items are absent once the review is sent: agreement). */
  contestacoes: z.record(z.string(), contestView),
  /** Items the tenant agreed with expressly. */
  concordados: z.array(z.string()),
  revisaoAte: z.string().nullable(),
  /** Set when the window ended in silence: the tenant's agreement, recorded as such. */
  concordanciaTacita: z.boolean(),
  /** The entry report this exit starts from, and its content (side by side per item). */
  entrada: z.object({ id: z.string(), conteudo: inspectionContent }).nullable(),
  /** Exit reports: the sum of damage beyond normal wear, in centavos. */
  totalDanos: z.number().int(),
  /** The signed laudo (a contract of kind "vistoria"), once there is one. */
  documentoId: z.string().nullable(),
  /** The original photos as one zip, written with the laudo: its SHA-256 is printed in it. */
  arquivoFotos: z
    .object({ sha256: z.string(), tamanho: z.number().int(), fotos: z.number().int() })
    .nullable(),
  fotos: z.array(inspectionPhotoView),
  historico: z.array(inspectionHistoryEntry),
});
export type InspectionView = z.infer<typeof inspectionView>;

export const inspectionList = z.object({ items: z.array(inspectionView) });

/** The landlord invites someone (an account's e-mail) to fill one report. */
export const inspectorInvite = z.strictObject({
  email: z.email({ error: "invalid-email" }).max(254, { error: "invalid-email" }),
});
