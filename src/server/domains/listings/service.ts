import { randomUUID } from "node:crypto";
import type pg from "pg";
import {
  ACTIVE_STATUSES,
  EDITABLE_STATUSES,
  normalizeText,
  type OfferStatus,
  type OfferView,
  type offerInput,
  type offerUpdate,
  PUBLIC_STATUSES,
  pacote,
  type SearchQuery,
  type UnitData,
  type UnitView,
} from "../../../shared/contracts/listings";
import { AppError } from "../../../shared/errors";
import type { Uf } from "../../../shared/listing-names";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import type { StoredRendition } from "../../db/schema/storage";
import { countOwnedImages, imageWithVisibility } from "../../storage/documents.repository";
import { photoInfos } from "../../storage/photo-renditions.repository";
import { profileOf } from "../profile/profiles.repository";
import { missingForContract, profileIncomplete, profileView } from "../profile/service";
import { closeOpenProposals } from "../proposals/close";
import { nextStatus, type OfferAction } from "./lifecycle";
import {
  insertDraftOffer,
  lockOffer,
  type OfferTerms,
  type OfferUnitFields,
  offersOfUnit,
  offerWithUnit,
  unitHasOfferIn,
  updateOfferStatusByOwner,
  updateOfferTerms,
  updateOfferUnitFields,
} from "./offers.repository";
import { searchOffers, suggestPlaces } from "./offers-search.repository";

/** How many places the search box suggests at most. */
const PLACE_SUGGESTIONS = 8;

import { companyById, companyOf } from "../profile/companies.repository";
import {
  deleteUnit,
  insertUnit,
  type UnitFields,
  type UnitWithOffers,
  unitById,
  unitPhotoCount,
  unitsWithOffersOf,
  unitWithOffers,
  updateUnit,
} from "./units.repository";

type OfferInputData = import("zod").output<typeof offerInput>;
type OfferUpdateData = import("zod").output<typeof offerUpdate>;

const OPEN_STATUSES: readonly OfferStatus[] = ["rascunho", "publicada", "reservada", "alugada"];

/** A unit or a proposal may be in the name of the caller's own companies only. */
async function checkCompany(c: Queryable, userId: string, companyId: string | null): Promise<void> {
  if (companyId && !(await companyOf(c, userId, companyId))) throw new AppError("invalid-company");
}

function unitView(r: UnitWithOffers | Omit<UnitWithOffers, "ofertas">): UnitView {
  return {
    id: r.id,
    empresaId: r.company_id,
    tipo: r.tipo,
    cep: r.cep,
    logradouro: r.logradouro,
    numero: r.numero,
    complemento: r.complemento,
    bairro: r.bairro,
    cidade: r.cidade,
    uf: r.uf,
    areaM2: r.area_m2,
    quartos: r.quartos,
    banheiros: r.banheiros,
    vagas: r.vagas,
    mobiliado: r.mobiliado,
    aceitaPets: r.aceita_pets,
    inventario: r.inventario ?? "",
    descricao: r.descricao,
    matricula: r.matricula,
    fotos: r.fotos,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    ofertas: "ofertas" in r ? r.ofertas : [],
  };
}

/** A landlord's unit, as the units table's columns. */
function unitFields(d: UnitData): UnitFields {
  return {
    company_id: d.empresaId,
    tipo: d.tipo,
    cep: d.cep,
    logradouro: d.logradouro,
    numero: d.numero,
    complemento: d.complemento,
    bairro: d.bairro,
    cidade: d.cidade,
    uf: d.uf,
    area_m2: d.areaM2,
    quartos: d.quartos,
    banheiros: d.banheiros,
    vagas: d.vagas,
    mobiliado: d.mobiliado,
    aceita_pets: d.aceitaPets,
    // Empty is none: the column holds null, as for a unit saved before the inventory existed.
    inventario: d.inventario || null,
    descricao: d.descricao,
    matricula: d.matricula,
    fotos: d.fotos,
  };
}

/** A unit's words for the free-text search, lower case without accents. */
function unitText(u: Pick<UnitFields, "tipo" | "bairro" | "cidade" | "uf" | "descricao">): string {
  return normalizeText(`${u.tipo.replace("_", " ")} ${u.bairro} ${u.cidade} ${u.uf} ${u.descricao}`);
}

/** An offer's copy of its unit's searchable fields, with the offer's free text. */
function offerUnitFields(u: UnitFields, offerDescription: string): OfferUnitFields {
  return {
    tipo: u.tipo,
    uf: u.uf,
    cidade: u.cidade,
    bairro: u.bairro,
    cidade_norm: normalizeText(u.cidade),
    bairro_norm: normalizeText(u.bairro),
    quartos: u.quartos,
    banheiros: u.banheiros,
    vagas: u.vagas,
    area_m2: u.area_m2,
    mobiliado: u.mobiliado,
    aceita_pets: u.aceita_pets,
    capa: u.fotos[0] ?? null,
    search_text: offerSearchText(unitText(u), offerDescription),
  };
}

export function offerSearchText(unitText: string, offerDescription: string): string {
  return normalizeText(`${unitText} ${offerDescription}`);
}

/** An offer's terms as the offers table's columns; the deposit's months only with a deposit. */
function offerTerms(t: OfferUpdateData): OfferTerms {
  return {
    aluguel: t.aluguel,
    condominio: t.condominio,
    iptu: t.iptu,
    seguro_incendio: t.seguroIncendio,
    total: pacote(t),
    garantias: t.garantias,
    caucao_meses: t.garantias.includes("caucao") ? (t.caucaoMeses ?? null) : null,
    prazo_meses: t.prazoMeses,
    reajuste: t.reajuste,
    disponivel_em: t.disponivelEm,
    descricao: t.descricao,
  };
}

/**
 * What another domain hears of an offer's changes, inside the change's transaction: an offer was
 * published, or a published one changed (its terms, or its unit's features); `previousTotal` is
 * its pacote before, when the terms changed. Saved searches and favourites are matched against it
 * by a job sent here (issue 16).
 */
export type OfferChangedListener = (
  c: Queryable,
  offerId: string,
  previousTotal: number | null,
) => Promise<void>;

export class ListingsService {
  private readonly offerListeners: OfferChangedListener[] = [];

  constructor(private readonly pool: pg.Pool) {}

  /** Another domain's listener (preferences' plugin), run in the transaction of every such change. */
  onOfferChanged(listener: OfferChangedListener): void {
    this.offerListeners.push(listener);
  }

  private async offerChanged(c: Queryable, offerId: string, previousTotal: number | null): Promise<void> {
    for (const listener of this.offerListeners) await listener(c, offerId, previousTotal);
  }

  private tx<T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }

  /** Photos must be the owner's own images. */
  private async checkPhotos(c: Queryable, userId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    if ((await countOwnedImages(c, ids, userId)) !== ids.length) throw new AppError("invalid-photo");
  }

  private async ownedUnit(c: Queryable, userId: string, id: string, lock = false) {
    const unit = await unitById(c, id, lock);
    if (!unit) throw new AppError("not-found");
    if (unit.owner_id !== userId) throw new AppError("unauthorized");
    return unit;
  }

  // --- units -----------------------------------------------------------------------------------

  async createUnit(userId: string, data: UnitData): Promise<UnitView> {
    return this.tx(async (c) => {
      await this.checkPhotos(c, userId, data.fotos);
      await checkCompany(c, userId, data.empresaId);
      return unitView(await insertUnit(c, { id: randomUUID(), owner_id: userId, ...unitFields(data) }));
    });
  }

  async listUnits(userId: string): Promise<UnitView[]> {
    return (await unitsWithOffersOf(this.pool, userId)).map(unitView);
  }

  async getUnit(userId: string, id: string): Promise<UnitView> {
    await this.ownedUnit(this.pool, userId, id);
    return unitView((await unitWithOffers(this.pool, id)) as UnitWithOffers);
  }

  async updateUnit(userId: string, id: string, data: UnitData): Promise<UnitView> {
    await this.tx(async (c) => {
      const unit = await this.ownedUnit(c, userId, id, true);
      await this.checkPhotos(c, userId, data.fotos);
      await checkCompany(c, userId, data.empresaId);
      // Whose name a lease is written in does not change under an offer people may be closing.
      if (unit.company_id !== data.empresaId && (await unitHasOfferIn(c, id, ACTIVE_STATUSES)))
        throw new AppError("unit-has-active-offer");
      const fields = unitFields(data);
      await updateUnit(c, id, fields);
      // Offers carry the unit's searchable fields: keep them in step.
      for (const o of await offersOfUnit(c, id)) {
        await updateOfferUnitFields(c, o.id, offerUnitFields(fields, o.descricao));
        // Its features may now fit searches they did not (the job skips unpublished offers).
        await this.offerChanged(c, o.id, null);
      }
    });
    return this.getUnit(userId, id);
  }

  async deleteUnit(userId: string, id: string): Promise<void> {
    await this.tx(async (c) => {
      await this.ownedUnit(c, userId, id, true);
      if (await unitHasOfferIn(c, id, ACTIVE_STATUSES)) throw new AppError("unit-has-active-offer");
      await deleteUnit(c, id);
    });
  }

  // --- offers ----------------------------------------------------------------------------------

  async createOffer(userId: string, input: OfferInputData): Promise<OfferView> {
    const id = randomUUID();
    await this.tx(async (c) => {
      const unit = await this.ownedUnit(c, userId, input.unidadeId, true);
      if (await unitHasOfferIn(c, unit.id, OPEN_STATUSES)) throw new AppError("unit-has-open-offer");
      await insertDraftOffer(c, {
        id,
        unit_id: unit.id,
        owner_id: userId,
        ...offerTerms(input),
        ...offerUnitFields(unit, input.descricao),
      });
    });
    return this.getOffer(userId, id);
  }

  /** An offer as `userId` (null: a visitor) may see it: 404 when it is not public and not theirs. */
  async getOffer(userId: string | null, id: string): Promise<OfferView> {
    const r = await offerWithUnit(this.pool, id);
    const isOwner = r !== undefined && r.owner_id === userId;
    if (!r || (!isOwner && !PUBLIC_STATUSES.includes(r.status))) throw new AppError("not-found");
    const u = r.unit;
    const company = u.company_id ? await companyById(this.pool, u.company_id) : undefined;
    return {
      id: r.id,
      status: r.status,
      aluguel: r.aluguel,
      condominio: r.condominio,
      iptu: r.iptu,
      seguroIncendio: r.seguro_incendio,
      total: r.total,
      garantias: r.garantias,
      caucaoMeses: r.caucao_meses,
      prazoMeses: r.prazo_meses,
      reajuste: r.reajuste,
      disponivelEm: r.disponivel_em,
      descricao: r.descricao,
      publishedAt: r.published_at?.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      // A company lets in its own name (issue 34): the name it trades under, or its razão social.
      anunciante: company
        ? (company.nome_fantasia ?? company.razao_social)
        : (r.owner_name.trim().split(/\s+/)[0] ?? ""),
      isOwner,
      recebePropostas: profileView(await profileOf(this.pool, r.owner_id)).complete,
      unidade: {
        id: u.id,
        tipo: u.tipo,
        cep: isOwner ? u.cep : null,
        logradouro: isOwner ? u.logradouro : null,
        numero: isOwner ? u.numero : null,
        complemento: isOwner ? u.complemento : null,
        bairro: u.bairro,
        cidade: u.cidade,
        uf: u.uf,
        areaM2: u.area_m2,
        quartos: u.quartos,
        banheiros: u.banheiros,
        vagas: u.vagas,
        mobiliado: u.mobiliado,
        aceitaPets: u.aceita_pets,
        descricao: u.descricao,
        fotos: u.fotos,
        fotosInfo: await photoInfos(this.pool, u.fotos),
        createdAt: new Date(u.created_at).toISOString(),
        updatedAt: new Date(u.updated_at).toISOString(),
      },
    };
  }

  private async lockedOffer(c: Queryable, id: string) {
    const offer = await lockOffer(c, id);
    if (!offer) throw new AppError("not-found");
    return offer;
  }

  async updateOffer(userId: string, id: string, input: OfferUpdateData): Promise<OfferView> {
    await this.tx(async (c) => {
      const offer = await this.lockedOffer(c, id);
      if (offer.owner_id !== userId)
        throw new AppError(PUBLIC_STATUSES.includes(offer.status) ? "unauthorized" : "not-found");
      if (!EDITABLE_STATUSES.includes(offer.status)) throw new AppError("offer-not-editable");
      const unit = (await unitById(c, offer.unit_id)) as UnitFields;
      await updateOfferTerms(c, id, {
        ...offerTerms(input),
        search_text: offerSearchText(unitText(unit), input.descricao),
      });
      if (offer.status === "publicada") await this.offerChanged(c, id, offer.total);
    });
    return this.getOffer(userId, id);
  }

  /**
   * Moves an offer through its lifecycle. `userId` is the owner acting (publish, close), or null
   * for the system (the proposals and contracts). A refused move is 409 invalid-transition.
   */
  async transition(userId: string | null, id: string, action: OfferAction): Promise<OfferView> {
    const ownerId = await this.tx(async (c) => {
      const offer = await this.lockedOffer(c, id);
      if (userId !== null && offer.owner_id !== userId)
        throw new AppError(PUBLIC_STATUSES.includes(offer.status) ? "unauthorized" : "not-found");
      const next = nextStatus(offer.status, action);
      if (!next) throw new AppError("invalid-transition");
      if (action === "publish" && !(await unitPhotoCount(c, offer.unit_id)))
        throw new AppError("photo-required");
      if (action === "publish") {
        // Nothing is published that cannot close (decision 041): the contract qualifies its owner.
        const missing = missingForContract(profileView(await profileOf(c, offer.owner_id)));
        if (missing.length > 0) throw profileIncomplete(missing);
      }
      if (next === "encerrada") {
        // A closed offer takes no more proposals: the open ones end with it.
        await closeOpenProposals(c, id, "A oferta foi encerrada por quem a anunciou.");
      }
      await updateOfferStatusByOwner(c, id, next);
      if (next === "publicada") await this.offerChanged(c, id, null);
      return offer.owner_id;
    });
    return this.getOffer(userId ?? ownerId, id);
  }

  // --- search and photos -----------------------------------------------------------------------

  async search(q: SearchQuery) {
    return searchOffers(this.pool, q);
  }

  /** Cities and bairros with published offers that begin with what was typed (the search box). */
  async places(typed: string, uf?: Uf) {
    return { items: await suggestPlaces(this.pool, typed, uf, PLACE_SUGGESTIONS) };
  }

  /**
   * Whether a photo may be shown to `userId` (null: a visitor): to anyone when a unit with a
   * public offer shows it, otherwise only to its owner. Null when there is no such image. With
   * its renditions for the screen (decision 024), empty before they are made.
   */
  async photoAccess(id: string): Promise<{
    ownerId: string;
    isPublic: boolean;
    contentType: string;
    size: number;
    sha256: string;
    renditions: StoredRendition[];
  } | null> {
    const r = await imageWithVisibility(this.pool, id, PUBLIC_STATUSES);
    if (!r) return null;
    return {
      ownerId: r.owner_id,
      isPublic: r.public,
      contentType: r.content_type,
      size: r.size,
      sha256: r.sha256,
      renditions: r.renditions ?? [],
    };
  }
}
