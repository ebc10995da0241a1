import type { Queryable, RowOf } from "../../db/rows";
import type { offers } from "../../db/schema/listings";
import type { favorites } from "../../db/schema/preferences";
import { CARD_COLUMNS, type OfferCardColumn } from "./saved-searches.repository";

/** The favorites table (decision 019): the offers a person keeps an eye on. */

export async function addFavorite(c: Queryable, userId: string, offerId: string): Promise<void> {
  await c.query("INSERT INTO favorites (user_id, offer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [
    userId,
    offerId,
  ]);
}

export async function removeFavorite(c: Queryable, userId: string, offerId: string): Promise<boolean> {
  const r = await c.query("DELETE FROM favorites WHERE user_id = $1 AND offer_id = $2", [userId, offerId]);
  return (r.rowCount ?? 0) > 0;
}

export type FavoriteRow = Pick<RowOf<typeof offers>, OfferCardColumn> & {
  saved_at: RowOf<typeof favorites>["created_at"];
};

/** One's favourites, newest first, with each offer as it is now. */
export async function favoritesOf(c: Queryable, userId: string): Promise<FavoriteRow[]> {
  const { rows } = await c.query<FavoriteRow>(
    `SELECT ${CARD_COLUMNS}, f.created_at AS saved_at
       FROM favorites f JOIN offers o ON o.id = f.offer_id
      WHERE f.user_id = $1 ORDER BY f.created_at DESC, o.id`,
    [userId],
  );
  return rows;
}

/** Who keeps the offer, but its owner. */
export async function favoritersOf(c: Queryable, offerId: string): Promise<string[]> {
  const { rows } = await c.query<{ user_id: string }>(
    `SELECT f.user_id FROM favorites f JOIN offers o ON o.id = f.offer_id
      WHERE f.offer_id = $1 AND f.user_id <> o.owner_id`,
    [offerId],
  );
  return rows.map((r) => r.user_id);
}

/** An account deleted (decision 022). */
export async function deleteFavoritesOf(c: Queryable, userId: string): Promise<void> {
  await c.query("DELETE FROM favorites WHERE user_id = $1", [userId]);
}
