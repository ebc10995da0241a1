import { createHash } from "node:crypto";
import forge from "node-forge";

export interface SealVerdict {
  /** The PKCS#7 signature matches the signed bytes and the certificate's key. */
  signatureValid: boolean;
  /** The signature covers the whole file, so nothing was appended after sealing. */
  coversWholeFile: boolean;
  signer: string | null;
  signedAt: string | null;
  problem: string | null;
}

/**
 * Checks a sealed PDF the way a reader does: the signed byte ranges, the message digest in the
 * signed attributes, and the RSA signature over those attributes with the certificate's key.
 */
export function verifySealedPdf(pdf: Buffer): SealVerdict {
  const fail = (problem: string): SealVerdict => ({
    signatureValid: false,
    coversWholeFile: false,
    signer: null,
    signedAt: null,
    problem,
  });
  const text = pdf.toString("latin1");
  const byteRange = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(-1);
  if (!byteRange) return fail("no signature");
  const [a, b, c, d] = byteRange.slice(1, 5).map(Number) as [number, number, number, number];
  if (a !== 0 || c < b || c + d > pdf.length) return fail("malformed byte range");
  const hexContents = pdf
    .subarray(b + 1, c - 1)
    .toString("latin1")
    .replace(/0+$/, "");
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  try {
    const asn1 = forge.asn1.fromDer(
      forge.util.hexToBytes(hexContents.length % 2 ? `${hexContents}0` : hexContents),
    );
    const p7 = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & {
      rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
    };
    const cert = p7.certificates[0];
    if (!cert) return fail("no certificate");
    const attrs = p7.rawCapture.authenticatedAttributes;
    const digestAttr = attrs.find(
      (attr) =>
        forge.asn1.derToOid((attr.value as forge.asn1.Asn1[])[0]?.value as string) ===
        forge.pki.oids.messageDigest,
    );
    const timeAttr = attrs.find(
      (attr) =>
        forge.asn1.derToOid((attr.value as forge.asn1.Asn1[])[0]?.value as string) ===
        forge.pki.oids.signingTime,
    );
    const digestSet = digestAttr
      ? ((digestAttr.value as forge.asn1.Asn1[])[1]?.value as forge.asn1.Asn1[])
      : undefined;
    const claimed = digestSet?.[0]?.value as string | undefined;
    const actual = createHash("sha256").update(signed).digest("binary");
    if (claimed !== actual)
      return { ...fail("digest mismatch"), signer: cert.subject.getField("CN")?.value ?? null };
    // The signature is over the DER of the attributes as a SET.
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs);
    const md = forge.md.sha256.create();
    md.update(forge.asn1.toDer(set).getBytes());
    const ok = (cert.publicKey as forge.pki.rsa.PublicKey).verify(
      md.digest().getBytes(),
      p7.rawCapture.signature,
    );
    const timeSet = timeAttr
      ? ((timeAttr.value as forge.asn1.Asn1[])[1]?.value as forge.asn1.Asn1[])
      : undefined;
    const time = timeSet?.[0] ? forge.asn1.utcTimeToDate(timeSet[0].value as string).toISOString() : null;
    return {
      signatureValid: ok,
      coversWholeFile: c + d === pdf.length,
      signer: cert.subject.getField("CN")?.value ?? null,
      signedAt: time,
      problem: ok ? null : "signature mismatch",
    };
  } catch (err) {
    return fail(`unreadable signature: ${(err as Error).message}`);
  }
}
