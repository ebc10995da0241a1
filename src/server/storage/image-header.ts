import { imageSize } from "image-size";
import type { AcceptedType } from "../../shared/contracts/storage";

/**
 * How many leading bytes are read to find an image's declared size. PNG and WebP say it in their
 * first 30 bytes; a JPEG says it in its frame header, after any EXIF, ICC and other segments,
 * which in photos from phones stay well within this. A JPEG whose frame header comes later is
 * read whole (files are at most UPLOAD_MAX_SIZE).
 */
export const IMAGE_HEAD_BYTES = 256 * 1024;

const IMAGE_SIZE_TYPE: Partial<Record<AcceptedType, string>> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

export interface Dimensions {
  width: number;
  height: number;
}

/**
 * The width and height an image's header declares, read by image-size without decoding a pixel;
 * null when the header cannot be read (cut short, malformed, or not the type sniffed), which the
 * caller treats as a file it cannot vouch for.
 */
export function declaredDimensions(head: Uint8Array, type: AcceptedType): Dimensions | null {
  const expected = IMAGE_SIZE_TYPE[type];
  if (!expected) return null;
  try {
    const size = imageSize(head);
    if (size.type !== expected) return null;
    const { width, height } = size;
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) return null;
    return { width, height };
  } catch {
    return null;
  }
}

/** "40 megapixels", "0,5 megapixels": the limit as a person reads it. */
export function megapixels(pixels: number): string {
  return `${(pixels / 1_000_000).toLocaleString("pt-BR", { maximumFractionDigits: 4 })} megapixels`;
}
