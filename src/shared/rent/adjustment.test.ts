import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accumulate,
  adjustmentWindow,
  adjustRent,
  anniversaries,
  type IndexMonth,
  SGS_SERIES,
} from "./adjustment";
import {
  IGPM_2023 as IGPM_2023_VALUES,
  IGPM_2024 as IGPM_2024_VALUES,
  IPCA_2024 as IPCA_2024_VALUES,
} from "./published-indices.fixture";

/** Consecutive months from `first`, one per published value. */
function months(first: string, valores: string[]): IndexMonth[] {
  const [y, m] = first.split("-").map(Number) as [number, number];
  return valores.map((valor, i) => {
    const index = y * 12 + (m - 1) + i;
    return { mes: `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`, valor };
  });
}

const IPCA_2024 = months("2024-01", IPCA_2024_VALUES);
const IGPM_2024 = months("2024-01", IGPM_2024_VALUES);
const IGPM_2023 = months("2023-01", IGPM_2023_VALUES);

/** A 4-decimal percentage rounded half up to the 2 decimals the institutes publish. */
function published(percentual: string): string {
  const scaled = BigInt(percentual.replace(".", ""));
  const magnitude = scaled < 0n ? -scaled : scaled;
  const hundredths = (magnitude + 50n) / 100n;
  const digits = hundredths.toString().padStart(3, "0");
  return `${scaled < 0n && hundredths > 0n ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

describe("SGS_SERIES", () => {
  it("names the Banco Central series of each index", () => {
    expect(SGS_SERIES).toEqual({ "IGP-M": 189, IPCA: 433, INPC: 188 });
  });
});

describe("anniversaries", () => {
  it("gives the 12th and 24th months of a 30-month lease", () => {
    expect(anniversaries({ dataInicio: "2026-12-10", prazoMeses: 30, diaVencimento: 5 })).toEqual([
      "2027-12-10",
      "2028-12-10",
    ]);
  });

  it("leaves out the day the term expires, which is after the lease", () => {
    expect(anniversaries({ dataInicio: "2026-12-10", prazoMeses: 24, diaVencimento: 5 })).toEqual([
      "2027-12-10",
    ]);
    expect(anniversaries({ dataInicio: "2026-12-10", prazoMeses: 12, diaVencimento: 5 })).toEqual([]);
    expect(anniversaries({ dataInicio: "2026-12-10", prazoMeses: 6, diaVencimento: 5 })).toEqual([]);
  });

  it("keeps the 31st of a lease that starts on 31/08", () => {
    expect(anniversaries({ dataInicio: "2026-08-31", prazoMeses: 36, diaVencimento: 10 })).toEqual([
      "2027-08-31",
      "2028-08-31",
    ]);
    expect(anniversaries({ dataInicio: "2026-08-31", prazoMeses: 30, diaVencimento: 10 })).toEqual([
      "2027-08-31",
      "2028-08-31",
    ]);
  });

  it("starts a year begun on 29/02 again the day after the old year's last day (Código Civil art. 132, § 3º)", () => {
    // The first year of a lease from 29/02/2028 runs to 28/02/2029; the second starts on 01/03.
    expect(anniversaries({ dataInicio: "2028-02-29", prazoMeses: 36, diaVencimento: 5 })).toEqual([
      "2029-03-01",
      "2030-03-01",
    ]);
    // A 24-month lease ends on 28/02/2030: no adjustment on its last day.
    expect(anniversaries({ dataInicio: "2028-02-29", prazoMeses: 24, diaVencimento: 5 })).toEqual([
      "2029-03-01",
    ]);
  });
});

describe("adjustmentWindow", () => {
  it("ends two months before the anniversary's month", () => {
    expect(adjustmentWindow("2027-12-10")).toEqual([
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
      "2027-06",
      "2027-07",
      "2027-08",
      "2027-09",
      "2027-10",
    ]);
  });

  it("crosses the year for anniversaries early in the year", () => {
    const january = adjustmentWindow("2028-01-10");
    expect([january[0], january.at(-1), january.length]).toEqual(["2026-12", "2027-11", 12]);
    const february = adjustmentWindow("2028-02-29");
    expect([february[0], february.at(-1)]).toEqual(["2027-01", "2027-12"]);
    const march = adjustmentWindow("2029-03-01");
    expect([march[0], march.at(-1)]).toEqual(["2028-02", "2029-01"]);
  });

  it("refuses a day that does not exist", () => {
    expect(() => adjustmentWindow("2027-02-29")).toThrow(RangeError);
  });
});

describe("accumulate", () => {
  it("gives the year's published accumulations from the published months", () => {
    // IBGE: IPCA 2024, 4.83 %.
    expect(accumulate(IPCA_2024).percentual).toBe("4.8313");
    expect(published(accumulate(IPCA_2024).percentual)).toBe("4.83");
    // FGV: IGP-M 2024, 6.54 %.
    expect(accumulate(IGPM_2024).percentual).toBe("6.5362");
    expect(published(accumulate(IGPM_2024).percentual)).toBe("6.54");
    // FGV: IGP-M 2023, −3.18 %.
    expect(accumulate(IGPM_2023).percentual).toBe("-3.1783");
    expect(published(accumulate(IGPM_2023).percentual)).toBe("-3.18");
  });

  it("is the exact product as a reduced fraction", () => {
    expect(accumulate(months("2024-01", ["10", "10"]))).toEqual({
      num: 121n,
      den: 100n,
      percentual: "21.0000",
    });
    expect(accumulate(months("2024-01", ["-50"]))).toEqual({ num: 1n, den: 2n, percentual: "-50.0000" });
    expect(accumulate([])).toEqual({ num: 1n, den: 1n, percentual: "0.0000" });
    // 1.0024 × 0.9976 = 0.99999424, to the last digit.
    expect(accumulate(months("2024-01", ["0.24", "-0.24"]))).toMatchObject({
      num: 1562491n,
      den: 1562500n,
      percentual: "-0.0006",
    });
  });

  it("rounds the percentage half up to 4 decimals, away from zero, never to −0", () => {
    expect(accumulate(months("2024-01", ["0.00005"])).percentual).toBe("0.0001");
    expect(accumulate(months("2024-01", ["0.000049"])).percentual).toBe("0.0000");
    expect(accumulate(months("2024-01", ["-0.00005"])).percentual).toBe("-0.0001");
    expect(accumulate(months("2024-01", ["-0.00001"])).percentual).toBe("0.0000");
  });

  it("refuses what is not a published decimal", () => {
    expect(() => accumulate(months("2024-01", ["0,24"]))).toThrow(RangeError);
    expect(() => accumulate(months("2024-01", ["1e-2"]))).toThrow(RangeError);
    expect(() => accumulate(months("2024-01", [""]))).toThrow(RangeError);
    expect(() => accumulate(months("2024-01", ["-100"]))).toThrow(RangeError);
  });

  /** A decimal string with 0 to 4 decimals, and its value as a float read independently. */
  const decimal = fc
    .integer({ min: 0, max: 4 })
    .chain((scale) =>
      fc.tuple(fc.integer({ min: -(100 * 10 ** scale - 1), max: 500 * 10 ** scale }), fc.constant(scale)),
    )
    .map(([units, scale]) => {
      const digits = Math.abs(units)
        .toString()
        .padStart(scale + 1, "0");
      const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
      return `${units < 0 ? "-" : ""}${text}`;
    });

  it("agrees with a float computation", () => {
    fc.assert(
      fc.property(fc.array(decimal, { minLength: 1, maxLength: 24 }), (valores) => {
        const float = (valores.reduce((product, v) => product * (1 + Number(v) / 100), 1) - 1) * 100;
        const { num, den, percentual } = accumulate(months("2024-01", valores));
        expect(Math.abs(Number(percentual) - float)).toBeLessThan(1e-4 + Math.abs(float) * 1e-12);
        const product = 1 + float / 100;
        // The float side loses digits when a month near −100 % cancels 1 (−99.9974 % leaves 2.6e-5
        // with a relative error of 4e-12): a billionth is the float's precision here, not ours.
        expect(Math.abs(Number(num) / Number(den) - product)).toBeLessThan(1e-9 * Math.max(1, product));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("adjustRent", () => {
  it("adjusts R$ 2.500,00 by the IPCA of 2024 to R$ 2.620,78", () => {
    // 2.500,00 × 1.0483129579… = 2.620,7823…
    expect(adjustRent(250_000, IPCA_2024)).toEqual({ aluguel: 262_078, percentual: "4.8313", applied: true });
    expect(adjustRent(250_000, IGPM_2024)).toEqual({ aluguel: 266_340, percentual: "6.5362", applied: true });
  });

  it("keeps the rent when the year's variation is negative, unless told to apply it", () => {
    expect(adjustRent(250_000, IGPM_2023)).toEqual({
      aluguel: 250_000,
      percentual: "-3.1783",
      applied: false,
    });
    expect(adjustRent(250_000, IGPM_2023, "keep")).toEqual({
      aluguel: 250_000,
      percentual: "-3.1783",
      applied: false,
    });
    // 2.500,00 × 0.968217… = 2.420,54…
    expect(adjustRent(250_000, IGPM_2023, "apply")).toEqual({
      aluguel: 242_054,
      percentual: "-3.1783",
      applied: true,
    });
  });

  it("applies a zero variation as no change", () => {
    expect(adjustRent(250_000, months("2025-01", Array(12).fill("0.00")))).toEqual({
      aluguel: 250_000,
      percentual: "0.0000",
      applied: true,
    });
  });

  it("rounds the new rent half up, once", () => {
    // 1,00 × 1.005 = 1,005 → 1,01 (rounded per month it would stay 1,00 or drift otherwise).
    const values = months("2025-01", ["0.5", ...Array(11).fill("0")]);
    expect(adjustRent(100, values).aluguel).toBe(101);
    expect(adjustRent(100, months("2025-01", ["0.4999", ...Array(11).fill("0")])).aluguel).toBe(100);
  });

  it("needs 12 consecutive months, in order", () => {
    expect(() => adjustRent(250_000, IPCA_2024.slice(1))).toThrow(RangeError);
    expect(() => adjustRent(250_000, [...IPCA_2024, ...IGPM_2023.slice(0, 1)])).toThrow(RangeError);
    expect(() => adjustRent(250_000, [...IPCA_2024].reverse())).toThrow(RangeError);
    expect(() => adjustRent(250_000, [...IPCA_2024.slice(0, 11), { mes: "2025-02", valor: "0.1" }])).toThrow(
      RangeError,
    );
  });

  it("refuses a rent that is not centavos", () => {
    expect(() => adjustRent(2500.5, IPCA_2024)).toThrow(RangeError);
  });

  it("is the exact rational aluguel × Π(1 + c/10000), rounded half up", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(fc.integer({ min: -500, max: 500 }), { minLength: 12, maxLength: 12 }),
        fc.constantFrom("keep" as const, "apply" as const),
        (aluguel, hundredths, negative) => {
          const valores = hundredths.map(
            (c) =>
              `${c < 0 ? "-" : ""}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`,
          );
          // Each factor (10000 + c) / 10000, multiplied without reducing.
          const num = hundredths.reduce((p, c) => p * BigInt(10_000 + c), 1n);
          const den = 10_000n ** 12n;
          const q = (BigInt(aluguel) * num) / den;
          const r = (BigInt(aluguel) * num) % den;
          const exact = Number(2n * r >= den ? q + 1n : q);
          const falls = num < den;
          const result = adjustRent(aluguel, months("2025-03", valores), negative);
          expect(result.aluguel).toBe(falls && negative === "keep" ? aluguel : exact);
          expect(result.applied).toBe(!(falls && negative === "keep"));
        },
      ),
    );
  });
});
