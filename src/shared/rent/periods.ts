import { addBusinessDays, getStates, isBusinessDay } from "@brazilian-utils/brazilian-utils";
import { addDays, differenceInCalendarDays, endOfMonth, getDaysInMonth, min } from "date-fns";
import { leaseLastDay } from "../dates";
import { type DueDayChange, dueDayIn } from "../lease/amendments";
import { dayOfMonthClamped, parseDay, shiftMonth, showDay } from "./calendar";
import { assertCentavos, divRoundHalfUp } from "./rounding";

export interface LeaseSchedule {
  dataInicio: string;
  prazoMeses: number;
  diaVencimento: number;
  /** The due day's changes by amendment (src/shared/lease/amendments.ts), in the order sealed. */
  vencimentos?: readonly DueDayChange[];
  /** The day the keys came back when the lease ended early (its termo de rescisão): no period after it. */
  fim?: string;
}

export interface RentPeriod {
  /** 1-based. */
  seq: number;
  /** YYYY-MM: the calendar month whose rent this is. */
  competencia: string;
  inicio: string;
  /** Inclusive. */
  fim: string;
  dias: number;
  diasNoMes: number;
  vencimento: string;
}

export type ChargeLineKind = "aluguel" | "condominio" | "iptu" | "seguro_incendio";

/** Monthly amounts in centavos; `iptu` is already the monthly share of the yearly tax. */
export interface MonthlyTerms {
  aluguel: number;
  condominio: number;
  iptu: number;
  seguroIncendio: number;
}

export interface RentChange {
  /** YYYY-MM-DD: the first day at the new rent. */
  desde: string;
  aluguel: number;
}

export interface PeriodLine {
  tipo: ChargeLineKind;
  valor: number;
  inicio: string;
  fim: string;
  dias: number;
  diasNoMes: number;
  /** The monthly amount this line was prorated from. */
  base: number;
}

type BusinessDayOptions = NonNullable<Parameters<typeof isBusinessDay>[1]>;
type StateCode = NonNullable<BusinessDayOptions["stateCode"]>;

const STATE_CODES: ReadonlySet<string> = new Set(getStates().map((state) => state.code));

function businessDayOptions(uf: string | undefined): BusinessDayOptions {
  // The library quietly falls back to national holidays for a code it does not know, so a typo
  // ("sp", "SP ") would drop the state's holidays without a word: refuse it here instead.
  if (uf !== undefined && !STATE_CODES.has(uf)) throw new RangeError(`unknown UF: ${uf}`);
  // Carnaval and Corpus Christi are pontos facultativos, not feriados: a due date on them stands.
  const options: BusinessDayOptions = { includeOptional: false };
  if (uf !== undefined) options.stateCode = uf as StateCode;
  return options;
}

/**
 * The day a payment nominally due on `nominal` is actually due: "Se o dia do vencimento cair em
 * feriado, considerar-se-á prorrogado o prazo até o seguinte dia útil" (Código Civil art. 132,
 * § 1º); Saturdays and Sundays count as non-business days, as banks (and boletos) treat them.
 * National holidays always count; the state holidays of `uf` when it is given. Municipal
 * holidays are not known here.
 */
export function dueDate(nominal: string, uf?: string): string {
  const key = `${nominal}|${uf ?? ""}`;
  const known = DUE_DATES.get(key);
  if (known !== undefined) return known;
  const due = computeDueDate(nominal, uf);
  // A month's charges for 100,000 leases ask for a few hundred distinct days: each holiday lookup
  // (the year's movable feasts, the state's list) is done once. Bounded, as a long-running server
  // sees new days every month.
  if (DUE_DATES.size >= 50_000) DUE_DATES.clear();
  DUE_DATES.set(key, due);
  return due;
}

const DUE_DATES = new Map<string, string>();

function computeDueDate(nominal: string, uf?: string): string {
  const day = parseDay(nominal);
  const options = businessDayOptions(uf);
  if (isBusinessDay(day, options)) return nominal;
  const next = addBusinessDays(day, 1, options);
  if (next === null) throw new RangeError(`the holiday calendar covers 1900 to 2099 only: ${nominal}`);
  return showDay(next);
}

function assertSchedule(s: LeaseSchedule): void {
  parseDay(s.dataInicio);
  if (!Number.isInteger(s.prazoMeses) || s.prazoMeses < 1) {
    throw new RangeError(`prazoMeses must be a positive integer, got ${s.prazoMeses}`);
  }
  if (!Number.isInteger(s.diaVencimento) || s.diaVencimento < 1 || s.diaVencimento > 31) {
    throw new RangeError(`diaVencimento must be 1 to 31, got ${s.diaVencimento}`);
  }
}

/**
 * One period per calendar month the lease touches, from dataInicio to its last day; the first
 * and the last are partial unless the lease starts on a 1st. The rent is "pago até o dia
 * {diaVencimento} de cada mês seguinte ao vencido" (in arrears, as the lease says), so each
 * period falls due in the month after its competência, on that day or the month's last when the
 * month is shorter, then moved to a business day by dueDate.
 */
export function rentPeriods(s: LeaseSchedule, uf?: string): RentPeriod[] {
  return rentPeriodsFrom(s, uf, 1, null);
}

/**
 * The periods from the `fromSeq`th on, stopping before the first due after `dueUntil` (null: to
 * the lease's end) — what the daily generation needs of each lease without building its 30
 * months every day. The `seq`th period is the lease's (seq − 1)th month after the first: it starts
 * on the 1st of that month (the first, on dataInicio) and ends at the month's end or the lease's.
 */
export function rentPeriodsFrom(
  s: LeaseSchedule,
  uf: string | undefined,
  fromSeq: number,
  dueUntil: string | null,
): RentPeriod[] {
  assertSchedule(s);
  const termEnd = leaseLastDay(s.dataInicio, s.prazoMeses);
  const last = parseDay(s.fim !== undefined && s.fim < termEnd ? s.fim : termEnd);
  const firstMonth = s.dataInicio.slice(0, 7);
  const periods: RentPeriod[] = [];
  for (let seq = Math.max(1, fromSeq); ; seq++) {
    const competencia = shiftMonth(firstMonth, seq - 1);
    const inicio = seq === 1 ? parseDay(s.dataInicio) : parseDay(`${competencia}-01`);
    if (inicio > last) break;
    const dueMonth = shiftMonth(competencia, 1);
    const dia = dueDayIn(s.diaVencimento, s.vencimentos ?? [], dueMonth);
    const vencimento = dueDate(dayOfMonthClamped(dueMonth, dia), uf);
    if (dueUntil !== null && vencimento > dueUntil) break;
    const monthEnd = endOfMonth(inicio);
    monthEnd.setHours(12, 0, 0, 0);
    const fim = min([monthEnd, last]);
    periods.push({
      seq,
      competencia,
      inicio: showDay(inicio),
      fim: showDay(fim),
      dias: differenceInCalendarDays(fim, inicio) + 1,
      diasNoMes: getDaysInMonth(inicio),
      vencimento,
    });
  }
  return periods;
}

/**
 * `centavos` for `dias` of a `diasNoMes`-day month, rounded half up: the pro rata die the market
 * uses for a partial month (the actual days of that month, not a 30-day commercial month).
 */
export function prorate(centavos: number, dias: number, diasNoMes: number): number {
  assertCentavos("centavos", centavos);
  if (
    !Number.isInteger(diasNoMes) ||
    diasNoMes < 1 ||
    !Number.isInteger(dias) ||
    dias < 0 ||
    dias > diasNoMes
  ) {
    throw new RangeError(`prorate needs 0 ≤ dias ≤ diasNoMes, got ${dias}/${diasNoMes}`);
  }
  return Number(divRoundHalfUp(BigInt(centavos) * BigInt(dias), BigInt(diasNoMes)));
}

/**
 * The charge lines of one period. The rent is split where a change (the yearly adjustment) takes
 * effect inside the period, each part prorated from its own monthly rent, so the days before the
 * anniversary are charged at the old rent and the rest at the new one, as QuintoAndar does when
 * the anniversary falls mid-month. Condomínio, IPTU and seguro incêndio follow the period's days;
 * a zero monthly amount gives no line. A full month with no change gives the monthly amounts.
 */
export function periodLines(p: RentPeriod, t: MonthlyTerms, changes: RentChange[]): PeriodLine[] {
  assertCentavos("aluguel", t.aluguel);
  let aluguel = t.aluguel;
  let previous: string | undefined;
  const inside: RentChange[] = [];
  for (const change of changes) {
    parseDay(change.desde);
    assertCentavos("aluguel", change.aluguel);
    if (previous !== undefined && change.desde <= previous) {
      throw new RangeError(`rent changes must be sorted by desde, without repeats: ${change.desde}`);
    }
    previous = change.desde;
    if (change.desde <= p.inicio) aluguel = change.aluguel;
    else if (change.desde <= p.fim) inside.push(change);
  }

  const lines: PeriodLine[] = [];
  let inicio = p.inicio;
  for (const change of [...inside, undefined]) {
    const fim = change ? showDay(addDays(parseDay(change.desde), -1)) : p.fim;
    const dias = differenceInCalendarDays(parseDay(fim), parseDay(inicio)) + 1;
    lines.push({
      tipo: "aluguel",
      valor: prorate(aluguel, dias, p.diasNoMes),
      inicio,
      fim,
      dias,
      diasNoMes: p.diasNoMes,
      base: aluguel,
    });
    if (change) {
      inicio = change.desde;
      aluguel = change.aluguel;
    }
  }

  const others: [ChargeLineKind, number][] = [
    ["condominio", t.condominio],
    ["iptu", t.iptu],
    ["seguro_incendio", t.seguroIncendio],
  ];
  for (const [tipo, base] of others) {
    assertCentavos(tipo, base);
    if (base === 0) continue;
    lines.push({
      tipo,
      valor: prorate(base, p.dias, p.diasNoMes),
      inicio: p.inicio,
      fim: p.fim,
      dias: p.dias,
      diasNoMes: p.diasNoMes,
      base,
    });
  }
  return lines;
}
