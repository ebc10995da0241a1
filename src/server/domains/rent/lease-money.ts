import { randomUUID } from "node:crypto";
import { brazilDate } from "../../../shared/contracts/proposals";
import type { ChargeLine, ChargeSummary } from "../../../shared/contracts/rent";
import { leaseLastDay } from "../../../shared/dates";
import {
  amendedTermMonths,
  dueDayChanges,
  dueDayIn,
  rentChangesOf,
  rentOnDay,
  type SealedAmendment,
} from "../../../shared/lease/amendments";
import type { LeaseTerm } from "../../../shared/lease/term";
import type { ReadjustmentIndex } from "../../../shared/rent/adjustment";
import { type LateTerms, LEASE_LATE_TERMS, lateFees } from "../../../shared/rent/late";
import {
  type LeaseSchedule,
  periodLines,
  type RentChange,
  type RentPeriod,
} from "../../../shared/rent/periods";
import type { AdjustmentRow, ChargeRow, RentLease } from "./rent.repository";

/*
 * What a signed lease's data says about its money, read once here for the generation, the views
 * and the receipts: its schedule (the contract's start, term and due day), its monthly amounts,
 * the late-payment rates of its clause, and the rent after each adjustment applied.
 */

/** The lease's sealed amendments, in the order they were sealed. */
export const amendmentsOf = (lease: RentLease): SealedAmendment[] => lease.data.aditivos ?? [];

/** The contract's term in months as amended (a renewal lengthens it). */
export const termMonthsOf = (lease: RentLease): number =>
  amendedTermMonths(lease.data.termos.prazoMeses, amendmentsOf(lease));

export function scheduleOf(lease: RentLease): LeaseSchedule {
  const t = lease.data.termos;
  return {
    dataInicio: t.dataInicio,
    prazoMeses: termMonthsOf(lease),
    diaVencimento: t.diaVencimento,
    vencimentos: dueDayChanges(amendmentsOf(lease)),
    ...(lease.data.encerramento ? { fim: lease.data.encerramento.entrega } : {}),
  };
}

/** The due day for payments due in `dueMonth` (YYYY-MM), amendments included. */
export const dueDayOf = (lease: RentLease, dueMonth: string): number =>
  dueDayIn(lease.data.termos.diaVencimento, dueDayChanges(amendmentsOf(lease)), dueMonth);

/** The lease's term as the law reads it (arts. 46, 47, 56): its start, months and purpose. */
export function termOf(lease: RentLease): LeaseTerm {
  const t = lease.data.termos;
  return {
    dataInicio: t.dataInicio,
    prazoMeses: termMonthsOf(lease),
    naoResidencial: lease.data.imovel.naoResidencial === true,
  };
}

/** The unit's state: its holidays move a due date (Código Civil art. 132 §1). */
export const ufOf = (lease: RentLease): string | undefined => lease.data.imovel.uf || undefined;

export function lastDayOf(lease: RentLease): string {
  const end = leaseLastDay(lease.data.termos.dataInicio, termMonthsOf(lease));
  const ended = lease.data.encerramento?.entrega;
  return ended !== undefined && ended < end ? ended : end;
}

/**
 * The late-payment terms of the lease's clause "Da multa por atraso": 10 % and 1 % a month in every
 * lease Chave has written (the template fixes them); a lease that states others keeps its own.
 */
export function lateTermsOf(lease: RentLease): LateTerms {
  const t = lease.data.termos as { multaBp?: number; jurosMesBp?: number };
  return {
    multaBp: t.multaBp ?? LEASE_LATE_TERMS.multaBp,
    jurosMesBp: t.jurosMesBp ?? LEASE_LATE_TERMS.jurosMesBp,
  };
}

/** The contract's index: what the offer chose ("IGP-M", "IPCA", "INPC"). */
export function indexOf(lease: RentLease): ReadjustmentIndex {
  const i = lease.data.termos.reajuste;
  return i === "IPCA" || i === "INPC" ? i : "IGP-M";
}

/** The rent's changes: the adjustments applied and the amendments sealed, by date. */
export function rentChanges(lease: RentLease, adjustments: AdjustmentRow[]): RentChange[] {
  return rentChangesOf(
    adjustments.filter((a) => a.applied).map((a) => ({ desde: a.anniversary, aluguel: a.rent_after })),
    amendmentsOf(lease),
  );
}

/** The rent now: the contract's, or the last adjustment or amendment in force on `day`. */
export function rentOn(lease: RentLease, adjustments: AdjustmentRow[], day: string): number {
  return rentOnDay(lease.data.termos.aluguel, rentChanges(lease, adjustments), day);
}

/** A period's lines: the rent (split where an adjustment or amendment takes effect inside it) and the charges. */
export function linesOf(lease: RentLease, adjustments: AdjustmentRow[], p: RentPeriod): ChargeLine[] {
  const t = lease.data.termos;
  return periodLines(
    p,
    { aluguel: t.aluguel, condominio: t.condominio, iptu: t.iptu, seguroIncendio: t.seguroIncendio },
    rentChanges(lease, adjustments),
  ).map((l) => ({ id: randomUUID(), ...l }));
}

export const sumLines = (lines: ChargeLine[]) => lines.reduce((s, l) => s + l.valor, 0);

/** Today in Brazil, where a lease's days are counted. */
export const today = (now: Date) => brazilDate(now);

/** What an open charge costs if paid on `day`: its amount, and the late fees once it is late. */
export function owedOn(lease: RentLease, charge: Pick<ChargeRow, "amount" | "due_date">, day: string) {
  const terms = lateTermsOf(lease);
  return { ...lateFees(charge.amount, charge.due_date, day, terms), ...terms };
}

/** A charge as lists show it, on `day`. */
export function summaryOf(
  lease: RentLease,
  charge: ChargeRow,
  day: string,
  paid?: { amount: number; paid_on: string },
): ChargeSummary {
  const open = charge.status === "aberta";
  const owed = owedOn(lease, charge, day);
  return {
    id: charge.id,
    competencia: charge.competencia,
    inicio: charge.period_start,
    fim: charge.period_end,
    vencimento: charge.due_date,
    valor: charge.amount,
    status: charge.status,
    atrasada: open && owed.diasAtraso > 0,
    // Open: what is still owed today (a partial payment through a PSP counts); paid: what was paid.
    devidoHoje: open ? Math.max(0, owed.total - (paid?.amount ?? 0)) : (paid?.amount ?? charge.amount),
    pagoEm: paid?.paid_on ?? null,
    reciboId: charge.receipt_contract_id,
    acerto: charge.final,
  };
}
