/**
 * Vite's build manifest (`dist/client/.vite/manifest.json`): which file each source became and
 * what it imports. The server reads it to preload a route's screen chunk; the bundle budget
 * (scripts/bundle-budget.ts) to add up what each route downloads.
 */
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

/** Every chunk a chunk needs before it runs: itself and its static imports, transitively. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/** The entry chunk's key (index.html). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error("the manifest has no entry chunk");
  return key;
}

/** The key of a screen folder's chunk (`screens/<name>/<file>-screen.tsx`), if it was built. */
export function screenKey(manifest: Manifest, screen: string): string | undefined {
  return Object.keys(manifest).find((k) => new RegExp(`screens/${screen}/[^/]+-screen\\.tsx$`).test(k));
}

/** The key of the chunk with the pt-BR texts every screen past the home waits for. */
export function textsKey(manifest: Manifest): string | undefined {
  return Object.keys(manifest).find((k) => k.endsWith("locales/pt-BR.json?raw"));
}
