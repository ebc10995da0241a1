import { addMonths as addCalendarMonths, addDays, format } from "date-fns";

/*
 * Month arithmetic on calendar dates (YYYY-MM-DD), written once for the whole product through
 * date-fns: the proposal's entry-date bounds, and a lease's term by Código Civil art. 132. Dates
 * are built at local noon, so no time zone's midnight (or a daylight-saving jump) moves the day.
 */

function parse(date: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const at = new Date(2000, 0, 1, 12);
  at.setFullYear(y, m - 1, d);
  return at;
}

const show = (d: Date) => format(d, "yyyy-MM-dd");

/** `date` plus `months`: the same day of the month, or the month's last when it has no such day. */
export function addMonths(date: string, months: number): string {
  return show(addCalendarMonths(parse(date), months));
}

/**
 * The day a term of `months` months started on `start` expires: "os prazos de meses e anos
 * expiram no dia de igual número do de início, ou no imediato, se faltar exata correspondência"
 * (Código Civil art. 132, § 3º). 31/08/2026 + 6 months: February has no 31st, so 01/03/2027.
 */
export function termExpiry(start: string, months: number): string {
  const same = addCalendarMonths(parse(start), months);
  const hasEqualDay = same.getDate() === parse(start).getDate();
  return show(hasEqualDay ? same : addDays(same, 1));
}

/**
 * The last day of a lease of `months` months from `start`: the day before the term expires (the
 * first day counts, so 10/12/2026 + 30 months runs to 09/06/2029; 31/08/2026 + 30 months, whose
 * term expires on 01/03/2029, runs to 28/02/2029).
 */
export function leaseLastDay(start: string, months: number): string {
  return show(addDays(parse(termExpiry(start, months)), -1));
}
