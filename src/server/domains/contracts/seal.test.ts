import { execFileSync, spawnSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream } from "pdf-lib";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issue, makeRoot, openssl, startTestTsa, type TestTsa } from "../../../../tests/support/tsa";
import { ICP_POLICIES, OID } from "./pades";
import {
  appendCompletionCertificate,
  createSelfSignedP12,
  loadSealCertificate,
  maskCpf,
  type SealCertificate,
  sealPdf,
} from "./seal";
import { renderContract } from "./template";
import { base } from "./template.fixture";
import { verifySealedPdf } from "./verify";

/*
 * The seal checked by independent implementations (decision 031): poppler's pdfsig, OpenSSL's
 * `cms -verify` on the CMS taken out of /Contents and `ts -verify` on the timestamp token, and a
 * real RFC 3161 TSA made of `openssl ts -reply` (tests/support/tsa.ts).
 */

let work: string;
let tsa: TestTsa;
let contract: Uint8Array;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "chave-seal-"));
  tsa = await startTestTsa();
  const { bytes, sha256 } = await renderContract(base);
  contract = await appendCompletionCertificate(bytes, {
    numero: base.numero,
    sha256,
    signers: [
      {
        roleLabel: "LOCADOR(A)",
        nome: base.locador.nome,
        cpf: base.locador.cpf,
        email: "helena@exemplo.com.br",
        signedAt: "21/11/2026 10:00",
      },
    ],
    events: [
      { at: "21/11/2026 10:00", actor: base.locador.nome, type: "assinado", detail: null, ip: "127.0.0.1" },
    ],
  });
}, 60_000);

afterAll(async () => {
  await tsa.close();
  fs.rmSync(work, { recursive: true, force: true });
});

let files = 0;
function file(name: string, bytes: Uint8Array | string): string {
  const f = path.join(work, `${++files}-${name}`);
  fs.writeFileSync(f, bytes);
  return f;
}

function pdfsig(bytes: Uint8Array): string {
  try {
    // pdfsig exits 0 even on a digest mismatch: the verdict is in what it prints.
    return execFileSync("pdfsig", [file("contrato.pdf", bytes)], { encoding: "utf8" });
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err);
  }
}

/** poppler parses the whole file (every page's text) without a syntax error or warning. */
function wellFormed(pdf: Uint8Array): boolean {
  const r = spawnSync("pdftotext", [file("check.pdf", pdf), "-"], { encoding: "utf8" });
  return r.status === 0 && !/Syntax (Error|Warning)/i.test(r.stderr);
}

/** OpenSSL's answer, success or not: its exit status and everything it printed. */
function tryOpenssl(args: string[]): { ok: boolean; out: string } {
  const r = spawnSync("openssl", args, { encoding: "utf8" });
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}` };
}

/** The signed byte ranges and the CMS (exactly its DER, without the placeholder's zeros). */
function parts(pdf: Buffer): { signed: Buffer; cms: Buffer } {
  const text = pdf.toString("latin1");
  const m = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(-1);
  const [a, b, c, d] = (m?.slice(1, 5) ?? []).map(Number) as [number, number, number, number];
  const der = Buffer.from(pdf.subarray(b + 1, c - 1).toString("latin1"), "hex");
  // The DER's own length (0x30 0x82/0x83 …) says where the CMS ends.
  const lenBytes = (der[1] ?? 0) & 0x7f;
  const len = [...der.subarray(2, 2 + lenBytes)].reduce((n, x) => n * 256 + x, 0);
  return {
    signed: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
    cms: der.subarray(0, 2 + lenBytes + len),
  };
}

function signerInfo(cms: Buffer): pkijs.SignerInfo {
  const info = pkijs.ContentInfo.fromBER(new Uint8Array(cms).buffer);
  return new pkijs.SignedData({ schema: info.content }).signerInfos[0] as pkijs.SignerInfo;
}

function cmsVerify(pdf: Buffer, extra: string[] = ["-noverify"]): { ok: boolean; out: string } {
  const { signed, cms } = parts(pdf);
  return tryOpenssl([
    "cms",
    "-verify",
    "-binary",
    "-inform",
    "DER",
    "-in",
    file("seal.p7s", cms),
    "-content",
    file("signed.bin", signed),
    "-out",
    file("out.bin", ""),
    ...extra,
  ]);
}

function flip(pdf: Buffer, marker: string): Buffer {
  const tampered = Buffer.from(pdf);
  const at = tampered.indexOf(marker);
  const index = at > 0 ? at : 200;
  tampered[index] = (tampered[index] ?? 0) ^ 0x01;
  return tampered;
}

/** The certificates and CRLs in the file's DSS, read with pdf-lib. */
async function dssOf(pdf: Buffer): Promise<{ certs: X509Certificate[]; crls: Buffer[] }> {
  const doc = await PDFDocument.load(pdf);
  const dss = doc.catalog.lookupMaybe(PDFName.of("DSS"), PDFDict);
  const streams = (key: string) =>
    (dss?.lookupMaybe(PDFName.of(key), PDFArray)?.asArray() ?? []).map((ref) =>
      Buffer.from(decodePDFRawStream(doc.context.lookup(ref) as PDFRawStream).decode()),
    );
  return { certs: streams("Certs").map((b) => new X509Certificate(b)), crls: streams("CRLs") };
}

function withTsa(cert: SealCertificate, opts: Partial<NonNullable<SealCertificate["tsa"]>> = {}) {
  const failures: Error[] = [];
  return {
    failures,
    cert: {
      ...cert,
      tsa: { url: tsa.url, timeoutMs: 2_000, ...opts },
      onTsaFailure: (err: Error) => failures.push(err),
    } satisfies SealCertificate,
  };
}

describe("the PAdES seal without a TSA (B-B)", () => {
  it("is ETSI.CAdES.detached, valid and covering the whole file for pdfsig, OpenSSL and our verifier; a changed byte fails all three", async () => {
    const dataDir = path.join(work, "data");
    const cert = await loadSealCertificate({ dataDir });
    expect(fs.existsSync(path.join(dataDir, "seal", "seal.p12"))).toBe(true);
    // The same certificate is found again at the next start.
    expect((await loadSealCertificate({ dataDir })).p12.equals(cert.p12)).toBe(true);
    const sealed = await sealPdf(contract, cert);

    const out = pdfsig(sealed);
    expect(out).toContain("Signature Type: ETSI.CAdES.detached");
    expect(out).toContain("Signature is Valid");
    expect(out).toContain("Total document signed");
    expect(out).not.toContain("Digest Mismatch");
    expect(cmsVerify(sealed)).toMatchObject({
      ok: true,
      out: expect.stringContaining("CMS Verification successful"),
    });
    // PAdES: ESS signing-certificate-v2, no signing-time (the time is the dictionary's /M).
    const attrs = signerInfo(parts(sealed).cms).signedAttrs?.attributes.map((a) => a.type);
    expect(attrs).toEqual(
      expect.arrayContaining([OID.contentType, OID.messageDigest, OID.signingCertificateV2]),
    );
    expect(attrs).not.toContain(OID.signingTime);

    expect(verifySealedPdf(sealed)).toMatchObject({
      signatureValid: true,
      coversWholeFile: true,
      signer: "Chave - selo de contratos",
      subFilter: "ETSI.CAdES.detached",
      timestamp: null,
      pdfA: "2B",
      chain: [{ subject: expect.stringContaining("CN=Chave - selo de contratos"), trusted: false }],
      problem: null,
    });

    const tampered = flip(sealed, "CERTIFICADO");
    expect(pdfsig(tampered)).not.toContain("Signature is Valid");
    expect(cmsVerify(tampered)).toMatchObject({ ok: false });
    expect(verifySealedPdf(tampered)).toMatchObject({ signatureValid: false, problem: "digest mismatch" });
    expect(verifySealedPdf(Buffer.concat([sealed, Buffer.from("\n%% appended")]))).toMatchObject({
      signatureValid: true,
      coversWholeFile: false,
    });
  }, 60_000);

  it("declares PDF/A-2b in XMP that matches the Info dictionary, with an sRGB output intent and a document ID", async () => {
    const cert = await loadSealCertificate({ dataDir: path.join(work, "data") });
    const sealed = await sealPdf(contract, cert, new Date("2026-11-21T13:00:00Z"));
    const f = file("pdfa.pdf", sealed);
    const meta = execFileSync("pdfinfo", ["-meta", f], { encoding: "utf8" });
    expect(meta).toContain("<pdfaid:part>2</pdfaid:part>");
    expect(meta).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
    const info = execFileSync("pdfinfo", [f], { encoding: "utf8" });
    expect(info).toMatch(/Title:\s+Contrato/);
    expect(info).toMatch(/Creator:\s+Chave/);
    // Every Info entry with an XMP counterpart is repeated there (ISO 19005-2, 6.6.2.3).
    expect(info).toMatch(/Author:\s+Chave/);
    expect(meta).toContain("<dc:creator><rdf:Seq><rdf:li>Chave</rdf:li></rdf:Seq></dc:creator>");
    expect(meta).toContain(`<xmp:ModifyDate>2026-11-21T13:00:00Z</xmp:ModifyDate>`);
    // poppler reads it without a syntax complaint; every font is embedded (pdffonts' "emb" column).
    expect(wellFormed(sealed)).toBe(true);
    const fonts = execFileSync("pdffonts", [f], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line).toMatch(/\s+yes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
    const text = sealed.toString("latin1");
    expect(text).toMatch(/\/OutputIntents\s*\[/);
    expect(text).toContain("/S /GTS_PDFA1");
    expect(text).toMatch(/\/ID\s*\[\s*<[0-9A-Fa-f]+>\s*<[0-9A-Fa-f]+>\s*\]/);
  }, 60_000);

  it("makes a P12 that opens with its passphrase only, and masks CPFs", () => {
    const p12 = createSelfSignedP12("segredo");
    expect(p12.length).toBeGreaterThan(1000);
    expect(maskCpf("111.444.777-35")).toBe("***.444.777-**");
  });
});

describe("the PAdES seal with the operator's TSA (B-T, B-LT)", () => {
  it("carries a timestamp over the signature that openssl ts -verify accepts, and a DSS, and stays valid for pdfsig", async () => {
    const { cert, failures } = withTsa(await loadSealCertificate({ dataDir: path.join(work, "data") }));
    const sealed = await sealPdf(contract, cert);
    expect(failures).toEqual([]);

    const out = pdfsig(sealed);
    expect(out).toContain("Signature Type: ETSI.CAdES.detached");
    expect(out).toContain("Signature is Valid");
    expect(out).toContain("Total document signed");
    expect(cmsVerify(sealed)).toMatchObject({ ok: true });

    const info = signerInfo(parts(sealed).cms);
    const token = info.unsignedAttrs?.attributes.find((a) => a.type === OID.signatureTimeStampToken)
      ?.values[0];
    expect(token).toBeDefined();
    const tokenFile = file("token.der", Buffer.from(token?.toBER() ?? new ArrayBuffer(0)));
    const valueFile = file("signature-value.bin", Buffer.from(info.signature.valueBlock.valueHexView));
    const verified = tryOpenssl([
      "ts",
      "-verify",
      "-data",
      valueFile,
      "-in",
      tokenFile,
      "-token_in",
      "-CAfile",
      tsa.caFile,
      "-untrusted",
      tsa.certFile,
    ]);
    expect(verified).toMatchObject({ ok: true, out: expect.stringContaining("Verification: OK") });
    // The same token does not verify for other data: OpenSSL really compares the imprint.
    expect(
      tryOpenssl([
        "ts",
        "-verify",
        "-data",
        tokenFile,
        "-in",
        tokenFile,
        "-token_in",
        "-CAfile",
        tsa.caFile,
        "-untrusted",
        tsa.certFile,
      ]).ok,
    ).toBe(false);

    // B-LT: the DSS, inside the signed revision, holds the seal's and the TSA's certificates.
    const dss = await dssOf(sealed);
    expect(dss.certs.map((c) => c.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("CN=Chave - selo de contratos"),
        expect.stringContaining("CN=Chave Test TSA"),
      ]),
    );
    expect(wellFormed(sealed)).toBe(true);

    const verdict = verifySealedPdf(sealed);
    expect(verdict).toMatchObject({
      signatureValid: true,
      coversWholeFile: true,
      subFilter: "ETSI.CAdES.detached",
      timestamp: { tsa: "Chave Test TSA", valid: true },
      problem: null,
    });
    expect(Math.abs(Date.parse(verdict.timestamp?.genTime ?? "") - Date.now())).toBeLessThan(120_000);
    expect(verdict.signedAt).toBe(verdict.timestamp?.genTime);

    // A changed byte: pdfsig, OpenSSL and our verifier all refuse.
    const tampered = flip(sealed, "CERTIFICADO");
    expect(pdfsig(tampered)).not.toContain("Signature is Valid");
    expect(cmsVerify(tampered).ok).toBe(false);
    expect(verifySealedPdf(tampered)).toMatchObject({ signatureValid: false });
  }, 60_000);

  it("sends the TSA's basic credentials when TSA_USERNAME is set", async () => {
    tsa.credentials = { username: "chave", password: "segredo" };
    try {
      const base = await loadSealCertificate({ dataDir: path.join(work, "data") });
      const refused = withTsa(base);
      await expect(sealPdf(contract, refused.cert)).rejects.toThrow(/HTTP 401/);
      const sealed = await sealPdf(contract, withTsa(base, { username: "chave", password: "segredo" }).cert);
      expect(verifySealedPdf(sealed).timestamp).toMatchObject({ valid: true });
    } finally {
      tsa.credentials = null;
    }
  }, 60_000);

  it.each([
    ["slow", /did not answer within 300 ms/],
    ["garbage", /not a timestamp response/],
    ["error", /HTTP 500/],
  ] as const)(
    "rejects, with a clear message and a failure counted, when the TSA is %s",
    async (mode, message) => {
      tsa.mode = mode;
      try {
        const { cert, failures } = withTsa(await loadSealCertificate({ dataDir: path.join(work, "data") }), {
          timeoutMs: 300,
        });
        await expect(sealPdf(contract, cert)).rejects.toThrow(message);
        expect(failures).toHaveLength(1);
        expect(failures[0]?.message).toMatch(/^carimbo do tempo: /);
      } finally {
        tsa.mode = "ok";
      }
    },
  );

  it("rejects when the TSA is down", async () => {
    const down = await startTestTsa();
    const url = down.url;
    await down.close();
    const { cert, failures } = withTsa(await loadSealCertificate({ dataDir: path.join(work, "data") }), {
      url,
    });
    await expect(sealPdf(contract, cert)).rejects.toThrow(/could not be reached.*ECONNREFUSED/);
    expect(failures).toHaveLength(1);
  }, 60_000);
});

/** root → intermediate → leaf made by OpenSSL, in a P12 with the whole chain. */
function operatorP12(
  dir: string,
  org: string,
  leafExtensions: string[] = [],
): { p12: string; root: X509Certificate } {
  fs.mkdirSync(dir, { recursive: true });
  makeRoot(dir, "root", `/C=BR/O=${org}/OU=Raiz de testes/CN=Autoridade Certificadora Raiz de Testes`);
  issue(dir, "intermediate", `/C=BR/O=${org}/OU=AC de testes/CN=AC Intermediaria de Testes`, "root", [
    "basicConstraints=critical,CA:TRUE,pathlen:0",
    "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  issue(dir, "leaf", `/C=BR/O=${org}/OU=e-CNPJ A1/CN=CHAVE LOCACOES LTDA:12345678000195`, "intermediate", [
    "basicConstraints=critical,CA:FALSE",
    "keyUsage=critical,digitalSignature,nonRepudiation",
    ...leafExtensions,
  ]);
  fs.writeFileSync(
    path.join(dir, "chain.pem"),
    ["intermediate", "root"].map((n) => fs.readFileSync(path.join(dir, `${n}.pem`), "utf8")).join(""),
  );
  openssl(
    [
      "pkcs12",
      "-export",
      "-inkey",
      "leaf.key",
      "-in",
      "leaf.pem",
      "-certfile",
      "chain.pem",
      "-passout",
      "pass:senha",
      "-out",
      "operator.p12",
    ],
    dir,
  );
  return {
    p12: path.join(dir, "operator.p12"),
    root: new X509Certificate(fs.readFileSync(path.join(dir, "root.pem"))),
  };
}

describe("the operator's CA-issued certificate", () => {
  it("embeds root, intermediate and leaf; OpenSSL verifies the chain to the root; the verifier trusts it only given the root", async () => {
    const { p12, root } = operatorP12(path.join(work, "operator"), "Chave Testes");
    const cert = await loadSealCertificate({ dataDir: work, p12Path: p12, passphrase: "senha" });
    expect(cert).toMatchObject({ subject: "CHAVE LOCACOES LTDA:12345678000195", selfSigned: false });
    const sealed = await sealPdf(contract, cert);
    expect(pdfsig(sealed)).toContain("Signature is Valid");
    const { cms } = parts(sealed);
    const signed = new pkijs.SignedData({
      schema: pkijs.ContentInfo.fromBER(new Uint8Array(cms).buffer).content,
    });
    expect(signed.certificates).toHaveLength(3);
    const rootFile = path.join(work, "operator", "root.pem");
    expect(cmsVerify(sealed, ["-CAfile", rootFile, "-purpose", "any"])).toMatchObject({ ok: true });
    // Another root: OpenSSL refuses the chain.
    expect(cmsVerify(sealed, ["-CAfile", tsa.caFile, "-purpose", "any"]).ok).toBe(false);
    // Not ICP-Brasil: no signature policy is declared.
    expect(signerInfo(cms).signedAttrs?.attributes.map((a) => a.type)).not.toContain(OID.signaturePolicy);

    expect(verifySealedPdf(sealed).chain.map((l) => l.trusted)).toEqual([false, false, false]);
    const trusted = verifySealedPdf(sealed, { trustAnchors: [root] });
    expect(trusted.chain).toEqual([
      {
        subject: expect.stringContaining("CN=CHAVE LOCACOES LTDA:12345678000195"),
        issuer: expect.stringContaining("CN=AC Intermediaria de Testes"),
        trusted: true,
      },
      expect.objectContaining({
        subject: expect.stringContaining("CN=AC Intermediaria de Testes"),
        trusted: true,
      }),
      expect.objectContaining({
        subject: expect.stringContaining("CN=Autoridade Certificadora Raiz de Testes"),
        trusted: true,
      }),
    ]);
  }, 60_000);

  it("puts the CRL the leaf names into the DSS with a timestamped seal", async () => {
    const dir = path.join(work, "crl");
    fs.mkdirSync(dir, { recursive: true });
    let crl = Buffer.alloc(0);
    const server = http.createServer((_req, res) =>
      res.writeHead(200, { "content-type": "application/pkix-crl" }).end(crl),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ac.crl`;
      const { p12 } = operatorP12(dir, "Chave Testes", [`crlDistributionPoints=URI:${url}`]);
      // The intermediate's CRL, made by `openssl ca -gencrl`.
      fs.writeFileSync(path.join(dir, "index.txt"), "");
      fs.writeFileSync(path.join(dir, "crlnumber"), "01\n");
      fs.writeFileSync(
        path.join(dir, "ca.cnf"),
        "[ca]\ndefault_ca=ac\n[ac]\ndatabase=index.txt\ncrlnumber=crlnumber\ndefault_md=sha256\ndefault_crl_days=30\n",
      );
      openssl(
        [
          "ca",
          "-gencrl",
          "-config",
          "ca.cnf",
          "-keyfile",
          "intermediate.key",
          "-cert",
          "intermediate.pem",
          "-out",
          "ac.crl.pem",
        ],
        dir,
      );
      openssl(["crl", "-in", "ac.crl.pem", "-outform", "DER", "-out", "ac.crl"], dir);
      crl = fs.readFileSync(path.join(dir, "ac.crl"));
      const cert = await loadSealCertificate({ dataDir: work, p12Path: p12, passphrase: "senha" });
      const sealed = await sealPdf(contract, withTsa(cert).cert);
      expect((await dssOf(sealed)).crls).toEqual([crl]);
      expect(pdfsig(sealed)).toContain("Total document signed");
      // The CRL service down: the seal is not made without what B-LT promises; the job retries.
      crl = Buffer.alloc(0);
      server.close();
      server.closeAllConnections();
      await expect(sealPdf(contract, withTsa(cert).cert)).rejects.toThrow(/ac\.crl could not be reached/);
    } finally {
      server.close();
    }
  }, 60_000);

  it("declares DOC-ICP-15.03's policy for an ICP-Brasil certificate: AD-RB, and AD-RT with a timestamp", async () => {
    const { p12 } = operatorP12(path.join(work, "icp"), "ICP-Brasil");
    const cert = await loadSealCertificate({ dataDir: work, p12Path: p12, passphrase: "senha" });
    const policyOf = (pdf: Buffer) => {
      const value = signerInfo(parts(pdf).cms).signedAttrs?.attributes.find(
        (a) => a.type === OID.signaturePolicy,
      )?.values[0];
      const printed = tryOpenssl([
        "asn1parse",
        "-inform",
        "DER",
        "-in",
        file("policy.der", Buffer.from(value?.toBER() ?? new ArrayBuffer(0))),
      ]);
      return printed.out;
    };
    const basic = await sealPdf(contract, cert);
    expect(policyOf(basic)).toContain(ICP_POLICIES.adRb.oid);
    expect(policyOf(basic)).toContain(ICP_POLICIES.adRb.uri);
    expect(cmsVerify(basic)).toMatchObject({ ok: true });
    const timed = await sealPdf(contract, withTsa(cert).cert);
    expect(policyOf(timed)).toContain(ICP_POLICIES.adRt.oid);
    expect(pdfsig(timed)).toContain("Signature is Valid");
  }, 60_000);
});
