import { addDays, format, getDaysInMonth } from "date-fns";

/*
 * Calendar days (YYYY-MM-DD) and months (YYYY-MM) for the rent rules. Like src/shared/dates.ts,
 * a day is built at local noon so no time zone's midnight or daylight-saving jump moves it.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** The local-noon Date of `day`; throws on anything that is not a real calendar day. */
export function parseDay(day: string): Date {
  const match = DAY.exec(day);
  if (match) {
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const at = new Date(2000, 0, 1, 12);
    at.setFullYear(y, m - 1, d);
    // setFullYear rolls 2027-02-30 over to March; a round trip catches it.
    if (at.getFullYear() === y && at.getMonth() === m - 1 && at.getDate() === d) return at;
  }
  throw new RangeError(`not a calendar day (YYYY-MM-DD): ${day}`);
}

export const showDay = (d: Date): string => format(d, "yyyy-MM-dd");

/** `day` moved by `n` calendar days (negative: back). */
export const plusDays = (day: string, n: number): string => showDay(addDays(parseDay(day), n));

/** [year, month 1–12] of a YYYY-MM month; throws otherwise. */
export function parseMonth(month: string): [number, number] {
  const match = MONTH.exec(month);
  const y = Number(match?.[1]);
  const m = Number(match?.[2]);
  if (!match || m < 1 || m > 12) throw new RangeError(`not a month (YYYY-MM): ${month}`);
  return [y, m];
}

/** `month` moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = parseMonth(month);
  const index = y * 12 + (m - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The day `day` of `month`, or the month's last day when it has no such day. */
export function dayOfMonthClamped(month: string, day: number): string {
  const [y, m] = parseMonth(month);
  const first = parseDay(`${month}-01`);
  const d = Math.min(day, getDaysInMonth(first));
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
