import fsp from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makePdf, sha256 } from "../../../tests/support/files";
import { createTestApp, ORIGIN, signUp, type TestApp } from "../../../tests/support/test-app";
import { createUpload, headUpload, patchUpload, withDocument } from "../../../tests/support/tus";
import type { StoredDocument } from "../../shared/contracts/storage";

/*
 * Two app nodes on one database and one shared files volume: an upload may move between them,
 * and the upload lock holds across them.
 */
let shared: string;
let a: TestApp;
let b: TestApp;
const url = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  shared = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-nodes-"));
  a = await createTestApp({ DATA_DIR: shared });
  b = await createTestApp({ DATA_DIR: shared });
  await a.app.listen({ port: 0, host: "127.0.0.1" });
  await b.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await fsp.rm(shared, { recursive: true, force: true });
});

const meta = { filename: "extrato.pdf", kind: "comprovante_renda", folder: "perfil" };

it("finishes on node B an upload begun on node A", async () => {
  const { cookie } = await signUp(a.app);
  const onA = { baseUrl: url(a), cookie, origin: ORIGIN };
  const onB = { baseUrl: url(b), cookie, origin: ORIGIN };
  const pdf = await makePdf(1, 2_000_000);
  const created = await createUpload(onA, pdf.length, meta);
  const location = created.headers.location as string;
  const half = 1_000_000;
  expect((await patchUpload(onA, location, 0, pdf.subarray(0, half))).status).toBe(204);
  expect((await headUpload(onB, location)).headers["upload-offset"]).toBe(String(half));
  const done = await withDocument(onB, location, await patchUpload(onB, location, half, pdf.subarray(half)));
  expect(done.status).toBe(204);
  expect(done.json<StoredDocument>().sha256).toBe(sha256(pdf));
});

it("hands the upload lock from a request on node A to one on node B", async () => {
  const { cookie } = await signUp(a.app);
  const onA = { baseUrl: url(a), cookie, origin: ORIGIN };
  const onB = { baseUrl: url(b), cookie, origin: ORIGIN };
  const pdf = await makePdf(1, 4_000_000);
  const created = await createUpload(onA, pdf.length, meta);
  const location = created.headers.location as string;

  // A slow request on A holds the lock...
  let sent = 0;
  async function* slowly() {
    for (; sent < pdf.length; sent += 32 * 1024) {
      yield pdf.subarray(sent, sent + 32 * 1024);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const slow = patchUpload(onA, location, 0, slowly()).catch((err: Error) => err);
  await expect.poll(() => sent).toBeGreaterThan(256 * 1024);

  // ...until B asks for it: A's request is ended and B gets the lock in well under the timeout.
  const started = Date.now();
  const rival = await patchUpload(onB, location, 0, pdf.subarray(0, 1024));
  expect(Date.now() - started).toBeLessThan(10_000);
  // B got the lock; A had already written past offset 0, so B's bytes do not fit.
  expect(rival.status).toBe(409);
  await slow;
  expect(sent).toBeLessThan(pdf.length);
  const offset = Number((await headUpload(onB, location)).headers["upload-offset"]);
  expect(offset).toBeLessThan(pdf.length);
  const done = await withDocument(
    onB,
    location,
    await patchUpload(onB, location, offset, pdf.subarray(offset)),
  );
  expect(done.status).toBe(204);
  expect(done.json<StoredDocument>().sha256).toBe(sha256(pdf));
});
