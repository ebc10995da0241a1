import { isCNPJ } from "validation-br";
import { CNPJ } from "validation-br/cnpj";
import { describe, expect, it } from "vitest";
import { formatCnpj, isValidCnpj } from "../cnpj";
import { cnpjField } from "./companies";

/*
 * The CNPJ check digits (numeric and, since July 2026, alphanumeric: IN RFB 2.229/2024) as
 * @brazilian-utils/brazilian-utils computes them, against an independent implementation
 * (validation-br, written from the Receita's Nota Técnica COCAD/SUARA/RFB nº 49/2024).
 */

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** A small seeded generator, so a failure names a case that comes back. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe("CNPJ", () => {
  it("agrees with an independent implementation on the Receita's published examples", () => {
    // The Receita's example of the alphanumeric form, and a numeric one of its manual.
    for (const v of ["12.ABC.345/01DE-35", "12ABC34501DE35", "11.222.333/0001-81", "11222333000181"]) {
      expect(isValidCnpj(v), v).toBe(true);
      expect(isCNPJ(v), v).toBe(true);
    }
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
  });

  it("accepts every valid CNPJ the other implementation makes, numeric and alphanumeric", () => {
    for (let i = 0; i < 500; i++) {
      const cnpj = CNPJ.fake({ alphanumeric: i % 2 === 0 }).toString();
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
      expect(cnpj.replace(/\W/g, "")).toHaveLength(14);
    }
  });

  it("decides as the other implementation does on random and mistyped strings", () => {
    const next = random(34);
    let valid = 0;
    for (let i = 0; i < 5000; i++) {
      const alphanumeric = next() < 0.5;
      const base = Array.from({ length: 12 }, () =>
        alphanumeric ? ALPHABET[Math.floor(next() * 36)] : String(Math.floor(next() * 10)),
      ).join("");
      // Right check digits half the time (the other implementation's), any two digits otherwise.
      const dv = next() < 0.5 ? CNPJ.checksum(base) : String(Math.floor(next() * 100)).padStart(2, "0");
      const cnpj = `${base}${dv}`;
      const ours = isValidCnpj(cnpj);
      expect(ours, cnpj).toBe(isCNPJ(cnpj));
      if (ours) valid++;
    }
    // Both sides were exercised.
    expect(valid).toBeGreaterThan(2000);
    expect(valid).toBeLessThan(3000);
  });

  it("refuses what is not a CNPJ, with the pt-BR message's code", () => {
    for (const v of [
      "00000000000000",
      "11222333000182",
      "12ABC34501DE36",
      "1122233300018",
      "12ABC34501DEA5",
      "",
    ]) {
      expect(isValidCnpj(v), v).toBe(false);
      const r = cnpjField.safeParse(v);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe("invalid-cnpj");
    }
    // Kept as its 14 characters, letters in upper case, whatever mask was typed.
    expect(cnpjField.parse(" 12.abc.345/01de-35 ")).toBe("12ABC34501DE35");
  });
});
