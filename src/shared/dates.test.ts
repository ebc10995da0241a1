import { describe, expect, it } from "vitest";
import { PRAZO_MAX, PRAZO_MIN } from "./contracts/listings";
import { addMonths, leaseLastDay, termExpiry } from "./dates";

/*
 * The oracle reads Código Civil art. 132, § 3º as written, with integer arithmetic of its own (no
 * Date, no date-fns): the term expires on the day of equal number in the month `months` after the
 * start, or on the day after ("o imediato") when that month has no such day, i.e. the 1st of the
 * next; the lease's last day is the one before.
 */
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) =>
  [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] as number;
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

function oracle(start: string, months: number): { expiry: string; last: string } {
  const [y0, m0, d] = start.split("-").map(Number) as [number, number, number];
  const total = y0 * 12 + (m0 - 1) + months;
  let y = Math.floor(total / 12);
  let m = (total % 12) + 1;
  let day = d;
  if (d > daysIn(y, m)) {
    day = 1;
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
  const expiry = iso(y, m, day);
  // The day before the expiry.
  let [ly, lm, ld] = [y, m, day - 1];
  if (ld === 0) {
    lm -= 1;
    if (lm === 0) {
      lm = 12;
      ly -= 1;
    }
    ld = daysIn(ly, lm);
  }
  return { expiry, last: iso(ly, lm, ld) };
}

function* days(from: string, count: number): Generator<string> {
  let [y, m, d] = from.split("-").map(Number) as [number, number, number];
  for (let i = 0; i < count; i++) {
    yield iso(y, m, d);
    d += 1;
    if (d > daysIn(y, m)) {
      d = 1;
      m += 1;
      if (m === 13) {
        m = 1;
        y += 1;
      }
    }
  }
}

describe("a lease's term (Código Civil art. 132, § 3º)", () => {
  it("ends a term from 31/08/2026 of 30 months on 28/02/2029, the day before it expires on 01/03/2029 (issue 27)", () => {
    expect(termExpiry("2026-08-31", 30)).toBe("2029-03-01");
    expect(leaseLastDay("2026-08-31", 30)).toBe("2029-02-28");
    expect(leaseLastDay("2026-12-10", 30)).toBe("2029-06-09");
    expect(leaseLastDay("2028-02-29", 12)).toBe("2029-02-28");
    expect(leaseLastDay("2027-02-28", 12)).toBe("2028-02-27");
    expect(leaseLastDay("2026-01-31", 1)).toBe("2026-02-28");
  });

  it("agrees with the article read literally for every start day of ten years and every term the product allows", () => {
    const wrong: string[] = [];
    let cases = 0;
    for (const start of days("2024-01-01", 3653))
      for (let months = PRAZO_MIN; months <= PRAZO_MAX; months++) {
        cases++;
        const want = oracle(start, months);
        const got = { expiry: termExpiry(start, months), last: leaseLastDay(start, months) };
        if ((got.expiry !== want.expiry || got.last !== want.last) && wrong.length < 20)
          wrong.push(`${start} + ${months}: ${got.last} (${got.expiry}) ≠ ${want.last} (${want.expiry})`);
      }
    expect(wrong).toEqual([]);
    expect(cases).toBe(3653 * (PRAZO_MAX - PRAZO_MIN + 1));
  });

  it("adds months to a date keeping its day, or the month's last day", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2027-12-15", 12)).toBe("2028-12-15");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
    expect(addMonths("2026-11-30", -1)).toBe("2026-10-30");
  });
});
