import { deflateSync } from "node:zlib";

/*
 * A small PNG painter for generated data: the seed's property photos and the tests' images.
 * No image library is needed to write a valid PNG: an IHDR, one deflated IDAT, an IEND.
 */

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

/** One PNG chunk: length, type, data and its CRC-32 (the test images that only declare a size use it too). */
export function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Rgb = [number, number, number];

/** An RGB raster to paint on, then encode. */
export class Raster {
  readonly pixels: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    fill: Rgb = [255, 255, 255],
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, fill);
  }

  set(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }

  rect(x0: number, y0: number, w: number, h: number, color: Rgb): void {
    for (let y = Math.max(0, y0); y < Math.min(this.height, y0 + h); y++)
      for (let x = Math.max(0, x0); x < Math.min(this.width, x0 + w); x++) this.set(x, y, color);
  }

  /** An isosceles triangle pointing up: the roof. */
  triangle(cx: number, top: number, base: number, halfWidth: number, color: Rgb): void {
    for (let y = top; y <= base; y++) {
      const half = Math.round(((y - top) / Math.max(1, base - top)) * halfWidth);
      for (let x = cx - half; x <= cx + half; x++) this.set(x, y, color);
    }
  }

  png(): Buffer {
    const stride = this.width * 3 + 1;
    const raw = Buffer.alloc(stride * this.height);
    for (let y = 0; y < this.height; y++)
      this.pixels.copy(raw, y * stride + 1, y * this.width * 3, (y + 1) * this.width * 3);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8;
    header[9] = 2;
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(raw)),
      chunk("IEND", Buffer.alloc(0)),
    ]);
  }
}

/** A solid w×h PNG with a darker band at the top, so pages differ and their orientation shows. */
export function solidPng(width: number, height: number, rgb: Rgb): Buffer {
  const r = new Raster(width, height, rgb);
  r.rect(0, 0, width, Math.floor(height / 5), [
    Math.round(rgb[0] / 2),
    Math.round(rgb[1] / 2),
    Math.round(rgb[2] / 2),
  ]);
  return r.png();
}

/** A drawn house: sky, lawn, walls, roof, door and windows, in the colours given. */
export function housePng(variant: number, width = 480, height = 320): Buffer {
  const walls: Rgb[] = [
    [236, 222, 200],
    [200, 220, 236],
    [240, 200, 180],
    [220, 236, 210],
    [250, 240, 180],
    [230, 230, 230],
  ];
  const roofs: Rgb[] = [
    [170, 70, 50],
    [90, 90, 110],
    [140, 90, 60],
    [60, 100, 80],
  ];
  const skies: Rgb[] = [
    [150, 200, 240],
    [190, 220, 250],
    [250, 200, 160],
  ];
  const r = new Raster(width, height, skies[variant % skies.length]);
  r.rect(0, Math.round(height * 0.72), width, height, [110, 170, 90]);
  const wall = walls[variant % walls.length] as Rgb;
  const w = Math.round(width * (0.42 + (variant % 3) * 0.08));
  const x0 = Math.round((width - w) / 2);
  const top = Math.round(height * 0.42);
  const bottom = Math.round(height * 0.78);
  r.rect(x0, top, w, bottom - top, wall);
  r.triangle(
    Math.round(width / 2),
    Math.round(height * 0.18),
    top,
    Math.round(w / 2) + 14,
    roofs[variant % roofs.length] as Rgb,
  );
  r.rect(Math.round(width / 2) - 18, bottom - 70, 36, 70, [120, 80, 50]);
  const windows = 2 + (variant % 2);
  for (let i = 0; i < windows; i++) {
    const wx = x0 + 20 + i * Math.round((w - 80) / Math.max(1, windows - 1));
    if (Math.abs(wx + 20 - width / 2) < 40) continue;
    r.rect(wx, top + 24, 40, 34, [120, 170, 210]);
  }
  return r.png();
}
