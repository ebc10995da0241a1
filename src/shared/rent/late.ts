import { differenceInCalendarDays } from "date-fns";
import { parseDay } from "./calendar";
import { assertCentavos, divRoundHalfUp } from "./rounding";

export interface LateTerms {
  /** Basis points: 1000 = 10 %. */
  multaBp: number;
  /** Basis points a month: 100 = 1 % a month. */
  jurosMesBp: number;
}

/** The lease template's clause "Da multa por atraso": multa of 10 %, juros de mora of 1 % a month. */
export const LEASE_LATE_TERMS: LateTerms = { multaBp: 1000, jurosMesBp: 100 };

export interface LateFees {
  diasAtraso: number;
  multa: number;
  juros: number;
  total: number;
}

/**
 * What a charge of `devido` centavos due on `vencimento` (already moved to a business day by
 * dueDate) costs when paid on `pagamento`.
 *
 * The tenant must pay "pontualmente o aluguel e os encargos da locação ... no prazo estipulado"
 * (Lei 8.245/1991 art. 23, I); the multa moratória is the contract's, charged once on the amount
 * due as soon as the payment is late by one day, whatever the delay. The 2 % cap of the Código de
 * Defesa do Consumidor (art. 52, § 1º) is not applied: the STJ's settled case law holds that the
 * CDC does not govern urban leases under Lei 8.245/1991 (listed in its "Jurisprudência em Teses"
 * on locação); a court may still reduce a manifestly excessive penalty (Código Civil art. 413).
 *
 * The juros de mora are the contract's rate (Código Civil art. 406 only sets the rate when the
 * parties agreed none), simple, on `devido` alone and not on the multa, pro rata die on a 30-day
 * month: 1 % a month is 1/30 % for each day late.
 *
 * The multa and the juros are each rounded half up to the centavo on their own.
 */
export function lateFees(devido: number, vencimento: string, pagamento: string, t: LateTerms): LateFees {
  assertCentavos("devido", devido);
  for (const [name, bp] of [
    ["multaBp", t.multaBp],
    ["jurosMesBp", t.jurosMesBp],
  ] as const) {
    if (!Number.isSafeInteger(bp) || bp < 0)
      throw new RangeError(`${name} must be a non-negative integer, got ${bp}`);
  }
  const diasAtraso = Math.max(0, differenceInCalendarDays(parseDay(pagamento), parseDay(vencimento)));
  if (diasAtraso === 0) return { diasAtraso, multa: 0, juros: 0, total: devido };
  const base = BigInt(devido);
  const multa = Number(divRoundHalfUp(base * BigInt(t.multaBp), 10_000n));
  // 10.000 basis points to the unit × 30 days to the month.
  const juros = Number(divRoundHalfUp(base * BigInt(t.jurosMesBp) * BigInt(diasAtraso), 300_000n));
  return { diasAtraso, multa, juros, total: devido + multa + juros };
}
