import type { AddressInfo } from "node:net";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { createTestApp, ORIGIN, type TestApp, uniqueIp } from "../../../../tests/support/test-app";
import {
  type DocumentVerification,
  PUBLIC_VERIFY_MAX_BYTES,
  type PublicVerification,
} from "../../../shared/contracts/contracts";
import { errorMessage } from "../../../shared/errors";
import { createSelfSignedP12, sealPdf } from "./seal";

/*
 * Item 7 of issue 27: anyone, without an account, uploads a PDF and learns whether it is a
 * contract this installation sealed, unchanged since, and when; /ViewDocument's check also says
 * what the seal is made of. The sealed file is a real one, sealed by the app's own job.
 */

let t: TestApp;
let b: ReturnType<typeof builders>;
let sealed: Buffer;
let numero: string;
let sealedDocumentId: string;
let landlordCookie: string;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
  const { contract, landlord } = await b.contract("assinado", { garantias: ["seguro_fianca"] });
  if (!contract.sealedDocumentId) throw new Error("no sealed document");
  sealedDocumentId = contract.sealedDocumentId;
  numero = contract.numero;
  landlordCookie = landlord.cookie;
  const link = (
    await b.call("POST", `/api/storage/objects/${sealedDocumentId}/download-url`, landlord.cookie)
  ).json<{ url: string }>();
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  sealed = Buffer.from(await (await fetch(`${base}${link.url}`)).arrayBuffer());
}, 120_000);
afterAll(() => t.close());

/** An anonymous upload of `bytes`, as the public page sends it (same origin, no cookie). */
function upload(bytes: Buffer | string, opts: { ip?: string; contentType?: string } = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/public/verify",
    payload: bytes,
    headers: { "content-type": opts.contentType ?? "application/pdf", origin: ORIGIN },
    remoteAddress: opts.ip ?? uniqueIp(),
  });
}

async function verdictOf(bytes: Buffer): Promise<PublicVerification> {
  const res = await upload(bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublicVerification>();
}

describe("public verification of a sealed contract", () => {
  it("says a sealed contract, as downloaded, is authentic: its number and seal time, nothing else", async () => {
    const res = await upload(sealed);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PublicVerification>();
    expect(body).toMatchObject({ result: "autentico", numero, signatureValid: true });
    if (body.result !== "autentico") throw new Error(res.body);
    expect(Number.isNaN(Date.parse(body.sealedAt ?? "")), res.body).toBe(false);
    expect(["adbe.pkcs7.detached", "ETSI.CAdES.detached"]).toContain(body.subFilter);
    // Only what the file itself prints: no party, amount, address or id of the contract.
    expect(Object.keys(body).sort()).toEqual(
      ["numero", "pdfA", "result", "sealedAt", "signatureValid", "subFilter", "timestamp"].sort(),
    );
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("takes the file whatever content type the browser names, or none", async () => {
    for (const contentType of ["application/octet-stream", "application/x-pdf"])
      expect((await upload(sealed, { contentType })).json().result, contentType).toBe("autentico");
  });

  it("says a copy with one byte changed inside the seal was changed after sealing", async () => {
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf("/Producer");
    expect(at, "the sealed file names its producer").toBeGreaterThan(0);
    tampered[at + 1] = "p".charCodeAt(0); // "/producer": same length, another byte
    expect(await verdictOf(tampered)).toEqual({ result: "alterado", numero: null, sealedAt: null });
  });

  it("says a copy with something appended after the seal was changed, and which contract it was", async () => {
    const appended = Buffer.concat([sealed, Buffer.from("\n% acrescentado depois\n")]);
    const verdict = await verdictOf(appended);
    expect(verdict).toMatchObject({ result: "alterado", numero });
    if (verdict.result !== "alterado") throw new Error("not alterado");
    expect(Number.isNaN(Date.parse(verdict.sealedAt ?? ""))).toBe(false);
  });

  it("knows no PDF it did not seal: a plain one, one sealed with another certificate, a broken one", async () => {
    const plain = await PDFDocument.create();
    plain.addPage();
    const plainBytes = Buffer.from(await plain.save());
    expect(await verdictOf(plainBytes)).toEqual({ result: "desconhecido" });
    const other = await sealPdf(plainBytes, {
      p12: createSelfSignedP12("outra", "Chave - selo de contratos"),
      passphrase: "outra",
      subject: "Chave - selo de contratos",
      selfSigned: true,
    });
    expect(await verdictOf(Buffer.from(other))).toEqual({ result: "desconhecido" });
    const broken = Buffer.from("%PDF-1.7\n/ByteRange [0 10 20 5] /Contents <zz> garbage \u0000\u00ff");
    expect(await verdictOf(broken)).toEqual({ result: "desconhecido" });
  });

  it("refuses what is not a PDF, or nothing, in Portuguese and never with a 500", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    for (const [bytes, status, code] of [
      [png, 415, "not-a-pdf"],
      [Buffer.from("Olá, isto é texto."), 415, "not-a-pdf"],
      [Buffer.from(` %PDF-1.7 ${"x".repeat(100)}`), 415, "not-a-pdf"],
      [Buffer.alloc(0), 400, "empty-file"],
    ] as const) {
      const res = await upload(bytes);
      expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
      expect(res.json().message).toBe(errorMessage(code));
    }
    expect(errorMessage("not-a-pdf")).toMatch(/não é um PDF/);
    // Sent as a form field instead of the file's bytes: still a 4xx.
    const form = await upload(JSON.stringify({ file: "x" }), { contentType: "application/json" });
    expect([form.statusCode, form.json().code]).toEqual([415, "not-a-pdf"]);
  });

  it("refuses a file over 20 MB with 413 and says so in Portuguese", async () => {
    const big = Buffer.alloc(PUBLIC_VERIFY_MAX_BYTES + 1, 0x20);
    big.write("%PDF-1.7\n");
    const res = await upload(big);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({
      code: "verify-file-too-large",
      message: errorMessage("verify-file-too-large"),
    });
    expect(res.json().message).toMatch(/20 MB/);
  });

  it("reads a file just under the limit in a moment", async () => {
    const large = Buffer.alloc(PUBLIC_VERIFY_MAX_BYTES, 0x20);
    large.write("%PDF-1.7\n");
    const started = performance.now();
    expect(await verdictOf(large)).toEqual({ result: "desconhecido" });
    // Before, the input guard walked the body byte by byte: over a second a megabyte.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("slows down an address that tries more than 10 files a minute", async () => {
    const ip = uniqueIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await upload(Buffer.from("não"), { ip })).statusCode);
    expect(codes).toEqual([...Array(10).fill(415), 429]);
    const limited = await upload(Buffer.from("não"), { ip });
    expect(limited.json()).toMatchObject({ code: "rate-limited", message: errorMessage("rate-limited") });
    // Another address is not affected.
    expect((await upload(sealed)).statusCode).toBe(200);
  });
});

describe("a party's verification on /ViewDocument", () => {
  it("also says the signature's type, its timestamp, its certificate chain and the PDF/A it declares", async () => {
    const res = await b.call("GET", `/api/contracts/verify/${sealedDocumentId}`, landlordCookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DocumentVerification>();
    if (!body.sealed) throw new Error(res.body);
    expect(body).toMatchObject({ intact: true, signatureValid: true, numero });
    expect(["adbe.pkcs7.detached", "ETSI.CAdES.detached"]).toContain(body.subFilter);
    // No TSA_URL here: no timestamp. The default seal's certificate is this installation's own
    // root, so the one link of its chain is trusted.
    expect(body.timestamp).toBeNull();
    expect(body.chain, res.body).toEqual([
      {
        subject: "CN=Chave - selo de contratos, O=Chave, C=BR",
        issuer: "CN=Chave - selo de contratos, O=Chave, C=BR",
        trusted: true,
      },
    ]);
    expect(body).toHaveProperty("pdfA");
  });
});
