import { addDays } from "date-fns";
import type { InspectionContent, InspectionStatus, ItemState } from "../../../shared/contracts/inspections";
import { AppError } from "../../../shared/errors";

/*
 * The report's rules, apart from storage (issue 31): the review window, silence as agreement, the
 * contests and their answers, and what may change in each status.
 */

/** The tenant's word on one item and the landlord's answer, as the report stores it. */
export interface StoredReview {
  decisao: "concorda" | "contesta";
  estado: ItemState | null;
  observacao: string;
  fotos: string[];
  em: string;
  resposta: { decisao: "aceita" | "mantem"; motivo: string | null; em: string } | null;
}
export type StoredReviews = Record<string, StoredReview>;

/** A report's original photos as one zip in the object store (written with the laudo). */
export interface PhotosArchive {
  key: string;
  sha256: string;
  size: number;
  count: number;
}

/** Brasília's offset: Brazil has kept no daylight-saving time since 2019 (Decreto 9.772/2019). */
const BRASILIA_OFFSET_MS = -3 * 3_600_000;

/**
 * When a review window of `days` calendar days opened at `from` ends: at the last instant of the
 * `days`-th day after the day the tenant was told, in Brasília's time. The day of the beginning
 * is left out and the day of the end counted (Código Civil art. 132, caput), so a report finished
 * on 01/12 at 10:00 with 5 days may be contested until 06/12 at 23:59:59.
 */
export function reviewWindowEnd(from: Date, days: number): Date {
  const local = new Date(from.getTime() + BRASILIA_OFFSET_MS);
  const startOfLocalDay = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const endLocal = addDays(new Date(startOfLocalDay), days + 1).getTime() - 1;
  return new Date(endLocal - BRASILIA_OFFSET_MS);
}

/** Every item id of the content, each once. */
export function itemIds(content: InspectionContent): string[] {
  return content.comodos.flatMap((r) => r.itens.map((i) => i.id));
}

/** Ids must be unique across rooms and items: a contest names one item. */
export function checkIds(content: InspectionContent): void {
  const rooms = content.comodos.map((r) => r.id);
  const items = itemIds(content);
  if (new Set(rooms).size !== rooms.length || new Set(items).size !== items.length)
    throw new AppError("invalid-argument");
}

/** The photos the tenant's contests add. */
export function reviewPhotos(reviews: StoredReviews): string[] {
  return [...new Set(Object.values(reviews).flatMap((r) => r.fotos))];
}

/** An entry report cannot grade damage: that is the exit's comparison with it. */
export function checkDamage(kind: "entrada" | "saida", content: InspectionContent): void {
  if (kind === "entrada" && content.comodos.some((r) => r.itens.some((i) => i.dano !== null)))
    throw new AppError("inspection-damage-on-entry");
}

/** Before it goes to the tenant, every item is graded: a blank state is no description (art. 22 V). */
export function checkComplete(content: InspectionContent): void {
  if (content.comodos.length === 0) throw new AppError("inspection-incomplete");
  const ungraded = content.comodos.some(
    (r) => r.itens.length === 0 || r.itens.some((i) => i.estado === null),
  );
  if (ungraded) throw new AppError("inspection-incomplete");
  if (content.comodos.some((r) => r.itens.some((i) => i.dano !== null && i.dano.descricao.trim() === "")))
    throw new AppError("inspection-damage-description");
}

/** What a status allows: the error the wrong moment gets. */
export function expectStatus(status: InspectionStatus, ...allowed: InspectionStatus[]): void {
  if (!allowed.includes(status))
    throw new AppError(
      status === "assinatura" || status === "assinada" ? "inspection-locked" : "inspection-wrong-step",
    );
}

/** Contests the landlord has not answered yet. */
export function openContests(reviews: StoredReviews): string[] {
  return Object.entries(reviews)
    .filter(([, r]) => r.decisao === "contesta" && r.resposta === null)
    .map(([id]) => id);
}

/**
 * The landlord took the tenant's version of an item: the report now says what the tenant said
 * (state where given, the tenant's note, the tenant's photos added to the landlord's). The
 * landlord's first words stay in the history and in the laudo's record of the contest.
 */
export function applyAccepted(
  content: InspectionContent,
  itemId: string,
  review: StoredReview,
): InspectionContent {
  return {
    ...content,
    comodos: content.comodos.map((r) => ({
      ...r,
      itens: r.itens.map((i) =>
        i.id !== itemId
          ? i
          : {
              ...i,
              estado: review.estado ?? i.estado,
              observacao: review.observacao,
              fotos: [...new Set([...i.fotos, ...review.fotos])],
            },
      ),
    })),
  };
}

/** The exit report starts from the entry's rooms and items, ungraded, with no photos or damage. */
export function exitFromEntry(entry: InspectionContent): InspectionContent {
  return {
    comodos: entry.comodos.map((r) => ({
      ...r,
      fotos: [],
      itens: r.itens.map((i) => ({ ...i, estado: null, observacao: "", fotos: [], dano: null })),
    })),
    medidores: entry.medidores.map((m) => ({ ...m, leitura: "", foto: null })),
    chaves: entry.chaves,
  };
}
