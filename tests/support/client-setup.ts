import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { initI18n, loadAllTexts, loadLanguage } from "../../src/client/lib/i18n";

// jsdom lacks these; Mantine asks for them.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

await initI18n();
// Components are tested with every text, as a screen past the home has them (withTexts).
await loadAllTexts();
await loadLanguage("en");
afterEach(() => cleanup());
