import { addDays } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDay, showDay } from "../rent/calendar";
import { depositReturn, type SavingsRate, savingsMonths, savingsStart } from "./deposit";

/*
 * Issue 33: the cash deposit comes back with its savings yield (Lei 8.245/91 art. 38 § 2º). The
 * rates are the savings accounts' monthly yield for anniversaries on the 1st as published for 2016
 * (0,6327 % in January … 0,6858 % in December; the year multiplies to 8,31 %): a year's deposit of
 * R$ 1.000,00 comes back as R$ 1.083,05.
 */

const Y2016 = "0.6327 0.5962 0.7179 0.6311 0.6547 0.7053 0.6629 0.7558 0.6583 0.6609 0.6435 0.6858".split(
  " ",
);
const RATES_2016: SavingsRate[] = Y2016.map((valor, i) => ({
  data: `2016-${String(i + 1).padStart(2, "0")}-01`,
  valor,
}));
const plus = (day: string, n: number) => showDay(addDays(parseDay(day), n));

describe("the deposit's savings yield (art. 38 § 2º)", () => {
  it("a year from 01/01/2016: the 12 published months multiplied, rounded once", () => {
    expect(depositReturn(100_000, "2016-01-01", "2017-01-01", RATES_2016)).toEqual({
      valor: 108_305,
      rendimento: 8_305,
      meses: RATES_2016.map((r) => r.data),
    });
    // Three rents of R$ 1.166,67 … any amount: 350.000 × Π = 379.068,65 → 379.069.
    expect(depositReturn(350_000, "2016-01-01", "2017-01-01", RATES_2016).valor).toBe(379_069);
  });

  it("a month not completed pays nothing: taken out the day before the anniversary, 11 months", () => {
    const r = depositReturn(100_000, "2016-01-01", "2016-12-31", RATES_2016);
    expect(r.meses).toHaveLength(11);
    // 100.000 × Π of January to November = 107.567,63 → 107.568.
    expect(r.valor).toBe(107_568);
    expect(depositReturn(100_000, "2016-01-01", "2016-01-31", RATES_2016)).toMatchObject({
      valor: 100_000,
      meses: [],
    });
  });

  it("a deposit on the 29th, 30th or 31st has its anniversary on the 1st of the next month", () => {
    expect(savingsStart("2016-01-28")).toBe("2016-01-28");
    for (const day of ["2016-01-29", "2016-01-30", "2016-01-31"])
      expect(savingsStart(day)).toBe("2016-02-01");
    expect(savingsStart("2016-12-31")).toBe("2017-01-01");
    expect(savingsMonths("2016-01-30", "2016-03-01")).toEqual(["2016-02-01"]);
  });

  it("refuses to pay a month whose rate is not published", () => {
    expect(() => depositReturn(100_000, "2016-06-01", "2017-02-01", RATES_2016)).toThrow(/2017-01-01/);
  });

  it("never less than the deposit, never falling as the keys come later, with rates as published (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 330 }),
        (deposito, startOffset, length) => {
          const depositDay = plus("2016-01-01", startOffset);
          const months = savingsMonths(depositDay, plus(depositDay, length));
          // Rates for every anniversary the window reaches (2016's, by month, on any day).
          const rates = [...months, ...savingsMonths(depositDay, plus(depositDay, length + 1))].map((d) => ({
            data: d,
            valor: Y2016[Number(d.slice(5, 7)) - 1] as string,
          }));
          const a = depositReturn(deposito, depositDay, plus(depositDay, length), rates);
          const b = depositReturn(deposito, depositDay, plus(depositDay, length + 1), rates);
          expect(a.valor).toBeGreaterThanOrEqual(deposito);
          expect(b.valor).toBeGreaterThanOrEqual(a.valor);
          expect(a.rendimento).toBe(a.valor - deposito);
        },
      ),
    );
  });
});
