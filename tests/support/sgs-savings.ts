import type { SavingsRate } from "../../src/shared/lease/deposit";

/*
 * SGS series 195, "Depósitos de poupança (a partir de 04/05/2012) - Rentabilidade no período":
 * one value per calendar day, the % the month starting that day pays. Only values whose source is
 * known are here, all of them anniversaries on the 1st; every other day is ABSENT (not published
 * here), never filled in. Written with four decimals and a dot, as the tables below give them.
 *
 * - 2016, the 1st of every month: the rates src/shared/lease/deposit.test.ts multiplies (its
 *   year from 01/01/2016 comes back as R$ 1.083,05 for R$ 1.000,00); public monthly tables of the
 *   savings rate (gomescampos.com.br "Poupança - Mensal"; soscalculos.com.br "Nova Poupança" for
 *   02/2016 and 10/2016) give the same twelve.
 * - A few later anniversaries, each written only where two public sources give the same value:
 *   01/01/2017 and 01/02/2017 (gomescampos.com.br; poupancarendimento.com.br's daily list),
 *   01/11/2017 (gomescampos.com.br; soscalculos.com.br, and 70 % of the 7.50 % Selic), 01/09,
 *   01/10 and 01/11/2023 (gomescampos.com.br; soscalculos.com.br, whose TR for the month gives
 *   the same as (1 + 0.5 %) × (1 + TR) − 1). 01/01/2024 is left out: the two tables disagree
 *   (0.5809 and 0.5879).
 * Nothing here was downloaded from SGS itself (the machines that wrote it have no internet).
 */

/** The 1st of each month of 2016, January to December. */
export const SAVINGS_2016 =
  "0.6327 0.5962 0.7179 0.6311 0.6547 0.7053 0.6629 0.7558 0.6583 0.6609 0.6435 0.6858".split(" ");

/** Later anniversaries, two sources each (above). */
const CROSS_CHECKED: ReadonlyArray<readonly [string, string]> = [
  ["2017-01-01", "0.6709"],
  ["2017-02-01", "0.5304"],
  ["2017-11-01", "0.4273"],
  ["2023-09-01", "0.6136"],
  ["2023-10-01", "0.6061"],
  ["2023-11-01", "0.5779"],
];

/** Every known value, in date order, as the provider answers them. */
export const SAVINGS_RATES: readonly SavingsRate[] = [
  ...SAVINGS_2016.map((valor, i) => ({ data: `2016-${String(i + 1).padStart(2, "0")}-01`, valor })),
  ...CROSS_CHECKED.map(([data, valor]) => ({ data, valor })),
];

/** The same, as SGS's JSON API answers them (`dd/MM/yyyy`): what the fake SGS serves for series 195. */
export const SGS_195_POINTS: ReadonlyArray<{ data: string; valor: string }> = SAVINGS_RATES.map(
  ({ data, valor }) => {
    const [yyyy, mm, dd] = data.split("-");
    return { data: `${dd}/${mm}/${yyyy}`, valor };
  },
);
