import type { NewRowOf, Queryable, RowOf } from "../../db/rows";
import type { offers, units } from "../../db/schema/listings";

/**
 * The units table (decision 019): the properties landlords register. The listings service decides
 * who may touch a unit and in which transaction; this module only runs the statements.
 */
type UnitRow = RowOf<typeof units>;

/** The columns a landlord writes of a unit (everything but its id, owner and times), in order. */
const UNIT_FIELDS = [
  "company_id",
  "tipo",
  "cep",
  "logradouro",
  "numero",
  "complemento",
  "bairro",
  "cidade",
  "uf",
  "area_m2",
  "quartos",
  "banheiros",
  "vagas",
  "mobiliado",
  "aceita_pets",
  "inventario",
  "descricao",
  "matricula",
  "fotos",
] as const satisfies readonly (keyof UnitRow)[];

/** What a landlord writes of a unit. */
export type UnitFields = Pick<UnitRow, (typeof UNIT_FIELDS)[number]>;

const valuesOf = (unit: UnitFields) => UNIT_FIELDS.map((column) => unit[column]);

/** A unit with its offers, newest first (an empty list when it has none). */
export type UnitWithOffers = UnitRow & {
  ofertas: Pick<RowOf<typeof offers>, "id" | "status" | "total">[];
};

/** The unit, locked for the caller's transaction with `lock`; undefined when there is none. */
export async function unitById(c: Queryable, id: string, lock = false): Promise<UnitRow | undefined> {
  const { rows } = await c.query<UnitRow>(`SELECT * FROM units WHERE id = $1${lock ? " FOR UPDATE" : ""}`, [
    id,
  ]);
  return rows[0];
}

export async function insertUnit(
  c: Queryable,
  unit: Pick<UnitRow, "id" | "owner_id"> & UnitFields,
): Promise<UnitRow> {
  const columns = ["id", "owner_id", ...UNIT_FIELDS];
  const { rows } = await c.query<UnitRow>(
    `INSERT INTO units (${columns.join(", ")})
     VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING *`,
    [unit.id, unit.owner_id, ...valuesOf(unit)],
  );
  return rows[0] as UnitRow;
}

export async function updateUnit(c: Queryable, id: string, unit: UnitFields): Promise<void> {
  await c.query(
    `UPDATE units SET ${UNIT_FIELDS.map((column, i) => `${column} = $${i + 2}`).join(", ")}, updated_at = now()
     WHERE id = $1`,
    [id, ...valuesOf(unit)],
  );
}

export async function deleteUnit(c: Queryable, id: string): Promise<void> {
  await c.query("DELETE FROM units WHERE id = $1", [id]);
}

const UNIT_WITH_OFFERS = `SELECT u.*, (
    SELECT coalesce(json_agg(json_build_object('id', o.id, 'status', o.status, 'total', o.total) ORDER BY o.created_at DESC), '[]')
    FROM offers o WHERE o.unit_id = u.id) AS ofertas
  FROM units u`;

/** One's units, newest first, each with its offers. */
export async function unitsWithOffersOf(c: Queryable, ownerId: string): Promise<UnitWithOffers[]> {
  const { rows } = await c.query<UnitWithOffers>(
    `${UNIT_WITH_OFFERS} WHERE u.owner_id = $1 ORDER BY u.created_at DESC NULLS LAST`,
    [ownerId],
  );
  return rows;
}

export async function unitWithOffers(c: Queryable, id: string): Promise<UnitWithOffers | undefined> {
  const { rows } = await c.query<UnitWithOffers>(`${UNIT_WITH_OFFERS} WHERE u.id = $1`, [id]);
  return rows[0];
}

/** How many photos the unit shows (null when there is no such unit). */
export async function unitPhotoCount(c: Queryable, id: string): Promise<number | null> {
  const { rows } = await c.query<{ n: number }>("SELECT cardinality(fotos) AS n FROM units WHERE id = $1", [
    id,
  ]);
  return rows[0]?.n ?? null;
}

/** Generated units (the seed), all in one statement. */
export type SeedUnit = Required<
  Pick<
    NewRowOf<typeof units>,
    | "id"
    | "owner_id"
    | "tipo"
    | "cep"
    | "logradouro"
    | "numero"
    | "bairro"
    | "cidade"
    | "uf"
    | "area_m2"
    | "quartos"
    | "banheiros"
    | "vagas"
    | "mobiliado"
    | "aceita_pets"
    | "descricao"
    | "fotos"
  >
>;

export async function insertUnits(c: Queryable, batch: SeedUnit[]): Promise<void> {
  const column = <K extends keyof SeedUnit>(key: K) => batch.map((u) => u[key]);
  await c.query(
    `INSERT INTO units (id, owner_id, tipo, cep, logradouro, numero, bairro, cidade, uf, area_m2, quartos, banheiros,
       vagas, mobiliado, aceita_pets, descricao, fotos)
     SELECT id, owner, tipo, cep, logradouro, numero, bairro, cidade, uf, area, quartos, banheiros, vagas, mobiliado,
       pets, descricao, fotos::uuid[]
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::text[], $10::int[], $11::int[], $12::int[], $13::int[], $14::bool[], $15::bool[], $16::text[], $17::text[])
       AS t(id, owner, tipo, cep, logradouro, numero, bairro, cidade, uf, area, quartos, banheiros, vagas, mobiliado,
         pets, descricao, fotos)`,
    [
      column("id"),
      column("owner_id"),
      column("tipo"),
      column("cep"),
      column("logradouro"),
      column("numero"),
      column("bairro"),
      column("cidade"),
      column("uf"),
      column("area_m2"),
      column("quartos"),
      column("banheiros"),
      column("vagas"),
      column("mobiliado"),
      column("aceita_pets"),
      column("descricao"),
      // Each unit's photos as one array literal: an array of arrays would be sent as a 2-D array.
      batch.map((u) => `{${u.fotos.join(",")}}`),
    ],
  );
}

/**
 * An account deleted (decision 022): its units go, with their offers and what hangs on them,
 * except those a kept contract names.
 */
export async function deleteUnitsExcept(c: Queryable, ownerId: string, keep: string[]): Promise<void> {
  await c.query("DELETE FROM units WHERE owner_id = $1 AND NOT (id = ANY($2::uuid[]))", [ownerId, keep]);
}
