import en from "../../shared/locales/en.json";
import ptBR from "../../shared/locales/pt-BR.json";
import { formatBRL } from "../../shared/money";
import type { Language } from "../plugins/error-handler";
import type { NoticeParam, NoticeParams, NoticeText } from "./notice-gateway";
import type { MailNotice } from "./templates";

/*
 * A notice's words in a reader's language (decision 048), from src/shared/locales as i18next
 * resolves them for the screens: `{{name}}` interpolated, `_one`/`_other` by `count`, `_<context>`
 * before the plain key. English falls back to pt-BR for a key it lacks (a test keeps both alike).
 */

type Tree = { [key: string]: string | string[] | Tree };
const TREES: Record<Language, Tree> = { "pt-BR": ptBR as unknown as Tree, en: en as unknown as Tree };
const LOCALES: Record<Language, string> = { "pt-BR": "pt-BR", en: "en-US" };

function lookupIn(tree: Tree, path: string): string | string[] | Tree | undefined {
  let node: string | string[] | Tree | undefined = tree;
  for (const part of path.split("."))
    node = Array.isArray(node)
      ? node[Number(part)]
      : node && typeof node === "object"
        ? node[part]
        : undefined;
  return node;
}

function lookup(language: Language, path: string): string | string[] | Tree | undefined {
  return lookupIn(TREES[language], path) ?? lookupIn(TREES["pt-BR"], path);
}

/** The entry for `path`, by context and plural as i18next picks it. */
function entry(language: Language, path: string, params: NoticeParams = {}, context?: string) {
  const count = params.count;
  const candidates = [
    ...(context ? [`${path}_${context}`] : []),
    ...(typeof count === "number"
      ? [`${path}_${new Intl.PluralRules(LOCALES[language]).select(count)}`, `${path}_other`]
      : []),
    path,
  ];
  for (const c of candidates) {
    const found = lookup(language, c);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** 250000 → "R$ 2.500,00" in pt-BR, "R$2,500.00" in English. */
export function money(language: Language, centavos: number): string {
  if (language === "pt-BR") return formatBRL(centavos);
  return new Intl.NumberFormat(LOCALES[language], { style: "currency", currency: "BRL" }).format(
    centavos / 100,
  );
}

/** An instant in Brasília time, as each language writes a date (and time). */
export function when(language: Language, iso: string, time = true): string {
  return new Date(iso).toLocaleString(LOCALES[language], {
    timeZone: "America/Sao_Paulo",
    dateStyle: "short",
    ...(time ? { timeStyle: "short" } : {}),
  });
}

function value(language: Language, p: NoticeParam | undefined): string | null {
  if (p === null || p === undefined) return null;
  if (typeof p === "string") return p;
  if (typeof p === "number") return String(p);
  if ("money" in p) return money(language, p.money);
  if ("date" in p) return when(language, p.date, p.time ?? true);
  return phrase(language, p.t, p.params, p.context);
}

/** `{{name}}` replaced; null when the template names a parameter that is null or missing. */
function fill(language: Language, template: string, params: NoticeParams): string | null {
  let missing = false;
  const out = template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const v = value(language, params[name]);
    if (v === null) missing = true;
    return v ?? "";
  });
  return missing ? null : out;
}

/** One locale string (`path` from the locale's root) in `language`, interpolated. */
export function phrase(
  language: Language,
  path: string,
  params: NoticeParams = {},
  context?: string,
): string {
  const found = entry(language, path, params, context);
  return typeof found === "string" ? (fill(language, found, params) ?? found) : path;
}

export interface NoticeWords {
  title: string;
  lines: string[];
  /** The bell's (and the digest's) text, when shorter than the lines. */
  bell?: string[];
  action: string;
}

const lines = (language: Language, v: unknown, params: NoticeParams): string[] =>
  (Array.isArray(v) ? v : typeof v === "string" ? [v] : []).flatMap((l) => {
    const filled = fill(language, String(l), params);
    return filled === null ? [] : [filled];
  });

/** A field of a notice's entry (`title`, `lines`…), by plural as i18next picks it. */
function field(language: Language, node: Tree, name: string, params: NoticeParams) {
  const count = params.count;
  if (typeof count === "number") {
    const form =
      node[`${name}_${new Intl.PluralRules(LOCALES[language]).select(count)}`] ?? node[`${name}_other`];
    if (form !== undefined) return form;
  }
  return node[name];
}

/** A notice's words in `language`: `notices.<key>` (or its `_<context>`) filled with its params. */
export function renderNotice(language: Language, text: NoticeText): NoticeWords {
  const params = text.params ?? {};
  const path = `notices.${text.key}`;
  const found =
    (text.context ? lookup(language, `${path}_${text.context}`) : undefined) ?? lookup(language, path);
  if (!found || typeof found !== "object" || Array.isArray(found))
    return { title: path, lines: [], action: "" };
  const node = found;
  const one = (name: string) => {
    const v = field(language, node, name, params);
    return typeof v === "string" ? (fill(language, v, params) ?? v) : "";
  };
  const bell = field(language, node, "bell", params);
  return {
    title: one("title"),
    lines: lines(language, field(language, node, "lines", params), params),
    ...(bell === undefined ? {} : { bell: lines(language, bell, params) }),
    action: one("action"),
  };
}

/** The bell's one-paragraph body: its own short text, else the lines, clipped to 300 characters. */
export function bellBody(words: NoticeWords): string {
  const body = (words.bell ?? words.lines).join(" ");
  return body.length > 300 ? `${body.slice(0, 299)}…` : body;
}

export const isLanguage = (v: unknown): v is Language => v === "pt-BR" || v === "en";

/** An e-mail of one notice's words, for the outbox to write in the recipient's language. */
export const mailWords =
  (text: NoticeText, url: string, button?: string) =>
  (language: Language): MailNotice => {
    const words = renderNotice(language, text);
    const action = button ? phrase(language, `notices.${button}`) : words.action;
    return { subject: words.title, lines: words.lines, url, action };
  };
