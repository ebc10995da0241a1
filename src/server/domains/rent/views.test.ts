import { describe, expect, it } from "vitest";
import type { ChargeLine } from "../../../shared/contracts/rent";
import type { AdjustmentRow, ChargeRow, PaymentRow } from "./rent.repository";
import { ledgerOf } from "./views";

/*
 * The account on /Locacao is what stands today. Walking the rent on a phone found it counting next
 * month's charge, made ahead, as owed (R$ 3.754,67 "devidos" on 29/11 for a charge due 11/01), and
 * a payment made before the due date showing a credit, then a debt, that never existed.
 */

const rent = (valor: number): ChargeLine[] => [{ id: "a", tipo: "aluguel", valor }];
const charge = (id: string, competencia: string, due: string, valor: number) =>
  ({ id, competencia, due_date: due, lines: rent(valor), amount: valor }) as unknown as ChargeRow;
const payment = (id: string, chargeId: string, paidOn: string, amount: number) =>
  ({
    id,
    charge_id: chargeId,
    paid_on: paidOn,
    amount,
    multa: 0,
    juros: 0,
    dias_atraso: 0,
  }) as unknown as PaymentRow;

describe("the lease's account", () => {
  const november = charge("c1", "2026-11", "2026-12-10", 23_467);
  const december = charge("c2", "2026-12", "2027-01-11", 352_000);

  it("leaves out a charge made ahead that is neither due nor paid", () => {
    const account = ledgerOf([november, december], [], [], "2026-11-29");
    expect(account).toEqual([]);
    const due = ledgerOf([november, december], [], [], "2026-12-10");
    expect(due.map((e) => [e.cobrancaId, e.saldo])).toEqual([["c1", 23_467]]);
  });

  it("enters a charge paid before its due date on the day paid, so the balance never dips", () => {
    const account = ledgerOf(
      [november, december],
      [payment("p1", "c1", "2026-11-29", 23_467)],
      [],
      "2026-11-29",
    );
    expect(account.map((e) => [e.data, e.tipo, e.saldo])).toEqual([
      ["2026-11-29", "cobranca", 23_467],
      ["2026-11-29", "pagamento", 0],
    ]);
  });

  it("shows an adjustment from its anniversary, not while it is announced", () => {
    const adjustment = {
      id: "r1",
      anniversary: "2027-12-10",
      indice: "IGP-M",
      percentual: "6.5362",
    } as unknown as AdjustmentRow;
    expect(ledgerOf([], [], [adjustment], "2027-11-01")).toEqual([]);
    expect(ledgerOf([], [], [adjustment], "2027-12-10").map((e) => e.tipo)).toEqual(["reajuste"]);
  });
});
