import { describe, expect, it } from "vitest";
import { type Manifest, overBudget, routeCosts } from "./bundle-budget";

/* A manifest as Vite writes it: an entry, a shared chunk, the home and one other screen. */
const manifest: Manifest = {
  "index.html": { file: "assets/index.js", isEntry: true, imports: ["_react.js"], css: ["assets/index.css"] },
  "_react.js": { file: "assets/react.js" },
  "_zod.js": { file: "assets/zod.js", imports: ["_react.js"] },
  "screens/Home/home-screen.tsx": { file: "assets/home.js", isDynamicEntry: true, imports: ["index.html"] },
  "screens/Login/login-screen.tsx": {
    file: "assets/login.js",
    isDynamicEntry: true,
    imports: ["index.html", "_zod.js"],
  },
  "../shared/locales/pt-BR.json?raw": { file: "assets/pt-BR.js", isDynamicEntry: true },
};
const sizes: Record<string, number> = {
  "assets/index.js": 60_000,
  "assets/react.js": 50_000,
  "assets/zod.js": 30_000,
  "assets/home.js": 10_000,
  "assets/login.js": 5_000,
  "assets/pt-BR.js": 17_000,
  "assets/index.css": 20_000,
};
const size = (file: string) => sizes[file] ?? 0;

describe("the bundle budget", () => {
  it("counts the home as the entry, its static imports and the home screen, each file once", () => {
    const [home] = routeCosts(manifest, size);
    expect(home).toMatchObject({ name: "/ (entry + Home)", js: 120_000, css: 20_000 });
  });

  it("counts any other screen as what it adds on top of the entry, and the texts once", () => {
    const rows = routeCosts(manifest, size);
    expect(rows.find((r) => r.name === "+ Login")).toMatchObject({
      js: 35_000,
      files: ["assets/login.js", "assets/zod.js"],
    });
    expect(rows.find((r) => r.name === "+ texts (once)")).toMatchObject({ js: 17_000 });
  });

  it("flags each row past the budget, and only those", () => {
    const rows = routeCosts(manifest, size);
    expect(overBudget(rows, 100_000).map((r) => r.name)).toEqual(["/ (entry + Home)"]);
    expect(overBudget(rows, 150 * 1024)).toEqual([]);
  });
});
