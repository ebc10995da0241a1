import { createHash, verify as verifySignature, X509Certificate } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { dnField, hashName, nameOf, OID, orderChain } from "./pades";

/** The RFC 3161 timestamp over the signature (PAdES B-T). */
export interface TimestampVerdict {
  /** The TSA's time, ISO 8601. */
  genTime: string;
  /** The TSA's name: the common name of the certificate that signed the token. */
  tsa: string | null;
  /** The token covers this signature's value and its own signature verifies. */
  valid: boolean;
}

/** One certificate of the seal's chain, leaf first. */
export interface ChainLink {
  subject: string;
  issuer: string;
  /** The chain from this certificate up reaches one of the trust anchors given to the verifier. */
  trusted: boolean;
}

export interface SealVerdict {
  /** The CMS signature matches the signed bytes and the certificate's key. */
  signatureValid: boolean;
  /** The signature covers the whole file, so nothing was appended after sealing. */
  coversWholeFile: boolean;
  signer: string | null;
  /** The timestamp's time when there is one, else the time the signature claims. */
  signedAt: string | null;
  problem: string | null;
  /** "ETSI.CAdES.detached" (PAdES) or "adbe.pkcs7.detached" (contracts sealed before). */
  subFilter: string | null;
  timestamp: TimestampVerdict | null;
  chain: ChainLink[];
  /** The PDF/A part and conformance the file declares ("2B"), or null. */
  pdfA: string | null;
}

export interface VerifyOptions {
  /** Certificates a chain must reach to be trusted: the installation's own root, ICP-Brasil's. */
  trustAnchors?: X509Certificate[];
}

function attrValue(attrs: pkijs.Attribute[] | undefined, type: string): asn1js.AsnType | undefined {
  return attrs?.find((a) => a.type === type)?.values[0];
}

function octets(value: asn1js.AsnType | undefined): Buffer | null {
  return value instanceof asn1js.OctetString ? Buffer.from(value.valueBlock.valueHexView) : null;
}

function certsOf(signed: pkijs.SignedData): X509Certificate[] {
  return (signed.certificates ?? [])
    .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
    .map((c) => new X509Certificate(Buffer.from(c.toSchema().toBER())));
}

/** The certificate a SignerInfo names (issuer and serial), among `certs`. */
function signerCert(info: pkijs.SignerInfo, certs: X509Certificate[]): X509Certificate | undefined {
  if (info.sid instanceof pkijs.IssuerAndSerialNumber) {
    const serial = Buffer.from(info.sid.serialNumber.valueBlock.valueHexView).toString("hex").toUpperCase();
    const found = certs.find((c) => c.serialNumber.replace(/^0+/, "") === serial.replace(/^0+/, ""));
    if (found) return found;
  }
  return certs[0];
}

/**
 * The signature of one SignerInfo over `content`: its message digest, then the signature over
 * the signed attributes (as the DER SET they were signed as) with `cert`'s key.
 */
function checkSigner(
  info: pkijs.SignerInfo,
  content: Buffer,
  cert: X509Certificate,
): "ok" | "digest mismatch" | "signature mismatch" {
  const hash = hashName(info.digestAlgorithm.algorithmId) ?? "sha256";
  const claimed = octets(attrValue(info.signedAttrs?.attributes, OID.messageDigest));
  if (!claimed?.equals(createHash(hash).update(content).digest())) return "digest mismatch";
  // pkijs keeps the attributes as received, their [0] tag already turned into SET's (0x31).
  const signedBytes = Buffer.from(info.signedAttrs?.encodedValue ?? new ArrayBuffer(0));
  const ok = verifySignature(
    hash,
    signedBytes,
    cert.publicKey,
    Buffer.from(info.signature.valueBlock.valueHexView),
  );
  return ok ? "ok" : "signature mismatch";
}

function commonName(cert: X509Certificate): string {
  return dnField(cert.subject, "CN") ?? nameOf(cert.subject);
}

function checkTimestamp(token: asn1js.AsnType, signatureValue: Buffer): TimestampVerdict {
  const info = new pkijs.ContentInfo({ schema: token });
  const signed = new pkijs.SignedData({ schema: info.content });
  const eContent = signed.encapContentInfo.eContent;
  if (!eContent) throw new Error("timestamp without content");
  const tst = pkijs.TSTInfo.fromBER(eContent.getValue());
  const imprintHash = hashName(tst.messageImprint.hashAlgorithm.algorithmId);
  const imprintOk =
    imprintHash !== null &&
    Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).equals(
      createHash(imprintHash).update(signatureValue).digest(),
    );
  const certs = certsOf(signed);
  const signer = signed.signerInfos[0];
  const cert = signer ? signerCert(signer, certs) : undefined;
  const tokenOk =
    signer !== undefined &&
    cert !== undefined &&
    checkSigner(signer, Buffer.from(eContent.getValue()), cert) === "ok";
  return {
    genTime: tst.genTime.toISOString(),
    tsa: cert ? commonName(cert) : null,
    valid: imprintOk && tokenOk,
  };
}

function chainOf(leaf: X509Certificate, pool: X509Certificate[], anchors: X509Certificate[]): ChainLink[] {
  const chain = orderChain(leaf, [...pool, ...anchors]);
  const isAnchor = (c: X509Certificate) => anchors.some((a) => a.raw.equals(c.raw));
  // Each link is trusted when the chain from it upwards reaches an anchor.
  const reaches = chain.map((_, i) => chain.slice(i).some(isAnchor));
  return chain.map((c, i) => ({
    subject: nameOf(c.subject),
    issuer: nameOf(c.issuer),
    trusted: reaches[i] ?? false,
  }));
}

/** "D:20261121100000+00'00'" (a PDF date) as ISO 8601. */
function pdfDate(value: string): string | null {
  const m = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|([+-])(\d{2})'?(\d{2})'?)?/.exec(value);
  if (!m) return null;
  const zone = !m[7] || m[7] === "Z" ? "Z" : `${m[8]}${m[9]}:${m[10]}`;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${zone}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The declared PDF/A identification in the XMP (written uncompressed, as PDF/A asks). */
function pdfAOf(text: string): string | null {
  const part = /pdfaid:part(?:\s*=\s*["'](\d)["']|>\s*(\d)\s*<)/.exec(text);
  const conformance = /pdfaid:conformance(?:\s*=\s*["']([ABUabu])["']|>\s*([ABUabu])\s*<)/.exec(text);
  if (!part) return null;
  return `${part[1] ?? part[2]}${(conformance?.[1] ?? conformance?.[2] ?? "").toUpperCase()}`;
}

/**
 * Checks a sealed PDF the way a reader does: the signed byte ranges, the message digest in the
 * signed attributes, and the signature over those attributes with the certificate's key; then
 * the timestamp token over the signature, the certificate chain and the PDF/A declaration.
 * Reads both seals this installation has made: adbe.pkcs7.detached (before decision 031) and
 * PAdES (ETSI.CAdES.detached).
 */
export function verifySealedPdf(pdf: Buffer, opts: VerifyOptions = {}): SealVerdict {
  const text = pdf.toString("latin1");
  const base = {
    signatureValid: false,
    coversWholeFile: false,
    signer: null,
    signedAt: null,
    subFilter: null,
    timestamp: null,
    chain: [] as ChainLink[],
    pdfA: pdfAOf(text),
  };
  const fail = (problem: string, more: Partial<SealVerdict> = {}): SealVerdict => ({
    ...base,
    problem,
    ...more,
  });
  const byteRange = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(-1);
  if (!byteRange) return fail("no signature");
  const [a, b, c, d] = byteRange.slice(1, 5).map(Number) as [number, number, number, number];
  if (a !== 0 || c < b || c + d > pdf.length) return fail("malformed byte range");
  // The signature dictionary around /Contents: its /SubFilter and /M.
  const around = text.slice(Math.max(0, (byteRange.index ?? b) - 2_000), c + 2_000);
  const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(around)?.[1] ?? null;
  const claimedTime = /\/M\s*\((D:[^)]*)\)/.exec(around)?.[1];
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const coversWholeFile = c + d === pdf.length;
  try {
    const hex = pdf.subarray(b + 1, c - 1).toString("latin1");
    const der = Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex");
    const parsed = asn1js.fromBER(new Uint8Array(der).buffer);
    if (parsed.offset === -1) throw new Error(parsed.result.error);
    const info = new pkijs.ContentInfo({ schema: parsed.result });
    if (info.contentType !== OID.signedData) throw new Error("not a SignedData");
    const signedData = new pkijs.SignedData({ schema: info.content });
    const signerInfo = signedData.signerInfos[0];
    const certs = certsOf(signedData);
    const cert = signerInfo ? signerCert(signerInfo, certs) : undefined;
    if (!signerInfo || !cert) return fail("no certificate", { subFilter });
    const signer = commonName(cert);
    const chain = chainOf(cert, certs, opts.trustAnchors ?? []);
    const outcome = checkSigner(signerInfo, signed, cert);
    const tokenAttr = attrValue(signerInfo.unsignedAttrs?.attributes, OID.signatureTimeStampToken);
    let timestamp: TimestampVerdict | null = null;
    if (tokenAttr) {
      try {
        timestamp = checkTimestamp(tokenAttr, Buffer.from(signerInfo.signature.valueBlock.valueHexView));
      } catch {
        timestamp = { genTime: "", tsa: null, valid: false };
      }
    }
    const signingTime = attrValue(signerInfo.signedAttrs?.attributes, OID.signingTime);
    const attrTime =
      signingTime instanceof asn1js.UTCTime || signingTime instanceof asn1js.GeneralizedTime
        ? signingTime.toDate().toISOString()
        : null;
    const signedAt =
      (timestamp?.valid ? timestamp.genTime : null) ??
      attrTime ??
      (claimedTime ? pdfDate(claimedTime) : null);
    const more = { subFilter, chain, timestamp, signer, coversWholeFile };
    if (outcome !== "ok") return fail(outcome, { ...more, coversWholeFile: false });
    return {
      ...base,
      ...more,
      signatureValid: true,
      signedAt,
      problem: timestamp && !timestamp.valid ? "timestamp invalid" : null,
    };
  } catch (err) {
    return fail(`unreadable signature: ${(err as Error).message}`, { subFilter });
  }
}
