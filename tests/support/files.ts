import { createHash, randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";

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

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real w×h PNG: a solid colour with a darker band, so pages differ and orientation shows. */
export function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const band = y < height / 5 ? 0.5 : 1;
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round(rgb[0] * band);
      row[2 + x * 3] = Math.round(rgb[1] * band);
      row[3 + x * 3] = Math.round(rgb[2] * band);
    }
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
