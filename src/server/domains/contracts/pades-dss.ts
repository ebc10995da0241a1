import type { X509Certificate } from "node:crypto";
import { type PDFDocument, PDFName, type PDFRef } from "pdf-lib";
import * as pkijs from "pkijs";

/*
 * PAdES B-LT (ETSI EN 319 142-1, 5.4): the validation material (every certificate of the seal's
 * and the TSA's chains, and the CRLs and OCSP answers that these certificates name) in the
 * document's Document Security Store, so that the signature can still be checked when those
 * services are gone.
 */

export interface ValidationMaterial {
  certs: Buffer[];
  crls: Buffer[];
  ocsps: Buffer[];
}

const CRL_DISTRIBUTION_POINTS = "2.5.29.31";
const AUTHORITY_INFO_ACCESS = "1.3.6.1.5.5.7.1.1";
const OCSP_METHOD = "1.3.6.1.5.5.7.48.1";
const URI_NAME = 6;

/** The http(s) CRL and OCSP addresses a certificate names. */
export function revocationUrls(cert: X509Certificate): { crl: string[]; ocsp: string[] } {
  const parsed = pkijs.Certificate.fromBER(new Uint8Array(cert.raw).buffer);
  const crl: string[] = [];
  const ocsp: string[] = [];
  for (const ext of parsed.extensions ?? []) {
    if (ext.extnID === CRL_DISTRIBUTION_POINTS && ext.parsedValue instanceof pkijs.CRLDistributionPoints)
      for (const point of ext.parsedValue.distributionPoints)
        if (Array.isArray(point.distributionPoint))
          for (const name of point.distributionPoint)
            if (name.type === URI_NAME && /^https?:/.test(String(name.value))) crl.push(String(name.value));
    if (ext.extnID === AUTHORITY_INFO_ACCESS && ext.parsedValue instanceof pkijs.InfoAccess)
      for (const d of ext.parsedValue.accessDescriptions)
        if (d.accessMethod === OCSP_METHOD && d.accessLocation.type === URI_NAME)
          ocsp.push(String(d.accessLocation.value));
  }
  return { crl, ocsp };
}

async function fetchBytes(url: string, init: RequestInit, timeoutMs: number): Promise<Buffer> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }).catch((err: Error) => {
    throw new Error(`validation material: ${url} could not be reached (${err.message})`);
  });
  if (!res.ok) throw new Error(`validation material: ${url} answered HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * The chain's certificates and, for each certificate below a root, its CRLs (each distribution
 * point) and its OCSP answer (when its issuer is known). A service that does not answer throws:
 * the seal job tries again rather than store a B-LT seal without what it claims to hold.
 */
export async function collectValidationMaterial(
  chains: X509Certificate[][],
  timeoutMs = 10_000,
): Promise<ValidationMaterial> {
  const certs = new Map<string, X509Certificate>();
  for (const chain of chains) for (const c of chain) certs.set(c.fingerprint256, c);
  const all = [...certs.values()];
  const crls = new Map<string, Buffer>();
  const ocsps: Buffer[] = [];
  for (const cert of all) {
    if (cert.checkIssued(cert)) continue; // a root is trusted as it is, not by revocation
    const { crl, ocsp } = revocationUrls(cert);
    for (const url of crl) if (!crls.has(url)) crls.set(url, await fetchBytes(url, {}, timeoutMs));
    const issuer = all.find((c) => cert.checkIssued(c) && cert.verify(c.publicKey));
    const url = ocsp[0];
    if (!issuer || !url) continue;
    const request = new pkijs.OCSPRequest();
    await request.createForCertificate(pkijs.Certificate.fromBER(new Uint8Array(cert.raw).buffer), {
      hashAlgorithm: "SHA-1",
      issuerCertificate: pkijs.Certificate.fromBER(new Uint8Array(issuer.raw).buffer),
    });
    ocsps.push(
      await fetchBytes(
        url,
        {
          method: "POST",
          headers: { "content-type": "application/ocsp-request" },
          body: Buffer.from(request.toSchema(true).toBER()),
        },
        timeoutMs,
      ),
    );
  }
  return { certs: all.map((c) => c.raw), crls: [...crls.values()], ocsps };
}

/**
 * Puts the DSS in the document before it is signed: the seal then covers it too, so pdfsig and
 * every reader still say the signature covers the whole file, and the material cannot be
 * swapped afterwards (decision 031 says why not an incremental update after the signature).
 */
export function addDss(doc: PDFDocument, material: ValidationMaterial): void {
  const { context } = doc;
  const refs = (list: Buffer[]) => list.map((bytes) => context.register(context.flateStream(bytes)));
  const dss: Record<string, PDFRef[] | string> = { Type: "DSS", Certs: refs(material.certs) };
  if (material.crls.length) dss.CRLs = refs(material.crls);
  if (material.ocsps.length) dss.OCSPs = refs(material.ocsps);
  doc.catalog.set(PDFName.of("DSS"), context.register(context.obj(dss)));
}
