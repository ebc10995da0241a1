import { findRoute } from "../../shared/routes";
import { closure, entryKey, type Manifest, screenKey, textsKey } from "./manifest";
import { ShellFile } from "./prerender";

/*
 * Every client route but the two with a snapshot gets index.html with `<link rel=modulepreload>`
 * for its screen's chunks (and, past the home, the pt-BR texts), read from Vite's manifest: the
 * browser fetches them beside the entry instead of after it has run, one round trip less before
 * the screen paints on a slow phone link (issue 18). The page is index.html itself when the route
 * has no screen, the manifest is missing or unreadable.
 */

/** The modulepreload links for a route, or "" when there is nothing to add. */
export function routePreloads(manifest: Manifest, pathname: string): string {
  const screen = findRoute(pathname)?.screen;
  if (!screen) return "";
  const key = screenKey(manifest, screen);
  if (!key) return "";
  const entry = closure(manifest, entryKey(manifest));
  const keys = [...closure(manifest, key, new Set(entry))].filter((k) => !entry.has(k));
  const texts = textsKey(manifest);
  if (screen !== "Home" && texts)
    keys.push(...[...closure(manifest, texts, new Set(entry))].filter((k) => !entry.has(k)));
  return [...new Set(keys)]
    .map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]?.file}">`)
    .join("");
}

/** index.html with `links` at the end of its head. */
export function withPreloads(shell: string, links: string): string | null {
  const at = shell.indexOf("</head>");
  return at < 0 || links === "" ? null : shell.slice(0, at) + links + shell.slice(at);
}

export interface RoutePages {
  /** index.html with the route's preloads, or null: send index.html as it is. */
  page(pathname: string): Promise<string | null>;
}

export function createRoutePages(opts: { indexFile: string; manifestFile: string }): RoutePages {
  const shell = new ShellFile(opts.indexFile);
  const manifestText = new ShellFile(opts.manifestFile);
  let parsed: { text: string; manifest: Manifest; links: Map<string, string> } | null = null;
  return {
    async page(pathname) {
      try {
        const text = await manifestText.read();
        if (parsed?.text !== text)
          parsed = { text, manifest: JSON.parse(text) as Manifest, links: new Map() };
        const screen = findRoute(pathname)?.screen ?? "";
        let links = parsed.links.get(screen);
        if (links === undefined) {
          links = routePreloads(parsed.manifest, pathname);
          parsed.links.set(screen, links);
        }
        return withPreloads(await shell.read(), links);
      } catch {
        // No manifest (an older build) or an unreadable one: the page still works without hints.
        return null;
      }
    },
  };
}
