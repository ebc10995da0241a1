import { getDaysInMonth } from "date-fns";
import { parseDay } from "../rent/calendar";
import type { MonthlyTerms } from "../rent/periods";
import { prorate } from "../rent/periods";
import { assertCentavos } from "../rent/rounding";
import type { DepositReturn } from "./deposit";
import { type EarlyReturnFine, earlyReturnFine } from "./term";

/*
 * The settlement of a lease that ends (issue 33, item 4), line by line, in centavos: + the tenant
 * owes it, − the landlord owes it (or holds it for the tenant). Each line is computed by its own
 * rule, rounded once, and the total is their sum, never rounded again:
 * - the last month's rent and charges up to the key-return day (the keys' day counted), pro rata
 *   die over that month's days, as the contract's clause "Do aluguel e do vencimento" says of the
 *   last month; when that month was already charged whole, the days after the keys are credited;
 * - art. 4's proportional fine (src/shared/lease/term.ts), none after the term or with the
 *   employer's transfer;
 * - the charges still open, with what they cost on the settlement day;
 * - the damages the exit inspection found beyond normal wear (art. 23 III), as agreed;
 * - the cash deposit with its savings yield, returned (art. 38 § 2º; src/shared/lease/deposit.ts).
 */

export type SettlementLineKind =
  | "aluguel_final"
  | "encargos_finais"
  | "credito_dias"
  | "multa_rescisoria"
  | "cobranca_aberta"
  | "dano"
  | "caucao";

export interface SettlementLine {
  tipo: SettlementLineKind;
  /** What the line is, in the settlement's terms (a month, a charge, a damage). */
  referencia: string;
  valor: number;
}

export interface SettlementInput {
  term: { dataInicio: string; prazoMeses: number };
  entrega: string;
  /** The monthly amounts in force on the key-return day (the rent after its adjustments). */
  mensal: MonthlyTerms;
  multaAlugueis: number;
  /** The employer-transfer notice's date, when the tenant gave one (art. 4 par. único). */
  transferencia?: { avisoEm: string } | null;
  /** The parties agreed to end the lease (mútuo acordo, art. 9 I): no fine, as they agreed. */
  acordo?: boolean;
  /** Whether the key-return month was already charged whole (its days after the keys are credited). */
  mesFinalCobrado: boolean;
  /** The charges still open, with their late fees on the settlement day. */
  cobrancasAbertas: { competencia: string; valor: number }[];
  /** The damages agreed from the exit inspection (art. 23 III). */
  danos: { descricao: string; valor: number }[];
  /** The cash deposit and its return with the savings yield; null without one. */
  caucao: { deposito: number; devolucao: DepositReturn } | null;
}

export interface Settlement {
  linhas: SettlementLine[];
  /** The sum of the lines: > 0 the tenant pays it, < 0 the landlord pays the tenant. */
  total: number;
  devedor: "locatario" | "locador" | null;
  multa: EarlyReturnFine;
}

const AMOUNTS: [keyof MonthlyTerms, "aluguel_final" | "encargos_finais"][] = [
  ["aluguel", "aluguel_final"],
  ["condominio", "encargos_finais"],
  ["iptu", "encargos_finais"],
  ["seguroIncendio", "encargos_finais"],
];

/** The settlement's lines and total (see the file's comment for each rule). */
export function settlementOf(input: SettlementInput): Settlement {
  const linhas: SettlementLine[] = [];
  const month = input.entrega.slice(0, 7);
  const entry = parseDay(input.entrega);
  const daysInMonth = getDaysInMonth(entry);
  // The lease may have begun inside the key-return month: its days count from the start.
  const firstDay =
    input.term.dataInicio.slice(0, 7) === month ? parseDay(input.term.dataInicio).getDate() : 1;
  const lived = entry.getDate() - firstDay + 1;
  const monthDays = daysInMonth - firstDay + 1;
  for (const [key, tipo] of AMOUNTS) {
    const monthly = input.mensal[key];
    assertCentavos(key, monthly);
    if (monthly === 0) continue;
    const owed = prorate(monthly, lived, daysInMonth);
    if (input.mesFinalCobrado) {
      // The month was charged for its days from firstDay: the days after the keys come back.
      const charged = prorate(monthly, monthDays, daysInMonth);
      if (charged > owed)
        linhas.push({ tipo: "credito_dias", referencia: `${month}:${key}`, valor: owed - charged });
    } else linhas.push({ tipo, referencia: `${month}:${key}`, valor: owed });
  }
  const multa = earlyReturnFine({
    term: input.term,
    multaAlugueis: input.multaAlugueis,
    aluguel: input.mensal.aluguel,
    entrega: input.entrega,
    transferencia: input.transferencia ?? null,
  });
  if (multa.valor > 0 && !input.acordo)
    linhas.push({ tipo: "multa_rescisoria", referencia: "art. 4", valor: multa.valor });
  for (const c of input.cobrancasAbertas) {
    assertCentavos("cobranca", c.valor);
    linhas.push({ tipo: "cobranca_aberta", referencia: c.competencia, valor: c.valor });
  }
  for (const d of input.danos) {
    assertCentavos("dano", d.valor);
    linhas.push({ tipo: "dano", referencia: d.descricao, valor: d.valor });
  }
  if (input.caucao) {
    assertCentavos("caucao", input.caucao.deposito);
    linhas.push({ tipo: "caucao", referencia: "art. 38 § 2º", valor: -input.caucao.devolucao.valor });
  }
  const total = linhas.reduce((s, l) => s + l.valor, 0);
  return { linhas, total, devedor: total > 0 ? "locatario" : total < 0 ? "locador" : null, multa };
}
