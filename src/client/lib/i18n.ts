import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../../shared/locales/en.json";
import ptBR from "../../shared/locales/pt-BR.json";

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

export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not persisted; still applied for this visit.
  }
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export function initI18n() {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  void i18n.use(initReactI18next).init({
    resources: { "pt-BR": { translation: ptBR }, en: { translation: en } },
    lng,
    fallbackLng: "pt-BR",
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}
