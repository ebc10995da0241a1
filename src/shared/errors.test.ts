import { describe, expect, it } from "vitest";
import { AppError, codeForStatus, errorStatus } from "./errors";
import en from "./locales/en.json";
import ptBR from "./locales/pt-BR.json";

describe("error catalogue", () => {
  it("has the seed's storage codes", () => {
    for (const code of [
      "unknown",
      "object-not-found",
      "bucket-not-found",
      "project-not-found",
      "quota-exceeded",
      "unauthenticated",
      "unauthorized",
      "retry-limit-exceeded",
      "invalid-checksum",
      "canceled",
      "invalid-url",
      "invalid-argument",
      "invalid-format",
      "no-download-url",
    ]) {
      expect(Object.keys(errorStatus)).toContain(code);
    }
  });

  it("maps HTTP statuses as the seed does", () => {
    expect(codeForStatus(401)).toBe("unauthenticated");
    expect(codeForStatus(402)).toBe("quota-exceeded");
    expect(codeForStatus(403)).toBe("unauthorized");
    expect(codeForStatus(404)).toBe("object-not-found");
    expect(codeForStatus(500)).toBe("unknown");
  });

  it("has a message in pt-BR and in English for every code, and the same keys in both locales", () => {
    for (const code of Object.keys(errorStatus)) {
      expect(ptBR.errors[code as keyof typeof ptBR.errors]).toBeTruthy();
      expect(en.errors[code as keyof typeof en.errors]).toBeTruthy();
    }
    const keys = (o: object, prefix = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === "object" && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(en).sort()).toEqual(keys(ptBR).sort());
  });

  it("carries its status and pt-BR message", () => {
    const e = new AppError("quota-exceeded");
    expect(e.status).toBe(402);
    expect(e.toBody()).toEqual({ code: "quota-exceeded", message: ptBR.errors["quota-exceeded"] });
  });
});
