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

  it("after a termination: a charge the settlement took in leaves the account, the final charge is its lines, a credit enters on the keys' day", () => {
    const settled = { ...december, status: "cancelada" } as ChargeRow;
    const final = {
      id: "c3",
      competencia: "2027-01",
      due_date: "2027-01-20",
      final: true,
      status: "aberta",
      amount: 300_000,
      lines: [
        { id: "l1", tipo: "avulso", valor: 400_000, motivo: "multa rescisória proporcional" },
        { id: "l2", tipo: "desconto", valor: -100_000, motivo: "devolução da caução" },
      ],
    } as unknown as ChargeRow;
    const owes = ledgerOf([november, settled, final], [], [], "2027-01-20");
    expect(owes.map((e) => [e.tipo, e.valor, e.saldo])).toEqual([
      ["cobranca", 23_467, 23_467],
      ["avulso", 400_000, 423_467],
      ["desconto", -100_000, 323_467],
    ]);
    // The landlord owes it back: no charge, one entry on the keys' day.
    const credit = ledgerOf([november, settled], [], [], "2027-01-20", {
      entrega: "2027-01-10",
      total: -150_000,
      contratoId: "t1",
    });
    expect(credit.map((e) => [e.data, e.tipo, e.saldo])).toEqual([
      ["2026-12-10", "cobranca", 23_467],
      ["2027-01-10", "acerto", 23_467 - 150_000],
    ]);
  });
});
