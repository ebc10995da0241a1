import { addMonths } from "../dates";
import { accumulate } from "../rent/adjustment";
import { parseDay } from "../rent/calendar";
import { assertCentavos, divRoundHalfUp } from "../rent/rounding";

/*
 * The cash deposit's return (caução em dinheiro): Lei 8.245/91 art. 38 § 2º has it "depositada em
 * caderneta de poupança ... revertendo em benefício do locatário todas as vantagens dela
 * decorrentes por ocasião do levantamento da soma respectiva". A savings account pays once a month,
 * on the deposit's anniversary, the rate the Banco Central publishes for that anniversary day (SGS
 * series 195, "rentabilidade no período", one value a calendar day, for the month that starts on
 * it); a month not completed pays nothing, and a deposit made on the 29th, 30th or 31st has its
 * anniversary on the 1st of the next month (the savings accounts' own rule, as every bank applies it).
 */

/** A published savings rate: the anniversary day (YYYY-MM-DD) and its month's yield in %, as published. */
export interface SavingsRate {
  data: string;
  valor: string;
}

/** The deposit's first anniversary day: the deposit day, or the 1st of the next month from the 29th on. */
export function savingsStart(depositDay: string): string {
  const d = parseDay(depositDay);
  if (d.getDate() <= 28) return depositDay;
  return `${addMonths(depositDay, 1).slice(0, 7)}-01`;
}

/**
 * The anniversary days that start each month the deposit completed by `returnDay` (money taken out
 * on an anniversary has completed the month that ends that day). Each is the day whose published
 * rate pays that month.
 */
export function savingsMonths(depositDay: string, returnDay: string): string[] {
  const start = savingsStart(depositDay);
  const months: string[] = [];
  for (let k = 0; ; k++) {
    const begins = addMonths(start, k);
    if (addMonths(start, k + 1) > returnDay) return months;
    months.push(begins);
  }
}

export interface DepositReturn {
  /** Centavos returned: the deposit × Π(1 + rate/100) over the months completed, rounded half up once. */
  valor: number;
  rendimento: number;
  meses: string[];
}

/**
 * The deposit with its yield on `returnDay`, from the published rates (each month's by its
 * anniversary day). A month whose rate is missing is a caller's mistake (the rates are read for
 * exactly `savingsMonths`): it throws rather than pay a month at a made-up rate.
 */
export function depositReturn(
  deposito: number,
  depositDay: string,
  returnDay: string,
  rates: SavingsRate[],
): DepositReturn {
  assertCentavos("deposito", deposito);
  const meses = savingsMonths(depositDay, returnDay);
  const byDay = new Map(rates.map((r) => [r.data, r.valor]));
  const values = meses.map((m) => {
    const valor = byDay.get(m);
    if (valor === undefined) throw new RangeError(`no published savings rate for the anniversary ${m}`);
    return { mes: m, valor };
  });
  const { num, den } = accumulate(values);
  const valor = Number(divRoundHalfUp(BigInt(deposito) * num, den));
  return { valor, rendimento: valor - deposito, meses };
}
