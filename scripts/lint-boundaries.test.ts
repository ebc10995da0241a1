import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/*
 * biome.json lists, by folder name, the features a feature may not import and the screens a screen
 * may not import (noRestrictedImports takes globs, not "any sibling but me"). A folder added
 * without its entry would be importable from everywhere and `npm run check` would not say so:
 * this test does.
 */
interface Override {
  includes: string[];
  linter?: {
    rules?: { style?: { noRestrictedImports?: { options: { patterns: { group: string[] }[] } } } };
  };
}
const biome = JSON.parse(readFileSync(new URL("../biome.json", import.meta.url), "utf8")) as {
  overrides: Override[];
};

function restrictedFrom(folder: string): string[] {
  const override = biome.overrides.find((o) => o.includes.includes(`src/client/${folder}/**`));
  const patterns = override?.linter?.rules?.style?.noRestrictedImports?.options.patterns ?? [];
  return patterns.flatMap((p) => p.group);
}

function folders(under: string): string[] {
  return readdirSync(new URL(`../src/client/${under}/`, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

describe("the import boundaries in biome.json", () => {
  it("forbid every feature to every other feature, from a feature's root and from its subfolders", () => {
    const group = restrictedFrom("features");
    const missing = folders("features").flatMap((f) =>
      [`../${f}/**`, `../../${f}/**`].filter((g) => !group.includes(g)),
    );
    expect(missing).toEqual([]);
  });

  it("forbid every screen to every other screen", () => {
    const group = restrictedFrom("screens");
    const missing = folders("screens").flatMap((s) =>
      [`../${s}/**`, `../../${s}/**`].filter((g) => !group.includes(g)),
    );
    expect(missing).toEqual([]);
  });

  it("keep features below the app shell, but for the signed-in person and the test harness", () => {
    const group = restrictedFrom("features");
    expect(group).toEqual(expect.arrayContaining(["../../app/**", "../../../app/**"]));
    const allowed = group.filter((g) => g.startsWith("!"));
    expect(allowed.sort()).toEqual(
      ["!../../app/auth", "!../../../app/auth", "!../../app/testing", "!../../../app/testing"].sort(),
    );
  });
});
