import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 29, item 7: gendered words follow the person's data where it is known, and neutral wording
 * otherwise. These texts speak of another person whose gender the screen or notice does not use
 * (the landlord to the tenant, the tenant to the landlord, the guarantor), so they say "a parte
 * locadora", "a parte interessada", "a pessoa fiadora" rather than the masculine forms.
 */

const HERE = __dirname;
const SERVER = join(HERE, "../../server");

/** The masculine-only forms these texts used to carry. */
const MASCULINE = [
  "O proprietário",
  "o proprietário",
  "o locador ",
  "O interessado",
  "o interessado",
  "será o fiador",
];

/** The pt-BR texts about another person that issue 29's audit found masculine. */
const KEYS = [
  "contract.waitingLandlord",
  "contract.blockedNext",
  "errors.same-guarantor",
  "proposal.guarantorMissing",
  "proposal.requestGuarantorText",
];

/** Server files that write pt-BR notices and a proposal's stored closing reason about the other side. */
const SERVER_FILES = ["domains/privacy/deletions.ts", "domains/proposals/expire.ts"];

const ptBR: unknown = JSON.parse(readFileSync(join(HERE, "pt-BR.json"), "utf8"));

function textAt(tree: unknown, key: string): string {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  if (typeof value !== "string") throw new Error(`no text at ${key}`);
  return value;
}

const masculineIn = (text: string) => MASCULINE.filter((form) => text.includes(form));

describe("neutral words about another person (issue 29, item 7)", () => {
  it.each(KEYS)("pt-BR %s has no masculine-only form", (key) => {
    expect(masculineIn(textAt(ptBR, key))).toEqual([]);
  });

  it.each(SERVER_FILES)("server/%s writes no masculine-only form", (file) => {
    const found = readFileSync(join(SERVER, file), "utf8")
      .split("\n")
      .flatMap((line, i) => masculineIn(line).map((form) => `${file}:${i + 1}: ${form}`));
    expect(found).toEqual([]);
  });

  it("finds a masculine-only form where there is one", () => {
    expect(masculineIn("O proprietário está revisando o contrato")).toEqual(["O proprietário"]);
    expect(masculineIn("{{nome}} não será o fiador.")).toEqual(["será o fiador"]);
    expect(masculineIn("A parte locadora está revisando o contrato")).toEqual([]);
  });
});
