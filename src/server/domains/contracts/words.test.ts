import extenso from "extenso";
import { describe, expect, it } from "vitest";
import { MAX_MONEY } from "../../../shared/contracts/listings";
import { moneyInWords, moneyWithWords, numberInWords } from "./words";

/*
 * The oracle is extenso 2.1 (an independent implementation, npm), read without its commas ("um
 * milhão, duzentos e trinta…": a punctuated style contracts do not use; LibreOffice's NUMBERTEXT,
 * libnumbertext 1.0.11, writes none either). extenso decides the "e" before the last class by the
 * number's last three digits even when they are zeros, so for m milhões + t mil (units 0, both set)
 * it reads as "e" what the norm reads as none ("três milhões e duzentos e cinquenta mil" where
 * libnumbertext and the grammars write "três milhões duzentos e cinquenta mil"). Those amounts are
 * read from extenso's own words for m mil + t, one class down: the two classes read the same way a
 * class higher ("três mil duzentos e cinquenta" → "três milhões duzentos e cinquenta mil"; "mil e
 * um" → "um milhão e mil").
 */
const plain = (words: string) => words.replace(/,/g, "");

function oracle(n: number): string {
  const m = Math.floor(n / 1_000_000);
  const t = Math.floor(n / 1000) % 1000;
  const u = n % 1000;
  if (m === 0 || t === 0 || u !== 0) return plain(extenso(String(n)));
  const lower = plain(extenso(String(m * 1000 + t)));
  const at = lower.indexOf("mil");
  const before = lower.slice(0, at);
  const after = lower.slice(at + "mil".length); // " e duzentos", " duzentos e cinquenta", " e um"
  const millions = m === 1 ? "um milhão" : `${before}milhões`;
  const thousands = t === 1 ? after.replace(/um$/, "mil") : `${after} mil`;
  return `${millions}${thousands}`;
}

/** Every kind of class value the "e" depends on: zero, below 100, round hundreds, the rest. */
const CLASS_KINDS = [0, 1, 21, 100, 200, 250];
const MAX_REAIS = MAX_MONEY / 100;

describe("numbers in words, against an independent implementation", () => {
  it("writes a million and a round part with 'e', as the norm and every reference do (issue 27)", () => {
    expect(numberInWords(1_200_000)).toBe("um milhão e duzentos mil");
    expect(numberInWords(1_001_000)).toBe("um milhão e mil");
    expect(numberInWords(3_250_000)).toBe("três milhões duzentos e cinquenta mil");
    expect(numberInWords(1_200_300)).toBe("um milhão duzentos mil e trezentos");
    expect(moneyInWords(120_000_000)).toBe("um milhão e duzentos mil reais");
  });

  it("agrees with the oracle on every whole number below one million", () => {
    const wrong: string[] = [];
    for (let n = 0; n < 1_000_000; n++) {
      const ours = numberInWords(n);
      if (ours !== oracle(n) && wrong.push(`${n}: ${ours} ≠ ${oracle(n)}`) > 20) break;
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("agrees with the oracle for every count of millions up to the product's maximum, with every thousands and every units", () => {
    const wrong: string[] = [];
    const check = (n: number) => {
      if (n > MAX_REAIS) return;
      const ours = numberInWords(n);
      if (ours !== oracle(n)) wrong.push(`${n}: ${ours} ≠ ${oracle(n)}`);
    };
    let checked = 0;
    for (let m = 1; m * 1_000_000 <= MAX_REAIS && wrong.length < 20; m++)
      for (let x = 0; x < 1000; x++)
        for (const k of CLASS_KINDS) {
          check(m * 1_000_000 + x * 1000 + k);
          check(m * 1_000_000 + k * 1000 + x);
          checked += 2;
        }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(1_000_000);
  }, 120_000);

  it("writes money as extenso's currency mode does, centavos and round millions ('de reais') included", () => {
    const amounts = [1, 5, 99, 100, 101, 250_000, 345_050, 100_000_000, 200_000_050, 100_100_001, MAX_MONEY];
    for (let i = 0; i < 3000; i++)
      amounts.push(Math.floor((((i * 7919) % 10007) / 10007) * MAX_MONEY) + (i % 100));
    for (const c of amounts.filter((a) => a > 0)) {
      const reais = Math.floor(c / 100);
      // Amounts where extenso's conjunction slip applies are covered above, number by number.
      if (reais >= 1_000_000 && reais % 1000 === 0 && reais % 1_000_000 !== 0) continue;
      const figure = `${reais},${String(c % 100).padStart(2, "0")}`;
      expect(moneyInWords(c), figure).toBe(plain(extenso(figure, { mode: "currency" })));
    }
  });

  it("keeps R$ with its figure: a no-break space between them", () => {
    expect(moneyWithWords(250_000)).toBe("R$\u00a02.500,00 (dois mil e quinhentos reais)");
    expect(moneyWithWords(120_000_000)).toBe("R$\u00a01.200.000,00 (um milhão e duzentos mil reais)");
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
  });
});
