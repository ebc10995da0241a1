import { useTranslation } from "react-i18next";
import { brazilDate, brazilDateTime } from "../../../shared/contracts/proposals";
import { parseDay } from "../../../shared/rent/calendar";
import { type LateFees, lateFees } from "../../../shared/rent/late";

/** A calendar day (YYYY-MM-DD) that exists, as a date field gives it; anything else is false. */
export function isDay(day: string): boolean {
  try {
    parseDay(day);
    return true;
  } catch {
    return false;
  }
}

/** Today in Brazil (YYYY-MM-DD), where a lease's days are counted: the server's rule. */
export const brazilToday = () => brazilDate(new Date());

/** What paying on `day` records, by the server's rule; null for a day that is not one. */
export function feesOn(
  charge: { valor: number; vencimento: string; hoje: { multaBp: number; jurosMesBp: number } },
  day: string,
): LateFees | null {
  if (!isDay(day)) return null;
  return lateFees(charge.valor, charge.vencimento, day, {
    multaBp: charge.hoje.multaBp,
    jurosMesBp: charge.hoje.jurosMesBp,
  });
}

/** The charge's words for days, months, moments and rates, in the interface language. */
export function useChargeFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    /** "2026-12-10" → "10/12/2026". */
    day: (day: string) => parseDay(day).toLocaleDateString(lang),
    /** "2026-12" → "dezembro de 2026". */
    month: (competencia: string) =>
      parseDay(`${competencia}-01`).toLocaleDateString(lang, { month: "long", year: "numeric" }),
    /** An instant as Brasília reads it: "26/11/2026, 18:30". */
    moment: (iso: string) => brazilDateTime(new Date(iso)),
    /** Basis points → "10%", "2,5%". */
    rate: (bp: number) =>
      new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 2 }).format(bp / 10_000),
  };
}
