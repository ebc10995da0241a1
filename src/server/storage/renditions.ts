import { createHash } from "node:crypto";
import sharp from "sharp";
import { PHOTO_WIDTHS } from "../../shared/contracts/listings";

/*
 * A photo's copies for the screen (decision 024), made with sharp (libvips): WebP at a few widths
 * and a tiny placeholder. Only image work here: where the bytes come from and go is photos.ts's.
 */

/** WebP quality: measured on phone photos, smaller than mozjpeg at 75 with no visible loss. */
export const WEBP_QUALITY = 72;
/** The placeholder's width: about 100 bytes, blurred by the browser when stretched over the box. */
export const PLACEHOLDER_WIDTH = 16;
const PLACEHOLDER_QUALITY = 40;

export interface MadeRendition {
  width: number;
  height: number;
  bytes: Buffer;
  sha256: string;
}

export interface MadePhoto {
  /** The photo's size as shown, after its EXIF orientation. */
  width: number;
  height: number;
  /** A WebP data: URL. */
  placeholder: string;
  renditions: MadeRendition[];
}

/**
 * The widths made for a photo `width` pixels wide, narrowest first: the standard ones narrower
 * than it, then the widest standard one, or the photo's own width when it is narrower (a photo
 * is never enlarged, and its full detail is still offered as WebP).
 */
export function renditionWidths(width: number): number[] {
  const widest = Math.min(width, PHOTO_WIDTHS.at(-1) as number);
  return [...PHOTO_WIDTHS.filter((w) => w < widest), widest];
}

/**
 * The object-store keys of a photo's renditions: derived from its id and a rendition's place in
 * the list, so a retried job overwrites instead of leaving copies behind, and the bytes can be
 * removed with the photo's without reading anything first. UUID-shaped, as the stores' keys are.
 */
export function renditionKey(documentId: string, index: number): string {
  const h = createHash("sha256").update(`chave rendition v1\n${documentId}\n${index}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** Every key a photo's renditions may use (for removing them with it). */
export function renditionKeys(documentId: string): string[] {
  return PHOTO_WIDTHS.map((_, i) => renditionKey(documentId, i));
}

/**
 * Makes a photo's renditions from its bytes. The photo is decoded once, at the widest rendition
 * (a JPEG is shrunk while it is decoded, which is most of the saving), and the narrower ones are
 * resized from that. `maxPixels` is the upload limit, so a file that slipped past it is refused
 * here too instead of taking the memory it claims. Metadata (EXIF with the camera's GPS position)
 * is left out of every copy.
 */
export async function makeRenditions(bytes: Buffer, maxPixels: number): Promise<MadePhoto> {
  const input = sharp(bytes, { autoOrient: true, limitInputPixels: maxPixels, failOn: "error" });
  const meta = await input.metadata();
  const { width, height } = meta.autoOrient;
  const widths = renditionWidths(width);
  const widest = await input
    .clone()
    .resize({ width: widths.at(-1) as number })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = {
    raw: {
      width: widest.info.width,
      height: widest.info.height,
      channels: widest.info.channels,
    },
  } as const;
  const renditions: MadeRendition[] = [];
  for (const w of widths) {
    const { data, info } = await sharp(widest.data, raw)
      .resize({ width: w })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    renditions.push({
      width: info.width,
      height: info.height,
      bytes: data,
      sha256: createHash("sha256").update(data).digest("hex"),
    });
  }
  const tiny = await sharp(widest.data, raw)
    .resize({ width: Math.min(PLACEHOLDER_WIDTH, widest.info.width) })
    .webp({ quality: PLACEHOLDER_QUALITY })
    .toBuffer();
  return { width, height, placeholder: `data:image/webp;base64,${tiny.toString("base64")}`, renditions };
}
