import { randomUUID } from "node:crypto";
import { brazilDate } from "../../../shared/contracts/proposals";
import type { ChargeLine, ChargeSummary } from "../../../shared/contracts/rent";
import { leaseLastDay } from "../../../shared/dates";
import type { LeaseTerm } from "../../../shared/lease/term";
import type { ReadjustmentIndex } from "../../../shared/rent/adjustment";
import { type LateTerms, LEASE_LATE_TERMS, lateFees } from "../../../shared/rent/late";
import { type LeaseSchedule, periodLines, type RentPeriod } from "../../../shared/rent/periods";
import type { AdjustmentRow, ChargeRow, RentLease } from "./rent.repository";

/*
 * What a signed lease's data says about its money, read once here for the generation, the views
 * and the receipts: its schedule (the contract's start, term and due day), its monthly amounts,
 * the late-payment rates of its clause, and the rent after each adjustment applied.
 */

export function scheduleOf(lease: RentLease): LeaseSchedule {
  const t = lease.data.termos;
  return { dataInicio: t.dataInicio, prazoMeses: t.prazoMeses, diaVencimento: t.diaVencimento };
}

/** The lease's term as the law reads it (arts. 46, 47, 56): its start, months and purpose. */
export function termOf(lease: RentLease): LeaseTerm {
  const t = lease.data.termos;
  return {
    dataInicio: t.dataInicio,
    prazoMeses: t.prazoMeses,
    naoResidencial: lease.data.imovel.naoResidencial === true,
  };
}

/** The unit's state: its holidays move a due date (Código Civil art. 132 §1). */
export const ufOf = (lease: RentLease): string | undefined => lease.data.imovel.uf || undefined;

export function lastDayOf(lease: RentLease): string {
  const t = lease.data.termos;
  return leaseLastDay(t.dataInicio, t.prazoMeses);
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

/** The rent now: the contract's, or the last adjustment applied on or before `day`. */
export function rentOn(lease: RentLease, adjustments: AdjustmentRow[], day: string): number {
  let rent = lease.data.termos.aluguel;
  for (const a of adjustments) if (a.applied && a.anniversary <= day) rent = a.rent_after;
  return rent;
}

/** A period's lines: the rent (split where an adjustment takes effect inside it) and the charges. */
export function linesOf(lease: RentLease, adjustments: AdjustmentRow[], p: RentPeriod): ChargeLine[] {
  const t = lease.data.termos;
  const changes = adjustments
    .filter((a) => a.applied)
    .map((a) => ({ desde: a.anniversary, aluguel: a.rent_after }));
  return periodLines(
    p,
    { aluguel: t.aluguel, condominio: t.condominio, iptu: t.iptu, seguroIncendio: t.seguroIncendio },
    changes,
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
  };
}
