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
import { withTransaction } from "../../db/client";
import { closeOpenProposals } from "../proposals/close";
import { nextStatus, type OfferAction } from "./lifecycle";
import { buildSearchSql, type SearchRow, searchPage } from "./search-sql";

type OfferInputData = import("zod").output<typeof offerInput>;
type OfferUpdateData = import("zod").output<typeof offerUpdate>;

interface UnitRow {
  id: string;
  owner_id: string;
  tipo: string;
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
  area_m2: number;
  quartos: number;
  banheiros: number;
  vagas: number;
  mobiliado: boolean;
  aceita_pets: boolean;
  descricao: string;
  matricula: string;
  fotos: string[];
  created_at: Date;
  updated_at: Date;
  ofertas?: { id: string; status: OfferStatus; total: number }[] | null;
}

interface OfferRow {
  id: string;
  unit_id: string;
  owner_id: string;
  status: OfferStatus;
  aluguel: string;
  condominio: string;
  iptu: string;
  seguro_incendio: string;
  total: string;
  garantias: string[];
  caucao_meses: number | null;
  prazo_meses: number;
  reajuste: string;
  disponivel_em: string;
  descricao: string;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const OPEN_STATUSES: readonly OfferStatus[] = ["rascunho", "publicada", "reservada", "alugada"];

function unitView(r: UnitRow): UnitView {
  return {
    id: r.id,
    tipo: r.tipo as UnitView["tipo"],
    cep: r.cep,
    logradouro: r.logradouro,
    numero: r.numero,
    complemento: r.complemento,
    bairro: r.bairro,
    cidade: r.cidade,
    uf: r.uf as UnitView["uf"],
    areaM2: r.area_m2,
    quartos: r.quartos,
    banheiros: r.banheiros,
    vagas: r.vagas,
    mobiliado: r.mobiliado,
    aceitaPets: r.aceita_pets,
    descricao: r.descricao,
    matricula: r.matricula,
    fotos: r.fotos,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    ofertas: (r.ofertas ?? []).map((o) => ({ ...o, total: Number(o.total) })),
  };
}

const UNIT_WITH_OFFERS = `SELECT u.*, (
    SELECT coalesce(json_agg(json_build_object('id', o.id, 'status', o.status, 'total', o.total) ORDER BY o.created_at DESC), '[]')
    FROM offers o WHERE o.unit_id = u.id) AS ofertas
  FROM units u`;

/** The unit fields the search reads from an offer row, for INSERT and UPDATE. */
/** An offer's copy of its unit's searchable fields, in the column order tipo … capa, search_text. */
function unitColumns(f: ReturnType<typeof searchFields>, offerDescription: string): unknown[] {
  return [
    f.tipo,
    f.uf,
    f.cidade,
    f.bairro,
    f.cidade_norm,
    f.bairro_norm,
    f.quartos,
    f.banheiros,
    f.vagas,
    f.area_m2,
    f.mobiliado,
    f.aceita_pets,
    f.capa,
    offerSearchText(f.unitText, offerDescription),
  ];
}

function searchFields(u: UnitData | UnitRow) {
  const get = <K extends string>(camel: keyof UnitData, snake: K) =>
    (u as Record<string, unknown>)[camel as string] ?? (u as Record<string, unknown>)[snake];
  const tipo = String(get("tipo", "tipo"));
  const bairro = String(get("bairro", "bairro"));
  const cidade = String(get("cidade", "cidade"));
  const uf = String(get("uf", "uf"));
  const descricao = String(get("descricao", "descricao"));
  const fotos = get("fotos", "fotos") as string[];
  return {
    tipo,
    uf,
    cidade,
    bairro,
    cidade_norm: normalizeText(cidade),
    bairro_norm: normalizeText(bairro),
    quartos: Number(get("quartos", "quartos")),
    banheiros: Number(get("banheiros", "banheiros")),
    vagas: Number(get("vagas", "vagas")),
    area_m2: Number(get("areaM2", "area_m2")),
    mobiliado: Boolean(get("mobiliado", "mobiliado")),
    aceita_pets: Boolean(get("aceitaPets", "aceita_pets")),
    capa: fotos[0] ?? null,
    unitText: normalizeText(`${tipo.replace("_", " ")} ${bairro} ${cidade} ${uf} ${descricao}`),
  };
}

export function offerSearchText(unitText: string, offerDescription: string): string {
  return normalizeText(`${unitText} ${offerDescription}`);
}

export class ListingsService {
  constructor(private readonly pool: pg.Pool) {}

  private tx<T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }

  /** Photos must be the owner's own images. */
  private async checkPhotos(c: pg.PoolClient, userId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const { rows } = await c.query<{ n: string }>(
      `SELECT count(*) AS n FROM documents WHERE id = ANY($1::uuid[]) AND owner_id = $2 AND content_type LIKE 'image/%'`,
      [ids, userId],
    );
    if (Number(rows[0]?.n) !== ids.length) throw new AppError("invalid-photo");
  }

  private async ownedUnit(
    c: pg.PoolClient | pg.Pool,
    userId: string,
    id: string,
    lock = false,
  ): Promise<UnitRow> {
    const { rows } = await c.query<UnitRow>(`SELECT * FROM units WHERE id = $1${lock ? " FOR UPDATE" : ""}`, [
      id,
    ]);
    const unit = rows[0];
    if (!unit) throw new AppError("not-found");
    if (unit.owner_id !== userId) throw new AppError("unauthorized");
    return unit;
  }

  // --- units -----------------------------------------------------------------------------------

  async createUnit(userId: string, data: UnitData): Promise<UnitView> {
    return this.tx(async (c) => {
      await this.checkPhotos(c, userId, data.fotos);
      const { rows } = await c.query<UnitRow>(
        `INSERT INTO units (id, owner_id, tipo, cep, logradouro, numero, complemento, bairro, cidade, uf, area_m2,
           quartos, banheiros, vagas, mobiliado, aceita_pets, descricao, matricula, fotos)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19) RETURNING *`,
        [
          randomUUID(),
          userId,
          data.tipo,
          data.cep,
          data.logradouro,
          data.numero,
          data.complemento,
          data.bairro,
          data.cidade,
          data.uf,
          data.areaM2,
          data.quartos,
          data.banheiros,
          data.vagas,
          data.mobiliado,
          data.aceitaPets,
          data.descricao,
          data.matricula,
          data.fotos,
        ],
      );
      return unitView(rows[0] as UnitRow);
    });
  }

  async listUnits(userId: string): Promise<UnitView[]> {
    const { rows } = await this.pool.query<UnitRow>(
      `${UNIT_WITH_OFFERS} WHERE u.owner_id = $1 ORDER BY u.created_at DESC NULLS LAST`,
      [userId],
    );
    return rows.map(unitView);
  }

  async getUnit(userId: string, id: string): Promise<UnitView> {
    await this.ownedUnit(this.pool, userId, id);
    const { rows } = await this.pool.query<UnitRow>(`${UNIT_WITH_OFFERS} WHERE u.id = $1`, [id]);
    return unitView(rows[0] as UnitRow);
  }

  async updateUnit(userId: string, id: string, data: UnitData): Promise<UnitView> {
    await this.tx(async (c) => {
      await this.ownedUnit(c, userId, id, true);
      await this.checkPhotos(c, userId, data.fotos);
      await c.query(
        `UPDATE units SET tipo=$2, cep=$3, logradouro=$4, numero=$5, complemento=$6, bairro=$7, cidade=$8, uf=$9,
           area_m2=$10, quartos=$11, banheiros=$12, vagas=$13, mobiliado=$14, aceita_pets=$15, descricao=$16,
           matricula=$17, fotos=$18, updated_at=now() WHERE id=$1`,
        [
          id,
          data.tipo,
          data.cep,
          data.logradouro,
          data.numero,
          data.complemento,
          data.bairro,
          data.cidade,
          data.uf,
          data.areaM2,
          data.quartos,
          data.banheiros,
          data.vagas,
          data.mobiliado,
          data.aceitaPets,
          data.descricao,
          data.matricula,
          data.fotos,
        ],
      );
      // Offers carry the unit's searchable fields: keep them in step.
      const f = searchFields(data);
      const { rows: unitOffers } = await c.query<{ id: string; descricao: string }>(
        "SELECT id, descricao FROM offers WHERE unit_id = $1",
        [id],
      );
      for (const o of unitOffers) {
        await c.query(
          `UPDATE offers SET tipo=$2, uf=$3, cidade=$4, bairro=$5, cidade_norm=$6, bairro_norm=$7, quartos=$8,
             banheiros=$9, vagas=$10, area_m2=$11, mobiliado=$12, aceita_pets=$13, capa=$14, search_text=$15,
             updated_at = now()
           WHERE id = $1`,
          [o.id, ...unitColumns(f, o.descricao)],
        );
      }
    });
    return this.getUnit(userId, id);
  }

  async deleteUnit(userId: string, id: string): Promise<void> {
    await this.tx(async (c) => {
      await this.ownedUnit(c, userId, id, true);
      const { rowCount } = await c.query(
        "SELECT 1 FROM offers WHERE unit_id = $1 AND status = ANY($2::text[])",
        [id, ACTIVE_STATUSES],
      );
      if (rowCount) throw new AppError("unit-has-active-offer");
      await c.query("DELETE FROM units WHERE id = $1", [id]);
    });
  }

  // --- offers ----------------------------------------------------------------------------------

  async createOffer(userId: string, input: OfferInputData): Promise<OfferView> {
    const id = randomUUID();
    await this.tx(async (c) => {
      const unit = await this.ownedUnit(c, userId, input.unidadeId, true);
      const { rowCount } = await c.query(
        "SELECT 1 FROM offers WHERE unit_id = $1 AND status = ANY($2::text[])",
        [unit.id, OPEN_STATUSES],
      );
      if (rowCount) throw new AppError("unit-has-open-offer");
      const f = searchFields(unit);
      const terms = this.terms(input);
      await c.query(
        `INSERT INTO offers (id, unit_id, owner_id, status, aluguel, condominio, iptu, seguro_incendio, total, garantias,
           caucao_meses, prazo_meses, reajuste, disponivel_em, descricao, tipo, uf, cidade, bairro, cidade_norm,
           bairro_norm, quartos, banheiros, vagas, area_m2, mobiliado, aceita_pets, capa, search_text)
         VALUES ($1,$2,$3,'rascunho',$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,
           $25,$26,$27,$28)`,
        [id, unit.id, userId, ...terms, ...unitColumns(f, input.descricao)],
      );
    });
    return this.getOffer(userId, id);
  }

  /** aluguel … descricao, in the column order of INSERT and UPDATE. */
  private terms(t: OfferUpdateData): unknown[] {
    return [
      t.aluguel,
      t.condominio,
      t.iptu,
      t.seguroIncendio,
      pacote(t),
      t.garantias,
      t.garantias.includes("caucao") ? t.caucaoMeses : null,
      t.prazoMeses,
      t.reajuste,
      t.disponivelEm,
      t.descricao,
    ];
  }

  /** An offer as `userId` (null: a visitor) may see it: 404 when it is not public and not theirs. */
  async getOffer(userId: string | null, id: string): Promise<OfferView> {
    const { rows } = await this.pool.query<OfferRow & { unit: UnitRow; owner_name: string }>(
      `SELECT o.*, row_to_json(u.*) AS unit, usr.name AS owner_name
       FROM offers o JOIN units u ON u.id = o.unit_id JOIN users usr ON usr.id = o.owner_id WHERE o.id = $1`,
      [id],
    );
    const r = rows[0];
    const isOwner = r !== undefined && r.owner_id === userId;
    if (!r || (!isOwner && !PUBLIC_STATUSES.includes(r.status))) throw new AppError("not-found");
    const u = r.unit;
    return {
      id: r.id,
      status: r.status,
      aluguel: Number(r.aluguel),
      condominio: Number(r.condominio),
      iptu: Number(r.iptu),
      seguroIncendio: Number(r.seguro_incendio),
      total: Number(r.total),
      garantias: r.garantias as OfferView["garantias"],
      caucaoMeses: r.caucao_meses,
      prazoMeses: r.prazo_meses,
      reajuste: r.reajuste as OfferView["reajuste"],
      disponivelEm: r.disponivel_em,
      descricao: r.descricao,
      publishedAt: r.published_at?.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      anunciante: r.owner_name.trim().split(/\s+/)[0] ?? "",
      isOwner,
      unidade: {
        id: u.id,
        tipo: u.tipo as UnitView["tipo"],
        cep: isOwner ? u.cep : null,
        logradouro: u.logradouro,
        numero: isOwner ? u.numero : null,
        complemento: isOwner ? u.complemento : null,
        bairro: u.bairro,
        cidade: u.cidade,
        uf: u.uf as UnitView["uf"],
        areaM2: u.area_m2,
        quartos: u.quartos,
        banheiros: u.banheiros,
        vagas: u.vagas,
        mobiliado: u.mobiliado,
        aceitaPets: u.aceita_pets,
        descricao: u.descricao,
        fotos: u.fotos,
        createdAt: new Date(u.created_at).toISOString(),
        updatedAt: new Date(u.updated_at).toISOString(),
      },
    };
  }

  private async lockedOffer(c: pg.PoolClient, id: string): Promise<OfferRow> {
    const { rows } = await c.query<OfferRow>("SELECT * FROM offers WHERE id = $1 FOR UPDATE", [id]);
    const offer = rows[0];
    if (!offer) throw new AppError("not-found");
    return offer;
  }

  async updateOffer(userId: string, id: string, input: OfferUpdateData): Promise<OfferView> {
    await this.tx(async (c) => {
      const offer = await this.lockedOffer(c, id);
      if (offer.owner_id !== userId)
        throw new AppError(PUBLIC_STATUSES.includes(offer.status) ? "unauthorized" : "not-found");
      if (!EDITABLE_STATUSES.includes(offer.status)) throw new AppError("offer-not-editable");
      const { rows } = await c.query<UnitRow>("SELECT * FROM units WHERE id = $1", [offer.unit_id]);
      const f = searchFields(rows[0] as UnitRow);
      await c.query(
        `UPDATE offers SET aluguel=$2, condominio=$3, iptu=$4, seguro_incendio=$5, total=$6, garantias=$7,
           caucao_meses=$8, prazo_meses=$9, reajuste=$10, disponivel_em=$11, descricao=$12, search_text=$13,
           updated_at=now() WHERE id=$1`,
        [id, ...this.terms(input), offerSearchText(f.unitText, input.descricao)],
      );
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
      if (action === "publish") {
        const { rows } = await c.query<{ n: number }>(
          "SELECT cardinality(fotos) AS n FROM units WHERE id = $1",
          [offer.unit_id],
        );
        if (!rows[0]?.n) throw new AppError("photo-required");
      }
      if (next === "encerrada") {
        // A closed offer takes no more proposals: the open ones end with it.
        await closeOpenProposals(c, id, "A oferta foi encerrada pelo proprietário.");
      }
      await c.query(
        `UPDATE offers SET status = $2, updated_at = now(),
           published_at = CASE WHEN $2 = 'publicada' AND published_at IS NULL THEN now() ELSE published_at END
         WHERE id = $1`,
        [id, next],
      );
      return offer.owner_id;
    });
    return this.getOffer(userId ?? ownerId, id);
  }

  // --- search and photos -----------------------------------------------------------------------

  async search(q: SearchQuery) {
    const { text, values } = buildSearchSql(q);
    const { rows } = await this.pool.query<SearchRow>({ text, values });
    return searchPage(q, rows);
  }

  /**
   * Whether a photo may be shown to `userId` (null: a visitor): to anyone when a unit with a
   * public offer shows it, otherwise only to its owner. Null when there is no such image.
   */
  async photoAccess(id: string): Promise<{
    ownerId: string;
    isPublic: boolean;
    contentType: string;
    size: number;
    sha256: string;
  } | null> {
    const { rows } = await this.pool.query<{
      owner_id: string;
      content_type: string;
      size: string;
      sha256: string;
      public: boolean;
    }>(
      `SELECT d.owner_id, d.content_type, d.size, d.sha256, EXISTS (
         SELECT 1 FROM units u JOIN offers o ON o.unit_id = u.id
         WHERE u.fotos @> ARRAY[d.id] AND o.status = ANY($2::text[])) AS public
       FROM documents d WHERE d.id = $1 AND d.content_type LIKE 'image/%'`,
      [id, PUBLIC_STATUSES],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      ownerId: r.owner_id,
      isPublic: r.public,
      contentType: r.content_type,
      size: Number(r.size),
      sha256: r.sha256,
    };
  }
}
