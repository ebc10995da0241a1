/*
 * Brazilian telephone numbers as a person writes them on a profile: a mobile or a landline, with
 * its area code (DDD). The rules are ANATEL's:
 *
 * - the area codes are the 67 "Códigos Nacionais" of the Plano Geral de Códigos Nacionais
 *   (ANATEL, Resolução nº 263/2001, today in the Regulamento Geral de Numeração, Resolução
 *   nº 749/2022); 23, 25, 29, 52, 72… are not among them;
 * - a mobile (SMP) number has nine digits and starts with 9 (Resolução nº 553/2010, the "nono
 *   dígito", in every area code since November 2016);
 * - a landline (STFC) subscriber number has eight digits and starts with 2, 3, 4 or 5 (Regulamento
 *   de Numeração do STFC, Resolução nº 86/1998).
 *
 * The rules are kept here, a few hundred bytes, rather than read from libphonenumber-js at run
 * time: its metadata that knows the area codes ("max", 42 KB over the wire; "min" accepts DDD 23)
 * would not fit the screens that share the profile form (decision 039). Its judgement is the
 * reference the tests hold this module to, for every area code from 10 to 99 (phone.test.ts).
 */

/** The area codes in use, by state (ANATEL). */
const AREA_CODES_BY_STATE: Record<string, readonly number[]> = {
  SP: [11, 12, 13, 14, 15, 16, 17, 18, 19],
  RJ: [21, 22, 24],
  ES: [27, 28],
  MG: [31, 32, 33, 34, 35, 37, 38],
  PR: [41, 42, 43, 44, 45, 46],
  SC: [47, 48, 49],
  RS: [51, 53, 54, 55],
  DF: [61],
  GO: [62, 64],
  TO: [63],
  MT: [65, 66],
  MS: [67],
  AC: [68],
  RO: [69],
  BA: [71, 73, 74, 75, 77],
  SE: [79],
  PE: [81, 87],
  AL: [82],
  PB: [83],
  RN: [84],
  CE: [85, 88],
  PI: [86, 89],
  PA: [91, 93, 94],
  AM: [92, 97],
  RR: [95],
  AP: [96],
  MA: [98, 99],
};

export const BR_AREA_CODES: ReadonlySet<number> = new Set(Object.values(AREA_CODES_BY_STATE).flat());

export type PhoneProblem = "invalid-phone" | "invalid-phone-area-code" | "invalid-phone-number";

/**
 * The national number (DDD and subscriber number, digits only) from what a person typed: "(11)
 * 98765-4321", "11 98765.4321", "+55 11 98765-4321", "011 98765-4321" (the trunk prefix) and
 * "+55 (011) 98765-4321" all give the same digits. Anything else is left as its digits, for `phoneProblem` to explain.
 */
export function nationalPhoneDigits(input: string): string {
  let digits = input.replace(/\D/g, "");
  // +55: a national number has at most 11 digits (12 with the trunk prefix), so 12 to 14 digits
  // starting with 55 carry the country's code.
  if (digits.length >= 12 && digits.length <= 14 && digits.startsWith("55")) digits = digits.slice(2);
  // The trunk prefix 0 (no DDD starts with 0), "+55 (011) …" included.
  if ((digits.length === 11 || digits.length === 12) && digits.startsWith("0")) digits = digits.slice(1);
  return digits;
}

/** What is wrong with a national number (digits only), or null when it is a mobile or a landline. */
export function phoneProblem(digits: string): PhoneProblem | null {
  if (!/^\d{10,11}$/.test(digits)) return "invalid-phone";
  if (!BR_AREA_CODES.has(Number(digits.slice(0, 2)))) return "invalid-phone-area-code";
  const first = digits.charAt(2);
  const ok = digits.length === 11 ? first === "9" : first >= "2" && first <= "5";
  return ok ? null : "invalid-phone-number";
}
