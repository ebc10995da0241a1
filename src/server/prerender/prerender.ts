import fsp from "node:fs/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { type SearchQuery, searchQuery } from "../../shared/contracts/listings";
import { AppError } from "../../shared/errors";
import { searchFromUrl } from "../../shared/search-url";
import type { ListingsService } from "../domains/listings/service";
import { BOOT_PATH, BOOT_SCRIPT, bootAfterLoad } from "./boot";
import { type Html, html, trusted } from "./html";
import { homeSnapshot, offerSnapshot, preloadLink, type Snapshot } from "./snapshots";
import { PRERENDER_CSS } from "./styles";

/*
 * The first paint without JavaScript (issue 18, decision 025): for a visitor (no session cookie),
 * `/` and `/AluguelOferta?id=` come as index.html with a static snapshot of what the app will draw
 * (built from the same service calls the public API answers with) placed before #root, its CSS
 * inline and its first photo preloaded. The app boots into #root as ever and calls
 * releasePrerender() (src/client/lib/prerender.ts) once its own content is there. Anything
 * unexpected (no such offer, a filter the search refuses, a slow or failing database) sends the
 * plain index.html: the snapshot is an optimisation, never a reason for a page to fail or wait.
 */

/** How many results the home's snapshot shows: the first screen's, and a few more. */
export const PRERENDER_RESULTS = 6;
/** How long a page waits for its snapshot's data before it goes out without one. */
export const PRERENDER_BUDGET_MS = 1000;

/** The search `/?…` shows first, checked by the API's own contract; null when it refuses it. */
export function homeSearch(params: URLSearchParams): SearchQuery | null {
  // Read as the screens read it (shared/search-url.ts), the first page of what they show.
  const parsed = searchQuery.safeParse({ ...searchFromUrl(params), limit: PRERENDER_RESULTS });
  return parsed.success ? parsed.data : null;
}

/** Whether the request carries a session cookie (better-auth's `chave.session_token`, any prefix). */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return cookie !== undefined && /(?:^|;)\s*[^=;]*session_token=/.test(cookie);
}

const uuid = z.uuid();

/** index.html with a snapshot: the preload and the CSS in <head>, the snapshot before #root. */
export function fillShell(shell: string, snapshot: Snapshot): string | null {
  const root = shell.search(/<div id=(?:"root"|'root'|root)[\s>]/);
  if (root < 0) return null;
  const head: Html = html`${snapshot.preload ? preloadLink(snapshot.preload) : ""}<style id="prerender-style">${trusted(PRERENDER_CSS)}</style>`;
  // As early as the head allows (right after the title, before the scripts and the stylesheet),
  // so the photo is asked for at once; a page without a <head> of its own gets it before #root.
  const title = shell.indexOf("</title>");
  const headAt = title >= 0 && title < root ? title + "</title>".length : root;
  // Slices, not String.replace: a replacement string would read "$&" in an offer's text.
  return (
    bootAfterLoad(shell.slice(0, headAt)) +
    head.value +
    bootAfterLoad(shell.slice(headAt, root)) +
    snapshot.body.value +
    shell.slice(root)
  );
}

/** The built index.html, read again only when the build replaced it. */
class ShellFile {
  private cached: { mtimeMs: number; size: number; text: string } | null = null;
  constructor(private readonly file: string) {}

  async read(): Promise<string> {
    const stat = await fsp.stat(this.file);
    if (this.cached?.mtimeMs !== stat.mtimeMs || this.cached.size !== stat.size) {
      this.cached = { mtimeMs: stat.mtimeMs, size: stat.size, text: await fsp.readFile(this.file, "utf8") };
    }
    return this.cached.text;
  }
}

export interface PrerenderOptions {
  /** The built client's index.html. */
  indexFile: string;
  listings: ListingsService;
  budgetMs?: number;
}

export interface Prerender {
  /** The page `request` asks for with its snapshot, or null: index.html goes as it is. */
  page(request: FastifyRequest): Promise<string | null>;
}

/** The paths that have a snapshot. */
export const PRERENDERED_PATHS = ["/", "/AluguelOferta"] as const;

export function createPrerender(opts: PrerenderOptions): Prerender {
  const shell = new ShellFile(opts.indexFile);
  const budgetMs = opts.budgetMs ?? PRERENDER_BUDGET_MS;

  async function snapshotFor(url: URL): Promise<Snapshot | null> {
    if (url.pathname === "/") {
      const q = homeSearch(url.searchParams);
      if (!q) return null;
      const result = await opts.listings.search(q);
      return homeSnapshot(result.items, result.total);
    }
    if (url.pathname === "/AluguelOferta") {
      const id = url.searchParams.get("id");
      if (!id || !uuid.safeParse(id).success) return null;
      // As the API answers a visitor: public statuses only, no address, no owner.
      return offerSnapshot(await opts.listings.getOffer(null, id));
    }
    return null;
  }

  return {
    async page(request) {
      if (request.method !== "GET" || hasSessionCookie(request.headers.cookie)) return null;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), budgetMs);
      });
      try {
        const url = new URL(request.url, "http://page.invalid");
        const work = Promise.all([snapshotFor(url), shell.read()]);
        // A late answer is dropped, its failure with it.
        work.catch(() => undefined);
        const done = await Promise.race([work, late]);
        if (done === "late") {
          request.log.warn({ budgetMs }, "prerender: no snapshot within the budget; plain page sent");
          return null;
        }
        const [snapshot, text] = done;
        return snapshot ? fillShell(text, snapshot) : null;
      } catch (err) {
        // No such offer (or not public): the client says so, from the plain page.
        if (!(err instanceof AppError && err.code === "not-found"))
          request.log.warn({ err }, "prerender: snapshot failed; plain page sent");
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The pages with a snapshot (`/` and `/AluguelOferta`: the not-found handler serves every other
 * client route), and the boot script they name. Called once the built client is served.
 */
export function addPrerenderRoutes(app: FastifyInstance, opts: PrerenderOptions): void {
  const prerender = createPrerender(opts);
  for (const url of PRERENDERED_PATHS) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      const page = await prerender.page(request);
      // The page differs with the session cookie: a shared cache must keep the two apart.
      reply.header("cache-control", "no-cache").header("vary", "cookie");
      return page === null ? reply.sendFile("index.html") : reply.type("text/html; charset=utf-8").send(page);
    });
  }
  app.get(BOOT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .type("text/javascript; charset=utf-8")
      .send(BOOT_SCRIPT),
  );
}
