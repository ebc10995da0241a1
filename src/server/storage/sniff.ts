import type { AcceptedType } from "../../shared/contracts/storage";

/** How many leading bytes sniffType needs. */
export const SNIFF_BYTES = 16;

/**
 * The real type of a file from its first bytes (its magic number). Only the four accepted types
 * are recognised; anything else, an executable renamed to .pdf included, is null.
 */
export function sniffType(head: Uint8Array): AcceptedType | null {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return "image/webp";
  // "%PDF-"; PDF readers also accept a few bytes before it, but no file we make or expect has any.
  if (at(0, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf";
  return null;
}

export const EXTENSION: Record<AcceptedType, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
  "application/pdf": ".pdf",
};

/** The extensions each type is known by; the first is the one given. */
const EXTENSIONS: Record<AcceptedType, readonly string[]> = {
  "image/jpeg": [".jpg", ".jpeg", ".jpe", ".jfif"],
  "image/png": [".png"],
  "image/webp": [".webp"],
  "application/pdf": [".pdf"],
};

/** What looks like an extension to a file manager: a dot, a letter, then up to four more. */
const EXTENSION_LIKE = /\.[a-z][a-z0-9]{0,4}$/i;

/**
 * The name a download is saved under: the one given, with the extension of what the bytes really
 * are. A PDF named "comprovante.html" saves as "comprovante.pdf" (a browser or a file manager goes
 * by the extension, and would open it as a page); "Relatório v1.2" keeps its name, plus ".pdf".
 */
export function downloadName(fileName: string, type: AcceptedType): string {
  const extensions = EXTENSIONS[type];
  const lower = fileName.toLowerCase();
  if (extensions.some((e) => lower.endsWith(e))) return fileName;
  const base = fileName.replace(EXTENSION_LIKE, "") || fileName;
  return `${base}${EXTENSION[type]}`;
}
