import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leaseLastDay } from "../dates";
import { showDay } from "./calendar";
import { dueDate, periodLines, prorate, type RentPeriod, rentPeriods, rentPeriodsFrom } from "./periods";

/*
 * The oracles here use UTC day numbers and the Gregorian leap rule, not date-fns or periods.ts's
 * helpers. Weekdays and holidays of 2026–2029 were read from a calendar.
 */
const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) =>
  [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] as number;

const lease = { dataInicio: "2026-12-10", prazoMeses: 30, diaVencimento: 5 };

describe("rentPeriods", () => {
  const periods = rentPeriods(lease);

  it("starts with the partial month from dataInicio, due on the 5th of the next month", () => {
    expect(periods[0]).toEqual({
      seq: 1,
      competencia: "2026-12",
      inicio: "2026-12-10",
      fim: "2026-12-31",
      dias: 22,
      diasNoMes: 31,
      vencimento: "2027-01-05",
    });
  });

  it("has one period per calendar month touched, ending on the lease's last day", () => {
    // December 2026, 2027 and 2028 in full, January to June 2029.
    expect(periods).toHaveLength(31);
    expect(periods.at(-1)).toEqual({
      seq: 31,
      competencia: "2029-06",
      inicio: "2029-06-01",
      fim: "2029-06-09",
      dias: 9,
      diasNoMes: 30,
      vencimento: "2029-07-05",
    });
    expect(periods[2]).toMatchObject({
      competencia: "2027-02",
      inicio: "2027-02-01",
      fim: "2027-02-28",
      dias: 28,
    });
  });

  it("moves a due date on a weekend to the next business day", () => {
    const due = (competencia: string) => periods.find((p) => p.competencia === competencia)?.vencimento;
    // 05/06/2027 is a Saturday, 05/09/2027 and 05/12/2027 are Sundays.
    expect(due("2027-05")).toBe("2027-06-07");
    expect(due("2027-08")).toBe("2027-09-06");
    expect(due("2027-11")).toBe("2027-12-06");
  });

  it("clamps day 31 to the last day of a shorter month", () => {
    const by31 = rentPeriods({ dataInicio: "2027-12-01", prazoMeses: 14, diaVencimento: 31 });
    const due = (competencia: string) => by31.find((p) => p.competencia === competencia)?.vencimento;
    // 29/02/2028 is a Tuesday; 30/04/2028 a Sunday, so 01/05 (Dia do trabalhador), so 02/05.
    expect(due("2028-01")).toBe("2028-02-29");
    expect(due("2028-03")).toBe("2028-05-02");
    expect(due("2027-12")).toBe("2028-01-31");
    // 28/02/2029 is a Wednesday.
    expect(due("2029-01")).toBe("2029-02-28");
  });

  it("moves a due date on a state holiday only for that state", () => {
    const s = { dataInicio: "2027-01-01", prazoMeses: 12, diaVencimento: 9 };
    const july = (uf?: string) => rentPeriods(s, uf).find((p) => p.competencia === "2027-06")?.vencimento;
    // 09/07/2027, a Friday, is the Revolução Constitucionalista in São Paulo.
    expect(july()).toBe("2027-07-09");
    expect(july("SP")).toBe("2027-07-12");
    expect(july("RJ")).toBe("2027-07-09");
  });

  it("refuses a UF it does not know rather than ignore its holidays", () => {
    expect(() => rentPeriods(lease, "sp")).toThrow(RangeError);
    expect(() => dueDate("2027-07-09", "XX")).toThrow(RangeError);
    expect(() => dueDate("2027-07-09", "SP ")).toThrow(RangeError);
  });

  it("refuses a schedule that is not one", () => {
    expect(() => rentPeriods({ ...lease, diaVencimento: 0 })).toThrow(RangeError);
    expect(() => rentPeriods({ ...lease, diaVencimento: 32 })).toThrow(RangeError);
    expect(() => rentPeriods({ ...lease, prazoMeses: 0 })).toThrow(RangeError);
    expect(() => rentPeriods({ ...lease, dataInicio: "2026-02-30" })).toThrow(RangeError);
  });

  const schedules = fc.record({
    dataInicio: fc.integer({ min: dayNumber("2000-01-01"), max: dayNumber("2088-12-31") }).map(fromDayNumber),
    prazoMeses: fc.integer({ min: 1, max: 120 }),
    diaVencimento: fc.integer({ min: 1, max: 31 }),
  });

  it("covers exactly the lease's days with contiguous periods, each within one month", () => {
    fc.assert(
      fc.property(schedules, (s) => {
        const ps = rentPeriods(s);
        const last = leaseLastDay(s.dataInicio, s.prazoMeses);
        expect(ps[0]?.inicio).toBe(s.dataInicio);
        expect(ps.at(-1)?.fim).toBe(last);
        let total = 0;
        ps.forEach((p, i) => {
          const [y, m] = p.competencia.split("-").map(Number) as [number, number];
          expect(p.seq).toBe(i + 1);
          expect(p.inicio.slice(0, 7)).toBe(p.competencia);
          expect(p.fim.slice(0, 7)).toBe(p.competencia);
          expect(p.dias).toBe(dayNumber(p.fim) - dayNumber(p.inicio) + 1);
          expect(p.diasNoMes).toBe(daysIn(y, m));
          if (i > 0) expect(dayNumber(p.inicio)).toBe(dayNumber(ps[i - 1]?.fim ?? "") + 1);
          // Every period but the first starts on a 1st, every one but the last ends on the month's last day.
          if (i > 0) expect(p.inicio.slice(8)).toBe("01");
          if (i < ps.length - 1) expect(Number(p.fim.slice(8))).toBe(p.diasNoMes);
          // Due in the next month, on the day (or the month's last), or at most a few days later.
          const ny = m === 12 ? y + 1 : y;
          const nm = m === 12 ? 1 : m + 1;
          const nominal = `${ny}-${String(nm).padStart(2, "0")}-${String(Math.min(s.diaVencimento, daysIn(ny, nm))).padStart(2, "0")}`;
          const shift = dayNumber(p.vencimento) - dayNumber(nominal);
          expect(shift).toBeGreaterThanOrEqual(0);
          expect(shift).toBeLessThanOrEqual(4);
          expect([0, 6]).not.toContain(new Date(dayNumber(p.vencimento) * DAY_MS).getUTCDay());
          total += p.dias;
        });
        expect(total).toBe(dayNumber(last) - dayNumber(s.dataInicio) + 1);
      }),
      { numRuns: 200 },
    );
  });
});

describe("dueDate", () => {
  it("keeps a business day", () => {
    expect(dueDate("2027-01-05")).toBe("2027-01-05");
  });

  it("moves a Saturday or Sunday to Monday", () => {
    expect(dueDate("2027-06-05")).toBe("2027-06-07");
    expect(dueDate("2027-09-05")).toBe("2027-09-06");
  });

  it("moves a national holiday forward (Código Civil art. 132, § 1º)", () => {
    // Ano novo, a Friday: the weekend too.
    expect(dueDate("2027-01-01")).toBe("2027-01-04");
    // Tiradentes, a Wednesday.
    expect(dueDate("2027-04-21")).toBe("2027-04-22");
    // Sexta-feira Santa.
    expect(dueDate("2027-03-26")).toBe("2027-03-29");
    // Dia da Consciência Negra, national since Lei 14.759/2023: a Monday in 2028, a Friday in 2026.
    expect(dueDate("2028-11-20")).toBe("2028-11-21");
    expect(dueDate("2026-11-20")).toBe("2026-11-23");
    // 2027-11-20 is a Saturday: Monday the 22nd either way.
    expect(dueDate("2027-11-20")).toBe("2027-11-22");
    // Independência, a Friday in 2029; Natal, a Saturday in 2027.
    expect(dueDate("2029-09-07")).toBe("2029-09-10");
    expect(dueDate("2027-12-25")).toBe("2027-12-27");
  });

  it("moves a state holiday only with that state's UF", () => {
    // São Jorge in Rio de Janeiro, a Friday.
    expect(dueDate("2027-04-23")).toBe("2027-04-23");
    expect(dueDate("2027-04-23", "RJ")).toBe("2027-04-26");
    expect(dueDate("2027-04-23", "SP")).toBe("2027-04-23");
    // Revolução Constitucionalista in São Paulo, a Friday.
    expect(dueDate("2027-07-09", "SP")).toBe("2027-07-12");
    expect(dueDate("2027-07-09", "RJ")).toBe("2027-07-09");
  });

  it("does not move Carnaval or Corpus Christi, which are pontos facultativos", () => {
    expect(dueDate("2027-02-09")).toBe("2027-02-09");
    expect(dueDate("2027-02-09", "SP")).toBe("2027-02-09");
    expect(dueDate("2027-05-27")).toBe("2027-05-27");
  });
});

describe("prorate", () => {
  it("charges the days used of the actual month, half up", () => {
    // 2.500,00 for 22 of 31 days: 1.774,1935…
    expect(prorate(250_000, 22, 31)).toBe(177_419);
    // 1,00 for 15 of 30 days is exactly 0,50; 0,01 for 15 of 30 days is 0.5 centavo: up to 1.
    expect(prorate(100, 15, 30)).toBe(50);
    expect(prorate(1, 15, 30)).toBe(1);
    expect(prorate(1, 14, 30)).toBe(0);
    expect(prorate(250_000, 0, 31)).toBe(0);
  });

  it("refuses days outside the month and amounts that are not centavos", () => {
    expect(() => prorate(100, 32, 31)).toThrow(RangeError);
    expect(() => prorate(100, -1, 31)).toThrow(RangeError);
    expect(() => prorate(100.5, 1, 31)).toThrow(RangeError);
  });

  it("is within half a centavo of the exact value, and exact for a full month", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc
          .integer({ min: 28, max: 31 })
          .chain((m) => fc.tuple(fc.constant(m), fc.integer({ min: 0, max: m }))),
        (c, [m, d]) => {
          const valor = prorate(c, d, m);
          const gap = BigInt(valor) * 2n * BigInt(m) - 2n * BigInt(c) * BigInt(d);
          expect(gap <= BigInt(m) && gap >= -BigInt(m)).toBe(true);
          // A tie (gap of exactly ±m) rounds up.
          expect(gap).not.toBe(-BigInt(m));
          expect(prorate(c, m, m)).toBe(c);
        },
      ),
    );
  });
});

describe("periodLines", () => {
  const terms = { aluguel: 250_000, condominio: 80_000, iptu: 12_345, seguroIncendio: 0 };
  const periods = rentPeriods(lease);
  const period = (competencia: string) => periods.find((p) => p.competencia === competencia) as RentPeriod;

  it("gives the monthly amounts for a full month, and no line for a zero amount", () => {
    expect(periodLines(period("2027-03"), terms, []).map((l) => [l.tipo, l.valor, l.dias, l.base])).toEqual([
      ["aluguel", 250_000, 31, 250_000],
      ["condominio", 80_000, 31, 80_000],
      ["iptu", 12_345, 31, 12_345],
    ]);
  });

  it("prorates every line over a partial month", () => {
    expect(periodLines(period("2026-12"), { ...terms, seguroIncendio: 3_100 }, [])).toEqual([
      {
        tipo: "aluguel",
        valor: 177_419,
        inicio: "2026-12-10",
        fim: "2026-12-31",
        dias: 22,
        diasNoMes: 31,
        base: 250_000,
      },
      {
        tipo: "condominio",
        valor: 56_774,
        inicio: "2026-12-10",
        fim: "2026-12-31",
        dias: 22,
        diasNoMes: 31,
        base: 80_000,
      },
      {
        tipo: "iptu",
        valor: 8_761,
        inicio: "2026-12-10",
        fim: "2026-12-31",
        dias: 22,
        diasNoMes: 31,
        base: 12_345,
      },
      {
        tipo: "seguro_incendio",
        valor: 2_200,
        inicio: "2026-12-10",
        fim: "2026-12-31",
        dias: 22,
        diasNoMes: 31,
        base: 3_100,
      },
    ]);
  });

  it("splits the rent where the yearly adjustment takes effect mid-month", () => {
    const changes = [{ desde: "2027-12-10", aluguel: 262_078 }];
    const lines = periodLines(period("2027-12"), terms, changes);
    expect(lines.filter((l) => l.tipo === "aluguel")).toEqual([
      // 2.500,00 × 9/31 = 725,806…; 2.620,78 × 22/31 = 1.859,9083…
      {
        tipo: "aluguel",
        valor: 72_581,
        inicio: "2027-12-01",
        fim: "2027-12-09",
        dias: 9,
        diasNoMes: 31,
        base: 250_000,
      },
      {
        tipo: "aluguel",
        valor: 185_991,
        inicio: "2027-12-10",
        fim: "2027-12-31",
        dias: 22,
        diasNoMes: 31,
        base: 262_078,
      },
    ]);
    expect(lines.find((l) => l.tipo === "condominio")?.valor).toBe(80_000);
    // The months after charge the new rent in full, the months before the old.
    expect(periodLines(period("2028-01"), terms, changes)[0]?.valor).toBe(262_078);
    expect(periodLines(period("2027-11"), terms, changes)[0]?.valor).toBe(250_000);
  });

  it("does not split when the change starts on the period's first day", () => {
    const lines = periodLines(period("2028-01"), terms, [{ desde: "2028-01-01", aluguel: 262_078 }]);
    expect(lines.filter((l) => l.tipo === "aluguel")).toHaveLength(1);
    expect(lines[0]).toMatchObject({ valor: 262_078, dias: 31, base: 262_078 });
  });

  it("refuses changes out of order", () => {
    const unsorted = [
      { desde: "2028-12-10", aluguel: 270_000 },
      { desde: "2027-12-10", aluguel: 262_078 },
    ];
    expect(() => periodLines(period("2027-12"), terms, unsorted)).toThrow(RangeError);
  });

  it("splits into rent lines whose days add up to the period's, each at its own rent", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...periods),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (p, offset, before, after) => {
          const desde = fromDayNumber(dayNumber(p.inicio) + Math.min(offset, p.dias - 1));
          const lines = periodLines(p, { ...terms, aluguel: before }, [{ desde, aluguel: after }]);
          const rent = lines.filter((l) => l.tipo === "aluguel");
          expect(rent.reduce((sum, l) => sum + l.dias, 0)).toBe(p.dias);
          expect(rent[0]?.inicio).toBe(p.inicio);
          expect(rent.at(-1)?.fim).toBe(p.fim);
          expect(rent.at(-1)).toMatchObject({ inicio: desde, base: after });
          if (desde > p.inicio) {
            expect(rent).toHaveLength(2);
            expect(rent[0]).toMatchObject({ base: before, fim: fromDayNumber(dayNumber(desde) - 1) });
          }
          for (const l of rent) expect(l.valor).toBe(prorate(l.base, l.dias, p.diasNoMes));
        },
      ),
    );
  });
});

describe("rentPeriodsFrom", () => {
  it("is rentPeriods from a period on, up to a due date", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 2000 }),
        (offset, prazoMeses, diaVencimento, fromSeq, untilOffset) => {
          const start = new Date(2025, 0, 1, 12);
          start.setDate(start.getDate() + offset);
          const until = new Date(2025, 0, 1, 12);
          until.setDate(until.getDate() + untilOffset);
          const s = { dataInicio: showDay(start), prazoMeses, diaVencimento };
          const dueUntil = showDay(until);
          const all = rentPeriods(s, "SP");
          expect(rentPeriodsFrom(s, "SP", fromSeq, dueUntil)).toEqual(
            all.filter((p) => p.seq >= fromSeq && p.vencimento <= dueUntil),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
