import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/*
 * What a reader of a PDF sees, for the tests: the text of each page and where each line and word
 * of it sits, as poppler's pdftotext finds them (the same engine many readers use), so a test can
 * tell when lines are printed over one another or run off the page.
 */

export interface Box {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}
export interface Word extends Box {
  text: string;
}
export interface Line extends Box {
  words: Word[];
  text: string;
}
export interface PageBoxes {
  number: number;
  width: number;
  height: number;
  lines: Line[];
}

function withFile<T>(bytes: Uint8Array, run: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chave-pdf-"));
  const file = path.join(dir, "contrato.pdf");
  fs.writeFileSync(file, bytes);
  try {
    return run(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const num = (attrs: string, name: string) => Number(new RegExp(`${name}="([\\d.-]+)"`).exec(attrs)?.[1]);
const box = (attrs: string): Box => ({
  xMin: num(attrs, "xMin"),
  yMin: num(attrs, "yMin"),
  xMax: num(attrs, "xMax"),
  yMax: num(attrs, "yMax"),
});
const fromXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** Every page's lines and words with their boxes (`pdftotext -bbox-layout`). */
export function pdfBoxes(bytes: Uint8Array): PageBoxes[] {
  const html = withFile(bytes, (file) =>
    execFileSync("pdftotext", ["-bbox-layout", file, "-"], { encoding: "utf8", maxBuffer: 64 << 20 }),
  );
  const pages: PageBoxes[] = [];
  for (const [n, page] of html
    .split(/<page /)
    .slice(1)
    .entries()) {
    const head = page.slice(0, page.indexOf(">"));
    const lines: Line[] = [];
    for (const m of page.matchAll(/<line ([^>]*)>([\s\S]*?)<\/line>/g)) {
      const words = [...(m[2] ?? "").matchAll(/<word ([^>]*)>([\s\S]*?)<\/word>/g)].map((w) => ({
        ...box(w[1] ?? ""),
        text: fromXml(w[2] ?? ""),
      }));
      lines.push({ ...box(m[1] ?? ""), words, text: words.map((w) => w.text).join(" ") });
    }
    pages.push({ number: n + 1, width: num(head, "width"), height: num(head, "height"), lines });
  }
  return pages;
}

/** The text of each page, as `pdftotext -layout` reads it. */
export function pdfText(bytes: Uint8Array): string {
  return withFile(bytes, (file) =>
    execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8", maxBuffer: 64 << 20 }),
  );
}

/** What `pdfsig` reports (it exits 0 even on "Digest Mismatch": read its text). */
export function pdfsig(bytes: Uint8Array): string {
  return withFile(bytes, (file) => execFileSync("pdfsig", [file], { encoding: "utf8" }));
}

/** `pdfimages -list`: the page of each image (not its soft mask), in order. */
export function imagePages(bytes: Uint8Array): number[] {
  return withFile(bytes, (file) =>
    execFileSync("pdfimages", ["-list", file], { encoding: "utf8" })
      .split("\n")
      .slice(2)
      .map((l) => l.trim().split(/\s+/))
      .filter((cols) => cols[2] === "image")
      .map((cols) => Number(cols[0])),
  );
}

/** How far two boxes cover each other, across and down (0 when they only touch). */
function overlap(a: Box, b: Box): { x: number; y: number } {
  return {
    x: Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin),
    y: Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin),
  };
}

/**
 * What a reader would trip on, one sentence each: a line or word outside the page, two lines
 * covering each other, or two words of the same line printed over each other. `tolerance` (in
 * points) forgives the glyph boxes' own slack: DejaVu's ascent and descent stick out a little.
 */
export function layoutProblems(pages: PageBoxes[], tolerance = 1): string[] {
  const problems: string[] = [];
  const cut = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);
  for (const page of pages) {
    const where = `page ${page.number}`;
    for (const line of page.lines) {
      if (line.xMin < -tolerance || line.yMin < -tolerance)
        problems.push(`${where}: "${cut(line.text)}" starts off the page`);
      if (line.xMax > page.width + tolerance || line.yMax > page.height + tolerance)
        problems.push(`${where}: "${cut(line.text)}" runs off the page (right edge ${line.xMax.toFixed(1)})`);
    }
    const words = page.lines.flatMap((l) => l.words);
    for (let i = 0; i < words.length; i++)
      for (let j = i + 1; j < words.length; j++) {
        const a = words[i] as Word;
        const b = words[j] as Word;
        const o = overlap(a, b);
        if (o.x > tolerance && o.y > tolerance)
          problems.push(`${where}: "${cut(a.text)}" and "${cut(b.text)}" are printed over each other`);
      }
    for (let i = 0; i < page.lines.length; i++)
      for (let j = i + 1; j < page.lines.length; j++) {
        const a = page.lines[i] as Line;
        const b = page.lines[j] as Line;
        const o = overlap(a, b);
        if (o.x > tolerance && o.y > tolerance)
          problems.push(`${where}: lines "${cut(a.text)}" and "${cut(b.text)}" overlap`);
      }
  }
  return problems;
}
