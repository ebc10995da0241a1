/**
 * What each route's JavaScript and CSS cost over the wire, as the server sends them (the Brotli
 * copy the build wrote, else the file itself), read from Vite's manifest. `npm test` runs it after
 * the build and fails when the home route, or any screen on top of it, passes its budget
 * (issue 18: 150 KiB of JavaScript for the home route before its results show, 150 KiB more for
 * any other screen).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const BUDGET_BYTES = 150 * 1024;

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export type RouteCost = { name: string; js: number; css: number; files: string[] };

/** Every file a chunk needs before it runs: itself and its static imports, transitively. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/** The size a browser that accepts Brotli downloads for one built file. */
export function servedSize(dir: string, file: string): number {
  const br = join(dir, `${file}.br`);
  return statSync(existsSync(br) ? br : join(dir, file)).size;
}

function cost(manifest: Manifest, keys: Iterable<string>, size: (file: string) => number) {
  let js = 0;
  let css = 0;
  const files: string[] = [];
  const cssSeen = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key] as ManifestChunk;
    files.push(chunk.file);
    js += size(chunk.file);
    for (const sheet of chunk.css ?? []) {
      if (cssSeen.has(sheet)) continue;
      cssSeen.add(sheet);
      css += size(sheet);
    }
  }
  return { js, css, files };
}

/**
 * The entry plus the home screen is what `/` needs before its results show; every other screen is
 * counted as what it adds on top of the entry (what a person already on the site downloads when
 * opening it).
 */
export function routeCosts(manifest: Manifest, size: (file: string) => number): RouteCost[] {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error("the manifest has no entry chunk");
  const entry = closure(manifest, entryKey);
  const screens = Object.keys(manifest)
    .filter((k) => /screens\/[^/]+\/[^/]+-screen\.tsx$/.test(k))
    .sort();
  const rows: RouteCost[] = [];
  const home = screens.find((k) => k.includes("screens/Home/"));
  if (!home) throw new Error("the manifest has no home screen chunk");
  const homeKeys = closure(manifest, home, new Set(entry));
  rows.push({ name: "/ (entry + Home)", ...cost(manifest, homeKeys, size) });
  // Every screen past the home waits for the rest of the pt-BR texts (lib/i18n.ts, withTexts):
  // fetched once a visit, shown as a row of its own.
  const texts = Object.keys(manifest).find((k) => k.endsWith("locales/pt-BR.json?raw"));
  if (texts)
    rows.push({
      name: "+ texts (once)",
      ...cost(
        manifest,
        [...closure(manifest, texts, new Set(entry))].filter((k) => !entry.has(k)),
        size,
      ),
    });
  for (const screen of screens) {
    if (screen === home) continue;
    const added = [...closure(manifest, screen, new Set(entry))].filter((k) => !entry.has(k));
    const name = screen.replace(/^.*screens\/([^/]+)\/.*$/, "$1");
    rows.push({ name: `+ ${name}`, ...cost(manifest, added, size) });
  }
  return rows;
}

export function overBudget(rows: RouteCost[], budget = BUDGET_BYTES): RouteCost[] {
  return rows.filter((r) => r.js > budget);
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

function main() {
  const dir = join(import.meta.dirname, "../dist/client");
  const manifestPath = join(dir, ".vite/manifest.json");
  if (!existsSync(manifestPath)) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const rows = routeCosts(manifest, (file) => servedSize(dir, file));
  console.log(`JavaScript and CSS over the wire (Brotli), budget ${kib(BUDGET_BYTES)} of JavaScript a row:`);
  for (const r of rows)
    console.log(`  ${r.name.padEnd(24)} JS ${kib(r.js).padStart(10)}   CSS ${kib(r.css).padStart(9)}`);
  const over = overBudget(rows);
  if (over.length > 0) {
    console.error(`Over the budget: ${over.map((r) => `${r.name} (${kib(r.js)})`).join(", ")}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
