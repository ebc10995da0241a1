import { ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as ptBrDictionary, translations } from "@zxcvbn-ts/language-pt-br";

/*
 * The strength rule of a new password, the same on both sides (decision 015). The server holds
 * it on sign-up, reset and change; the client loads this module lazily (the dictionaries weigh
 * about 1 MB compressed) to say the same thing while the user types.
 */

/** zxcvbn's score 2 means at least 10^6 guesses: out of reach online with the per-account delay. */
export const MIN_PASSWORD_SCORE = 2;

/**
 * zxcvbn's time grows fast with length (half a second for 64 characters on a busy core): only the
 * first 32 are scored. A password whose first 32 characters are strong is strong.
 */
const SCORED_LENGTH = 32;

export type PasswordProblem =
  | "password-blank"
  | "password-repeated"
  | "password-sequence"
  | "password-has-personal-info"
  | "password-too-weak";

let factory: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...ptBrDictionary },
    graphs: adjacencyGraphs,
    translations,
    maxLength: SCORED_LENGTH,
  });
  return factory;
}

/** Lower case, no accents: "João" and "joao" are the same word to whoever guesses. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** The words of the person that a guesser tries first: the e-mail, its local part, the name's words. */
function personalWords(context: { email?: string; name?: string }): string[] {
  const words: string[] = [];
  const email = fold(context.email ?? "").trim();
  if (email) {
    words.push(email);
    const local = email.split("@")[0] ?? "";
    if (local.length >= 3) words.push(local);
  }
  const name = fold(context.name ?? "").trim();
  if (name) {
    const parts = name.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4);
    words.push(...parts);
    const joined = name.replace(/[^\p{L}\p{N}]+/gu, "");
    if (joined.length >= 4) words.push(joined);
  }
  return [...new Set(words)];
}

function kindOf(result: ZxcvbnResult): PasswordProblem {
  const patterns = new Set(result.sequence.map((m) => m.pattern));
  if (patterns.has("repeat")) return "password-repeated";
  if (patterns.has("sequence") || patterns.has("spatial")) return "password-sequence";
  return "password-too-weak";
}

/**
 * Why a new password is refused (an error code of the catalogue), or null when it may be used.
 * Length and the common-password list are checked elsewhere (the contract and the server).
 */
export function passwordProblem(
  password: string,
  context: { email?: string; name?: string } = {},
): PasswordProblem | null {
  if (password.trim().length === 0) return "password-blank";
  const folded = fold(password);
  const compact = folded.replace(/\s+/g, "");
  const personal = personalWords(context);
  if (personal.some((w) => folded.includes(w) || compact.includes(w.replace(/\s+/g, "")))) {
    return "password-has-personal-info";
  }
  // The same unit over and over ("abab…", "Vx9#Vx9#…"): certain, and the slowest case for zxcvbn.
  if (/^([\s\S]{1,16}?)\1+$/u.test(password)) return "password-repeated";
  const result = zxcvbn().check(password, personal);
  return result.score >= MIN_PASSWORD_SCORE ? null : kindOf(result);
}
