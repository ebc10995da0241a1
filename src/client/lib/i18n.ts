import i18n from "i18next";
import { initReactI18next } from "react-i18next";
// Only what the first screen (the home, signed out) says; the rest arrives with the other screens
// (the error catalogue too: until it has, an error reads app.errorFallback).
import {
  app,
  chunk,
  common,
  crash,
  favorites,
  home,
  listings,
  messages,
  nav,
  notFound,
  search,
} from "../../shared/locales/pt-BR.json";

const FIRST_SCREEN_TEXTS = {
  app,
  chunk,
  common,
  crash,
  favorites,
  home,
  listings,
  messages,
  nav,
  notFound,
  search,
};

export const LANGUAGES = [
  { value: "pt-BR", label: "Português (Brasil)" },
  { value: "en", label: "English" },
] as const;
export type Language = (typeof LANGUAGES)[number]["value"];

const STORAGE_KEY = "chave.language";

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    if (value === "en" || value === "pt-BR") return value;
  } catch {
    // Storage blocked (private mode): the default applies.
  }
  return "pt-BR";
}

let allTexts: Promise<void> | undefined;

/**
 * Every Portuguese text, fetched once (as text: the first chunk keeps only the home's keys, and
 * the same JSON module imported twice would bring them all back into it). Screens other than the
 * home and the pieces loaded after the page (see withTexts) wait for it.
 */
export function loadAllTexts(): Promise<void> {
  allTexts ??= import("../../shared/locales/pt-BR.json?raw").then(
    ({ default: raw }) => {
      i18n.addResourceBundle("pt-BR", "translation", JSON.parse(raw), true, true);
    },
    (err: unknown) => {
      allTexts = undefined;
      throw err;
    },
  );
  return allTexts;
}

/** A lazy chunk's loader that also waits for every text, so nothing shows a bare key. */
export function withTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllTexts()]).then(([loaded]) => loaded);
}

/**
 * Portuguese ships with the first chunk; English is its own chunk, fetched only by someone who
 * chose it (issue 18: every byte before the home's results counts on a phone).
 */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === "pt-BR" || i18n.hasResourceBundle(language, "translation")) return;
  const { default: en } = await import("../../shared/locales/en.json");
  i18n.addResourceBundle("en", "translation", en, true, true);
}

export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not persisted; still applied for this visit.
  }
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/** Ready at once in Portuguese; resolves when the stored language (if another) has arrived. */
export async function initI18n(): Promise<typeof i18n> {
  const lng = storedLanguage();
  await i18n.use(initReactI18next).init({
    resources: { "pt-BR": { translation: FIRST_SCREEN_TEXTS } },
    lng: "pt-BR",
    fallbackLng: "pt-BR",
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    // Every screen re-renders when the rest of the texts arrive (loadAllTexts).
    react: { bindI18nStore: "added" },
  });
  document.documentElement.lang = "pt-BR";
  if (lng !== "pt-BR") {
    try {
      await loadLanguage(lng);
      await i18n.changeLanguage(lng);
      document.documentElement.lang = lng;
    } catch {
      // The chunk did not arrive (offline): Portuguese stays.
    }
  }
  return i18n;
}
