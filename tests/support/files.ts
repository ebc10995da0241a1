import { createHash, randomBytes } from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { solidPng } from "../../src/server/seed/png";

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** A real PDF with `pages` pages of text, padded with random bytes in a stream to reach `minSize`. */
export async function makePdf(pages = 1, minSize = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Comprovante de renda - pagina ${i}`, { x: 50, y: 780, size: 18, font });
  }
  if (minSize > 0) {
    // An attached file stream is carried opaquely by every reader: the PDF stays valid.
    await doc.attach(randomBytes(minSize), "anexo.bin", { mimeType: "application/octet-stream" });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** The smallest valid PNG (1x1, transparent). */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** The first bytes of a Linux executable, with some more to look like a real file. */
export function fakeExecutable(size = 4096): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]).copy(bytes, 0);
  return bytes;
}

/** A real w×h PNG: a solid colour with a darker band, so pages differ and orientation shows. */
export function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  return solidPng(width, height, rgb);
}

/** A random CPF with valid check digits, so each test account can have its own. */
export function randomCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((s, n, i) => s + n * (len + 1 - i), 0);
    const rest = (sum * 10) % 11;
    d.push(rest === 10 ? 0 : rest);
  }
  return d.join("");
}
