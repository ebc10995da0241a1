import { describe, expect, it } from "vitest";
import { moneyInWords, moneyWithWords, numberInWords } from "./words";

describe("numbers in words", () => {
  it.each([
    [0, "zero"],
    [1, "um"],
    [15, "quinze"],
    [21, "vinte e um"],
    [100, "cem"],
    [101, "cento e um"],
    [250, "duzentos e cinquenta"],
    [999, "novecentos e noventa e nove"],
    [1000, "mil"],
    [1001, "mil e um"],
    [1100, "mil e cem"],
    [1101, "mil cento e um"],
    [2500, "dois mil e quinhentos"],
    [2550, "dois mil quinhentos e cinquenta"],
    [10_000, "dez mil"],
    [21_300, "vinte e um mil e trezentos"],
    [100_000, "cem mil"],
    [1_000_000, "um milhão"],
    [2_000_500, "dois milhões e quinhentos"],
    [3_250_000, "três milhões duzentos e cinquenta mil"],
  ])("%i → %s", (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });
});

describe("money in words", () => {
  it("writes reais and centavos as a contract does", () => {
    expect(moneyInWords(250_000)).toBe("dois mil e quinhentos reais");
    expect(moneyInWords(100)).toBe("um real");
    expect(moneyInWords(5)).toBe("cinco centavos");
    expect(moneyInWords(101)).toBe("um real e um centavo");
    expect(moneyInWords(345_050)).toBe("três mil quatrocentos e cinquenta reais e cinquenta centavos");
    expect(moneyInWords(100_000_000)).toBe("um milhão de reais");
    expect(moneyWithWords(250_000)).toBe("R$ 2.500,00 (dois mil e quinhentos reais)");
  });
});
