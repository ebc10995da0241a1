import { describe, expect, it } from "vitest";
import { formatBRL, reaisToCentavos, toReais } from "./money";
import { toCentavos } from "./money-typed";

describe("money", () => {
  it("shows centavos as BRL", () => {
    expect(formatBRL(250000)).toBe("R$ 2.500,00");
    expect(formatBRL(123456789)).toBe("R$ 1.234.567,89");
    expect(formatBRL(5)).toBe("R$ 0,05");
  });

  it("reads reais as people type them", () => {
    expect(toCentavos("2.500,50")).toBe(250050);
    expect(toCentavos("R$ 1.200")).toBe(120000);
    expect(toCentavos("2500.5")).toBe(250050);
    expect(toCentavos(3500)).toBe(350000);
    expect(toCentavos("")).toBeNull();
    expect(toCentavos("abc")).toBeNull();
  });

  it("turns a number field's reais into centavos and back, leaving an empty field invalid", () => {
    expect(reaisToCentavos(2500.5)).toBe(250050);
    expect(reaisToCentavos(0.1 + 0.2)).toBe(30);
    expect(reaisToCentavos(Number.NaN)).toBeNaN();
    expect(reaisToCentavos(Number.POSITIVE_INFINITY)).toBeNaN();
    expect(toReais(250050)).toBe(2500.5);
  });
});
