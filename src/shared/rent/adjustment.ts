import { leaseLastDay, termExpiry } from "../dates";
import { parseDay, parseMonth, shiftMonth } from "./calendar";
import type { LeaseSchedule } from "./periods";
import { assertCentavos, divRoundHalfUp } from "./rounding";

export type ReadjustmentIndex = "IGP-M" | "IPCA" | "INPC";

/** The Banco Central's SGS series of each index's monthly variation (% a month). */
export const SGS_SERIES: Record<ReadjustmentIndex, number> = { "IGP-M": 189, IPCA: 433, INPC: 188 };

export interface IndexMonth {
  /** YYYY-MM. */
  mes: string;
  /** The monthly variation in %, as published, as a decimal string: "0.24", "-1.93". */
  valor: string;
}

/**
 * The days the rent is adjusted, each the first day at the new rent: 12, 24, … months after
 * dataInicio, while the lease still runs (an anniversary on the day the term expires is not within
 * the lease). The adjustment is yearly because the lease says so, and a shorter one is void (Lei
 * 10.192/2001 art. 2º, § 1º).
 *
 * Each is the day the lease's 12k-month term expires (termExpiry, Código Civil art. 132, § 3º),
 * the day after leaseLastDay(dataInicio, 12k): the same day of the month as dataInicio for every
 * start but 29 February, where a plain addMonths would give 28 February, the last day of the old
 * year (and for a 24-month lease, an adjustment on the lease's very last day).
 */
export function anniversaries(s: LeaseSchedule): string[] {
  parseDay(s.dataInicio);
  if (!Number.isInteger(s.prazoMeses) || s.prazoMeses < 1) {
    throw new RangeError(`prazoMeses must be a positive integer, got ${s.prazoMeses}`);
  }
  const last = leaseLastDay(s.dataInicio, s.prazoMeses);
  const dates: string[] = [];
  // Each counted from dataInicio, not from the previous one, so nothing drifts year to year.
  for (let k = 1; ; k++) {
    const date = termExpiry(s.dataInicio, 12 * k);
    if (date > last) return dates;
    dates.push(date);
  }
}

/**
 * The 12 months whose accumulated variation adjusts the rent on `aniversario`: the 12 that end
 * two months before the anniversary's month (2027-12-10 → 2026-11 to 2027-10). The month just
 * before is not known in time: an index's month is published only in the following month (IBGE's
 * IPCA and INPC around the 10th, FGV's IGP-M at the month's end), while the new rent must be
 * announced to the tenant 30 days before it is charged. Two months back is the latest complete
 * year both parties can know when the notice goes out.
 */
export function adjustmentWindow(aniversario: string): string[] {
  const month = aniversario.slice(0, 7);
  parseDay(aniversario);
  return Array.from({ length: 12 }, (_, i) => shiftMonth(month, i - 13));
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `valor` % as the exact fraction 1 + valor/100 = num/den. */
function factor(valor: string): [bigint, bigint] {
  const match = DECIMAL.exec(valor.trim());
  if (!match) throw new RangeError(`not a decimal percentage: ${valor}`);
  const fraction = match[3] ?? "";
  const scale = 10n ** BigInt(fraction.length);
  const magnitude = BigInt(`${match[2]}${fraction}`);
  const scaled = match[1] === "-" ? -magnitude : magnitude;
  const den = 100n * scale;
  const num = den + scaled;
  if (num <= 0n) throw new RangeError(`a variation of ${valor} % leaves nothing to adjust`);
  return [num, den];
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** A 4-decimal string of `scaled` / 10⁴, e.g. 48300n → "4.8300", −31800n → "-3.1800". */
function fourDecimals(scaled: bigint): string {
  const sign = scaled < 0n ? "-" : "";
  const digits = (scaled < 0n ? -scaled : scaled).toString().padStart(5, "0");
  return `${sign}${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

/**
 * The accumulated variation of monthly index values: the exact product Π(1 + v/100) as a reduced
 * fraction num/den (every published decimal read exactly, no float), and percentual = (product −
 * 1) × 100 with 4 decimals, rounded half up. The indices publish their 12-month figure with 2
 * decimals; 4 keep the rounding of the printed figure from deciding the rent.
 */
export function accumulate(values: IndexMonth[]): { num: bigint; den: bigint; percentual: string } {
  let num = 1n;
  let den = 1n;
  for (const v of values) {
    const [n, d] = factor(v.valor);
    num *= n;
    den *= d;
    const g = gcd(num, den);
    num /= g;
    den /= g;
  }
  return { num, den, percentual: fourDecimals(divRoundHalfUp((num - den) * 1_000_000n, den)) };
}

function assertConsecutive(values: IndexMonth[]): void {
  if (values.length !== 12) throw new RangeError(`a yearly adjustment needs 12 months, got ${values.length}`);
  values.forEach((v, i) => {
    parseMonth(v.mes);
    const first = values[0] as IndexMonth;
    if (v.mes !== shiftMonth(first.mes, i)) {
      throw new RangeError(
        `index months must be 12 consecutive months in order; ${v.mes} at position ${i + 1}`,
      );
    }
  });
}

/**
 * The rent after a yearly adjustment by 12 monthly values (consecutive months, in order): the
 * exact aluguel × Π(1 + v/100), rounded half up to the centavo once. When the year's accumulated
 * variation is negative, "keep" leaves the rent as it is (applied: false), which the lease
 * template states; "apply" lowers it.
 */
export function adjustRent(
  aluguel: number,
  values: IndexMonth[],
  negative: "keep" | "apply" = "keep",
): { aluguel: number; percentual: string; applied: boolean } {
  assertCentavos("aluguel", aluguel);
  assertConsecutive(values);
  const { num, den, percentual } = accumulate(values);
  if (num < den && negative === "keep") return { aluguel, percentual, applied: false };
  return { aluguel: Number(divRoundHalfUp(BigInt(aluguel) * num, den)), percentual, applied: true };
}
