import { describe, expect, it } from "vitest";
import { passwordProblem } from "../../shared/password-strength";
import { commonPasswordCount, hashPassword, isCommonPassword, verifyPassword } from "./passwords";

describe("common passwords", () => {
  it("bundles at least 10,000 entries", () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it.each([
    "password",
    "12345678",
    "iloveyou",
    "senha123",
    "mudar123",
    "flamengo",
    "Corinthians1",
    "BRASIL2024",
    "Gremio123",
  ])("knows %s, in any case", (p) => expect(isCommonPassword(p)).toBe(true));

  it("ignores accents, as people type them either way", () => {
    expect(isCommonPassword("São Paulo".replace(" ", "").toLowerCase())).toBe(true);
  });

  it("lets a passphrase through", () => {
    expect(isCommonPassword("Ipê amarelo na varanda 42")).toBe(false);
  });
});

describe("password hashing", () => {
  it("uses argon2id with OWASP's parameters and verifies only the right password", async () => {
    const hash = await hashPassword("Ipê amarelo na varanda 42");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword({ hash, password: "Ipê amarelo na varanda 42" })).toBe(true);
    expect(await verifyPassword({ hash, password: "ipê amarelo na varanda 42" })).toBe(false);
    expect(await verifyPassword({ hash: "not-a-hash", password: "x" })).toBe(false);
  });
});

describe("password strength (zxcvbn with the pt-BR dictionary)", () => {
  it.each([
    ["aaaaaaaa", "password-repeated"],
    ["abcabcabc", "password-repeated"],
    ["abcdefgh", "password-sequence"],
    ["        ", "password-blank"],
    ["\t \t \t \t ", "password-blank"],
    ["Sol12345", "password-too-weak"],
  ])("refuses %j as %s", (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it("refuses the e-mail, its local part and the name, in any case or accent", () => {
    const who = { email: "joana.prado@exemplo.com.br", name: "Joana Prado Araújo" };
    for (const p of [
      "joana.prado@exemplo.com.br",
      "JOANA.PRADO!2026x",
      "Meu araujo querido 9",
      "joanapradoaraujo",
    ]) {
      expect(passwordProblem(p, who), p).toBe("password-has-personal-info");
    }
  });

  it("lets passphrases and a random eight through, quickly even at 128 characters", () => {
    for (const p of ["Ipê amarelo na varanda 42", "Qz7!pLm2", "Cajueiro florido em Natal 9"]) {
      expect(passwordProblem(p, { email: "ana@exemplo.com.br", name: "Ana" }), p).toBeNull();
    }
    const started = performance.now();
    passwordProblem("Vx9#".repeat(32));
    passwordProblem(
      "Cajueiro florido em Natal, tapioca com coco ralado, rede na varanda de Olinda e chimarrão",
    );
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
