import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { makePdf, sha256 } from "../../../tests/support/files";
import { type ServerProcess, signUpOver, startServer } from "../../../tests/support/server-process";
import { uniqueEmail } from "../../../tests/support/test-app";
import { createUpload, headUpload, patchUpload, withDocument } from "../../../tests/support/tus";
import type { StoredDocument } from "../../shared/contracts/storage";

let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-crash-"));
});
afterAll(async () => {
  await server?.kill();
  await fsp.rm(dataDir, { recursive: true, force: true });
});

it("finishes an upload byte-exact after the server is SIGKILLed in the middle of it", {
  timeout: 120_000,
}, async () => {
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: inject("databaseUrl"),
    CLIENT_DIR: path.join(dataDir, "none"),
  };
  server = await startServer(env);
  const { baseUrl } = server;
  const cookie = await signUpOver(baseUrl, uniqueEmail("crash"));
  const target = { baseUrl, cookie };
  const pdf = await makePdf(2, 8 * 1024 * 1024);

  const created = await createUpload(target, pdf.length, {
    filename: "holerite.pdf",
    kind: "comprovante_renda",
    folder: "perfil",
  });
  expect(created.status).toBe(201);
  const location = created.headers.location as string;
  const file = path.join(dataDir, "files", location.split("/").pop() as string);

  // Send slowly, so the server is surely in the middle of the request when it dies.
  async function* slowly() {
    for (let at = 0; at < pdf.length; at += 128 * 1024) {
      yield pdf.subarray(at, at + 128 * 1024);
      await new Promise((r) => setTimeout(r, 15));
    }
  }
  const transfer = patchUpload(target, location, 0, slowly()).catch((err: Error) => err);
  await expect
    .poll(() => (fs.existsSync(file) ? fs.statSync(file).size : 0), { timeout: 30_000 })
    .toBeGreaterThan(2 * 1024 * 1024);
  await server.kill("SIGKILL");
  expect(await transfer).toBeInstanceOf(Error);

  server = await startServer(env, Number(new URL(baseUrl).port));
  const head = await headUpload(target, location);
  expect(head.status).toBe(200);
  const offset = Number(head.headers["upload-offset"]);
  expect(offset).toBeGreaterThan(2 * 1024 * 1024);
  expect(offset).toBeLessThan(pdf.length);

  // tus 1.0.0: the final PATCH is 204, no body; the document is read as the client reads it.
  const done = await withDocument(
    target,
    location,
    await patchUpload(target, location, offset, pdf.subarray(offset)),
  );
  expect(done.status).toBe(204);
  const doc = done.json<StoredDocument>();
  expect(doc.size).toBe(pdf.length);
  expect(doc.sha256).toBe(sha256(pdf));
  const link = await fetch(`${baseUrl}/api/storage/objects/${doc.id}/download-url`, {
    method: "POST",
    headers: { cookie, origin: baseUrl },
  });
  const bytes = Buffer.from(await (await fetch(`${baseUrl}${(await link.json()).url}`)).arrayBuffer());
  expect(bytes.equals(pdf)).toBe(true);
});
