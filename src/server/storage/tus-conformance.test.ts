import { createHash, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { type DetailedError, type HttpResponse, Upload } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../../../tests/support/files";
import { createTestApp, ORIGIN, signUp, type TestApp } from "../../../tests/support/test-app";
import {
  createUpload,
  headUpload,
  patchUpload,
  type TusTarget,
  tusRequest,
  uploadBytes,
} from "../../../tests/support/tus";
import type { StoredDocument } from "../../shared/contracts/storage";
import ptBR from "../../shared/locales/pt-BR.json";

/*
 * Issue 28: tus 1.0.0 (https://tus.io/protocols/resumable-upload) as written, with the official
 * tus-js-client (in Node) and with raw requests, one finding each: the final PATCH answered 200
 * with a JSON body instead of 204; a wrong Content-Type got 400 instead of 415;
 * creation-defer-length was advertised but refused; DELETE of a finished upload got a misleading
 * 400; OPTIONS without a session got 401. And ids that are not UUIDs (36 dashes) were a 500.
 */

let t: TestApp;
let baseUrl: string;
const meta = { filename: "contrato.pdf", kind: "comprovante_renda", folder: "documentos" };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function person(): Promise<{ cookie: string; target: TusTarget }> {
  const { cookie } = await signUp(t.app);
  return { cookie, target: { baseUrl, cookie, origin: ORIGIN } };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function documentOf(cookie: string, id: string) {
  return t.app.inject({ method: "GET", url: `/api/storage/objects/${id}`, headers: { cookie } });
}

/** A catalogue error in pt-BR: the code, and a message that is the catalogue's. */
function expectError(body: string, code: keyof typeof ptBR.errors) {
  const parsed = JSON.parse(body) as { code: string; message: string };
  expect(parsed.code).toBe(code);
  expect(parsed.message).toBe(ptBR.errors[code]);
}

interface ClientResult {
  url: string | null;
  last?: HttpResponse;
  error?: DetailedError;
}

/** tus-js-client, as the browser runs it, but in Node: no retries, so a refusal shows at once. */
function clientUpload(
  cookie: string,
  bytes: Buffer,
  options: { chunkSize?: number; uploadLengthDeferred?: boolean; uploadDataDuringCreation?: boolean } = {},
): Promise<ClientResult> {
  return new Promise((resolve) => {
    const upload: Upload = new Upload(bytes, {
      endpoint: `${baseUrl}/api/storage/uploads`,
      headers: { cookie, origin: ORIGIN },
      metadata: meta,
      chunkSize: options.chunkSize ?? Number.POSITIVE_INFINITY,
      uploadLengthDeferred: options.uploadLengthDeferred ?? false,
      uploadDataDuringCreation: options.uploadDataDuringCreation ?? false,
      retryDelays: [],
      onSuccess: ({ lastResponse }) => resolve({ url: upload.url, last: lastResponse }),
      onError: (error) => resolve({ url: upload.url, error: error as DetailedError }),
    });
    upload.start();
  });
}

describe("the final PATCH", () => {
  it("answers 204 No Content without a body (tus-js-client, in chunks)", async () => {
    const u = await person();
    const pdf = await makePdf(1, 600_000);
    const result = await clientUpload(u.cookie, pdf, { chunkSize: 256 * 1024 });
    expect(result.error).toBeUndefined();
    expect(result.last?.getStatus()).toBe(204);
    expect(result.last?.getBody()).toBe("");
    // The document has the upload's id: the client reads it there.
    const id = result.url?.split("/").pop() as string;
    const doc = await documentOf(u.cookie, id);
    expect(doc.statusCode).toBe(200);
    expect(doc.json<StoredDocument>()).toMatchObject({ id, size: pdf.length, sha256: sha256(pdf) });
  });

  it("answers 204 with Upload-Offset and no body (raw)", async () => {
    const u = await person();
    const pdf = await makePdf(1, 300_000);
    const created = await createUpload(u.target, pdf.length, meta);
    expect(created.status).toBe(201);
    // No content, so no media type (not the text/plain a Fetch Response gives an empty string).
    expect(created.body).toBe("");
    expect(created.headers["content-type"]).toBeUndefined();
    const location = created.headers.location as string;
    const half = 100_000;
    const first = await patchUpload(u.target, location, 0, pdf.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers["upload-offset"]).toBe(String(half));
    const last = await patchUpload(u.target, location, half, pdf.subarray(half));
    expect(last.status).toBe(204);
    expect(last.body).toBe("");
    expect(last.headers["content-type"]).toBeUndefined();
    expect(last.headers["upload-offset"]).toBe(String(pdf.length));
    expect(last.headers["tus-resumable"]).toBe("1.0.0");
    const id = location.split("/").pop() as string;
    expect((await documentOf(u.cookie, id)).json<StoredDocument>().sha256).toBe(sha256(pdf));
  });

  it("a creation-with-upload POST that carries every byte stays 201, with the document", async () => {
    const u = await person();
    const pdf = await makePdf(1);
    const result = await clientUpload(u.cookie, pdf, { uploadDataDuringCreation: true });
    expect(result.last?.getStatus()).toBe(201);
    expect(JSON.parse(result.last?.getBody() ?? "{}")).toMatchObject({ size: pdf.length });
  });
});

describe("a PATCH's Content-Type", () => {
  it("anything but application/offset+octet-stream, or none, is 415, and the upload is untouched", async () => {
    const u = await person();
    const created = await createUpload(u.target, 1000, meta);
    const location = created.headers.location as string;
    for (const type of ["text/plain", "application/octet-stream", "application/json", undefined]) {
      const res = await tusRequest(
        u.target,
        "PATCH",
        location,
        { "Upload-Offset": "0", ...(type ? { "Content-Type": type } : {}) },
        Buffer.alloc(10),
      );
      expect(res.status, String(type)).toBe(415);
      expect(res.headers["tus-resumable"]).toBe("1.0.0");
      expectError(res.body, "upload-content-type");
    }
    expect((await headUpload(u.target, location)).headers["upload-offset"]).toBe("0");
  });
});

describe("discovery (OPTIONS)", () => {
  it("needs no session, and says what the server does", async () => {
    for (const path of ["/api/storage/uploads", `/api/storage/uploads/${randomUUID()}`]) {
      const res = await tusRequest({ baseUrl }, "OPTIONS", path, {});
      expect(res.status, path).toBe(204);
      expect(res.headers["tus-version"]).toBe("1.0.0");
      expect(res.headers["tus-resumable"]).toBe("1.0.0");
      expect(String(res.headers["tus-extension"]).split(",").sort()).toEqual(
        ["creation", "creation-with-upload", "expiration", "termination"].sort(),
      );
      expect(res.headers["tus-max-size"]).toBe(String(t.config.UPLOAD_MAX_SIZE));
      // Same origin only: no CORS answer to anyone.
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    }
  });

  it("everything else still needs one", async () => {
    const res = await createUpload({ baseUrl, origin: ORIGIN }, 10, meta);
    expect(res.status).toBe(401);
    expectError(res.body, "unauthenticated");
  });
});

describe("creation-defer-length", () => {
  it("is not advertised, and an upload without its size is refused with a clear 400 (tus-js-client)", async () => {
    const u = await person();
    const result = await clientUpload(u.cookie, await makePdf(1), { uploadLengthDeferred: true });
    expect(result.error?.originalResponse?.getStatus()).toBe(400);
    expectError(result.error?.originalResponse?.getBody() ?? "", "upload-length-required");
  });

  it("raw: Upload-Defer-Length on POST, and Upload-Length on a PATCH, are 400 in the catalogue", async () => {
    const u = await person();
    const deferred = await tusRequest(u.target, "POST", "/api/storage/uploads", {
      "Upload-Defer-Length": "1",
      "Upload-Metadata": `filename ${Buffer.from("a.pdf").toString("base64")}`,
    });
    expect(deferred.status).toBe(400);
    expectError(deferred.body, "upload-length-required");
    const created = await createUpload(u.target, 1000, meta);
    const late = await tusRequest(u.target, "PATCH", created.headers.location as string, {
      "Upload-Offset": "0",
      "Upload-Length": "1000",
      "Content-Type": "application/offset+octet-stream",
    });
    expect(late.status).toBe(400);
    expect(JSON.parse(late.body).code).toBe("invalid-upload-header");
  });
});

describe("termination", () => {
  it("a finished upload is a document: DELETE is 403 with a clear message, and the document stays", async () => {
    const u = await person();
    const pdf = await makePdf(1);
    const done = await uploadBytes(u.target, pdf, meta);
    const location = done.headers.location as string;
    const res = await tusRequest(u.target, "DELETE", location, {});
    expect(res.status).toBe(403);
    expectError(res.body, "upload-finished");
    expect(ptBR.errors["upload-finished"]).toContain("Meus documentos");
    expect((await documentOf(u.cookie, location.split("/").pop() as string)).statusCode).toBe(200);
  });

  it("tus-js-client: terminating a finished upload fails at once with 403; an unfinished one goes (204)", async () => {
    const u = await person();
    const finished = await clientUpload(u.cookie, await makePdf(1));
    const url = finished.url as string;
    // With tus-js-client's default retries (0, 1, 3 and 5 s), which a 409 would go through: one
    // request, refused at once.
    let sent = 0;
    const refused = await Upload.terminate(url, {
      headers: { cookie: u.cookie, origin: ORIGIN },
      onBeforeRequest: () => {
        sent++;
      },
    }).then(
      () => null,
      (err: DetailedError) => err,
    );
    expect(sent).toBe(1);
    expect(refused?.originalResponse?.getStatus()).toBe(403);
    expectError(refused?.originalResponse?.getBody() ?? "", "upload-finished");

    const created = await createUpload(u.target, 5000, meta);
    const open = new URL(created.headers.location as string, baseUrl).toString();
    await Upload.terminate(open, { headers: { cookie: u.cookie, origin: ORIGIN } });
    expect((await headUpload(u.target, open)).status).toBe(404);
  });
});

describe("ids that are not UUIDs", () => {
  const kinds = [
    "-".repeat(36),
    "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
    "00000000-0000-0000-0000-00000000000g",
    `${randomUUID()}0`,
    // As long as a route parameter may be (Fastify answers 414 past 100 characters).
    `${randomUUID()}-${"0".repeat(63)}`,
    "%2D".repeat(36),
  ];

  it("HEAD, PATCH and DELETE answer 404, never 500 (they reached PostgreSQL's uuid columns)", async () => {
    const u = await person();
    for (const id of kinds) {
      const path = `/api/storage/uploads/${id}`;
      const head = await tusRequest(u.target, "HEAD", path, {});
      expect(head.status, `HEAD ${id}`).toBe(404);
      const patch = await tusRequest(
        u.target,
        "PATCH",
        path,
        { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
        Buffer.alloc(4),
      );
      expect(patch.status, `PATCH ${id}`).toBe(404);
      expectError(patch.body, "object-not-found");
      const del = await tusRequest(u.target, "DELETE", path, {});
      expect(del.status, `DELETE ${id}`).toBe(404);
      expectError(del.body, "object-not-found");
    }
  });
});
