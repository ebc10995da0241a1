import { describe, expect, it, vi } from "vitest";
import { startLogging } from "./logger";

function fakeConsole() {
  return { log: vi.fn(), info: vi.fn(), debug: vi.fn(), warn: vi.fn(), error: vi.fn(), trace: vi.fn() };
}

describe("start-up logging", () => {
  it("logs the environment and build date, then silences the console in production", () => {
    const c = fakeConsole();
    const original = { ...c };
    startLogging("production", "2026-11-21T10:00:00.000Z", c as unknown as Console);
    expect(original.info).toHaveBeenCalledWith(
      "[Chave] environment: production; build: 2026-11-21T10:00:00.000Z",
    );
    for (const m of ["log", "info", "debug", "warn", "error", "trace"] as const) {
      // Each method was replaced, and the replacement reaches nothing.
      expect(c[m], m).not.toBe(original[m]);
      c[m]("segredo");
    }
    expect(original.info).toHaveBeenCalledTimes(1);
    for (const m of ["log", "debug", "warn", "error", "trace"] as const)
      expect(original[m], m).not.toHaveBeenCalled();
  });

  it("keeps the console outside production", () => {
    const c = fakeConsole();
    startLogging("development", "x", c as unknown as Console);
    c.warn("aviso");
    expect(c.warn).toHaveBeenCalledWith("aviso");
  });
});
