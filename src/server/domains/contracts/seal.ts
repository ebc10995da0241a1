import { generateKeyPairSync, randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import forge from "node-forge";
import { PDFDocument, rgb } from "pdf-lib";
import { contractFonts } from "./template";

/*
 * The seal: a PKCS#7 detached signature (adbe.pkcs7.detached) over the whole signed PDF, made
 * with a P12 certificate, so any PDF reader (and pdfsig) can tell whether the document was
 * changed after it was sealed.
 */

export interface SealCertificate {
  p12: Buffer;
  passphrase: string;
  /** The certificate's subject, as readers show it. */
  subject: string;
  selfSigned: boolean;
}

const SUBJECT = "Chave - selo de contratos";

/** A self-signed signing certificate, valid for ten years, as a P12 protected by `passphrase`. */
export function createSelfSignedP12(passphrase: string, commonName = SUBJECT): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  cert.serialNumber = `01${randomBytes(8).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  const attrs = [
    { name: "commonName", value: commonName },
    { name: "organizationName", value: "Chave" },
    { name: "countryName", value: "BR" },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "extKeyUsage", emailProtection: true, codeSigning: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, {
    algorithm: "3des",
    friendlyName: commonName,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}

/**
 * The operator's certificate (SEAL_P12_PATH and SEAL_P12_PASSPHRASE), or a self-signed one made
 * at first use under DATA_DIR/seal and kept there.
 */
export async function loadSealCertificate(opts: {
  dataDir: string;
  p12Path?: string | undefined;
  passphrase?: string | undefined;
}): Promise<SealCertificate> {
  if (opts.p12Path) {
    return {
      p12: await fsp.readFile(opts.p12Path),
      passphrase: opts.passphrase ?? "",
      subject: "operator",
      selfSigned: false,
    };
  }
  const dir = path.join(opts.dataDir, "seal");
  const p12File = path.join(dir, "seal.p12");
  const passFile = path.join(dir, "passphrase");
  try {
    return {
      p12: await fsp.readFile(p12File),
      passphrase: (await fsp.readFile(passFile, "utf8")).trim(),
      subject: SUBJECT,
      selfSigned: true,
    };
  } catch {
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    const passphrase = randomBytes(24).toString("base64url");
    const p12 = createSelfSignedP12(passphrase);
    await fsp.writeFile(passFile, `${passphrase}\n`, { mode: 0o600 });
    await fsp.writeFile(p12File, p12, { mode: 0o600 });
    return { p12, passphrase, subject: SUBJECT, selfSigned: true };
  }
}

export interface CompletionInfo {
  numero: string;
  sha256: string;
  signers: { papel: string; nome: string; cpf: string; email: string; assinadoEm: string | null }[];
  events: { quando: string; quem: string; evento: string; ip: string | null }[];
}

/** "***.444.777-**": enough to recognise, not enough to reuse. */
export function maskCpf(cpf: string): string {
  const d = cpf.replace(/\D/g, "");
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : "***";
}

/** Appends the certificate of completion: parties, masked CPFs, every event, and the hash before sealing. */
export async function appendCompletionCertificate(
  pdf: Uint8Array,
  info: CompletionInfo,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  doc.registerFontkit(fontkit);
  const f = contractFonts();
  const regular = await doc.embedFont(f.regular, { subset: true });
  const bold = await doc.embedFont(f.bold, { subset: true });
  let page = doc.addPage([595.28, 841.89]);
  let y = 785;
  const line = (text: string, size = 9, font = regular) => {
    if (y < 60) {
      page = doc.addPage([595.28, 841.89]);
      y = 785;
    }
    page.drawText(text, { x: 56, y, size, font, color: rgb(0.1, 0.1, 0.12), maxWidth: 483 });
    y -= size * 1.6;
  };
  line("CERTIFICADO DE CONCLUSÃO", 14, bold);
  line(`Contrato nº ${info.numero}`, 10);
  line(`SHA-256 do documento antes do selo: ${info.sha256}`, 8);
  y -= 8;
  line("Signatários", 11, bold);
  for (const s of info.signers)
    line(
      `${s.papel}: ${s.nome} · CPF ${maskCpf(s.cpf)} · ${s.email} · ${s.assinadoEm ? `assinou em ${s.assinadoEm}` : "não assinou"}`,
    );
  y -= 8;
  line("Trilha de auditoria (horário de Brasília)", 11, bold);
  for (const e of info.events) line(`${e.quando} · ${e.quem} · ${e.evento}${e.ip ? ` · IP ${e.ip}` : ""}`, 8);
  y -= 8;
  line(
    "Este documento foi selado com assinatura digital PKCS#7; qualquer alteração posterior invalida o selo.",
    8,
  );
  return doc.save({ useObjectStreams: false });
}

/** Signs the PDF with the certificate; returns the sealed bytes. */
export async function sealPdf(pdf: Uint8Array, cert: SealCertificate, when = new Date()): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: "Contrato de locação assinado eletronicamente por todas as partes",
    contactInfo: "chave",
    name: cert.subject,
    location: "Brasil",
    signingTime: when,
    signatureLength: 16_384,
    appName: "Chave",
  });
  const withPlaceholder = await doc.save({ useObjectStreams: false });
  return new SignPdf().sign(
    Buffer.from(withPlaceholder),
    new P12Signer(cert.p12, { passphrase: cert.passphrase }),
    when,
  );
}
