import type { Gender } from "./contracts/profile";

/**
 * Words that agree with a person (issue 29): the feminine or masculine form when the person's
 * profile says which, and a neutral wording otherwise — never the "(a)" forms in what people read
 * on screen or by e-mail (the lease itself keeps its legal "(a)" forms, template.ts).
 */
export type KnownGender = "feminino" | "masculino";

/** The person's gender when the profile gives it; undefined for "nao_informado" or unknown. */
export const knownGender = (g: Gender | null | undefined): KnownGender | undefined =>
  g === "feminino" || g === "masculino" ? g : undefined;

/**
 * i18next's `context` for a gendered text: `t("x", { context: genderContext(g) })` reads
 * `x_feminino` or `x_masculino` when known, and falls back to the neutral `x` otherwise.
 */
export const genderContext = (g: Gender | null | undefined): KnownGender | undefined => knownGender(g);

/** The word for a person in server-written texts (e-mails, notices). */
export function agree(
  g: Gender | null | undefined,
  forms: { masculine: string; feminine: string; neutral: string },
): string {
  const k = knownGender(g);
  return k === "feminino" ? forms.feminine : k === "masculino" ? forms.masculine : forms.neutral;
}
