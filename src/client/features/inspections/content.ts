import {
  type InspectionContent,
  type InspectionItem,
  type InspectionRoom,
  itemsForRoom,
  METER_KINDS,
  type MeterKind,
  photosOf,
} from "../../../shared/contracts/inspections";
import type { StoredDocument } from "../../../shared/contracts/storage";
import { randomId } from "../../lib/random-id";

/*
 * Changes to a report's content as the screen makes them: each returns a new content, so the
 * draft hook can keep it on the phone and send it whole.
 */

const shortId = (prefix: string) =>
  `${prefix}${randomId()
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 10)}`;

export function newItem(nome: string): InspectionItem {
  return { id: shortId("i"), nome, estado: null, observacao: "", fotos: [], dano: null };
}

export function newRoom(nome: string): InspectionRoom {
  return { id: shortId("c"), nome, fotos: [], itens: itemsForRoom(nome).map(newItem) };
}

export function updateRoom(
  content: InspectionContent,
  roomId: string,
  change: (room: InspectionRoom) => InspectionRoom,
): InspectionContent {
  return { ...content, comodos: content.comodos.map((r) => (r.id === roomId ? change(r) : r)) };
}

export function updateItem(
  content: InspectionContent,
  itemId: string,
  change: (item: InspectionItem) => InspectionItem,
): InspectionContent {
  return {
    ...content,
    comodos: content.comodos.map((r) =>
      r.itens.some((i) => i.id === itemId)
        ? { ...r, itens: r.itens.map((i) => (i.id === itemId ? change(i) : i)) }
        : r,
    ),
  };
}

export const removeRoom = (content: InspectionContent, roomId: string): InspectionContent => ({
  ...content,
  comodos: content.comodos.filter((r) => r.id !== roomId),
});

/** Items still without a state: the report cannot go to the tenant before they are graded. */
export const ungraded = (content: InspectionContent) =>
  content.comodos.reduce((n, r) => n + r.itens.filter((i) => i.estado === null).length, 0);

/** Every photo the content names, as a set. */
const photosIn = (content: InspectionContent) => new Set(photosOf(content));

/** Puts `photoId` where `target` says: a room's wide photos, an item's, or a meter's (`medidor-agua`). */
export function addPhoto(content: InspectionContent, target: string, photoId: string): InspectionContent {
  if (photosIn(content).has(photoId)) return content;
  const meter = target.match(/^medidor-(.+)$/)?.[1] as MeterKind | undefined;
  if (meter && METER_KINDS.includes(meter)) {
    const has = content.medidores.some((m) => m.tipo === meter);
    const medidores = has
      ? content.medidores.map((m) => (m.tipo === meter ? { ...m, foto: photoId } : m))
      : [...content.medidores, { tipo: meter, leitura: "", foto: photoId }];
    return { ...content, medidores };
  }
  if (content.comodos.some((r) => r.id === target))
    return updateRoom(content, target, (r) => ({ ...r, fotos: [...r.fotos, photoId] }));
  return updateItem(content, target, (i) => ({ ...i, fotos: [...i.fotos, photoId] }));
}

export function removePhoto(content: InspectionContent, photoId: string): InspectionContent {
  return {
    ...content,
    comodos: content.comodos.map((r) => ({
      ...r,
      fotos: r.fotos.filter((p) => p !== photoId),
      itens: r.itens.map((i) => ({ ...i, fotos: i.fotos.filter((p) => p !== photoId) })),
    })),
    medidores: content.medidores.map((m) => (m.foto === photoId ? { ...m, foto: null } : m)),
  };
}

/**
 * The photos uploaded for this report (folder vistorias/<report>/<target>) that it does not name
 * yet, put where they were taken; the same content when there are none.
 */
export function adoptPhotos(
  content: InspectionContent,
  reportId: string,
  documents: Pick<StoredDocument, "id" | "folder">[],
): InspectionContent {
  const prefix = `vistorias/${reportId}/`;
  const known = photosIn(content);
  let next = content;
  for (const d of documents) {
    if (!d.folder.startsWith(prefix) || known.has(d.id)) continue;
    const target = d.folder.slice(prefix.length);
    if (target.startsWith("contestacao-")) continue;
    // A photo of a room or item since removed stays out (it is still in one's documents).
    const after = addPhoto(next, target, d.id);
    if (photosIn(after).has(d.id)) next = after;
  }
  return next;
}
