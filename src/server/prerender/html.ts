import ptBR from "../../shared/locales/pt-BR.json";

/*
 * Writing HTML by hand, safely: every value put into an `html` template is escaped unless it is
 * itself a piece of `html` (or `trusted`); offer fields are people's input ("<script>" in a bairro
 * must stay text). The same escape serves text and quoted attribute values.
 */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** Markup already safe to send (built by `html`, or a constant of ours). */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** A constant of our own making, sent as it is: never for anything a person typed. */
export function trusted(markup: string): Html {
  return new Html(markup);
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join("");
  if (part === null || part === undefined || part === false) return "";
  return escapeHtml(String(part));
}

/** A template whose values are escaped (arrays joined; null, undefined and false left out). */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? "";
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? "");
  });
  return new Html(out);
}

// --- pt-BR text, from the locale the screens use ------------------------------------------------

interface Tree {
  [key: string]: string | Tree;
}
const tree = ptBR as unknown as Tree;
const plurals = new Intl.PluralRules("pt-BR");

function lookup(key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/**
 * A pt-BR string of src/shared/locales/pt-BR.json, as i18next resolves it for the screens: `_zero`
 * for a count of 0 when the key has one, else the language's plural form; `{{name}}` interpolated.
 * Plain text (escaped where it is written). A missing key reads as the key, which a test sees.
 */
export function text(key: string, values: Record<string, string | number> = {}): string {
  const count = values.count;
  const template =
    (typeof count === "number"
      ? ((count === 0 ? lookup(`${key}_zero`) : undefined) ??
        lookup(`${key}_${plurals.select(count)}`) ??
        lookup(`${key}_other`))
      : undefined) ??
    lookup(key) ??
    key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
