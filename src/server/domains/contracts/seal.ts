import { generateKeyPairSync, randomBytes, X509Certificate } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import forge from "node-forge";
import { PDFDocument } from "pdf-lib";
import * as pkijs from "pkijs";
import {
  addSignatureTimestamp,
  dnField,
  encodeCms,
  ICP_POLICIES,
  isIcpBrasil,
  readP12,
  type SealKey,
  signatureValue,
  signCades,
} from "./pades";
import { addDss, collectValidationMaterial } from "./pades-dss";
import {
  ensureRoom,
  footer,
  heightOf,
  NBSP,
  openWriter,
  WIDTH,
  type Writer,
  write,
  writeRow,
} from "./pdf-writer";
import { makePdfA } from "./pdfa";
import { stepText } from "./trail";
import { requestTimestamp, TsaError, type TsaOptions, tstInfoOf } from "./tsa";

/*
 * The seal (decision 031): a PAdES baseline signature (ETSI.CAdES.detached) over the whole signed
 * PDF, made with the operator's P12 certificate, so any PDF reader (and pdfsig) can tell whether
 * the document was changed after it was sealed. With a time-stamping authority (TSA_URL) it
 * carries an RFC 3161 timestamp over the signature (B-T) and the validation material in a DSS
 * (B-LT); the file is PDF/A-2b.
 */

export interface SealCertificate {
  p12: Buffer;
  passphrase: string;
  /** The certificate's subject, as readers show it. */
  subject: string;
  selfSigned: boolean;
  /** The operator's RFC 3161 TSA (TSA_URL); without it the seal is PAdES B-B, with no timestamp. */
  tsa?: TsaOptions | undefined;
  /** Told of every TSA failure before the seal throws (the log and chave_seal_tsa_failures_total). */
  onTsaFailure?: ((err: Error) => void) | undefined;
  /**
   * What a verifier trusts (`verifySealedPdf(bytes, { trustAnchors })`): the root of this seal's
   * own chain, so that this installation's seals show as trusted, and SEAL_TRUST_ANCHORS.
   */
  trustAnchors?: X509Certificate[] | undefined;
}

/** Every certificate of a PEM bundle. */
export function readPemCertificates(pem: string): X509Certificate[] {
  return (pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map(
    (block) => new X509Certificate(block),
  );
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
  /** A PEM bundle of further trust anchors (SEAL_TRUST_ANCHORS). */
  trustAnchorsPath?: string | undefined;
  tsa?: TsaOptions | undefined;
  onTsaFailure?: ((err: Error) => void) | undefined;
}): Promise<SealCertificate> {
  const cert = await loadP12(opts);
  const root = readP12(cert.p12, cert.passphrase).chain.at(-1);
  const extra = opts.trustAnchorsPath
    ? readPemCertificates(await fsp.readFile(opts.trustAnchorsPath, "utf8"))
    : [];
  return {
    ...cert,
    tsa: opts.tsa,
    onTsaFailure: opts.onTsaFailure,
    trustAnchors: [...(root ? [root] : []), ...extra],
  };
}

async function loadP12(opts: {
  dataDir: string;
  p12Path?: string | undefined;
  passphrase?: string | undefined;
}): Promise<SealCertificate> {
  if (opts.p12Path) {
    const p12 = await fsp.readFile(opts.p12Path);
    const passphrase = opts.passphrase ?? "";
    // Read once at start, so that a wrong passphrase or a P12 without key shows at the first seal.
    const leaf = readP12(p12, passphrase).chain[0];
    return {
      p12,
      passphrase,
      subject: (leaf && dnField(leaf.subject, "CN")) ?? "operator",
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
  signers: { roleLabel: string; nome: string; cpf: string; email: string; signedAt: string | null }[];
  /** The trail, oldest first: the step's code (written here in words), who, when, from where. */
  events: { at: string; actor: string | null; type: string; detail: string | null; ip: string | null }[];
}

/** "***.444.777-**": enough to recognise, not enough to reuse. */
export function maskCpf(cpf: string): string {
  const d = cpf.replace(/\D/g, "");
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : "***";
}

/** Width of the trail's time column: "21/11/2026, 10:00:00" at 8 points, and a little air. */
const WHEN_WIDTH = 92;

/** A block of lines that must stay on one page: a new page first if it does not fit. */
function keepTogether(w: Writer, parts: [string, Parameters<typeof write>[2]][]): void {
  const height = parts.reduce((sum, [text, o]) => sum + heightOf(w, text, o) + (o?.gap ?? 6), 0);
  ensureRoom(w, height);
  for (const [text, o] of parts) write(w, text, o);
}

/**
 * Appends the certificate of completion: parties, masked CPFs, every event, and the hash before
 * sealing. Each signer is a block of its own lines (name, CPF and e-mail, when they signed), each
 * step of the trail a row (time, then what happened, who and from where), wrapped in its column.
 */
export async function appendCompletionCertificate(
  pdf: Uint8Array,
  info: CompletionInfo,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const first = doc.getPageCount();
  const w = await openWriter(doc);
  write(w, "CERTIFICADO DE CONCLUSÃO", { bold: true, size: 14, gap: 2 });
  write(w, `Contrato de locação residencial nº ${info.numero}`, { size: 10, gap: 8 });
  write(w, "SHA-256 do documento antes do selo:", { size: 8, gap: 0 });
  write(w, info.sha256, { size: 8, gap: 14 });

  const heading = (text: string) => write(w, text, { bold: true, size: 11, gap: 6, keepWithNext: 48 });
  heading("Signatários");
  for (const s of info.signers)
    keepTogether(w, [
      [`${s.roleLabel}: ${s.nome}`, { bold: true, size: 9, gap: 0 }],
      [`CPF ${maskCpf(s.cpf)} · ${s.email}`, { size: 9, gap: 0 }],
      [s.signedAt ? `Assinou em ${s.signedAt}` : "Não assinou", { size: 9, gap: 10 }],
    ]);

  w.y -= 6;
  heading("Trilha de auditoria (horário de Brasília)");
  for (const e of info.events) {
    const what = [
      e.detail ? `${stepText(e.type)} – ${e.detail}` : stepText(e.type),
      e.actor,
      e.ip ? `IP${NBSP}${e.ip}` : null,
    ]
      .filter(Boolean)
      .join(" · ");
    writeRow(
      w,
      [
        { text: e.at, x: 0, width: WHEN_WIDTH },
        { text: what, x: WHEN_WIDTH + 8, width: WIDTH - WHEN_WIDTH - 8 },
      ],
      { size: 8, gap: 3 },
    );
  }
  w.y -= 10;
  write(
    w,
    "Este documento foi selado com assinatura digital PAdES; qualquer alteração posterior invalida o selo.",
    { size: 8, together: true },
  );
  footer(
    doc.getPages().slice(first),
    w.regular,
    (i, n) => `Certificado de conclusão do contrato nº ${info.numero} · Página ${i} de ${n}`,
  );
  return doc.save({ useObjectStreams: false });
}

/** The CAdES signer @signpdf calls with the signed byte ranges, once the placeholder is laid. */
class CadesSigner extends Signer {
  constructor(
    private readonly key: SealKey,
    private readonly cert: SealCertificate,
    private readonly tokens: Buffer[],
  ) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const tsa = this.cert.tsa;
    // DOC-ICP-15.03: an ICP-Brasil signature names its policy, AD-RT when it carries a timestamp.
    const policy = isIcpBrasil(this.key.chain) ? (tsa ? ICP_POLICIES.adRt : ICP_POLICIES.adRb) : null;
    const signed = signCades(content, this.key, policy);
    if (tsa) {
      let token: Buffer;
      try {
        token = await requestTimestamp(signatureValue(signed), tsa);
      } catch (err) {
        this.cert.onTsaFailure?.(err as Error);
        throw err;
      }
      addSignatureTimestamp(signed, token);
      this.tokens.push(token);
    }
    return encodeCms(signed);
  }
}

/** Room for the CMS: a chain of four certificates and a timestamp token with the TSA's own. */
const SIGNATURE_LENGTH = 32_768;

/**
 * The TSA's certificates, learnt once per process from a token over a fixed value, so that they
 * and their revocation data can go into the DSS before the document is signed.
 */
const tsaChains = new Map<string, Promise<X509Certificate[]>>();
function tsaChainOf(tsa: TsaOptions): Promise<X509Certificate[]> {
  let chain = tsaChains.get(tsa.url);
  if (!chain) {
    chain = requestTimestamp(Buffer.from("chave: certificados da TSA"), tsa).then(tsaCertificates);
    // A failure is not remembered: the next seal asks again.
    chain.catch(() => tsaChains.delete(tsa.url));
    tsaChains.set(tsa.url, chain);
  }
  return chain;
}

/**
 * Makes the PDF PDF/A-2b and signs it with the certificate (PAdES B-B; with a TSA, B-T with the
 * B-LT material in the DSS); returns the sealed bytes. A TSA that fails or is slow throws, so the
 * seal job tries again.
 */
export async function sealPdf(pdf: Uint8Array, cert: SealCertificate, when = new Date()): Promise<Buffer> {
  const key = readP12(cert.p12, cert.passphrase);
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  makePdfA(doc, {
    title: doc.getTitle() ?? "Contrato de locação",
    created: doc.getCreationDate() ?? when,
    modified: when,
    author: doc.getAuthor(),
    subject: doc.getSubject(),
    keywords: doc.getKeywords(),
  });
  let tsaChain: X509Certificate[] = [];
  if (cert.tsa) {
    const tsa = cert.tsa;
    try {
      tsaChain = await tsaChainOf(tsa);
      addDss(doc, await collectValidationMaterial([key.chain, tsaChain], tsa.timeoutMs));
    } catch (err) {
      cert.onTsaFailure?.(err as Error);
      throw err;
    }
  }
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: "Contrato de locação assinado eletronicamente por todas as partes",
    contactInfo: "chave",
    name: cert.subject,
    location: "Brasil",
    signingTime: when,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: "Chave",
  });
  const withPlaceholder = await doc.save({ useObjectStreams: false });
  const tokens: Buffer[] = [];
  const sealed = await new SignPdf().sign(
    Buffer.from(withPlaceholder),
    new CadesSigner(key, cert, tokens),
    when,
  );
  const token = tokens[0];
  if (token) {
    // The TSA changed its certificate since we learnt it: the DSS would lack it. Learn again
    // and let the job try once more.
    const known = new Set(tsaChain.map((c) => c.fingerprint256));
    if (!tsaCertificates(token).every((c) => known.has(c.fingerprint256))) {
      tsaChains.delete(cert.tsa?.url ?? "");
      const err = new TsaError("the TSA's certificate changed; the seal will be made again");
      cert.onTsaFailure?.(err);
      throw err;
    }
  }
  return sealed;
}

/** The certificates a timestamp token carries (the TSA's, and its chain when the TSA sends it). */
function tsaCertificates(token: Buffer): X509Certificate[] {
  const info = pkijs.ContentInfo.fromBER(new Uint8Array(token).buffer);
  tstInfoOf(info); // a token, not any SignedData
  const signed = new pkijs.SignedData({ schema: info.content });
  return (signed.certificates ?? [])
    .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
    .map((c) => new X509Certificate(Buffer.from(c.toSchema().toBER())));
}
