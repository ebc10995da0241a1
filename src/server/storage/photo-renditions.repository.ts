import type { PhotoInfo } from "../../shared/contracts/listings";
import type { NewRowOf, Queryable, RowOf } from "../db/rows";
import type { documents, photoRenditions } from "../db/schema/storage";

/*
 * The photo_renditions table (decisions 019 and 024): a photo's copies for the screen, written once
 * by the photos.renditions job (photos.ts). A row goes with its document (ON DELETE CASCADE); the
 * bytes are removed by whoever removes the document's (renditionKeys).
 */
type RenditionsRow = RowOf<typeof photoRenditions>;

/** A photo's row as the screens need it (the json of `photoInfoColumn`). */
type PhotoInfoJson = Pick<RenditionsRow, "width" | "height" | "placeholder" | "renditions">;

/** What a screen needs of a photo, from its row. */
export function photoInfoOf(r: PhotoInfoJson): PhotoInfo {
  return {
    width: r.width,
    height: r.height,
    placeholder: r.placeholder,
    widths: r.renditions.map((x) => x.width),
  };
}

/**
 * A select-list column with the photo `idExpression` names as json (null when it has no row yet),
 * for a query that reads photos beside other rows (the search's cards). Only the rows a page
 * returns pay for it: PostgreSQL evaluates such a subquery after its sort and limit.
 */
export function photoInfoColumn(idExpression: string, as: string): string {
  return `(SELECT json_build_object('width', p.width, 'height', p.height, 'placeholder', p.placeholder,
      'renditions', p.renditions)
    FROM photo_renditions p WHERE p.document_id = ${idExpression}) AS ${as}`;
}

/** The row a `photoInfoColumn` reads, or null. */
export type PhotoInfoColumn = PhotoInfoJson | null;

/** What the screens need of each of `ids` that has been made, by id. */
export async function photoInfos(c: Queryable, ids: string[]): Promise<Record<string, PhotoInfo>> {
  if (ids.length === 0) return {};
  const { rows } = await c.query<PhotoInfoJson & Pick<RenditionsRow, "document_id">>(
    `SELECT document_id, width, height, placeholder, renditions FROM photo_renditions
     WHERE document_id = ANY($1::uuid[])`,
    [ids],
  );
  return Object.fromEntries(rows.map((r) => [r.document_id, photoInfoOf(r)]));
}

/**
 * What the renditions job needs to know of a document: whether it is an image, and whether its
 * renditions are made already. Undefined when there is no such document (deleted since).
 */
export async function photoToRender(
  c: Queryable,
  id: string,
): Promise<(Pick<RowOf<typeof documents>, "content_type"> & { made: boolean }) | undefined> {
  const { rows } = await c.query<Pick<RowOf<typeof documents>, "content_type"> & { made: boolean }>(
    `SELECT d.content_type, r.document_id IS NOT NULL AS made
     FROM documents d LEFT JOIN photo_renditions r ON r.document_id = d.id WHERE d.id = $1`,
    [id],
  );
  return rows[0];
}

/**
 * Records a photo's renditions, once: false when a row was there already (another run made them
 * at the same time). A document deleted meanwhile makes the foreign key refuse it (23503).
 */
export async function insertRenditions(
  c: Queryable,
  row: Required<
    Pick<NewRowOf<typeof photoRenditions>, "document_id" | "width" | "height" | "placeholder" | "renditions">
  >,
): Promise<boolean> {
  const { rowCount } = await c.query(
    `INSERT INTO photo_renditions (document_id, width, height, placeholder, renditions)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (document_id) DO NOTHING`,
    [row.document_id, row.width, row.height, row.placeholder, JSON.stringify(row.renditions)],
  );
  return rowCount === 1;
}

/**
 * Photos without renditions, in id order after `after` (null: from the start), at most `limit`:
 * images uploaded as a unit's photo, and any other image a unit shows. Other images (a scanned
 * RG, a proof of income) never get copies.
 */
export async function photosWithoutRenditions(
  c: Queryable,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const { rows } = await c.query<Pick<RowOf<typeof documents>, "id">>(
    `SELECT d.id FROM documents d
     WHERE d.content_type LIKE 'image/%' AND ($1::uuid IS NULL OR d.id > $1::uuid)
       AND (d.kind IN ('foto_unidade', 'foto_vistoria') OR EXISTS (SELECT 1 FROM units u WHERE u.fotos @> ARRAY[d.id]))
       AND NOT EXISTS (SELECT 1 FROM photo_renditions r WHERE r.document_id = d.id)
     ORDER BY d.id LIMIT $2`,
    [after, limit],
  );
  return rows.map((r) => r.id);
}
