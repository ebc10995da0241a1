import { describe, expect, it, vi } from "vitest";
import { startLogging } from "./logger";

function fakeConsole() {
  return { log: vi.fn(), info: vi.fn(), debug: vi.fn(), warn: vi.fn(), error: vi.fn(), trace: vi.fn() };
}

describe("start-up logging", () => {
  it("logs the environment and build date, then silences the console in production", () => {
    const c = fakeConsole();
    const info = c.info;
    startLogging("production", "2026-11-21T10:00:00.000Z", c as unknown as Console);
    expect(info).toHaveBeenCalledWith("[Chave] environment: production; build: 2026-11-21T10:00:00.000Z");
    c.log("segredo");
    c.error("falha");
    expect(info).toHaveBeenCalledTimes(1);
    expect(c.log).not.toBe(vi.fn);
    expect(c.error).not.toHaveProperty("mock");
  });

  it("keeps the console outside production", () => {
    const c = fakeConsole();
    startLogging("development", "x", c as unknown as Console);
    c.warn("aviso");
    expect(c.warn).toHaveBeenCalledWith("aviso");
  });
});
