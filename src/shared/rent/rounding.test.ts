import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divRoundHalfUp, roundHalfUp } from "./rounding";

describe("divRoundHalfUp", () => {
  it("rounds to the nearest integer, a half away from zero", () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divRoundHalfUp(7n, 3n)).toBe(2n);
    expect(divRoundHalfUp(8n, 3n)).toBe(3n);
    expect(divRoundHalfUp(-7n, 3n)).toBe(-2n);
    expect(divRoundHalfUp(-8n, 3n)).toBe(-3n);
    expect(divRoundHalfUp(1n, 3n)).toBe(0n);
    expect(divRoundHalfUp(0n, 7n)).toBe(0n);
    expect(divRoundHalfUp(12n, 4n)).toBe(3n);
  });

  it("refuses a denominator that is not positive", () => {
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError);
    expect(() => divRoundHalfUp(1n, -2n)).toThrow(RangeError);
  });

  it("is the nearest integer, and on a tie the one farther from zero", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        (n, d) => {
          const q = divRoundHalfUp(n, d);
          // |q − n/d| ≤ 1/2, in integers.
          const gap = 2n * q * d - 2n * n;
          expect(gap <= d && gap >= -d).toBe(true);
          // A tie goes away from zero: q has the sign of n.
          if (gap === d || gap === -d) expect(n > 0n ? gap === d : gap === -d).toBe(true);
        },
      ),
    );
  });
});

describe("roundHalfUp", () => {
  it("rounds safe integers the same way", () => {
    expect(roundHalfUp(250, 100)).toBe(3);
    expect(roundHalfUp(249, 100)).toBe(2);
    expect(roundHalfUp(-250, 100)).toBe(-3);
    expect(roundHalfUp(Number.MAX_SAFE_INTEGER, 2)).toBe(4503599627370496);
  });

  it("refuses fractions and unsafe integers", () => {
    expect(() => roundHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => roundHalfUp(2 ** 53, 2)).toThrow(RangeError);
    expect(() => roundHalfUp(1, 0)).toThrow(RangeError);
  });
});
