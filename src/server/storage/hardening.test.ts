import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf, makePng, PNG_1X1 } from "../../../tests/support/files";
import { jpegDeclaring, pngDeclaring, webpDeclaring } from "../../../tests/support/image-headers";
import { createTestApp, ORIGIN, signUp, type TestApp } from "../../../tests/support/test-app";
import { createUpload, type TusTarget, tusRequest, uploadBytes } from "../../../tests/support/tus";
import {
  listQuery,
  type StoredDocument,
  updateMetadataInput,
  uploadMetadata,
} from "../../shared/contracts/storage";
import { isErrorCode } from "../../shared/errors";
import { catalogueAnswer } from "./tus";

/*
 * Issue 13, files, headers and storage input: each finding of the attack run, reproduced.
 */

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function user(app = t.app, base = baseUrl) {
  const u = await signUp(app);
  return { ...u, target: { baseUrl: base, cookie: u.cookie, origin: ORIGIN } satisfies TusTarget };
}

const photo = { filename: "sala.png", kind: "foto_unidade", folder: "camera" };

function api(method: "GET" | "PATCH" | "POST", url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: ORIGIN,
      cookie,
      ...(payload !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(payload !== undefined
      ? { payload: typeof payload === "string" ? payload : JSON.stringify(payload) }
      : {}),
  });
}

/** A pt-BR catalogue error: a known code and a message in Portuguese, never tus's English text. */
function expectCatalogueError(body: string) {
  const parsed = JSON.parse(body) as { code: unknown; message: unknown };
  expect(isErrorCode(parsed.code), body).toBe(true);
  expect(typeof parsed.message).toBe("string");
  expect(parsed.message).not.toMatch(/\b(invalid|required|header|unsupported|not found)\b/i);
  return parsed as { code: string; message: string };
}

describe("images' declared dimensions", () => {
  it("refuses a PNG declaring 50000×50000 pixels, and keeps nothing of it", async () => {
    const u = await user();
    const res = await uploadBytes(u.target, pngDeclaring(50_000, 50_000), photo);
    expect(res.status).toBe(413);
    const body = expectCatalogueError(res.body);
    expect(body.code).toBe("image-too-large");
    expect(body.message).toContain("40 megapixels");
    expect(body.message).toContain("50.000 × 50.000");
    expect((await api("GET", "/api/storage/objects", u.cookie)).json().items).toEqual([]);
    expect((await api("GET", "/api/storage/usage", u.cookie)).json().used).toBe(0);
    const id = String(res.headers.location ?? "")
      .split("/")
      .pop();
    const files = fs.readdirSync(path.join(t.dataDir, "files"));
    expect(files.filter((f) => id && f.startsWith(id))).toEqual([]);
  });

  it("refuses JPEG and WebP bombs too, and a header it cannot read", async () => {
    const u = await user();
    for (const bytes of [jpegDeclaring(65_000, 65_000), webpDeclaring(16_000, 16_000)]) {
      const res = await uploadBytes(u.target, bytes, photo);
      expect(res.status).toBe(413);
      expect(expectCatalogueError(res.body).code).toBe("image-too-large");
    }
    // A PNG signature with no image header after it: not an image anyone can check, so refused.
    const broken = Buffer.concat([pngDeclaring(10, 10).subarray(0, 8), Buffer.from("IHDR-not-really")]);
    const res = await uploadBytes(u.target, broken, photo);
    expect(res.status).toBe(415);
    expect(expectCatalogueError(res.body).code).toBe("invalid-format");
  });

  it("finds a JPEG's frame header past long metadata segments", async () => {
    const u = await user();
    // 300 KB of APP2 segments (as a long ICC profile) before the frame header, sent in chunks.
    const big = await uploadBytes(u.target, jpegDeclaring(65_000, 65_000, 300_000), photo, 64 * 1024);
    expect(big.status).toBe(413);
    expect(big.json().code).toBe("image-too-large");
    const fine = await uploadBytes(u.target, jpegDeclaring(4000, 3000, 300_000), photo, 64 * 1024);
    expect(fine.status).toBe(204);
    expect(fine.json<StoredDocument>().contentType).toBe("image/jpeg");
  });

  it("accepts ordinary photos, and the limit follows IMAGE_MAX_PIXELS", async () => {
    const u = await user();
    expect((await uploadBytes(u.target, pngDeclaring(8000, 5000), photo)).status).toBe(201);
    const small = await createTestApp({ IMAGE_MAX_PIXELS: "400" });
    try {
      await small.app.listen({ port: 0, host: "127.0.0.1" });
      const base = `http://127.0.0.1:${(small.app.server.address() as AddressInfo).port}`;
      const v = await user(small.app, base);
      expect((await uploadBytes(v.target, makePng(20, 20, [10, 20, 30]), photo)).status).toBe(201);
      const over = await uploadBytes(v.target, makePng(21, 20, [10, 20, 30]), photo);
      expect(over.status).toBe(413);
      expect(over.json().message).toContain("0,0004 megapixels");
    } finally {
      await small.close();
    }
  });
});

describe("PDFs are parsed, not only sniffed (issue 29)", () => {
  it("refuses random bytes after a %PDF header with a pt-BR 415, and keeps nothing of it", async () => {
    const u = await user();
    const corrupt = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(20_000)]);
    const res = await uploadBytes(u.target, corrupt, {
      ...photo,
      kind: "comprovante_renda",
      filename: "holerite.pdf",
    });
    expect(res.status).toBe(415);
    const body = expectCatalogueError(res.body);
    expect(body.code).toBe("invalid-format");
    expect(body.message).toMatch(/PDF.*corrompido/);
    expect((await api("GET", "/api/storage/objects", u.cookie)).json().items).toEqual([]);
    expect((await api("GET", "/api/storage/usage", u.cookie)).json().used).toBe(0);
  });

  it("still accepts a real PDF, also one larger than the first bytes it sniffs", async () => {
    const u = await user();
    for (const pdf of [await makePdf(2), await makePdf(1, 400_000)]) {
      const res = await uploadBytes(
        u.target,
        pdf,
        { ...photo, kind: "comprovante_renda", filename: "holerite.pdf" },
        64 * 1024,
      );
      // 201 when sent in one request, 204 for the last of several chunks.
      expect([201, 204], res.body).toContain(res.status);
      expect(res.json<StoredDocument>().contentType).toBe("application/pdf");
    }
  });
});

// --- names ------------------------------------------------------------------------------------

async function download(cookie: string, id: string, disposition: "inline" | "attachment" = "attachment") {
  const link = (
    await api("POST", `/api/storage/objects/${id}/download-url?disposition=${disposition}`, cookie)
  ).json();
  return fetch(`${baseUrl}${link.url}`);
}

describe("download names", () => {
  it("names a PDF/HTML polyglot called comprovante.html .pdf, served as a PDF", async () => {
    const u = await user();
    const pdf = await makePdf(1);
    const polyglot = Buffer.concat([
      pdf,
      Buffer.from("\n<html><script>alert(document.cookie)</script></html>\n"),
    ]);
    const res = await uploadBytes(u.target, polyglot, {
      ...photo,
      kind: "comprovante_renda",
      filename: "comprovante.html",
    });
    const doc = res.json<StoredDocument>();
    expect(doc.contentType).toBe("application/pdf");
    const file = await download(u.cookie, doc.id);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="comprovante.pdf"; filename*=UTF-8''comprovante.pdf`,
    );
  });

  it("gives every download the extension of what the bytes are", async () => {
    const u = await user();
    const cases: [string, Buffer, string][] = [
      ["foto.pdf", PNG_1X1, "foto.png"],
      ["foto.jpeg", jpegDeclaring(10, 10), "foto.jpeg"],
      ["foto.JPG", jpegDeclaring(10, 10), "foto.JPG"],
      ["Relatório v1.2", PNG_1X1, "Relatório v1.2.png"],
      ["sem extensão", PNG_1X1, "sem extensão.png"],
    ];
    for (const [filename, bytes, expected] of cases) {
      const doc = (await uploadBytes(u.target, bytes, { ...photo, filename })).json<StoredDocument>();
      const file = await download(u.cookie, doc.id, "inline");
      expect(file.headers.get("content-disposition"), filename).toContain(
        `filename*=UTF-8''${encodeURIComponent(expected)}`,
      );
    }
  });

  it("strips control characters and bidirectional overrides from names", async () => {
    const u = await user();
    const res = await uploadBytes(u.target, PNG_1X1, {
      ...photo,
      filename: "fatura\u202Efdp.exe\u0007\u0000",
    });
    expect(res.status).toBe(201);
    const doc = res.json<StoredDocument>();
    expect(doc.fileName).toBe("faturafdp.exe");
    const renamed = await api("PATCH", `/api/storage/objects/${doc.id}`, u.cookie, {
      fileName: "\u2066\u200Fconta\u202A\u202B\u202C\u202D\u2067\u2068\u2069\u200E\u001f\u007f\u0085.png",
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().fileName).toBe("conta.png");
    const file = await download(u.cookie, doc.id);
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="conta.png"; filename*=UTF-8''conta.png`,
    );
    // Nothing left once they are gone, or a lone surrogate: a name that cannot be kept.
    const empty = await api("PATCH", `/api/storage/objects/${doc.id}`, u.cookie, {
      fileName: "\u202E\u0007",
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("O nome do arquivo é inválido: use até 200 caracteres, sem barras.");
    const surrogate = await api("PATCH", `/api/storage/objects/${doc.id}`, u.cookie, {
      fileName: "foto\ud800.png",
    });
    expect(surrogate.statusCode).toBe(400);
    expectCatalogueError(surrogate.body);
  });
});

// --- the disk -----------------------------------------------------------------------------------

describe("file modes with STORAGE=fs", () => {
  it("writes uploads and generated files 0600 in a 0700 directory", async () => {
    const u = await user();
    const doc = (
      await uploadBytes(u.target, await makePdf(1, 300_000), { ...photo, filename: "a.pdf" })
    ).json<StoredDocument>();
    const dir = path.join(t.dataDir, "files");
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, doc.id)).mode & 0o777).toBe(0o600);
    const generated = await t.database.pool.connect();
    try {
      const id = await t.app.storage.storeGenerated(generated, {
        ownerId: u.userId,
        kind: "contrato",
        folder: "contratos",
        fileName: "contrato.pdf",
        contentType: "application/pdf",
        bytes: await makePdf(1),
        sha256: "0".repeat(64),
        readers: [],
      });
      expect(fs.statSync(path.join(dir, id)).mode & 0o777).toBe(0o600);
    } finally {
      generated.release();
    }
  });

  it("tightens a files directory an older version left open", async () => {
    const dataDir = fs.mkdtempSync(path.join(t.dataDir, "older-"));
    fs.mkdirSync(path.join(dataDir, "files"), { mode: 0o755 });
    fs.chmodSync(path.join(dataDir, "files"), 0o755);
    const older = await createTestApp({ DATA_DIR: dataDir });
    try {
      expect(fs.statSync(path.join(dataDir, "files")).mode & 0o777).toBe(0o700);
    } finally {
      await older.close();
    }
  });
});

// --- headers ------------------------------------------------------------------------------------

describe("headers", () => {
  it("sends a Permissions-Policy allowing only the camera, to our own origin, on every response", async () => {
    const u = await user();
    const answers = [
      (await t.app.inject({ method: "GET", url: "/api/health" })).headers["permissions-policy"],
      (await t.app.inject({ method: "GET", url: "/api/nada" })).headers["permissions-policy"],
      (await t.app.inject({ method: "GET", url: "/api/docs/json" })).headers["permissions-policy"],
      (await tusRequest(u.target, "OPTIONS", "/api/storage/uploads", {})).headers["permissions-policy"],
      (await createUpload(u.target, 10, photo)).headers["permissions-policy"],
    ];
    for (const policy of answers) {
      expect(policy).toContain("camera=(self)");
      for (const denied of ["microphone=()", "geolocation=()", "payment=()", "usb=()"])
        expect(policy).toContain(denied);
      expect(String(policy)).not.toContain("*");
    }
  });

  it("ends a tus answer even when writing it fails past Fastify (OPTIONS through inject)", async () => {
    // light-my-request's response throws on end(callback), which tus's 204s use: the request hung.
    const u = await user();
    const res = await t.app.inject({
      method: "OPTIONS",
      url: "/api/storage/uploads",
      headers: { origin: ORIGIN, cookie: u.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["tus-version"]).toBe("1.0.0");
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("answers tus without wildcard CORS, to our origin or any other", async () => {
    const u = await user();
    const created = await createUpload(u.target, 10, photo);
    const location = created.headers.location as string;
    for (const origin of [ORIGIN, "https://evil.example"]) {
      const target = { ...u.target, origin };
      const answers = [
        created,
        await tusRequest(target, "OPTIONS", "/api/storage/uploads", {
          "Access-Control-Request-Method": "POST",
        }),
        await tusRequest(target, "HEAD", location, {}),
        await tusRequest(target, "PATCH", location, {
          "Upload-Offset": "0",
          "Content-Type": "application/offset+octet-stream",
        }),
      ];
      for (const res of answers) {
        const allowed = res.headers["access-control-allow-origin"];
        expect(allowed === undefined || allowed === ORIGIN, `${origin}: ${allowed}`).toBe(true);
        expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
      }
    }
  });

  it("keeps upgrade-insecure-requests off the docs page on plain http, and on it over https", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    const secure = await createTestApp({ PUBLIC_URL: "https://chave.example.com" });
    try {
      const res = await secure.app.inject({ method: "GET", url: "/api/docs" });
      expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    } finally {
      await secure.close();
    }
  });
});

// --- storage input that crashed ------------------------------------------------------------------

function token(value: unknown): string {
  return Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");
}

describe("storage input", () => {
  it("answers forged page cursors with 400 invalid-page-token", async () => {
    const u = await user();
    const uuid = "00000000-0000-4000-8000-000000000000";
    const forged = [
      token(["1", uuid]),
      token(["2026-13-45 10:00:00+00", uuid]),
      token(["2026-02-30 10:00:00+00", uuid]),
      token(["275760-09-13T00:00:00Z", uuid]),
      token(["2026-11-23 10:00:00+00", "------------------------------------"]),
      token(["2026-11-23 10:00:00+00", "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz"]),
      token(["2026-11-23 10:00:00+00\u0000", uuid]),
      token({ a: 1 }),
      token("not json"),
      "%%%",
      "bm9wZQ",
    ];
    for (const pageToken of forged) {
      const res = await api(
        "GET",
        `/api/storage/objects?pageToken=${encodeURIComponent(pageToken)}`,
        u.cookie,
      );
      expect(res.statusCode, pageToken).toBe(400);
      expect(res.json(), pageToken).toMatchObject({
        code: "invalid-page-token",
        message: "O marcador de página é inválido. Recarregue a lista.",
      });
    }
  });

  it("refuses a NUL byte or a lone surrogate in custom metadata with 400", async () => {
    const u = await user();
    const doc = (await uploadBytes(u.target, PNG_1X1, photo)).json<StoredDocument>();
    const bodies = [
      { customMetadata: { pagina: "1\u00002" } },
      { customMetadata: { "pa\u0000gina": "1" } },
      { customMetadata: { pagina: "\ud800" } },
      { customMetadata: { "\udc00": "1" } },
    ];
    for (const body of bodies) {
      const res = await api("PATCH", `/api/storage/objects/${doc.id}`, u.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectCatalogueError(res.body);
    }
    // The document is unchanged.
    expect((await api("GET", `/api/storage/objects/${doc.id}`, u.cookie)).json().customMetadata).toEqual({});
  });

  it("refuses unknown fields in storage input", async () => {
    const u = await user();
    const doc = (await uploadBytes(u.target, PNG_1X1, photo)).json<StoredDocument>();
    const patch = await api("PATCH", `/api/storage/objects/${doc.id}`, u.cookie, {
      fileName: "a.png",
      ownerId: "x",
    });
    expect(patch.statusCode).toBe(400);
    expectCatalogueError(patch.body);
    const list = await api("GET", "/api/storage/objects?pageSize=5&owner=someone", u.cookie);
    expect(list.statusCode).toBe(400);
    const upload = await createUpload(u.target, 10, { ...photo, owner: "someone" } as typeof photo);
    expect(upload.status).toBe(400);
    expectCatalogueError(upload.body);
  });

  it("answers Upload-Concat with a catalogue error in JSON", async () => {
    const u = await user();
    for (const concat of ["partial", "final;/api/storage/uploads/a /api/storage/uploads/b"]) {
      const res = await tusRequest(u.target, "POST", "/api/storage/uploads", {
        "Upload-Concat": concat,
        "Upload-Length": "10",
        "Upload-Metadata": "filename YS5wbmc=,kind Zm90b191bmlkYWRl,folder Y2FtZXJh",
      });
      expect(res.status, concat).toBeGreaterThanOrEqual(400);
      expect(res.status, concat).toBeLessThan(500);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(expectCatalogueError(res.body).code).toBe("upload-concat-unsupported");
    }
  });

  it("answers tus's header errors as the app's JSON in pt-BR", async () => {
    const u = await user();
    const created = await createUpload(u.target, 10, photo);
    const location = created.headers.location as string;
    const meta = "filename YS5wbmc=,kind Zm90b191bmlkYWRl,folder Y2FtZXJh";
    const cases: [string, string, Record<string, string>][] = [
      ["POST", "/api/storage/uploads", { "Upload-Length": "abc", "Upload-Metadata": meta }],
      ["POST", "/api/storage/uploads", { "Upload-Length": "-1", "Upload-Metadata": meta }],
      ["POST", "/api/storage/uploads", { "Upload-Length": "10", "Upload-Metadata": "filename %%%,kind" }],
      [
        "POST",
        "/api/storage/uploads",
        { "Upload-Length": "10", "Upload-Defer-Length": "2", "Upload-Metadata": meta },
      ],
      [
        "POST",
        "/api/storage/uploads",
        { "Upload-Length": "10", "Upload-Metadata": meta, "Tus-Resumable": "0.2.2" },
      ],
      ["PATCH", location, { "Upload-Offset": "-1", "Content-Type": "application/offset+octet-stream" }],
      ["PATCH", location, { "Upload-Offset": "01", "Content-Type": "application/offset+octet-stream" }],
      ["PATCH", location, { "Upload-Offset": "0", "Content-Type": "text/html" }],
      ["HEAD", location, { "Tus-Resumable": "2.0.0" }],
      ["DELETE", location, { "X-Forwarded-Proto": "gopher" }],
    ];
    for (const [method, url, headers] of cases) {
      const res = await tusRequest(
        u.target,
        method,
        url,
        headers,
        method === "PATCH" ? Buffer.from("x") : undefined,
      );
      const label = `${method} ${JSON.stringify(headers)}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      // HEAD has no body; its status and our JSON type still say what happened.
      expect(res.headers["content-type"], label).toContain("application/json");
      if (method !== "HEAD") expectCatalogueError(res.body);
    }
    // Without Tus-Resumable at all, too.
    const bare = await fetch(`${baseUrl}/api/storage/uploads`, {
      method: "POST",
      headers: { cookie: u.cookie, origin: ORIGIN, "Upload-Length": "10", "Upload-Metadata": meta },
    });
    expect(bare.status).toBe(412);
    expect(bare.headers.get("content-type")).toContain("application/json");
    expect(bare.headers.get("tus-version")).toBe("1.0.0");
    expect(expectCatalogueError(await bare.text()).code).toBe("unsupported-upload-version");
  });

  it("turns whatever tus still writes in plain text into the catalogue", () => {
    // tus's own words (@tus/server 2): if an upgrade changes them, this says so.
    const cases: [number, string, number, string][] = [
      [412, "Tus-Resumable Required\n", 412, "unsupported-upload-version"],
      [400, "Invalid upload-length tus-resumable\n", 400, "invalid-upload-header"],
      [404, "Not found\n", 404, "object-not-found"],
      [501, "creation-defer-length extension is not (yet) supported.\n", 501, "unknown"],
    ];
    for (const [status, text, answered, code] of cases) {
      const answer = catalogueAnswer(status, text);
      expect(answer.status, text).toBe(answered);
      expect(expectCatalogueError(answer.body).code).toBe(code);
    }
    const ours = JSON.stringify({ code: "quota-exceeded", message: "Você atingiu o limite." });
    expect(catalogueAnswer(402, ours)).toEqual({ status: 402, body: ours });
  });
});

describe("the storage contracts on their own", () => {
  // The app's input guard refuses NUL and lone surrogates in JSON before any contract runs; the
  // contracts hold without it (tus metadata, for one, never passes through that guard).
  it("refuse a NUL byte or a lone surrogate in custom metadata, keys and values", () => {
    for (const customMetadata of [
      { a: "1\u00002" },
      { "a\u0000": "1" },
      { a: "\ud800" },
      { "\udc00x": "1" },
    ]) {
      const result = updateMetadataInput.safeParse({ customMetadata });
      expect(result.success, JSON.stringify(customMetadata)).toBe(false);
      expect(result.error?.issues.every((i) => i.message === "invalid-metadata")).toBe(true);
    }
    expect(updateMetadataInput.safeParse({ customMetadata: { pagina: "1", "😀": "ok 😀" } }).success).toBe(
      true,
    );
  });

  it("take control and bidirectional characters out of names, and refuse unknown fields", () => {
    const meta = uploadMetadata.parse({
      filename: "fatura\u202Efdp.exe\u0000",
      kind: "cpf",
      folder: "perfil",
    });
    expect(meta.filename).toBe("faturafdp.exe");
    const unknown = uploadMetadata.safeParse({
      filename: "a.pdf",
      kind: "cpf",
      folder: "perfil",
      owner: "x",
    });
    expect(unknown.error?.issues[0]?.message).toBe("unknown-field");
    expect(listQuery.safeParse({ pageSize: "5", owner: "x" }).success).toBe(false);
    expect(listQuery.safeParse({ pageToken: "x".repeat(201) }).error?.issues[0]?.message).toBe(
      "invalid-page-token",
    );
  });
});
