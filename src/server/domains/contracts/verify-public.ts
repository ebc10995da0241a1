import { createHash } from "node:crypto";
import forge from "node-forge";
import { PUBLIC_VERIFY_MAX_BYTES, type PublicVerification } from "../../../shared/contracts/contracts";
import { AppError } from "../../../shared/errors";
import type { ContractsContext } from "./context";
import { contractNumberSealedWithHash } from "./contracts.repository";
import type { SealCertificate } from "./seal";
import { verifySealedPdf } from "./verify";
import { sealDetailsOf } from "./verify-document";

/*
 * The public verification (decision 033): anyone uploads a PDF and learns whether it is a contract
 * this installation sealed, unchanged since, and when it was sealed. It answers from the file and
 * the recorded hash only: the contract's number and seal time are printed in the file itself, and
 * nothing else about the contract (parties, amounts, address) is ever said.
 */

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Every signature in the file: where its signed revision ends and its PKCS#7 as DER. */
function signaturesIn(pdf: Buffer): { end: number; der: string }[] {
  const text = pdf.toString("latin1");
  const found: { end: number; der: string }[] = [];
  // A file with more signatures than a contract ever has is read no further.
  for (const m of [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].slice(0, 8)) {
    const [a, b, c, d] = m.slice(1, 5).map(Number) as [number, number, number, number];
    if (a !== 0 || b < 1 || c <= b || c + d > pdf.length) continue;
    const hex = pdf
      .subarray(b + 1, c - 1)
      .toString("latin1")
      .replace(/0+$/, "");
    if (!/^[0-9a-fA-F]*$/.test(hex)) continue;
    found.push({ end: c + d, der: forge.util.hexToBytes(hex.length % 2 ? `${hex}0` : hex) });
  }
  return found;
}

/** The SHA-256 of each certificate a PKCS#7 carries (none when it cannot be read). */
function certificateHashes(der: string): string[] {
  try {
    const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der)) as forge.pkcs7.PkcsSignedData;
    return p7.certificates.map((cert) =>
      sha256(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), "binary")),
    );
  } catch {
    return [];
  }
}

/** PKCS#12 bag types (RFC 7292 §4.2). */
const BAG = {
  key: "1.2.840.113549.1.12.10.1.1",
  shroudedKey: "1.2.840.113549.1.12.10.1.2",
  cert: "1.2.840.113549.1.12.10.1.3",
};

const ownCertificate = new WeakMap<SealCertificate, string | null>();

/**
 * The SHA-256 of this installation's sealing certificate: the one in its P12 that holds the
 * private key's public half (not the CA above it, which other people's certificates share).
 */
export function sealCertificateHash(seal: SealCertificate): string | null {
  const known = ownCertificate.get(seal);
  if (known !== undefined) return known;
  let found: string | null = null;
  try {
    const p12 = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(seal.p12.toString("binary")),
      false,
      seal.passphrase,
    );
    const bagsOf = (bagType: string) => p12.getBags({ bagType })[bagType] ?? [];
    const key = (bagsOf(BAG.shroudedKey)[0] ?? bagsOf(BAG.key)[0])?.key as
      | forge.pki.rsa.PrivateKey
      | undefined;
    const certs = bagsOf(BAG.cert);
    const leaf = certs.find((bag) => {
      const pub = bag.cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return key !== undefined && pub?.n?.equals(key.n) === true;
    })?.cert;
    if (leaf)
      found = sha256(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(leaf)).getBytes(), "binary"));
  } catch {
    found = null;
  }
  ownCertificate.set(seal, found);
  return found;
}

/** Refuses what is not a PDF before reading it: empty, too large, or not starting with `%PDF-`. */
export function assertPdf(bytes: Buffer): void {
  if (bytes.length === 0) throw new AppError("empty-file");
  if (bytes.length > PUBLIC_VERIFY_MAX_BYTES) throw new AppError("verify-file-too-large");
  if (!bytes.subarray(0, 5).equals(Buffer.from("%PDF-"))) throw new AppError("not-a-pdf");
}

/** Whether `bytes` are a contract this installation sealed, unchanged since (see the file's top). */
export async function verifyUploaded(ctx: ContractsContext, bytes: Buffer): Promise<PublicVerification> {
  assertPdf(bytes);
  const verdict = verifySealedPdf(bytes);
  const numero = await contractNumberSealedWithHash(ctx.pool, sha256(bytes));
  if (numero) {
    const details = sealDetailsOf(verdict, bytes);
    return {
      result: "autentico",
      numero,
      sealedAt: verdict.signedAt,
      signatureValid: verdict.signatureValid,
      subFilter: details.subFilter,
      timestamp: details.timestamp,
      pdfA: details.pdfA,
    };
  }
  const signatures = signaturesIn(bytes);
  // Something appended after the seal (an incremental update) leaves the sealed revision whole at
  // the file's start: that revision names the contract it was.
  for (const { end } of signatures) {
    if (end >= bytes.length) continue;
    const original = await contractNumberSealedWithHash(ctx.pool, sha256(bytes.subarray(0, end)));
    if (original)
      return {
        result: "alterado",
        numero: original,
        sealedAt: verifySealedPdf(bytes.subarray(0, end)).signedAt,
      };
  }
  const own = sealCertificateHash(await ctx.seal());
  if (own && signatures.some(({ der }) => certificateHashes(der).includes(own)))
    // The time a changed file's signature claims is not to be trusted.
    return { result: "alterado", numero: null, sealedAt: null };
  return { result: "desconhecido" };
}
