import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shiftMonth } from "../rent/calendar";
import { rentPeriods } from "../rent/periods";
import { amendedTermMonths, dueDayIn, rentChangesOf, rentOnDay, type SealedAmendment } from "./amendments";

/*
 * What a sealed amendment changes from its date (issue 33 item 1): the due day of payments due from
 * then, the rent from then (an amendment wins over the index on the same day), the term.
 */

const sealed = (efeito: string, mudancas: SealedAmendment["mudancas"], n = 1): SealedAmendment => ({
  contratoId: `00000000-0000-4000-8000-00000000000${n}`,
  numero: `2027-00000${n}`,
  efeito,
  mudancas,
});

describe("amendments in the ledger", () => {
  it("a due day moved from 1 March 2027: February's payment stays on the 10th, March's is on the 15th", () => {
    const periods = rentPeriods({
      dataInicio: "2026-12-10",
      prazoMeses: 30,
      diaVencimento: 10,
      vencimentos: [{ desde: "2027-03-01", dia: 15 }],
    });
    const due = Object.fromEntries(periods.map((p) => [p.competencia, p.vencimento]));
    expect(due["2027-01"]).toBe("2027-02-10");
    expect(due["2027-02"]).toBe("2027-03-15");
    expect(due["2027-03"]).toBe("2027-04-15");
  });

  it("an earlier day from mid-month waits for the next month: no payment moves before the amendment", () => {
    // From 15 March, the 5th: March's payment keeps the 10th (the 5th is gone), April's is the 5th.
    const changes = [{ desde: "2027-03-15", dia: 5 }];
    expect(dueDayIn(10, changes, "2027-03")).toBe(10);
    expect(dueDayIn(10, changes, "2027-04")).toBe(5);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1, max: 28 }),
        fc.date({ min: new Date("2027-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }),
        (old, dia, when) => {
          const desde = when.toISOString().slice(0, 10);
          for (let k = -1; k < 13; k++) {
            const month = shiftMonth(desde.slice(0, 7), k);
            const day = dueDayIn(old, [{ desde, dia }], month);
            const date = `${month}-${String(day).padStart(2, "0")}`;
            // A payment due before the amendment keeps the old day; from then on, the new one.
            if (`${month}-${String(dia).padStart(2, "0")}` >= desde) expect(day).toBe(dia);
            else expect(day === old || date >= desde).toBe(true);
          }
        },
      ),
    );
  });

  it("the rent: adjustments and amendments by date, the amendment winning on the same day", () => {
    const changes = rentChangesOf(
      [
        { desde: "2027-12-10", aluguel: 260_000 },
        { desde: "2028-12-10", aluguel: 270_000 },
      ],
      [sealed("2027-12-10", { aluguel: 280_000 }), sealed("2028-03-01", { diaVencimento: 5 }, 2)],
    );
    expect(changes).toEqual([
      { desde: "2027-12-10", aluguel: 280_000 },
      { desde: "2028-12-10", aluguel: 270_000 },
    ]);
    expect(rentOnDay(250_000, changes, "2027-12-09")).toBe(250_000);
    expect(rentOnDay(250_000, changes, "2027-12-10")).toBe(280_000);
    expect(rentOnDay(250_000, changes, "2029-01-01")).toBe(270_000);
  });

  it("the term is the last amendment's that changed it", () => {
    expect(amendedTermMonths(30, [])).toBe(30);
    expect(
      amendedTermMonths(30, [
        sealed("2027-06-01", { prazoMeses: 42 }),
        sealed("2027-07-01", { aluguel: 1 }, 2),
      ]),
    ).toBe(42);
  });
});
