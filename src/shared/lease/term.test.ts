import { addDays } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leaseLastDay } from "../dates";
import { parseDay, showDay } from "../rent/calendar";
import { earlyReturnFine, noticeRule, standingOn, termLeft } from "./term";

const thirtyMonths = { dataInicio: "2026-01-10", prazoMeses: 30, naoResidencial: false };
const plus = (day: string, n: number) => showDay(addDays(parseDay(day), n));

describe("where a lease stands (Lei 8.245 arts. 46, 47, 56)", () => {
  it("a 30-month residential lease: in term to its last day, 30 days for the landlord's objection, then continued (art. 46 § 1º)", () => {
    expect(standingOn(thirtyMonths, "2026-01-09")).toEqual({
      situacao: "a_iniciar",
      inicio: "2026-01-10",
      fim: "2028-07-09",
    });
    expect(standingOn(thirtyMonths, "2026-01-10")).toMatchObject({ situacao: "em_vigor", fim: "2028-07-09" });
    expect(standingOn(thirtyMonths, "2028-07-09")).toEqual({
      situacao: "em_vigor",
      fim: "2028-07-09",
      diasParaFim: 0,
      aoFim: "46",
    });
    expect(standingOn(thirtyMonths, "2028-06-09")).toMatchObject({ diasParaFim: 30 });
    expect(standingOn(thirtyMonths, "2028-07-10")).toEqual({
      situacao: "prazo_findo",
      fim: "2028-07-09",
      oposicaoAte: "2028-08-08",
      artigo: "46",
    });
    expect(standingOn(thirtyMonths, "2028-08-08").situacao).toBe("prazo_findo");
    expect(standingOn(thirtyMonths, "2028-08-09")).toEqual({
      situacao: "prorrogada",
      fim: "2028-07-09",
      desde: "2028-08-09",
      artigo: "46",
    });
  });

  it("a shorter residential lease continues the day after its term (art. 47); a non-residential one by art. 56", () => {
    const twelve = { dataInicio: "2026-01-10", prazoMeses: 12, naoResidencial: false };
    expect(standingOn(twelve, "2027-01-09")).toMatchObject({ situacao: "em_vigor", aoFim: "47" });
    expect(standingOn(twelve, "2027-01-10")).toEqual({
      situacao: "prorrogada",
      fim: "2027-01-09",
      desde: "2027-01-10",
      artigo: "47",
    });
    const shop = { ...twelve, naoResidencial: true };
    expect(standingOn(shop, "2027-01-09")).toMatchObject({ situacao: "em_vigor", aoFim: "56" });
    expect(standingOn(shop, "2027-01-10")).toMatchObject({
      situacao: "prazo_findo",
      oposicaoAte: "2027-02-08",
      artigo: "56",
    });
    expect(standingOn(shop, "2027-02-09")).toMatchObject({ situacao: "prorrogada", artigo: "56" });
  });
});

describe("who may give notice", () => {
  it("the tenant: within the term paying the proportional fine (art. 4), after it with 30 days (art. 6)", () => {
    expect(noticeRule(thirtyMonths, "2027-03-01", "locatario")).toEqual({
      permitida: true,
      antecedenciaDias: 0,
      artigo: "4",
      multaProporcional: true,
    });
    expect(noticeRule(thirtyMonths, "2028-07-20", "locatario")).toMatchObject({
      permitida: true,
      multaProporcional: false,
    });
    expect(noticeRule(thirtyMonths, "2029-01-01", "locatario")).toEqual({
      permitida: true,
      antecedenciaDias: 30,
      artigo: "6",
      multaProporcional: false,
    });
    expect(noticeRule(thirtyMonths, "2025-12-01", "locatario").permitida).toBe(false);
  });

  it("the landlord: never within the term (art. 4); after a 30-month lease with 30 days (art. 46); a shorter one only after five years (art. 47 V)", () => {
    expect(noticeRule(thirtyMonths, "2028-07-09", "locador")).toEqual({ permitida: false, artigo: "4" });
    expect(noticeRule(thirtyMonths, "2028-07-10", "locador")).toMatchObject({
      permitida: true,
      antecedenciaDias: 30,
      artigo: "46 § 1º",
    });
    expect(noticeRule(thirtyMonths, "2028-09-01", "locador")).toMatchObject({
      permitida: true,
      antecedenciaDias: 30,
      artigo: "46 § 2º",
    });
    const twelve = { dataInicio: "2026-01-10", prazoMeses: 12, naoResidencial: false };
    expect(noticeRule(twelve, "2027-06-01", "locador")).toEqual({ permitida: false, artigo: "47" });
    expect(noticeRule(twelve, "2031-01-09", "locador")).toEqual({ permitida: false, artigo: "47" });
    expect(noticeRule(twelve, "2031-01-10", "locador")).toMatchObject({ permitida: true, artigo: "47 V" });
    const shop = { ...twelve, naoResidencial: true };
    expect(noticeRule(shop, "2027-03-01", "locador")).toMatchObject({ permitida: true, artigo: "57" });
  });

  it("the landlord may never give notice while the term runs, whatever the lease (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: 1, max: 60 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2000 }),
        (startOffset, prazoMeses, naoResidencial, dayOffset) => {
          const t = { dataInicio: plus("2024-01-01", startOffset), prazoMeses, naoResidencial };
          const day = plus(t.dataInicio, dayOffset);
          const fim = leaseLastDay(t.dataInicio, prazoMeses);
          if (day <= fim) expect(noticeRule(t, day, "locador").permitida).toBe(false);
          expect(noticeRule(t, day, "locatario").permitida).toBe(true);
        },
      ),
    );
  });
});

describe("the proportional fine for returning the unit early (art. 4)", () => {
  it("month 14 of 30 done: three rents of R$ 3.000,00 × 16/30 = R$ 4.800,00", () => {
    // Month 14 of a lease begun on 10/01/2026 ends on 09/03/2027.
    const fine = earlyReturnFine({
      term: thirtyMonths,
      multaAlugueis: 3,
      aluguel: 300_000,
      entrega: "2027-03-09",
    });
    expect(fine.termo).toMatchObject({ mesesCumpridos: 14, diasDoMes: 0 });
    expect(fine).toMatchObject({ valor: 480_000, multaIntegral: 900_000, isencao: null });
  });

  it("a month in progress counts by its days: 11 of month 15's 31 days lived leaves 16 − 11/31 months", () => {
    const fine = earlyReturnFine({
      term: thirtyMonths,
      multaAlugueis: 3,
      aluguel: 300_000,
      entrega: "2027-03-20",
    });
    expect(fine.termo).toEqual({
      mesesCumpridos: 14,
      diasDoMes: 11,
      diasNoMes: 31,
      restante: { num: 16n * 31n - 11n, den: 31n },
    });
    // 900.000 × 485 / (31 × 30) = 469.354,838… → 469.355 (half up, once).
    expect(fine.valor).toBe(469_355);
  });

  it("none once the term is over; none with the employer's transfer and 30 days' notice (par. único), the whole proportion with 29", () => {
    expect(
      earlyReturnFine({ term: thirtyMonths, multaAlugueis: 3, aluguel: 300_000, entrega: "2028-07-09" }),
    ).toMatchObject({ valor: 0, isencao: "prazo_cumprido" });
    const base = { term: thirtyMonths, multaAlugueis: 3, aluguel: 300_000, entrega: "2027-03-09" };
    expect(earlyReturnFine({ ...base, transferencia: { avisoEm: "2027-02-07" } })).toMatchObject({
      valor: 0,
      isencao: "transferencia",
    });
    expect(earlyReturnFine({ ...base, transferencia: { avisoEm: "2027-02-08" } })).toMatchObject({
      valor: 480_000,
      isencao: null,
    });
  });

  it("a lease begun on the 31st counts its months as the contract does (CC art. 132 § 3º)", () => {
    const t = { dataInicio: "2026-08-31", prazoMeses: 30 };
    // Month 1: 31/08 to 30/09 (the term of one month expires on 01/10, September having no 31st).
    expect(termLeft(t, "2026-09-30")).toMatchObject({ mesesCumpridos: 1, diasDoMes: 0 });
    expect(termLeft(t, "2026-09-29")).toMatchObject({ mesesCumpridos: 0, diasDoMes: 30, diasNoMes: 31 });
    // Month 2: 01/10 to 30/10.
    expect(termLeft(t, "2026-10-01")).toMatchObject({ mesesCumpridos: 1, diasDoMes: 1, diasNoMes: 30 });
  });

  it("between nothing and the whole fine, never growing as the keys come later, exact at each month's end (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 1900 }),
        (startOffset, prazoMeses, aluguel, dayOffset) => {
          const term = { dataInicio: plus("2024-01-01", startOffset), prazoMeses };
          const entrega = plus(term.dataInicio, dayOffset);
          const fine = (day: string) =>
            earlyReturnFine({ term, multaAlugueis: 3, aluguel, entrega: day }).valor;
          const today = fine(entrega);
          expect(today).toBeGreaterThanOrEqual(0);
          expect(today).toBeLessThanOrEqual(3 * aluguel);
          expect(fine(plus(entrega, 1))).toBeLessThanOrEqual(today);
          const left = termLeft(term, entrega);
          if (left.diasDoMes === 0 && left.mesesCumpridos < prazoMeses) {
            const exact = (3 * aluguel * (prazoMeses - left.mesesCumpridos)) / prazoMeses;
            expect(Math.abs(today - exact)).toBeLessThanOrEqual(0.5);
          }
        },
      ),
    );
  });
});
