import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  appendCompletionCertificate,
  createSelfSignedP12,
  loadSealCertificate,
  maskCpf,
  sealPdf,
} from "./seal";
import { renderContract } from "./template";
import { base } from "./template.fixture";

function pdfsig(bytes: Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "chave-seal-")), "contrato.pdf");
  fs.writeFileSync(file, bytes);
  try {
    // pdfsig exits 0 even on a digest mismatch: the verdict is in what it prints.
    return execFileSync("pdfsig", [file], { encoding: "utf8" });
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

describe("seal", () => {
  it("signs a contract so that pdfsig finds the signature valid and the document whole", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chave-data-"));
    const cert = await loadSealCertificate({ dataDir });
    expect(fs.existsSync(path.join(dataDir, "seal", "seal.p12"))).toBe(true);
    // The same certificate is found again at the next start.
    expect((await loadSealCertificate({ dataDir })).p12.equals(cert.p12)).toBe(true);
    const { bytes, sha256 } = await renderContract(base);
    const withCertificate = await appendCompletionCertificate(bytes, {
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
        {
          at: "21/11/2026 10:00",
          actor: base.locador.nome,
          type: "assinado",
          detail: null,
          ip: "127.0.0.1",
        },
      ],
    });
    const sealed = await sealPdf(withCertificate, cert);
    const out = pdfsig(sealed);
    expect(out).toContain("Signature is Valid");
    expect(out).toContain("Total document signed");
    expect(out).not.toContain("Digest Mismatch");

    // One byte changed in the signed range: pdfsig must say so.
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf("CERTIFICADO");
    const index = at > 0 ? at : 200;
    tampered[index] = (tampered[index] ?? 0) ^ 0x01;
    expect(pdfsig(tampered)).not.toContain("Signature is Valid");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("makes a P12 that opens with its passphrase only, and masks CPFs", () => {
    const p12 = createSelfSignedP12("segredo");
    expect(p12.length).toBeGreaterThan(1000);
    expect(maskCpf("111.444.777-35")).toBe("***.444.777-**");
  });
});

describe("verification on the server", () => {
  it("accepts a sealed PDF and refuses one changed after sealing", async () => {
    const { verifySealedPdf } = await import("./verify");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chave-verify-"));
    const cert = await loadSealCertificate({ dataDir });
    const { bytes } = await renderContract(base);
    const sealed = await sealPdf(bytes, cert);
    const verdict = verifySealedPdf(sealed);
    expect(verdict).toMatchObject({
      signatureValid: true,
      coversWholeFile: true,
      signer: "Chave - selo de contratos",
      problem: null,
    });
    const tampered = Buffer.from(sealed);
    tampered[500] = (tampered[500] ?? 0) ^ 0x01;
    expect(verifySealedPdf(tampered)).toMatchObject({ signatureValid: false, problem: "digest mismatch" });
    expect(verifySealedPdf(Buffer.concat([sealed, Buffer.from("\n%% appended")]))).toMatchObject({
      signatureValid: true,
      coversWholeFile: false,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
