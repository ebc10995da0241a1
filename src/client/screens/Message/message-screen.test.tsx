import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { AA, appTheme, contrastRatio, cssVariablesResolver } from "../../app/theme";
import { MessageScreen } from "./message-screen";

const user = { id: "u1", name: "Rafael Costa Lima", email: "rafael@example.com" };

// The app's colours as the page gets them: Mantine's variables, then the app's readable ones.
const theme = mergeMantineTheme(DEFAULT_THEME, appTheme(((k: string) => k) as never));
const variables: Record<string, string> = {
  ...defaultCssVariablesResolver(theme).variables,
  ...defaultCssVariablesResolver(theme).light,
  ...cssVariablesResolver(theme).light,
};
function resolve(value: string): string {
  const v = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (!v) return value;
  const name = v[1] as string;
  const shade = /^--mantine-color-(\w+)-(\d)$/.exec(name);
  if (shade) return theme.colors[shade[1] as string]?.[Number(shade[2])] as string;
  const found = variables[name];
  if (!found) throw new Error(`${name} is not set`);
  return resolve(found);
}

/** The colour a link is drawn in: its own, or the anchors' colour. */
const textColour = (el: HTMLElement) => resolve(el.style.color || "var(--mantine-color-anchor)");
/** The colour it sits on: the nearest box with a background (the light alert's), or white. */
function backgroundOf(el: HTMLElement): string {
  for (let at: HTMLElement | null = el; at; at = at.parentElement) {
    if (at.classList.contains("mantine-Alert-root")) {
      const colour = at.style.getPropertyValue("--alert-bg");
      if (colour) return resolve(colour);
    }
    if (at.style.backgroundColor) return resolve(at.style.backgroundColor);
  }
  return theme.white;
}

describe("/Message with no conversation", { timeout: 30_000 }, () => {
  it("offers 'Procurar imóveis' in a colour that reads at AA on its background (was 4.06:1)", async () => {
    renderScreen(<MessageScreen />, {
      path: "/Message",
      user,
      api: { "/api/messages": { conversations: [] } },
    });
    const link = await screen.findByRole("link", { name: ptBR.messages.browse });
    expect(link).toHaveAttribute("href", "/");
    const ratio = contrastRatio(textColour(link), backgroundOf(link));
    expect(ratio, `${textColour(link)} on ${backgroundOf(link)}`).toBeGreaterThanOrEqual(AA);
  });
});
