import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  lighten,
  luminance,
  type MantineTheme,
} from "@mantine/core";
import type { TFunction } from "i18next";

/** WCAG AA for normal text: 4.5 to 1. */
export const AA = 4.5;

/** The WCAG 2 contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `color` itself when it reaches AA on `background`; otherwise darkened (on a light background)
 * or lightened (on a dark one) in small steps until it does, so a colour stays as close to the
 * palette's as the text it carries allows.
 */
export function readableOn(color: string, background: string): string {
  const towards = luminance(background) > 0.18 ? darken : lighten;
  let out = color;
  for (let step = 1; contrastRatio(out, background) < AA && step <= 30; step++)
    out = towards(color, step * 0.03);
  return out;
}

/**
 * Mantine's colours, made readable (issue 15): its default shades put white on a light blue
 * (3.6:1), grey "dimmed" text at 3.3:1 and red errors at 3.3:1. Every colour's filled background
 * (white text on it), its text, its outline and its light variant's text reach AA on what they
 * sit on; the greyest surface text sits on is gray.1 (a striped row, a hovered item, a card's
 * well). Where Mantine's shade already passes it is kept, so the look stays the same.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme: MantineTheme) => {
  const white = theme.white;
  const surface = theme.colors.gray[1];
  const darkSurface = theme.colors.dark[6];
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const filled = readableOn(shades[8], white);
    for (const scheme of [light, dark]) {
      scheme[`--mantine-color-${name}-filled`] = filled;
      scheme[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    }
    light[`--mantine-color-${name}-text`] = readableOn(shades[8], surface);
    light[`--mantine-color-${name}-outline`] = readableOn(shades[8], white);
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[1]);
    dark[`--mantine-color-${name}-text`] = readableOn(shades[4], darkSurface);
  }
  const primary = theme.colors[theme.primaryColor] ?? theme.colors.blue;
  light["--mantine-color-dimmed"] = readableOn(theme.colors.gray[6], surface);
  light["--mantine-color-error"] = readableOn(theme.colors.red[8], surface);
  light["--mantine-color-anchor"] = readableOn(primary[8], surface);
  dark["--mantine-color-dimmed"] = readableOn(theme.colors.dark[2], darkSurface);
  dark["--mantine-color-error"] = readableOn(theme.colors.red[6], darkSurface);
  dark["--mantine-color-anchor"] = readableOn(primary[4], darkSurface);
  return { variables: {}, light, dark };
};

/**
 * The app's theme. Links are underlined, so a link inside a sentence is told by more than its
 * colour; the close buttons Mantine draws with only an ✕ (toasts, dialogs) are named. Plain
 * objects, not `Modal.extend(…)`: naming a component here would put its code (the dialog, its
 * scroll lock, portal and focus trap) in the first chunk of every page (issue 18).
 */
export function appTheme(t: TFunction) {
  const close = t("common.close");
  return createTheme({
    primaryColor: "blue",
    primaryShade: { light: 8, dark: 8 },
    defaultRadius: "md",
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    components: {
      Anchor: { defaultProps: { underline: "always" } },
      Notification: { defaultProps: { closeButtonProps: { "aria-label": close } } },
      Modal: { defaultProps: { closeButtonProps: { "aria-label": close } } },
    },
  });
}
