import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
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

// A screen's first render imports its lazy chunk, which Vitest transforms on first use: on a busy
// machine (2 cores, the server tests beside) that took 1.2–1.7 s, past findBy*'s default 1 s, and
// the first test of a file failed one run in a few. A find still returns as soon as the element is
// there; only a screen that never shows it waits the 10 s.
// The same goes for `waitFor`, which client tests take from Testing Library for that reason:
// Vitest's `vi.waitFor` gives up after 1 s (a page of 20 results drawn in a transition took longer
// with three test files running at once).
configure({ asyncUtilTimeout: 10_000 });

await initI18n();
// Components are tested with every text, as a screen past the home has them (withTexts).
await loadAllTexts();
await loadLanguage("en");
afterEach(() => cleanup());
