import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type SettlementInput, settlementOf } from "./settlement";

/*
 * Issue 33, item 4: the settlement of a tenant who moves for work in month 15 of a 30-month lease
 * (begun 10/12/2026; keys on 20/02/2028, in a leap February), every line by its own rule.
 */

const base: SettlementInput = {
  term: { dataInicio: "2026-12-10", prazoMeses: 30 },
  entrega: "2028-02-20",
  mensal: { aluguel: 300_000, condominio: 60_000, iptu: 9_000, seguroIncendio: 0 },
  multaAlugueis: 3,
  mesFinalCobrado: false,
  cobrancasAbertas: [{ competencia: "2028-01", valor: 369_000 }],
  danos: [{ descricao: "Porta do banheiro trincada", valor: 45_000 }],
  caucao: {
    deposito: 600_000,
    devolucao: { valor: 649_830, rendimento: 49_830, meses: [] },
  },
};

describe("the settlement of a lease that ends", () => {
  it("month 15 of 30: February's 20 of 29 days, the proportional fine, what is open, the damage, the deposit back", () => {
    const s = settlementOf(base);
    expect(s.linhas).toEqual([
      // 300.000 × 20/29 = 206.896,55 → 206.897; 60.000 × 20/29 = 41.379,31 → 41.379; 9.000 × 20/29 = 6.206,9 → 6.207.
      { tipo: "aluguel_final", referencia: "2028-02:aluguel", valor: 206_897 },
      { tipo: "encargos_finais", referencia: "2028-02:condominio", valor: 41_379 },
      { tipo: "encargos_finais", referencia: "2028-02:iptu", valor: 6_207 },
      // 900.000 × (16 − 11/29)/30 = 468.620,69 → 468.621 (11 of month 15's 29 days lived).
      { tipo: "multa_rescisoria", referencia: "art. 4", valor: 468_621 },
      { tipo: "cobranca_aberta", referencia: "2028-01", valor: 369_000 },
      { tipo: "dano", referencia: "Porta do banheiro trincada", valor: 45_000 },
      { tipo: "caucao", referencia: "art. 38 § 2º", valor: -649_830 },
    ]);
    expect(s.total).toBe(206_897 + 41_379 + 6_207 + 468_621 + 369_000 + 45_000 - 649_830);
    expect(s.devedor).toBe("locatario");
  });

  it("with the employer's letter and 30 days, no fine; a February already charged whole credits its 9 days after the keys", () => {
    const s = settlementOf({ ...base, transferencia: { avisoEm: "2028-01-20" }, mesFinalCobrado: true });
    expect(s.multa.isencao).toBe("transferencia");
    expect(s.linhas.filter((l) => l.tipo === "multa_rescisoria")).toEqual([]);
    expect(s.linhas.filter((l) => l.tipo === "credito_dias")).toEqual([
      { tipo: "credito_dias", referencia: "2028-02:aluguel", valor: 206_897 - 300_000 },
      { tipo: "credito_dias", referencia: "2028-02:condominio", valor: 41_379 - 60_000 },
      { tipo: "credito_dias", referencia: "2028-02:iptu", valor: 6_207 - 9_000 },
    ]);
    // Nothing open and no damage: the landlord owes the tenant the deposit less the days lived.
    const clean = settlementOf({
      ...base,
      transferencia: { avisoEm: "2028-01-20" },
      cobrancasAbertas: [],
      danos: [],
    });
    expect(clean.total).toBe(206_897 + 41_379 + 6_207 - 649_830);
    expect(clean.devedor).toBe("locador");
  });

  it("ended by agreement (mútuo acordo, art. 9 I): no fine line, the rest as it is", () => {
    const s = settlementOf({ ...base, acordo: true });
    expect(s.linhas.filter((l) => l.tipo === "multa_rescisoria")).toEqual([]);
    expect(s.total).toBe(206_897 + 41_379 + 6_207 + 369_000 + 45_000 - 649_830);
  });

  it("a lease that began inside the key-return month counts its days from its start", () => {
    const s = settlementOf({
      ...base,
      term: { dataInicio: "2028-02-10", prazoMeses: 30 },
      mesFinalCobrado: true,
      cobrancasAbertas: [],
      danos: [],
      caucao: null,
    });
    // Charged 10/02–29/02 (20 of 29 days); lived 10/02–20/02 (11): the 9 days after are credited.
    const rent = s.linhas.find((l) => l.referencia === "2028-02:aluguel");
    expect(rent?.valor).toBe(Math.round((300_000 * 11) / 29) - Math.round((300_000 * 20) / 29));
  });

  it("the total is the sum of its lines, and says who pays (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 500_000 }), { maxLength: 4 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        (offset, aluguel, charged, open, deposit) => {
          const entrega = new Date(Date.UTC(2027, 0, 1 + offset)).toISOString().slice(0, 10);
          const s = settlementOf({
            ...base,
            entrega,
            mensal: { aluguel, condominio: 0, iptu: 0, seguroIncendio: 0 },
            mesFinalCobrado: charged,
            cobrancasAbertas: open.map((valor, i) => ({ competencia: `c${i}`, valor })),
            danos: [],
            caucao: { deposito: deposit, devolucao: { valor: deposit, rendimento: 0, meses: [] } },
          });
          expect(s.total).toBe(s.linhas.reduce((t, l) => t + l.valor, 0));
          expect(s.devedor).toBe(s.total > 0 ? "locatario" : s.total < 0 ? "locador" : null);
          for (const l of s.linhas)
            if (l.tipo === "credito_dias" || l.tipo === "caucao") expect(l.valor).toBeLessThanOrEqual(0);
            else expect(l.valor).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
