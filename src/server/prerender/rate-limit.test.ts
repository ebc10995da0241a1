import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, uniqueIp } from "../../../tests/support/test-app";

/*
 * Issue 28: the server-rendered `/` and `/AluguelOferta` (each a search or an offer read from the
 * database) were outside every rate limit: 1,182 searches a second from one address, where
 * `/api/search` allows 600 a minute. Every page is now counted per address, as the API is; the
 * built assets a page pulls in are not.
 */

const INDEX = `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><title>Chave</title>
<script type="module" crossorigin src="/assets/index-Ab12.js"></script></head>
<body><div id="root"></div></body></html>`;

const LIMIT = 8;
let clientDir: string;
let t: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  clientDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-page-limit-"));
  await fsp.writeFile(path.join(clientDir, "index.html"), INDEX);
  await fsp.mkdir(path.join(clientDir, "assets"));
  await fsp.writeFile(path.join(clientDir, "assets", "index-Ab12.js"), "console.log(1);\n");
  await fsp.writeFile(path.join(clientDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  t = await createTestApp({ CLIENT_DIR: clientDir, RATE_LIMIT_MAX: String(LIMIT) });
  proxied = await createTestApp({
    CLIENT_DIR: clientDir,
    RATE_LIMIT_MAX: String(LIMIT),
    TRUST_PROXY: "true",
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await proxied?.close();
  await fsp.rm(clientDir, { recursive: true, force: true });
});

const visit = (url: string, ip: string, app = t, headers: Record<string, string> = {}) =>
  app.app.inject({ method: "GET", url, remoteAddress: ip, headers });

describe("pages under the per-address rate limit", () => {
  it("answers the server-rendered pages 429 past the limit, with Retry-After and a pt-BR page", async () => {
    const ip = uniqueIp();
    const pages = [
      "/",
      "/?cidade=Campinas",
      `/AluguelOferta?id=${randomUUID()}`,
      "/AluguelOferta?id=nao-existe",
    ];
    for (let i = 0; i < LIMIT; i++) {
      const res = await visit(pages[i % pages.length] as string, ip);
      expect(res.statusCode, `page ${i + 1}`).toBe(200);
    }
    for (const url of pages) {
      const res = await visit(url, ip);
      expect(res.statusCode, url).toBe(429);
      const retryAfter = Number(res.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toContain('<html lang="pt-BR">');
      expect(res.body).toContain("Muitos acessos em pouco tempo");
      expect(res.body).toMatch(/Aguarde (um segundo|\d+ segundos) e recarregue a página/);
      // Small, and nothing of the app (no script, no snapshot, no database work).
      expect(res.body.length).toBeLessThan(1024);
      expect(res.body).not.toContain("<script");
      // The security headers every answer carries.
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    }
    // Another address is not held back by this one.
    expect((await visit("/", uniqueIp())).statusCode).toBe(200);
  });

  it("counts the client routes index.html answers too, and HEAD", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LIMIT; i++) expect((await visit("/entrar", ip)).statusCode).toBe(200);
    expect((await visit("/Config", ip)).statusCode).toBe(429);
    expect((await t.app.inject({ method: "HEAD", url: "/", remoteAddress: ip })).statusCode).toBe(429);
  });

  it("never counts the assets a page pulls in: a visit is not slowed", async () => {
    const ip = uniqueIp();
    // A person's pace: a page, then its assets, several times; the assets alone far over the limit.
    for (let page = 0; page < LIMIT; page++) {
      expect((await visit(page % 2 ? "/" : "/entrar", ip)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) {
        expect((await visit("/assets/index-Ab12.js", ip)).statusCode).toBe(200);
        expect((await visit("/favicon.svg", ip)).statusCode).toBe(200);
      }
    }
    // Out of pages, the assets still come (a page already open keeps working).
    expect((await visit("/", ip)).statusCode).toBe(429);
    expect((await visit("/assets/index-Ab12.js", ip)).statusCode).toBe(200);
  });

  it("pages and the API are counted apart, each at RATE_LIMIT_MAX a minute", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LIMIT; i++) expect((await visit("/", ip)).statusCode).toBe(200);
    expect((await visit("/", ip)).statusCode).toBe(429);
    const api = await visit("/api/search", ip);
    expect(api.statusCode).toBe(200);
    expect(api.headers["x-ratelimit-limit"]).toBe(String(LIMIT));
  });

  it("behind a proxy (TRUST_PROXY), counts each visitor by X-Forwarded-For", async () => {
    const balancer = uniqueIp();
    const [ana, bia] = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < LIMIT; i++)
      expect((await visit("/", balancer, proxied, { "x-forwarded-for": ana })).statusCode).toBe(200);
    expect((await visit("/", balancer, proxied, { "x-forwarded-for": ana })).statusCode).toBe(429);
    expect((await visit("/", balancer, proxied, { "x-forwarded-for": bia })).statusCode).toBe(200);
    // Without TRUST_PROXY the header is the client's own word: it changes nothing.
    const ip = uniqueIp();
    for (let i = 0; i < LIMIT; i++) await visit("/", ip, t, { "x-forwarded-for": uniqueIp() });
    expect((await visit("/", ip, t, { "x-forwarded-for": uniqueIp() })).statusCode).toBe(429);
  });
});
