import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, ORIGIN, post, type TestApp } from "../../../tests/support/test-app";
import { apiPaths } from "../../shared/api-paths";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { connectDatabase } from "../db/client";
import { createMailer } from "../mail/mailer";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  [t, proxied] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: "true" })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), proxied?.close()]);
});

describe("request ids", () => {
  it("gives every answer its own X-Request-Id, success or error", async () => {
    const ok = await t.app.inject({ method: "GET", url: apiPaths.healthLive });
    const missing = await t.app.inject({ method: "GET", url: "/api/nada-aqui" });
    const refused = await t.app.inject({ method: "GET", url: apiPaths.me });
    for (const res of [ok, missing, refused]) expect(res.headers["x-request-id"]).toMatch(UUID);
    expect(new Set([ok, missing, refused].map((r) => r.headers["x-request-id"])).size).toBe(3);
  });

  it("puts the id in every error body: the catalogue's, a refused form's and a malformed URL's", async () => {
    const unauthenticated = await t.app.inject({ method: "GET", url: apiPaths.me });
    const form = await post(t.app, apiPaths.auth.signUp, { email: "não é e-mail" });
    const malformed = await t.app.inject({ method: "GET", url: "/api/offers/%E0%A4%A" });
    const origin = await post(t.app, apiPaths.auth.signUp, {}, { origin: "https://outro.example" });
    for (const [name, res, status] of [
      ["unauthenticated", unauthenticated, 401],
      ["form", form, 400],
      ["malformed URL", malformed, 400],
      ["foreign origin", origin, 403],
    ] as const) {
      expect(res.statusCode, name).toBe(status);
      expect(res.headers["x-request-id"], name).toMatch(UUID);
      expect(res.json().requestId, name).toBe(res.headers["x-request-id"]);
    }
    expect(form.json().issues.length).toBeGreaterThan(0);
  });

  it("ignores an incoming X-Request-Id unless TRUST_PROXY is on", async () => {
    const headers = { "x-request-id": "lb-7f3a.2_b" };
    const direct = await t.app.inject({ method: "GET", url: "/api/nada-aqui", headers });
    expect(direct.headers["x-request-id"]).toMatch(UUID);
    expect(direct.json().requestId).toBe(direct.headers["x-request-id"]);

    const behind = await proxied.app.inject({ method: "GET", url: "/api/nada-aqui", headers });
    expect(behind.headers["x-request-id"]).toBe("lb-7f3a.2_b");
    expect(behind.json().requestId).toBe("lb-7f3a.2_b");
  });

  it("replaces a proxy's id that is too long or has other characters", async () => {
    for (const given of ["a".repeat(65), "id com espaço", "id<script>", "ação", ""]) {
      const res = await proxied.app.inject({
        method: "GET",
        url: apiPaths.healthLive,
        headers: { "x-request-id": given },
      });
      expect(res.headers["x-request-id"], JSON.stringify(given)).toMatch(UUID);
    }
    const longest = "A-z.0_9".padEnd(64, "x");
    const res = await proxied.app.inject({
      method: "GET",
      url: apiPaths.healthLive,
      headers: { "x-request-id": longest },
    });
    expect(res.headers["x-request-id"]).toBe(longest);
  });

  it("writes the id in every log line of the request", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString("utf8").split("\n")) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-reqid-"));
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      PUBLIC_URL: ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: inject("databaseUrl"),
      CLIENT_DIR: path.join(dataDir, "no-client"),
    });
    const database = connectDatabase(inject("databaseUrl"), { max: 2 });
    const mailer = createMailer({ from: config.MAIL_FROM, dataDir, log: { info: () => undefined } });
    const app = await buildApp({
      config,
      database,
      dbMode: "external",
      mailer,
      authSecret: "test-secret-that-is-long-enough-0123456789",
      jobsSchema: `jobs_${randomBytes(4).toString("hex")}`,
      logger: pino({ level: "info" }, sink),
    });
    try {
      await app.ready();
      const res = await app.inject({ method: "GET", url: "/api/nada-aqui" });
      const id = res.headers["x-request-id"];
      const mine = lines.filter((l) => l.reqId === id);
      expect(mine.map((l) => l.msg)).toEqual(
        expect.arrayContaining(["incoming request", "request completed"]),
      );
      // Every line about a request names one.
      const aboutRequests = lines.filter((l) => "req" in l || "res" in l);
      expect(aboutRequests.length).toBeGreaterThanOrEqual(2);
      expect(aboutRequests.filter((l) => typeof l.reqId !== "string")).toEqual([]);
    } finally {
      await app.close();
      mailer.close();
      await database.close();
      await fsp.rm(dataDir, { recursive: true, force: true });
    }
  });
});
