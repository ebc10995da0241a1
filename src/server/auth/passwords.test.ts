import { describe, expect, it } from "vitest";
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
