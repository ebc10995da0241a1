import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "../../../tests/support/fake-s3";
import { fakeExecutable, makePdf, sha256 } from "../../../tests/support/files";
import { pngDeclaring } from "../../../tests/support/image-headers";
import { createTestApp, ORIGIN, signUp, type TestApp } from "../../../tests/support/test-app";
import { uploadBytes } from "../../../tests/support/tus";
import type { StoredDocument } from "../../shared/contracts/storage";

let s3: FakeS3;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  s3 = await startFakeS3(["chave-docs"]);
  t = await createTestApp({
    STORAGE: "s3",
    S3_BUCKET: "chave-docs",
    S3_ENDPOINT: s3.url,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "teste",
    S3_SECRET_ACCESS_KEY: "segredo-de-teste",
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const meta = { filename: "extrato.pdf", kind: "comprovante_renda", folder: "perfil" };

it("keeps uploads in an S3-compatible store: multipart, hashed, downloadable, deletable", async () => {
  const u = await signUp(t.app);
  const target = { baseUrl, cookie: u.cookie, origin: ORIGIN };
  // Over the 5 MiB part minimum, sent in 1 MiB requests: parts and a pending tail both occur.
  const pdf = await makePdf(2, 7 * 1024 * 1024);
  const res = await uploadBytes(target, pdf, meta, 1024 * 1024);
  expect(res.status).toBe(204);
  const doc = res.json<StoredDocument>();
  expect(doc.sha256).toBe(sha256(pdf));
  expect(s3.objects.get(`chave-docs/${doc.id}`)?.body.equals(pdf)).toBe(true);
  expect(s3.uploads.size).toBe(0);

  const link = (
    await t.app.inject({
      method: "POST",
      url: `/api/storage/objects/${doc.id}/download-url`,
      headers: { cookie: u.cookie, origin: ORIGIN },
    })
  ).json();
  const downloaded = Buffer.from(await (await fetch(`${baseUrl}${link.url}`)).arrayBuffer());
  expect(downloaded.equals(pdf)).toBe(true);

  const gone = await t.app.inject({
    method: "DELETE",
    url: `/api/storage/objects/${doc.id}`,
    headers: { cookie: u.cookie, origin: ORIGIN },
  });
  expect(gone.statusCode).toBe(204);
  expect(s3.objects.has(`chave-docs/${doc.id}`)).toBe(false);
});

it("refuses content that is not a document and leaves nothing in the bucket", async () => {
  const u = await signUp(t.app);
  const before = s3.objects.size;
  const res = await uploadBytes({ baseUrl, cookie: u.cookie, origin: ORIGIN }, fakeExecutable(300_000), meta);
  expect(res.status).toBe(415);
  expect(s3.objects.size).toBe(before);
});

it("refuses an image declaring too many pixels and leaves nothing in the bucket", async () => {
  const u = await signUp(t.app);
  const before = s3.objects.size;
  const target = { baseUrl, cookie: u.cookie, origin: ORIGIN };
  const photo = { filename: "capa.png", kind: "foto_unidade", folder: "camera" };
  const res = await uploadBytes(target, pngDeclaring(50_000, 50_000), photo);
  expect(res.status).toBe(413);
  expect(res.json()).toMatchObject({ code: "image-too-large" });
  expect(s3.objects.size).toBe(before);
  expect((await uploadBytes(target, pngDeclaring(4000, 3000), photo)).status).toBe(201);
});
