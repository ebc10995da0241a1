import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LEASE_LATE_TERMS, lateFees } from "./late";

describe("lateFees", () => {
  it("matches the lease template's clause", () => {
    expect(LEASE_LATE_TERMS).toEqual({ multaBp: 1000, jurosMesBp: 100 });
  });

  it("charges 10 % once and 1 % a month pro rata die: R$ 2.500,00 paid 15 days late", () => {
    expect(lateFees(250_000, "2027-01-05", "2027-01-20", LEASE_LATE_TERMS)).toEqual({
      diasAtraso: 15,
      multa: 25_000,
      // 2.500,00 × 1 % × 15/30
      juros: 1_250,
      total: 276_250,
    });
  });

  it("charges nothing when paid on the due day or before", () => {
    expect(lateFees(250_000, "2027-01-05", "2027-01-05", LEASE_LATE_TERMS)).toEqual({
      diasAtraso: 0,
      multa: 0,
      juros: 0,
      total: 250_000,
    });
    expect(lateFees(250_000, "2027-01-05", "2026-12-28", LEASE_LATE_TERMS).total).toBe(250_000);
  });

  it("charges the full multa from the first day late", () => {
    const fees = lateFees(250_000, "2027-01-05", "2027-01-06", LEASE_LATE_TERMS);
    expect(fees).toMatchObject({ diasAtraso: 1, multa: 25_000, juros: 83 });
  });

  it("counts calendar days across months and years", () => {
    expect(lateFees(100_000, "2026-12-30", "2027-03-01", LEASE_LATE_TERMS).diasAtraso).toBe(61);
    expect(lateFees(100_000, "2028-02-28", "2028-03-01", LEASE_LATE_TERMS).diasAtraso).toBe(2);
  });

  it("takes simple interest on the amount due, not on the multa", () => {
    // 30 days is exactly one month: 1 % of 2.500,00 is 25,00 (on 2.750,00 it would be 27,50).
    expect(lateFees(250_000, "2027-01-05", "2027-02-04", LEASE_LATE_TERMS).juros).toBe(2_500);
    // 90 days: 3 %, not 1.01³ − 1.
    expect(lateFees(250_000, "2027-01-05", "2027-04-05", LEASE_LATE_TERMS).juros).toBe(7_500);
  });

  it("rounds each fee half up on its own", () => {
    // 10 % of 5 centavos is 0.5: 1.
    expect(lateFees(5, "2027-01-05", "2027-01-06", LEASE_LATE_TERMS).multa).toBe(1);
    expect(lateFees(4, "2027-01-05", "2027-01-06", LEASE_LATE_TERMS).multa).toBe(0);
    // 1 day of 1 % a month on 15,00 is 1500 / 3000 = 0.5 centavo: 1; on 14,99 it is 0.4997: 0.
    expect(lateFees(1_500, "2027-01-05", "2027-01-06", LEASE_LATE_TERMS).juros).toBe(1);
    expect(lateFees(1_499, "2027-01-05", "2027-01-06", LEASE_LATE_TERMS).juros).toBe(0);
    // Rounded separately: 0.5 + 0.5 centavo make 2 centavos, not 1.
    expect(lateFees(5, "2027-01-05", "2027-01-06", { multaBp: 1000, jurosMesBp: 30_000 })).toMatchObject({
      multa: 1,
      juros: 1,
      total: 7,
    });
  });

  it("refuses amounts that are not centavos and dates that do not exist", () => {
    expect(() => lateFees(100.5, "2027-01-05", "2027-01-06", LEASE_LATE_TERMS)).toThrow(RangeError);
    expect(() => lateFees(-1, "2027-01-05", "2027-01-06", LEASE_LATE_TERMS)).toThrow(RangeError);
    expect(() => lateFees(100, "2027-02-30", "2027-03-06", LEASE_LATE_TERMS)).toThrow(RangeError);
    expect(() => lateFees(100, "2027-01-05", "2027-01-06", { multaBp: 0.5, jurosMesBp: 100 })).toThrow(
      RangeError,
    );
  });

  const devido = fc.integer({ min: 0, max: 100_000_000 });
  const day = (offset: number) => {
    const at = new Date(Date.UTC(2027, 0, 5 + offset));
    return at.toISOString().slice(0, 10);
  };

  it("never lowers the juros for a later payment, and keeps the multa the same for any delay", () => {
    fc.assert(
      fc.property(
        devido,
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 2000 }),
        (d, a, extra) => {
          const early = lateFees(d, "2027-01-05", day(a), LEASE_LATE_TERMS);
          const late = lateFees(d, "2027-01-05", day(a + extra), LEASE_LATE_TERMS);
          expect(early.diasAtraso).toBe(a);
          expect(late.juros).toBeGreaterThanOrEqual(early.juros);
          expect(late.multa).toBe(early.multa);
          expect(early.total).toBe(d + early.multa + early.juros);
          // The exact juros d × a / 3000 centavos, within half a centavo.
          expect(Math.abs(early.juros * 3000 - d * a)).toBeLessThanOrEqual(1500);
        },
      ),
    );
  });
});
