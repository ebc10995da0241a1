import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 29, item 7: gendered words follow the person's data where it is known, and neutral wording
 * otherwise (never "(a)"). A text that speaks of one person (the landlord to the tenant, the tenant
 * to the landlord, the guarantor, a signer, the reader) and does not use that person's gender says
 * "a parte locadora", "a parte interessada", "a pessoa fiadora", "quem anunciou", "receber avisos"
 * rather than the masculine form. Every pt-BR text is read; the texts that do follow the person's
 * data are i18next gender contexts (`_feminino`/`_masculino` keys and the base key beside them).
 */

const HERE = __dirname;
const SERVER = join(HERE, "../../server");

/** Nouns for one person in the product's roles, in the masculine singular. */
const PERSON =
  "(?:propriet[aá]rio|locador|locat[aá]rio|colocat[aá]rio|interessado|fiador|inquilino|signat[aá]rio|morador|candidato|dono|usu[aá]rio)";
const NOT_LETTER_BEFORE = "(?<!\\p{L})";
const NOT_LETTER_AFTER = "(?!\\p{L})";

/** The masculine-only forms of one person, each with what it catches. */
const MASCULINE: readonly { name: string; pattern: RegExp }[] = [
  {
    // "o proprietário", "ao proprietário", "pelo interessado", "outro fiador", "cada signatário", "por locador"
    name: "an article or word before a masculine person noun",
    pattern: new RegExp(
      `${NOT_LETTER_BEFORE}(?:o|ao|do|no|pelo|num|um|dum|cada|outro|novo|seu|teu|este|esse|deste|desse|aquele|daquele|entre|por|como)\\s+${PERSON}${NOT_LETTER_AFTER}`,
      "giu",
    ),
  },
  {
    // A label that is the noun alone: "Interessado", "Proprietário".
    name: "a masculine person noun as a whole label",
    pattern: new RegExp(`^${PERSON}$`, "giu"),
  },
  {
    // "Fiador casado", "Novo fiador indicado": the noun with a masculine word agreeing with it.
    name: "a masculine person noun with a masculine adjective",
    pattern: new RegExp(
      `${NOT_LETTER_BEFORE}${PERSON}\\s+(?:casado|indicado|pedido|enviado|bloqueado|avisado)${NOT_LETTER_AFTER}`,
      "giu",
    ),
  },
  {
    // "Como ser avisado", "o locador foi avisado": a person told, in the masculine.
    name: "a person told, in the masculine",
    pattern: new RegExp(
      `${NOT_LETTER_BEFORE}(?:ser|foi|será|é|fica|ficará)\\s+avisado${NOT_LETTER_AFTER}`,
      "giu",
    ),
  },
];

/**
 * pt-BR texts that keep a masculine-only form, each with why. Keep this short: a text of a person
 * whose gender it does not use is to be reworded, not listed here.
 */
const ALLOWED: Record<string, string> = {
  "profile.gender.masculino": "the option that names the masculine form the person chooses for the contract",
  "proposal.guarantorGenderOption.masculino":
    "the option that names the masculine form the guarantor is given in the contract",
};

/** Server files that write pt-BR notices and a proposal's stored closing reason about the other side. */
const SERVER_FILES = [
  "domains/privacy/deletions.ts",
  "domains/proposals/expire.ts",
  "domains/listings/service.ts",
];

const ptBR: unknown = JSON.parse(readFileSync(join(HERE, "pt-BR.json"), "utf8"));

/** Every text by its key path ("proposal.term_one"; a list's items as "privacy.terms.0"). */
function texts(tree: unknown, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(tree as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === "object") texts(v, key, out);
    else out[key] = String(v);
  }
  return out;
}

const GENDER_CONTEXT = /_(feminino|masculino)$/;
/** A gender context's key, or the base key i18next falls back to beside one (it follows the data). */
const followsGender = (key: string, all: Record<string, string>) =>
  GENDER_CONTEXT.test(key) || `${key}_feminino` in all || `${key}_masculino` in all;

const masculineIn = (text: string) =>
  MASCULINE.flatMap(({ pattern }) => [...text.matchAll(pattern)].map((m) => m[0]));

const all = texts(ptBR);
const checked = Object.keys(all).filter((key) => !followsGender(key, all) && !(key in ALLOWED));

describe("neutral words about one person (issue 29, item 7)", () => {
  it("no pt-BR text outside a gender context carries a masculine-only form of a person", () => {
    const found = checked.flatMap((key) => masculineIn(all[key] ?? "").map((form) => `${key}: ${form}`));
    expect(found).toEqual([]);
  });

  it("reads every text but the gender contexts and the allowed ones", () => {
    expect(checked.length).toBeGreaterThan(1000);
    expect(checked).toContain("notices.proposal.withdrawn.lines.0");
    expect(checked).not.toContain("notices.contract.inviteWords.tenant_masculino");
    expect(checked).not.toContain("proposal.guarantor");
  });

  it("allows only keys that exist and still carry a masculine form", () => {
    for (const key of Object.keys(ALLOWED)) expect(masculineIn(all[key] ?? ""), key).not.toEqual([]);
  });

  it.each(SERVER_FILES)("server/%s writes no masculine-only form", (file) => {
    const found = readFileSync(join(SERVER, file), "utf8")
      .split("\n")
      .flatMap((line, i) => masculineIn(line).map((form) => `${file}:${i + 1}: ${form}`));
    expect(found).toEqual([]);
  });

  it("finds a masculine-only form where there is one", () => {
    expect(masculineIn("O proprietário está revisando o contrato")).toEqual(["O proprietário"]);
    expect(masculineIn("{{nome}} não será o fiador.")).toEqual(["o fiador"]);
    expect(masculineIn("Mensagem ao proprietário")).toEqual(["ao proprietário"]);
    expect(masculineIn("foi retirada pelo interessado.")).toEqual(["pelo interessado"]);
    expect(masculineIn("Interessado")).toEqual(["Interessado"]);
    expect(masculineIn("Fiador casado precisa")).toEqual(["Fiador casado"]);
    expect(masculineIn("Como ser avisado")).toEqual(["ser avisado"]);
    expect(masculineIn("O locador foi avisado.")).toEqual(["O locador", "foi avisado"]);
  });

  it("leaves neutral words and other nouns alone", () => {
    expect(masculineIn("A parte locadora está revisando o contrato")).toEqual([]);
    expect(masculineIn("Mensagem à parte locadora")).toEqual([]);
    expect(masculineIn("conforme a Lei do Inquilinato")).toEqual([]);
    expect(masculineIn("a garantia é fiança")).toEqual([]);
    expect(masculineIn("a locação fiador")).toEqual([]);
    expect(masculineIn("Contrato aberto por quem assina")).toEqual([]);
  });
});
