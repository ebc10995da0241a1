/*
 * Images that are little more than a header declaring a size: what a decode bomb needs, built by
 * hand so the tests need no image library (issue 13, decision 016).
 */

import { chunk } from "../../src/server/seed/png";

/** A PNG that declares width×height RGBA pixels and carries a few bytes of data. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from("78da63600000000200015e", "hex")),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A baseline JPEG header (SOI, APP0, SOF0) declaring width×height, then EOI; `padding` bytes of
 * APP2 segments before the frame header put it as far into the file as a long ICC profile would.
 */
export function jpegDeclaring(width: number, height: number, padding = 0): Buffer {
  const app0 = Buffer.from("ffe000104a46494600010100000100010000", "hex");
  const segments: Buffer[] = [];
  for (let left = padding; left > 0; left -= 65_533) {
    const size = Math.min(left, 65_533);
    const segment = Buffer.alloc(size + 4);
    segment.writeUInt16BE(0xffe2, 0);
    segment.writeUInt16BE(size + 2, 2);
    segments.push(segment);
  }
  const sof = Buffer.from("ffc00011080000000003012200021101031101", "hex");
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, ...segments, sof, Buffer.from([0xff, 0xd9])]);
}

/** An extended WebP (VP8X) whose canvas is width×height. */
export function webpDeclaring(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const vp8xChunk = Buffer.concat([Buffer.from("VP8X"), Buffer.from([10, 0, 0, 0]), vp8x]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + vp8xChunk.length);
  return Buffer.concat([Buffer.from("RIFF"), size, Buffer.from("WEBP"), vp8xChunk]);
}
