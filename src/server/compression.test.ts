import fsp from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Builders, builders } from "../../tests/support/builders";
import { createTestApp, type TestApp } from "../../tests/support/test-app";

/*
 * Compression (issue 18, decision 023): built assets go out as the build's Brotli or gzip copy,
 * chosen by Accept-Encoding; API JSON and pages above 1 KiB are compressed on the fly; what is
 * already compressed (images, PDFs) and the live-event stream go as they are.
 */

let t: TestApp;
let b: Builders;
let clientDir: string;
const SCRIPT = `console.log(${JSON.stringify("Chave ".repeat(2000))});\n`;
const PAGE = `<!doctype html><html lang="pt-BR"><head><title>Chave</title></head><body><div id="root"></div>${"<!-- -->".repeat(300)}</body></html>`;

/** A page as built: a snapshot's preload, CSS and markup taken out. */
const withoutSnapshot = (html: string) =>
  html.replace(
    /<link rel="preload"[^>]*>|<style id="prerender-style">.*?<\/style>|<div id="prerender">.*?<\/main><\/div>/gs,
    "",
  );

beforeAll(async () => {
  clientDir = await fsp.mkdtemp(path.join((await import("node:os")).tmpdir(), "chave-client-"));
  await fsp.mkdir(path.join(clientDir, "assets"));
  // A build's output: each text file beside its .br and .gz (vite-plugin-compression2 writes them).
  for (const [name, text] of [
    ["index.html", PAGE],
    ["assets/index-abc123.js", SCRIPT],
  ] as const) {
    await fsp.writeFile(path.join(clientDir, name), text);
    await fsp.writeFile(path.join(clientDir, `${name}.br`), brotliCompressSync(text));
    await fsp.writeFile(path.join(clientDir, `${name}.gz`), gzipSync(text));
  }
  t = await createTestApp({ CLIENT_DIR: clientDir });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(async () => {
  await t.close();
  await fsp.rm(clientDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string, cookie?: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: { ...(encoding ? { "accept-encoding": encoding } : {}), ...(cookie ? { cookie } : {}) },
  });

describe("compression", () => {
  it("serves a built asset as its Brotli copy, else its gzip copy, else as it is, cached for good", async () => {
    const br = await get("/assets/index-abc123.js", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await get("/assets/index-abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get("/assets/index-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("serves the page (any client route) compressed and never cached without asking", async () => {
    for (const url of ["/", "/Config"]) {
      const page = await get(url, "br, gzip");
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["content-encoding"], url).toBe("br");
      // A visitor's `/` carries the snapshot of its first results when there are any (decision 025).
      expect(withoutSnapshot(brotliDecompressSync(page.rawPayload).toString()), url).toBe(PAGE);
      expect(page.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("compresses API JSON above 1 KiB on the fly, and leaves a small answer as it is", async () => {
    const big = await get("/api/docs/json", "gzip, deflate, br");
    expect(big.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty("openapi");
    const gz = await get("/api/docs/json", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const small = await get("/api/health", "gzip, br");
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("sends what is already compressed (a photo) and the live-event stream as they are", async () => {
    const landlord = await b.person("Yara");
    await b.offer({ landlord });
    const { rows } = await t.database.pool.query<{ id: string }>(
      "SELECT d.id FROM documents d JOIN users u ON u.id = d.owner_id WHERE u.email = $1 AND d.kind = 'foto_unidade'",
      [landlord.email],
    );
    const photo = await get(`/api/photos/${rows[0]?.id}`, "gzip, br");
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-encoding"]).toBeUndefined();

    // The stream's headers, read over a real connection (it never ends by itself).
    const { port } = t.app.server.address() as AddressInfo;
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const req = http.get(
        {
          host: "127.0.0.1",
          port,
          path: "/api/events",
          headers: { cookie: landlord.cookie, "accept-encoding": "gzip, br" },
        },
        (res) => {
          resolve(res.headers);
          req.destroy();
        },
      );
      req.on("error", reject);
    });
    expect(headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(headers["content-encoding"]).toBeUndefined();
  });
});
