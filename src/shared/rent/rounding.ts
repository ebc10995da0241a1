/*
 * The one rounding rule for money in src/shared/rent: every computed amount (a prorated line, a
 * multa, the juros, an adjusted rent) is the exact rational result of its own formula, rounded
 * half up to the centavo once, at the end, and never rounded again. Products are taken in BigInt
 * first, so 250.000 centavos × 31 days × 10.000 basis points is exact, never a float.
 * "Half up" means half away from zero: 0.5 → 1, −0.5 → −1, as a person rounding by hand would.
 */

/** numerator ÷ denominator rounded to the nearest integer, a half away from zero. */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError(`denominator must be positive, got ${denominator}`);
  const magnitude = numerator < 0n ? -numerator : numerator;
  // floor((2|n| + d) / 2d) is |n|/d rounded with the half going up, in integers only.
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return numerator < 0n ? -rounded : rounded;
}

/** divRoundHalfUp for safe integers. */
export function roundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new RangeError(`roundHalfUp takes safe integers, got ${numerator} / ${denominator}`);
  }
  return Number(divRoundHalfUp(BigInt(numerator), BigInt(denominator)));
}

/** Money is integer centavos; a fraction, NaN or a float past 2^53 is a bug upstream. */
export function assertCentavos(name: string, value: number, allowNegative = false): void {
  if (!Number.isSafeInteger(value) || (!allowNegative && value < 0)) {
    throw new RangeError(
      `${name} must be a ${allowNegative ? "" : "non-negative "}integer of centavos, got ${value}`,
    );
  }
}
