import { apiPaths } from "./api-paths";
import type { PhotoInfo } from "./contracts/listings";

/*
 * How a unit photo is asked for at the size it is drawn (decision 024), the same for the app's
 * screens and for anything else that writes an <img> of one.
 */

/** A photo's address: the original, or with `width` the narrowest rendition at least that wide. */
export function photoPath(id: string, width?: number): string {
  return width === undefined ? apiPaths.photo(id) : `${apiPaths.photo(id)}?w=${width}`;
}

/** The sources of an <img> of a photo: its renditions as a srcset once made, else the original. */
export function photoSources(
  id: string,
  info: PhotoInfo | null | undefined,
): { src: string; srcSet?: string } {
  if (!info || info.widths.length === 0) return { src: photoPath(id) };
  // Browsers without srcset (none current) get the middle one: sharp enough for a card or a phone.
  const fallback = info.widths.find((w) => w >= 640) ?? (info.widths.at(-1) as number);
  return {
    src: photoPath(id, fallback),
    srcSet: info.widths.map((w) => `${photoPath(id, w)} ${w}w`).join(", "),
  };
}

/**
 * How wide the screens draw photos, for `sizes` (Mantine's breakpoints: xs 36em, sm 48em, md
 * 62em). Cards: one column on a phone, two up to md, then three in the 1140 px container; the
 * grid: two, three, then four; the offer's gallery fills the 960 px container.
 */
export const PHOTO_SIZES = {
  card: "(min-width: 62em) 370px, (min-width: 36em) 50vw, 100vw",
  grid: "(min-width: 62em) 270px, (min-width: 48em) 33vw, 50vw",
  cover: "(min-width: 62em) 928px, 100vw",
  thumb: "64px",
} as const;
