import type { AmendmentChanges } from "../contracts/lease";
import { leaseLastDay } from "../dates";
import { dayOfMonthClamped } from "../rent/calendar";
import type { RentChange } from "../rent/periods";

/*
 * What a sealed termo aditivo (issue 33 item 1) changes in the lease from its date, read by the
 * ledger and the lease's page: the rent from `efeito` (days before it at the old rent, as an
 * adjustment inside a month is prorated), the due day for payments falling due from `efeito`, and
 * the term (a renewal or a shortening is the contract's term from then on). Parties and guarantee
 * are the lease's data once sealed. Amendments apply in the order they were sealed.
 */

/** A sealed amendment as the lease keeps it (contracts.data.aditivos). */
export interface SealedAmendment {
  /** The termo aditivo's document (a contract of kind "aditivo"). */
  contratoId: string;
  numero: string;
  efeito: string;
  mudancas: AmendmentChanges;
}

/** The due day's changes, in the order they were sealed. */
export interface DueDayChange {
  desde: string;
  dia: number;
}

/** The term in months after every sealed amendment that changed it (the last one's), else the contract's. */
export function amendedTermMonths(prazoMeses: number, aditivos: readonly SealedAmendment[]): number {
  let prazo = prazoMeses;
  for (const a of aditivos) if (a.mudancas.prazoMeses !== undefined) prazo = a.mudancas.prazoMeses;
  return prazo;
}

/** The due-day changes the amendments made. */
export function dueDayChanges(aditivos: readonly SealedAmendment[]): DueDayChange[] {
  return aditivos
    .filter((a) => a.mudancas.diaVencimento !== undefined)
    .map((a) => ({ desde: a.efeito, dia: a.mudancas.diaVencimento as number }));
}

/**
 * The due day of a payment due in `dueMonth` (YYYY-MM): a change holds for every payment whose
 * date under the new day falls on or after the change's date, so no payment due before an
 * amendment moves, and none is asked twice in a month.
 */
export function dueDayIn(diaVencimento: number, changes: readonly DueDayChange[], dueMonth: string): number {
  let day = diaVencimento;
  for (const c of changes) if (dayOfMonthClamped(dueMonth, c.dia) >= c.desde) day = c.dia;
  return day;
}

/**
 * The rent's changes over time: each applied adjustment from its anniversary and each amendment
 * from its date, sorted by date; on the same day an amendment (what the parties agreed) wins over
 * the index, and a later one over an earlier. Ready for periodLines.
 */
export function rentChangesOf(
  adjustments: readonly RentChange[],
  aditivos: readonly SealedAmendment[],
): RentChange[] {
  const byDay = new Map<string, number>();
  const ordered = [
    ...adjustments.map((a) => ({ ...a, rank: 0 })),
    ...aditivos
      .filter((a) => a.mudancas.aluguel !== undefined)
      .map((a, i) => ({ desde: a.efeito, aluguel: a.mudancas.aluguel as number, rank: 1 + i })),
  ].sort((x, y) => (x.desde === y.desde ? x.rank - y.rank : x.desde < y.desde ? -1 : 1));
  for (const c of ordered) byDay.set(c.desde, c.aluguel);
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([desde, aluguel]) => ({ desde, aluguel }));
}

/** The rent in force on `day`: the contract's, or the last change on or before it. */
export function rentOnDay(aluguel: number, changes: readonly RentChange[], day: string): number {
  let rent = aluguel;
  for (const c of changes) if (c.desde <= day) rent = c.aluguel;
  return rent;
}

/**
 * Whether an amendment's term fits: the lease may not end before the amendment takes effect (a
 * term that ended is continued or renewed, never shortened into the past).
 */
export function termFits(dataInicio: string, prazoMeses: number, efeito: string): boolean {
  return leaseLastDay(dataInicio, prazoMeses) >= efeito;
}
