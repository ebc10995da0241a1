import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";

/*
 * How the contract and its certificate of completion put text on A4 pages: every line is measured
 * and wrapped here, and the cursor moves down by each line actually drawn, so nothing is printed
 * over anything else, nothing runs off the page, and a page break comes when the page is full.
 * (pdf-lib's own `maxWidth` wraps without moving the caller's cursor: lines land on each other.)
 */

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 56;
export const WIDTH = A4[0] - 2 * MARGIN;
/** Lowest baseline area for text; the page number sits below it. */
export const BOTTOM = 64;
const TOP = A4[1] - MARGIN;
/** A space the lines never break at. */
export const NBSP = "\u00a0";
const INK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.4, 0.4, 0.45);

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
/** DejaVu Sans, so every accent renders in any reader. */
export function contractFonts() {
  fontBytes ??= {
    regular: fs.readFileSync(path.join(fontDir, "DejaVuSans.ttf")),
    bold: fs.readFileSync(path.join(fontDir, "DejaVuSans-Bold.ttf")),
  };
  return fontBytes;
}

export interface Writer {
  doc: PDFDocument;
  page: PDFPage;
  /** The top of the next line. */
  y: number;
  regular: PDFFont;
  bold: PDFFont;
}

/** Embeds the fonts (subset) and opens a new page at the end of `doc`. */
export async function openWriter(doc: PDFDocument): Promise<Writer> {
  doc.registerFontkit(fontkit);
  const f = contractFonts();
  const regular = await doc.embedFont(f.regular, { subset: true });
  const bold = await doc.embedFont(f.bold, { subset: true });
  return { doc, page: doc.addPage(A4), y: TOP, regular, bold };
}

export function newPage(w: Writer): void {
  w.page = w.doc.addPage(A4);
  w.y = TOP;
}

/** Starts a new page unless `height` points still fit on this one (a page's first line always goes). */
export function ensureRoom(w: Writer, height: number): void {
  if (w.y - height < BOTTOM && w.y < TOP) newPage(w);
}

/** A word wider than the line (a long e-mail, a hash) broken where it must be, so it stays on the page. */
function breakWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const ch of word) {
    if (piece && font.widthOfTextAtSize(piece + ch, size) > width) {
      pieces.push(piece);
      piece = ch;
    } else piece += ch;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Breaks text into lines that fit `width`, measuring each word once (layout is the costly part). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const space = font.widthOfTextAtSize(" ", size);
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    let lineWidth = 0;
    // Breaks at spaces only: a no-break space (U+00A0) keeps "nº" with its number.
    for (const whole of paragraph.split(/[ \t]+/).filter(Boolean)) {
      const wholeWidth = font.widthOfTextAtSize(whole, size);
      const parts = wholeWidth > width ? breakWord(whole, font, size, width) : [whole];
      for (const word of parts) {
        const w = parts.length === 1 ? wholeWidth : font.widthOfTextAtSize(word, size);
        if (line && lineWidth + space + w > width) {
          lines.push(line);
          line = word;
          lineWidth = w;
        } else {
          lineWidth = line ? lineWidth + space + w : w;
          line = line ? `${line} ${word}` : word;
        }
      }
    }
    lines.push(line);
  }
  return lines;
}

export interface TextOptions {
  bold?: boolean;
  size?: number;
  /** Space after the paragraph. */
  gap?: number;
  center?: boolean;
  /** Points that must fit below this paragraph on the same page (a heading keeps its first lines). */
  keepWithNext?: number;
  /** Keeps the whole paragraph on one page. */
  together?: boolean;
}

const leadingOf = (size: number) => size * 1.45;

/** How tall `text` is once wrapped, without its gap. */
export function heightOf(w: Writer, text: string, options: TextOptions = {}): number {
  const size = options.size ?? 10;
  return wrap(text, options.bold ? w.bold : w.regular, size, WIDTH).length * leadingOf(size);
}

/** Writes a paragraph, wrapped to the text width, moving down one leading per line drawn. */
export function write(w: Writer, text: string, options: TextOptions = {}): void {
  const size = options.size ?? 10;
  const font = options.bold ? w.bold : w.regular;
  const leading = leadingOf(size);
  const lines = wrap(text, font, size, WIDTH);
  if (options.keepWithNext !== undefined || options.together)
    ensureRoom(w, (options.together ? lines.length : 1) * leading + (options.keepWithNext ?? 0));
  for (const line of lines) {
    ensureRoom(w, leading);
    const x = options.center ? (A4[0] - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
    w.page.drawText(line, { x, y: w.y - size, size, font, color: INK });
    w.y -= leading;
  }
  w.y -= options.gap ?? 6;
}

export interface Cell {
  text: string;
  /** From the left margin. */
  x: number;
  width: number;
  bold?: boolean;
}

/** Cells side by side, each wrapped in its column; the row moves to the next page whole. */
export function writeRow(w: Writer, cells: Cell[], options: { size?: number; gap?: number } = {}): void {
  const size = options.size ?? 9;
  const leading = leadingOf(size);
  const wrapped = cells.map((c) => ({ c, lines: wrap(c.text, c.bold ? w.bold : w.regular, size, c.width) }));
  const rows = Math.max(...wrapped.map((x) => x.lines.length));
  ensureRoom(w, rows * leading);
  for (const { c, lines } of wrapped)
    lines.forEach((line, i) => {
      w.page.drawText(line, {
        x: MARGIN + c.x,
        y: w.y - i * leading - size,
        size,
        font: c.bold ? w.bold : w.regular,
        color: INK,
      });
    });
  w.y -= rows * leading + (options.gap ?? 2);
}

/** A centred grey label at the foot of each page (its number), below the text area. */
export function footer(
  pages: PDFPage[],
  font: PDFFont,
  label: (index: number, count: number) => string,
): void {
  pages.forEach((page, i) => {
    const text = label(i + 1, pages.length);
    page.drawText(text, {
      x: (A4[0] - font.widthOfTextAtSize(text, 8)) / 2,
      y: 32,
      size: 8,
      font,
      color: GREY,
    });
  });
}
