import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Manifest } from "./manifest";
import { createRoutePages, routePreloads } from "./route-pages";

/* A manifest as Vite writes it: the entry, the home and login screens, a shared chunk, the texts. */
const manifest: Manifest = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react-2.js" },
  "_zod.js": { file: "assets/zod-3.js", imports: ["_react.js"] },
  "screens/Home/home-screen.tsx": { file: "assets/home-4.js", isDynamicEntry: true, imports: ["index.html"] },
  "screens/Login/login-screen.tsx": {
    file: "assets/login-5.js",
    isDynamicEntry: true,
    imports: ["index.html", "_zod.js"],
  },
  "../shared/locales/pt-BR.json?raw": { file: "assets/pt-BR-6.js", isDynamicEntry: true },
};
const SHELL = `<!doctype html><html><head><title>Chave</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;
const hrefs = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe("a route's page names its screen's chunks", () => {
  it("/login: the screen, what it imports beyond the entry, and the texts", () => {
    expect(hrefs(routePreloads(manifest, "/login"))).toEqual([
      "/assets/login-5.js",
      "/assets/zod-3.js",
      "/assets/pt-BR-6.js",
    ]);
  });

  it("the home needs no texts beyond the entry's; a path with no screen gets nothing", () => {
    expect(hrefs(routePreloads(manifest, "/v2"))).toEqual(["/assets/home-4.js"]);
    expect(routePreloads(manifest, "/NaoExiste")).toBe("");
  });

  it("puts the links in index.html's head, and serves index.html as it is without a manifest", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chave-route-pages-"));
    const indexFile = path.join(dir, "index.html");
    const manifestFile = path.join(dir, "manifest.json");
    fs.writeFileSync(indexFile, SHELL);
    const pages = createRoutePages({ indexFile, manifestFile });
    expect(await pages.page("/login")).toBeNull();
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const page = (await pages.page("/login")) ?? "";
    expect(hrefs(page)).toEqual(["/assets/login-5.js", "/assets/zod-3.js", "/assets/pt-BR-6.js"]);
    expect(page.indexOf("modulepreload")).toBeLessThan(page.indexOf("</head>"));
    expect(page).toContain('<div id="root"></div>');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
