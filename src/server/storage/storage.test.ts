import { once } from "node:events";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fakeExecutable, makePdf, PNG_1X1, sha256 } from "../../../tests/support/files";
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
import { manualClock } from "../clock";

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function user(name = "Maria da Silva") {
  const u = await signUp(t.app, { name });
  return { ...u, target: { baseUrl, cookie: u.cookie, origin: ORIGIN } satisfies TusTarget };
}

const meta = { filename: "renda.pdf", kind: "comprovante_renda", folder: "perfil" };

async function uploadDoc(target: TusTarget, bytes: Buffer, m: Partial<typeof meta> = {}) {
  const res = await uploadBytes(target, bytes, { ...meta, ...m });
  if (res.status >= 300) throw new Error(`upload failed ${res.status} ${res.body}`);
  return res.json<StoredDocument>();
}

function api(method: "GET" | "PATCH" | "DELETE" | "POST", url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(payload !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
}

describe("uploads", () => {
  it("takes a small file in one request and records what the server found in it", async () => {
    const u = await user();
    // The client calls it a PDF; the bytes are a PNG, and the record says so.
    const res = await createUpload(u.target, PNG_1X1.length, { ...meta, filename: "foto.pdf" }, PNG_1X1);
    expect(res.status).toBe(201);
    expect(res.headers.location).toMatch(/^\/api\/storage\/uploads\/[0-9a-f-]{36}$/);
    const doc = res.json<StoredDocument>();
    expect(doc).toMatchObject({
      ownerId: u.userId,
      contentType: "image/png",
      size: PNG_1X1.length,
      sha256: sha256(PNG_1X1),
      kind: "comprovante_renda",
      folder: "perfil",
      fileName: "foto.pdf",
      access: "owner",
    });
  });

  it("takes a large file in chunks; the last PATCH is 204 and the document has the upload's id", async () => {
    const u = await user();
    const pdf = await makePdf(3, 900_000);
    const doc = await uploadDoc(u.target, pdf);
    expect(doc.contentType).toBe("application/pdf");
    expect(doc.size).toBe(pdf.length);
    expect(doc.sha256).toBe(sha256(pdf));
    const link = (await api("POST", `/api/storage/objects/${doc.id}/download-url`, u.cookie)).json();
    const file = await fetch(`${baseUrl}${link.url}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("refuses an executable renamed to .pdf, and keeps nothing of it", async () => {
    const u = await user();
    const res = await uploadBytes(u.target, fakeExecutable(600_000), meta);
    expect(res.status).toBe(415);
    expect(res.json()).toMatchObject({ code: "invalid-format" });
    expect(res.json<{ message: string }>().message).toContain("PDF");
    const list = (await api("GET", "/api/storage/objects", u.cookie)).json();
    expect(list.items).toEqual([]);
    expect((await api("GET", "/api/storage/usage", u.cookie)).json().used).toBe(0);
    const files = fs.readdirSync(path.join(t.dataDir, "files"));
    const id = String(res.headers.location ?? "")
      .split("/")
      .pop();
    expect(files.filter((f) => id && f.startsWith(id))).toEqual([]);
  });

  it("refuses bad metadata, a missing length and an empty file with clear messages", async () => {
    const u = await user();
    const badKind = await createUpload(u.target, 10, { ...meta, kind: "passaporte" });
    expect(badKind.status).toBe(400);
    expect(badKind.json().message).toBe("Escolha um tipo de documento válido.");
    const badName = await createUpload(u.target, 10, { ...meta, filename: "../../etc/passwd" });
    expect(badName.status).toBe(400);
    expect(badName.json().code).toBe("invalid-argument");
    const deferred = await tusRequest(u.target, "POST", "/api/storage/uploads", {
      "Upload-Defer-Length": "1",
      "Upload-Metadata": "filename cmVuZGEucGRm,kind Y3Bm,folder cGVyZmls",
    });
    expect(deferred.status).toBe(400);
    const empty = await createUpload(u.target, 0, meta);
    expect(empty.status).toBe(400);
    expect(empty.json().code).toBe("empty-file");
  });

  it("refuses files over the size limit before any byte is sent", async () => {
    const small = await createTestApp({ UPLOAD_MAX_SIZE: "1000" });
    try {
      await small.app.listen({ port: 0, host: "127.0.0.1" });
      const u = await signUp(small.app);
      const target = {
        baseUrl: `http://127.0.0.1:${(small.app.server.address() as AddressInfo).port}`,
        cookie: u.cookie,
        origin: ORIGIN,
      };
      const res = await createUpload(target, 1001, meta);
      expect(res.status).toBe(413);
      expect(res.json()).toMatchObject({ code: "file-too-large" });
      expect(res.json().message).toContain("1 KB");
    } finally {
      await small.close();
    }
  });

  it("cancels an upload in progress and frees its space", async () => {
    const u = await user();
    const created = await createUpload(u.target, 500_000, meta);
    expect((await api("GET", "/api/storage/usage", u.cookie)).json().used).toBe(500_000);
    const location = created.headers.location as string;
    expect((await tusRequest(u.target, "DELETE", location, {})).status).toBe(204);
    await expect.poll(async () => (await api("GET", "/api/storage/usage", u.cookie)).json().used).toBe(0);
    expect((await headUpload(u.target, location)).status).toBe(404);
  });

  it("replaces a document only once the new one is complete", async () => {
    const u = await user();
    const old = await uploadDoc(u.target, PNG_1X1, { kind: "cpf" });
    const created = await createUpload(u.target, PNG_1X1.length, { ...meta, kind: "cpf", replaces: old.id });
    // Until the bytes arrive, the old one is still there.
    expect((await api("GET", `/api/storage/objects/${old.id}`, u.cookie)).statusCode).toBe(200);
    const done = await patchUpload(u.target, created.headers.location as string, 0, PNG_1X1);
    expect(done.status).toBe(204);
    expect((await api("GET", `/api/storage/objects/${old.id}`, u.cookie)).statusCode).toBe(404);
    const id = String(created.headers.location).split("/").pop();
    expect((await api("GET", `/api/storage/objects/${id}`, u.cookie)).statusCode).toBe(200);
  });

  it("will not replace someone else's document", async () => {
    const owner = await user();
    const other = await user("Outra Pessoa");
    const doc = await uploadDoc(owner.target, PNG_1X1);
    const res = await createUpload(other.target, PNG_1X1.length, { ...meta, replaces: doc.id }, PNG_1X1);
    expect(res.status).toBe(403);
  });
});

describe("quota", () => {
  it("counts documents and uploads in progress, and says how much is used", async () => {
    const q = await createTestApp({ STORAGE_QUOTA: String(2 * 1024 * 1024) });
    try {
      await q.app.listen({ port: 0, host: "127.0.0.1" });
      const u = await signUp(q.app);
      const target = {
        baseUrl: `http://127.0.0.1:${(q.app.server.address() as AddressInfo).port}`,
        cookie: u.cookie,
        origin: ORIGIN,
      };
      const first = await uploadBytes(target, await makePdf(1, 1_200_000), meta);
      expect(first.status).toBe(204);
      // 1.2 MB stored + 0.7 MB in progress fits; another 0.5 MB does not.
      expect((await createUpload(target, 700_000, meta)).status).toBe(201);
      const over = await createUpload(target, 500_000, meta);
      expect(over.status).toBe(402);
      expect(over.json().code).toBe("quota-exceeded");
      expect(over.json().message).toContain("2 MB");
      // Replacing the big document frees its space for the new one.
      const replacing = await createUpload(target, 500_000, {
        ...meta,
        replaces: first.json<StoredDocument>().id,
      });
      expect(replacing.status).toBe(201);
    } finally {
      await q.close();
    }
  });
});

describe("listing", () => {
  it("accepts page sizes 1 to 1000 and refuses anything else as invalid-argument", async () => {
    const u = await user();
    for (const size of ["0", "1001", "-5", "2.5", "abc"]) {
      const res = await api("GET", `/api/storage/objects?pageSize=${size}`, u.cookie);
      expect(res.statusCode, size).toBe(400);
      expect(res.json()).toMatchObject({
        code: "invalid-argument",
        message: "O tamanho da página deve ser um número entre 1 e 1000.",
      });
    }
    for (const size of ["1", "1000"]) {
      expect((await api("GET", `/api/storage/objects?pageSize=${size}`, u.cookie)).statusCode).toBe(200);
    }
    const bad = await api("GET", "/api/storage/objects?pageToken=bm9wZQ", u.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it("pages through a folder newest first without repeating or skipping", async () => {
    const u = await user();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await uploadDoc(u.target, PNG_1X1, { folder: "camera" })).id);
    await uploadDoc(u.target, PNG_1X1, { folder: "perfil" });
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const qs = new URLSearchParams({
        folder: "camera",
        pageSize: "2",
        ...(token ? { pageToken: token } : {}),
      });
      const page = (await api("GET", `/api/storage/objects?${qs}`, u.cookie)).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((d: StoredDocument) => d.id));
      token = page.nextPageToken;
    } while (token);
    expect(seen).toEqual([...ids].reverse());
  });
});

describe("access", () => {
  it("gives the owner every operation, another user none (403), and a stranger none (401)", async () => {
    const owner = await user();
    const other = await user("Outra Pessoa");
    const doc = await uploadDoc(owner.target, PNG_1X1);
    const ops = [
      ["GET", `/api/storage/objects/${doc.id}`, undefined],
      ["PATCH", `/api/storage/objects/${doc.id}`, { customMetadata: { pagina: "1" } }],
      ["POST", `/api/storage/objects/${doc.id}/download-url`, undefined],
      ["DELETE", `/api/storage/objects/${doc.id}`, undefined],
    ] as const;
    for (const [method, url, body] of ops) {
      expect((await api(method, url, undefined, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      const res = await api(method, url, other.cookie, body);
      expect(res.statusCode, `${method} ${url} other user`).toBe(403);
      expect(res.json().code).toBe("unauthorized");
    }
    // Lists are one's own: the other user sees nothing of the owner's.
    expect((await api("GET", "/api/storage/objects", other.cookie)).json().items).toEqual([]);
    expect((await api("GET", "/api/storage/objects")).statusCode).toBe(401);
    for (const [method, url, body] of ops) {
      expect((await api(method, url, owner.cookie, body)).statusCode, `${method} ${url} owner`).toBeLessThan(
        300,
      );
    }
    expect((await api("GET", `/api/storage/objects/${doc.id}`, owner.cookie)).statusCode).toBe(404);
  });

  it("keeps uploads in progress to the one who started them", async () => {
    const owner = await user();
    const other = await user("Outra Pessoa");
    const created = await createUpload(owner.target, 1000, meta);
    const location = created.headers.location as string;
    const stranger = { baseUrl, origin: ORIGIN };
    for (const [target, status] of [
      [stranger, 401],
      [other.target, 403],
    ] as const) {
      expect((await headUpload(target, location)).status).toBe(status);
      expect((await patchUpload(target, location, 0, Buffer.alloc(10))).status).toBe(status);
      expect((await tusRequest(target, "DELETE", location, {})).status).toBe(status);
      expect(
        (await createUpload(target === stranger ? stranger : other.target, 10, { ...meta, folder: "x" }))
          .status,
      ).toBe(target === stranger ? 401 : 201);
    }
    expect((await headUpload(owner.target, location)).headers["upload-offset"]).toBe("0");
    expect(
      (await headUpload(owner.target, "/api/storage/uploads/00000000-0000-4000-8000-000000000000")).status,
    ).toBe(404);
  });

  it("lets a user a document is shared with read it, and nothing more", async () => {
    const owner = await user();
    const reader = await user("Locador");
    const doc = await uploadDoc(owner.target, PNG_1X1);
    await t.database.pool.query(
      "INSERT INTO document_shares (document_id, user_id, reason) VALUES ($1, $2, 'teste')",
      [doc.id, reader.userId],
    );
    const read = await api("GET", `/api/storage/objects/${doc.id}`, reader.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().access).toBe("reader");
    expect((await api("POST", `/api/storage/objects/${doc.id}/download-url`, reader.cookie)).statusCode).toBe(
      200,
    );
    expect(
      (await api("PATCH", `/api/storage/objects/${doc.id}`, reader.cookie, { fileName: "x.png" })).statusCode,
    ).toBe(403);
    expect((await api("DELETE", `/api/storage/objects/${doc.id}`, reader.cookie)).statusCode).toBe(403);
  });

  it("refuses an upload from a foreign origin", async () => {
    const u = await user();
    const res = await createUpload({ ...u.target, origin: "https://evil.example" }, 10, meta);
    expect(res.status).toBe(403);
  });
});

/**
 * A test that starts an app of its own (its jobs' schema created, its queues declared) and moves
 * tens of megabytes: on this 2-core machine with the rest of the run beside it, that took past the
 * default 30 s in a CI run; the work is what it is, so its budget says so.
 */
const APP_TEST_MS = 180_000;

describe("metadata and downloads", () => {
  it("merges custom metadata, removes keys set to null, and renames", async () => {
    const u = await user();
    const doc = await uploadDoc(u.target, PNG_1X1);
    await api("PATCH", `/api/storage/objects/${doc.id}`, u.cookie, { customMetadata: { a: "1", b: "2" } });
    const res = await api("PATCH", `/api/storage/objects/${doc.id}`, u.cookie, {
      fileName: "Comprovante de renda — março.png",
      customMetadata: { b: null, c: "3" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fileName: "Comprovante de renda — março.png",
      customMetadata: { a: "1", c: "3" },
    });
    const bad = await api("PATCH", `/api/storage/objects/${doc.id}`, u.cookie, {
      customMetadata: { ["x".repeat(65)]: "1" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("metadados");
    expect((await api("PATCH", `/api/storage/objects/${doc.id}`, u.cookie, {})).statusCode).toBe(400);
    expect((await api("GET", "/api/storage/objects/nao-e-um-id", u.cookie)).statusCode).toBe(404);
  });

  it(
    "closes a download's kept connection once it is sent, when the app closed while sending it",
    async () => {
      // Node's server.close() ends the connections idle at that moment: a download still being sent
      // kept its connection alive after its last byte, and the close waited keepAliveTimeout (72 s).
      const node = await createTestApp();
      let closing: Promise<void> | undefined;
      try {
        await node.app.listen({ port: 0, host: "127.0.0.1" });
        const { port } = node.app.server.address() as AddressInfo;
        const u = await signUp(node.app);
        // Larger than what the loopback's buffers hold, so the server is still sending when it closes.
        const bytes = await makePdf(1, 24 * 1024 * 1024);
        const target = { baseUrl: `http://127.0.0.1:${port}`, cookie: u.cookie, origin: ORIGIN };
        const doc = (await uploadBytes(target, bytes, meta, 8 * 1024 * 1024)).json<StoredDocument>();
        const link = (
          await node.app.inject({
            method: "POST",
            url: `/api/storage/objects/${doc.id}/download-url`,
            headers: { cookie: u.cookie, origin: ORIGIN },
          })
        ).json();
        const socket = net.connect(port, "127.0.0.1");
        await once(socket, "connect");
        socket.write(`GET ${link.url} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        // The head comes, kept alive; the reader stops reading, so the rest waits on the server.
        let received = Buffer.alloc(0);
        socket.on("data", (c: Buffer) => {
          if (received.length === 0) socket.pause();
          received = Buffer.concat([received, c]);
        });
        await vi.waitFor(() => expect(received.length).toBeGreaterThan(0));
        expect(received.toString("latin1")).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\nconnection: keep-alive\r\n/i);
        closing = node.app.close();
        // The reader reads the rest: all of it comes, then the server closes the connection.
        const closed = once(socket, "close");
        socket.resume();
        await closed;
        const body = received.subarray(received.indexOf("\r\n\r\n") + 4);
        expect(sha256(body)).toBe(sha256(bytes));
        await closing;
      } finally {
        await closing;
        await node.close();
      }
    },
    APP_TEST_MS,
  );

  it(
    "serves a signed link with the name, the real type and nosniff, and refuses a forged or stale one",
    async () => {
      // The link is signed and checked by the app's clock: moved past its five minutes, not slept on.
      const clock = manualClock(new Date("2026-11-23T12:00:00Z"));
      const short = await createTestApp({}, { clock });
      try {
        await short.app.listen({ port: 0, host: "127.0.0.1" });
        const u = await signUp(short.app);
        const base = `http://127.0.0.1:${(short.app.server.address() as AddressInfo).port}`;
        const doc = (
          await uploadBytes({ baseUrl: base, cookie: u.cookie, origin: ORIGIN }, PNG_1X1, {
            ...meta,
            filename: "Certidão",
          })
        ).json<StoredDocument>();
        const link = (
          await short.app.inject({
            method: "POST",
            url: `/api/storage/objects/${doc.id}/download-url?disposition=inline`,
            headers: { cookie: u.cookie, origin: ORIGIN },
          })
        ).json();
        expect(link.expiresAt).toBe("2026-11-23T12:05:00.000Z");
        // The links the server signs for its own flows (a signer's, an e-mailed contract's) too.
        expect(short.app.storage.signedUrl(doc.id, "inline").expiresAt).toBe("2026-11-23T12:05:00.000Z");
        const res = await fetch(`${base}${link.url}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("cache-control")).toBe("private, max-age=300");
        expect(res.headers.get("content-type")).toBe("image/png");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("content-disposition")).toBe(
          `inline; filename="Certidao.png"; filename*=UTF-8''Certid%C3%A3o.png`,
        );
        expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1X1)).toBe(true);
        const forged = await fetch(
          `${base}${link.url.replace("disposition=inline", "disposition=attachment")}`,
        );
        expect(forged.status).toBe(403);
        expect((await forged.json()).code).toBe("invalid-download-link");
        clock.advance(300_000);
        const last = await fetch(`${base}${link.url}`);
        expect(last.status).toBe(200);
        expect(last.headers.get("cache-control")).toBe("private, max-age=0");
        await last.arrayBuffer();
        clock.advance(1_000);
        const stale = await fetch(`${base}${link.url}`);
        expect(stale.status).toBe(403);
        expect((await stale.json()).code).toBe("invalid-download-link");
      } finally {
        await short.close();
      }
    },
    APP_TEST_MS,
  );
});
