import fsp from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, get, type TestApp } from "../../tests/support/test-app";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { connectDatabase } from "./db/client";
import { createMailer } from "./mail/mailer";

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  t = await createTestApp();
  // A built client of our own making, so the static rules are checked without a Vite build.
  clientDir = path.join(t.dataDir, "client");
  await fsp.mkdir(path.join(clientDir, "assets"), { recursive: true });
  await fsp.writeFile(
    path.join(clientDir, "index.html"),
    "<!doctype html><title>Chave</title><div id=root></div>",
  );
  await fsp.writeFile(path.join(clientDir, "assets", "index-Ab12Cd34.js"), "console.log('chave')");
  await fsp.writeFile(path.join(clientDir, "favicon.svg"), "<svg/>");
});
afterAll(() => t.close());

describe("health", () => {
  it("reports the database", async () => {
    const res = await get(t.app, "/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", database: { ok: true } });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 'degraded' when the database does not answer", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: t.dataDir,
      DATABASE_URL: inject("databaseUrl"),
    });
    const dead = connectDatabase("postgres://nobody@127.0.0.1:1/none");
    const app = await buildApp({
      config,
      database: dead,
      dbMode: "external",
      mailer: createMailer({ from: "x <x@x>", dataDir: t.dataDir, log: { info: () => undefined } }),
      authSecret: "test-secret-that-is-long-enough-0123456789",
    });
    try {
      const res = await get(app, "/api/health");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: "degraded", database: { ok: false, latencyMs: null } });
    } finally {
      await app.close();
      await dead.close();
    }
  });
});

describe("OpenAPI", () => {
  it("documents the API from the zod contracts, with a browsable page", async () => {
    const res = await get(t.app, "/api/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/me",
        "/api/auth/sign-up/email",
        "/api/auth/reset-password",
      ]),
    );
    const signUp = doc.paths["/api/auth/sign-up/email"].post.requestBody.content["application/json"].schema;
    expect(signUp.required).toEqual(expect.arrayContaining(["name", "email", "password"]));
    expect(signUp.properties.password).toMatchObject({ minLength: 8, maxLength: 128 });
    const page = await get(t.app, "/api/docs");
    const html = page.statusCode === 302 ? await get(t.app, String(page.headers.location)) : page;
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain("swagger");
  });
});

describe("errors and security headers", () => {
  it("answers an unknown API path with a pt-BR 404, not the client page", async () => {
    const res = await get(t.app, "/api/nada-aqui");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: "not-found",
      message: "O que você procura não foi encontrado.",
      requestId: res.headers["x-request-id"],
    });
  });

  it("sends a Content-Security-Policy and the other helmet headers", async () => {
    const res = await get(t.app, "/api/health");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("without POSTHOG_KEY the Content-Security-Policy lets the page connect to its own origin only", async () => {
    const res = await get(t.app, "/api/health");
    const csp = String(res.headers["content-security-policy"]);
    const connect = csp
      .split(";")
      .map((d) => d.trim())
      .filter((d) => d.startsWith("connect-src"));
    // No PostHog host (the default us.i.posthog.com nor any other): nothing may leave for it.
    expect(connect).toEqual(["connect-src 'self'"]);
    expect(csp).not.toMatch(/posthog/i);
  });

  it("limits the rate of API calls per node with a pt-BR 429", async () => {
    const small = await createTestApp({ RATE_LIMIT_MAX: "3" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await get(small.app, "/api/me")).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      const res = await get(small.app, "/api/me");
      expect(res.json()).toMatchObject({ code: "rate-limited" });
    } finally {
      await small.close();
    }
  });
});

describe("the built client", () => {
  let web: TestApp;
  beforeAll(async () => {
    web = await createTestApp({ CLIENT_DIR: clientDir });
  });
  afterAll(() => web.close());

  it.each([
    "/",
    "/v3",
    "/AluguelOferta?id=42",
    "/password/reset?token=abc",
    "/Config",
    "/rota/que/nao/existe",
  ])("serves index.html for the client route %s, never cached", async (url) => {
    const res = await get(web.app, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("<div id=root>");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("serves hashed assets with a year-long immutable cache, and 404 for a missing one", async () => {
    const res = await get(web.app, "/assets/index-Ab12Cd34.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missing = await get(web.app, "/assets/index-gone.js");
    expect(missing.statusCode).toBe(404);
    const icon = await get(web.app, "/favicon.svg");
    expect(icon.headers["cache-control"]).toBe("no-cache");
  });
});
