import { randomId } from "../../lib/random-id";

/** Photos are shrunk so their longer side is at most this many pixels (about 240 dpi on A4). */
export const MAX_IMAGE_SIDE = 2000;
export const JPEG_QUALITY = 0.85;

/** A page to be: the image and how far it is turned (0, 90, 180, 270 degrees clockwise). */
export interface PageImage {
  id: string;
  blob: Blob;
  name: string;
  rotation: number;
}

export function newPage(blob: Blob, name: string): PageImage {
  return { id: randomId(), blob, name, rotation: 0 };
}

/** The size an image of w×h is drawn at so that neither side passes `max`. */
export function fitWithin(w: number, h: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** Decodes, turns and shrinks one image into a JPEG. */
export async function renderJpeg(
  page: PageImage,
): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const bitmap = await createImageBitmap(page.blob);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const quarter = ((page.rotation % 360) + 360) % 360;
    const sideways = quarter === 90 || quarter === 270;
    const canvas = document.createElement("canvas");
    canvas.width = sideways ? height : width;
    canvas.height = sideways ? width : height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d canvas");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.translate(canvas.width / 2, canvas.height / 2);
    ctx.rotate((quarter * Math.PI) / 180);
    ctx.drawImage(bitmap, -width / 2, -height / 2, width, height);
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("toBlob failed"))), "image/jpeg", JPEG_QUALITY),
    );
    return { bytes: new Uint8Array(await blob.arrayBuffer()), width: canvas.width, height: canvas.height };
  } finally {
    bitmap.close();
  }
}

const A4 = { w: 595.28, h: 841.89 };
const MARGIN = 24;

/**
 * Combines images into one PDF, a page each, A4 turned to suit the image, the image fitted
 * inside the margins. Reports each page as it is done.
 */
export async function imagesToPdf(
  pages: PageImage[],
  onPage?: (done: number, total: number) => void,
  title = "Documento",
): Promise<Blob> {
  // pdf-lib (160 KiB Brotli) comes when the first PDF is made, not with the screen (issue 18).
  const { PDFDocument } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer("Chave");
  pdf.setCreator("Chave");
  for (const [i, page] of pages.entries()) {
    const jpeg = await renderJpeg(page);
    const image = await pdf.embedJpg(jpeg.bytes);
    const landscape = jpeg.width > jpeg.height;
    const [pw, ph] = landscape ? [A4.h, A4.w] : [A4.w, A4.h];
    const scale = Math.min((pw - 2 * MARGIN) / jpeg.width, (ph - 2 * MARGIN) / jpeg.height);
    const w = jpeg.width * scale;
    const h = jpeg.height * scale;
    pdf.addPage([pw, ph]).drawImage(image, { x: (pw - w) / 2, y: (ph - h) / 2, width: w, height: h });
    onPage?.(i + 1, pages.length);
  }
  const bytes = await pdf.save();
  return new Blob([bytes as BlobPart], { type: "application/pdf" });
}

/** Whether a picked file claims to be one of the images we take (the server checks the bytes). */
export function isAcceptedImage(file: File): boolean {
  return ["image/jpeg", "image/png", "image/webp"].includes(file.type);
}
