import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("has working defaults for the embedded install", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe("127.0.0.1");
    expect(c.PUBLIC_URL).toBe("http://localhost:3000");
    expect(c.DATA_DIR).toBe(path.resolve("data"));
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.isSecure).toBe(false);
    expect(c.NODE_ENV).toBe("production");
  });

  it("derives the origin and https from PUBLIC_URL", () => {
    const c = loadConfig({ PUBLIC_URL: "https://aluguel.example.com.br/", PORT: "8080" });
    expect(c.PUBLIC_URL).toBe("https://aluguel.example.com.br");
    expect(c.publicOrigin).toBe("https://aluguel.example.com.br");
    expect(c.isSecure).toBe(true);
  });

  it("names every invalid variable", () => {
    try {
      loadConfig({
        PORT: "noventa",
        DATABASE_URL: "mysql://x",
        SMTP_URL: "http://mail",
        AUTH_SECRET: "curto",
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join("\n");
      expect(problems).toMatch(/PORT="noventa": must be a number/);
      expect(problems).toMatch(/DATABASE_URL="mysql:\/\/x": must start with postgres/);
      expect(problems).toMatch(/SMTP_URL="http:\/\/mail": must start with smtp/);
      expect(problems).toMatch(/AUTH_SECRET="curto": must have at least 32 characters/);
    }
  });

  it("drains 5 s by default, 0 to 300 when set, and takes a metrics token of 16 characters or more", () => {
    expect(loadConfig({}).DRAIN_SECONDS).toBe(5);
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ DRAIN_SECONDS: "0" }).DRAIN_SECONDS).toBe(0);
    expect(loadConfig({ METRICS_TOKEN: "0123456789abcdef" }).METRICS_TOKEN).toBe("0123456789abcdef");
    for (const [env, problem] of [
      [{ DRAIN_SECONDS: "-1" }, /DRAIN_SECONDS="-1": must be between 0 and 300/],
      [{ DRAIN_SECONDS: "301" }, /DRAIN_SECONDS="301": must be between 0 and 300/],
      [{ DRAIN_SECONDS: "1.5" }, /DRAIN_SECONDS="1.5": must be a whole number/],
      [{ METRICS_TOKEN: "curto" }, /METRICS_TOKEN="curto": must have at least 16 characters/],
      [{ METRICS_TOKEN: "com espaço no meio" }, /METRICS_TOKEN=.*: use printable characters without spaces/],
    ] as const) {
      expect(() => loadConfig(env)).toThrow(problem);
    }
  });

  it("makes the server exit with code 78 and a clear message on a bad variable", () => {
    const res = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: { ...process.env, PORT: "70000", DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(res.status).toBe(78);
    expect(res.stderr).toContain("Chave cannot start. Invalid configuration");
    expect(res.stderr).toContain('PORT="70000": must be between 1 and 65535');
  });
});
