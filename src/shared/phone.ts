/*
 * Brazilian telephone numbers as a person writes them on a profile: a mobile or a landline, with
 * its area code (DDD). The rules are ANATEL's:
 *
 * - the area codes are the 67 "Códigos Nacionais" of ANATEL's Plano Geral de Códigos Nacionais
 *   (Resolução nº 263/2001); 23, 25, 29, 52, 72… are not among them;
 * - a mobile (SMP) number has nine digits and starts with 9 (Resolução nº 553/2010, the "nono
 *   dígito", in every area code since November 2016);
 * - a landline (STFC) subscriber number has eight digits and starts with 2, 3, 4 or 5 (Regulamento
 *   de Numeração do STFC, Resolução nº 86/1998).
 *
 * The rules are kept here, a few hundred bytes, rather than read from libphonenumber-js at run
 * time: its metadata that knows the area codes ("max", 42 KB Brotli; "min" accepts DDD 23, and
 * even a Brazil-only cut is 9 KB) would not fit the screens that share the profile form
 * (decision 039). Its judgement is the
 * reference the tests hold this module to, for every area code from 10 to 99 (phone.test.ts).
 */

/**
 * The 67 area codes in use (ANATEL), by state: SP 11–19 · RJ 21 22 24 · ES 27 28 · MG 31–35 37 38 ·
 * PR 41–46 · SC 47–49 · RS 51 53–55 · DF 61 · GO 62 64 · TO 63 · MT 65 66 · MS 67 · AC 68 · RO 69 ·
 * BA 71 73–75 77 · SE 79 · PE 81 87 · AL 82 · PB 83 · RN 84 · CE 85 88 · PI 86 89 · PA 91 93 94 ·
 * AM 92 97 · RR 95 · AP 96 · MA 98 99. Written as one pattern, the bytes the forms download
 * (phone.test.ts checks it against the list, code by code).
 */
const AREA_CODE = /^(?:[14689][1-9]|2[12478]|3[1-578]|5[13-5]|7[13-579])/;

export type PhoneProblem = "invalid-phone" | "invalid-phone-area-code" | "invalid-phone-number";

/**
 * The national number (DDD and subscriber number, digits only) from what a person typed: "(11)
 * 98765-4321", "11 98765.4321", "+55 11 98765-4321", "011 98765-4321" (the trunk prefix) and
 * "+55 (011) 98765-4321" all give the same digits. Anything else is left as its digits, for
 * `phoneProblem` to explain.
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
  if (!AREA_CODE.test(digits)) return "invalid-phone-area-code";
  const first = digits.charAt(2);
  const ok = digits.length === 11 ? first === "9" : first >= "2" && first <= "5";
  return ok ? null : "invalid-phone-number";
}
