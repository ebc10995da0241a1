import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { AA, appTheme, contrastRatio, cssVariablesResolver, readableOn } from "./theme";

const theme = mergeMantineTheme(DEFAULT_THEME, appTheme(((k: string) => k) as never));
const { light, dark } = cssVariablesResolver(theme);
const v = (scheme: Record<string, string>, name: string) => {
  const value = scheme[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

describe("the theme's colours", () => {
  it("keeps a shade that already reads well and darkens one that does not", () => {
    expect(readableOn("#1971c2", "#ffffff")).toBe("#1971c2");
    const dimmed = readableOn("#868e96", "#ffffff");
    expect(contrastRatio(dimmed, "#ffffff")).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(dimmed, "#ffffff"), "no darker than it needs").toBeLessThan(AA + 0.6);
  });

  it("gives white text AA on every filled colour, in both schemes", () => {
    for (const name of Object.keys(theme.colors))
      for (const scheme of [light, dark]) {
        const filled = v(scheme, `--mantine-color-${name}-filled`);
        expect(contrastRatio(theme.white, filled), `white on ${name} (${filled})`).toBeGreaterThanOrEqual(AA);
      }
  });

  it("gives coloured text, outlines and the light variant's text AA on what they sit on", () => {
    const surface = theme.colors.gray[1];
    for (const [name, shades] of Object.entries(theme.colors)) {
      const text = v(light, `--mantine-color-${name}-text`);
      expect(contrastRatio(text, surface), `${name} text ${text}`).toBeGreaterThanOrEqual(AA);
      const lightColor = v(light, `--mantine-color-${name}-light-color`);
      expect(contrastRatio(lightColor, shades[1]), `${name} light ${lightColor}`).toBeGreaterThanOrEqual(AA);
      const outline = v(light, `--mantine-color-${name}-outline`);
      expect(contrastRatio(outline, theme.white), `${name} outline ${outline}`).toBeGreaterThanOrEqual(AA);
      const darkText = v(dark, `--mantine-color-${name}-text`);
      expect(contrastRatio(darkText, theme.colors.dark[6]), `${name} dark text`).toBeGreaterThanOrEqual(AA);
    }
  });

  it("makes dimmed text, errors and links readable on white and on the grey surfaces", () => {
    for (const name of ["--mantine-color-dimmed", "--mantine-color-error", "--mantine-color-anchor"]) {
      for (const bg of [theme.white, theme.colors.gray[0], theme.colors.gray[1]])
        expect(contrastRatio(v(light, name), bg), `${name} on ${bg}`).toBeGreaterThanOrEqual(AA);
      for (const bg of [theme.colors.dark[7], theme.colors.dark[6]])
        expect(contrastRatio(v(dark, name), bg), `dark ${name} on ${bg}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it("keeps the primary blue a blue: Mantine's shade 8 for buttons and links", () => {
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
    expect(v(light, "--mantine-color-blue-filled")).toBe(theme.colors.blue[8]);
    expect(v(light, "--mantine-color-anchor")).toBe(theme.colors.blue[8]);
  });
});
