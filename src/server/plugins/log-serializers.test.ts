import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { startServer } from "../../../tests/support/server-process";
import { redactUrl } from "./log-serializers";

/*
 * Issue 28 (decision 036): the server's log carries no link's token. The phone-size check found
 * the e-mail confirmation token and an export's download token in full in the request lines.
 */

describe("the request log", () => {
  it("keeps a secret parameter's name and drops its value", () => {
    expect(redactUrl("/api/auth/verify-email?token=abc.def&callbackURL=%2F")).toBe(
      "/api/auth/verify-email?token=[redacted]&callbackURL=%2F",
    );
    expect(redactUrl("/Clicksign?contrato=42&token=xyz")).toBe("/Clicksign?contrato=42&token=[redacted]");
    expect(redactUrl("/api/search?cidade=S%C3%A3o%20Paulo&quartos=2")).toBe(
      "/api/search?cidade=S%C3%A3o%20Paulo&quartos=2",
    );
    expect(redactUrl("/api/x?codigo=123456&a")).toBe("/api/x?codigo=[redacted]&a");
    expect(redactUrl("/sem-consulta")).toBe("/sem-consulta");
  });

  it("of the real server names the confirmation and download links without their tokens", async () => {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-log-"));
    const server = await startServer({
      DATABASE_URL: inject("databaseUrl"),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      JOBS_SCHEMA: "jobs_log_redaction",
    });
    try {
      const secret = "SegredoDoLinkQueNaoPodeIrParaOLog";
      await fetch(`${server.baseUrl}/api/auth/verify-email?token=${secret}`, { redirect: "manual" });
      await fetch(
        `${server.baseUrl}/api/privacy/exports/00000000-0000-4000-8000-000000000000/download?token=${secret}`,
      );
      await server.kill("SIGTERM");
      const out = server.output();
      expect(out).toContain("/api/auth/verify-email?token=[redacted]");
      expect(out).not.toContain(secret);
    } finally {
      await server.kill("SIGKILL");
      await fsp.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
