import { createHash, createPrivateKey, type KeyObject, sign, X509Certificate } from "node:crypto";
import * as asn1js from "asn1js";
import forge from "node-forge";
import * as pkijs from "pkijs";

/*
 * The CMS of a PAdES baseline signature (ETSI EN 319 142-1, B-B and B-T): a detached SignedData
 * whose signed attributes are content-type, message-digest and ESS signing-certificate-v2
 * (RFC 5035), and, for an ICP-Brasil certificate, the signature policy of DOC-ICP-15.03. No
 * signing-time attribute: PAdES puts the claimed time in the signature dictionary's /M. pkijs
 * builds and reads the ASN.1; the signature itself is node:crypto's, synchronous, with the key
 * from the operator's P12 (decision 031).
 */

export const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signaturePolicy: "1.2.840.113549.1.9.16.2.15",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  spUri: "1.2.840.113549.1.9.16.5.1",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  sha1: "1.3.14.3.2.26",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha384: "2.16.840.1.101.3.4.2.2",
  sha512: "2.16.840.1.101.3.4.2.3",
  rsaEncryption: "1.2.840.113549.1.1.1",
  sha256WithRSA: "1.2.840.113549.1.1.11",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  ecPublicKey: "1.2.840.10045.2.1",
} as const;

/** Node's name for a digest algorithm OID, or null for one we do not read. */
export function hashName(oid: string): string | null {
  return (
    { [OID.sha1]: "sha1", [OID.sha256]: "sha256", [OID.sha384]: "sha384", [OID.sha512]: "sha512" }[oid] ??
    null
  );
}

/** The key and the certificates of the seal: leaf first, then each issuer the P12 holds. */
export interface SealKey {
  key: KeyObject;
  chain: X509Certificate[];
}

/** Reads a P12 (OpenSSL 3's AES/PBKDF2 ones and the older 3DES ones alike) and orders its chain. */
export function readP12(p12: Buffer, passphrase: string): SealKey {
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString("binary")), passphrase);
  const bags = (type: string): forge.pkcs12.Bag[] => parsed.getBags({ bagType: type })[type] ?? [];
  const keyBag =
    bags(forge.pki.oids.pkcs8ShroudedKeyBag as string)[0] ?? bags(forge.pki.oids.keyBag as string)[0];
  if (!keyBag?.key) throw new Error("the seal's P12 holds no private key");
  const key = createPrivateKey(forge.pki.privateKeyToPem(keyBag.key));
  const certs = bags(forge.pki.oids.certBag as string)
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c))
    .map(
      (c) =>
        new X509Certificate(
          Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), "binary"),
        ),
    );
  const leaf = certs.find((c) => c.checkPrivateKey(key));
  if (!leaf) throw new Error("the seal's P12 holds no certificate for its private key");
  return { key, chain: orderChain(leaf, certs) };
}

/** The certificate, then its issuer, and so on, as far as `pool` goes. */
export function orderChain(leaf: X509Certificate, pool: X509Certificate[]): X509Certificate[] {
  const chain = [leaf];
  for (let current = leaf; chain.length < 10; ) {
    if (current.checkIssued(current) && current.verify(current.publicKey)) break; // self-signed root
    const issuer = pool.find(
      (c) => !chain.includes(c) && current.checkIssued(c) && current.verify(c.publicKey),
    );
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain;
}

/** "C=BR, O=…, CN=…": the attributes in the order the certificate encodes them, as OpenSSL prints. */
export function nameOf(dn: string): string {
  return dn.split("\n").join(", ");
}

/** One attribute of a distinguished name ("CN", "O"), from Node's multi-line form. */
export function dnField(dn: string, field: string): string | null {
  const line = dn.split("\n").find((l) => l.startsWith(`${field}=`));
  return line ? line.slice(field.length + 1) : null;
}

/**
 * A signature policy of DOC-ICP-15.03 (ICP-Brasil's policies for PAdES signatures): its OID, where
 * ITI publishes it, and the SHA-256 that the policy's own signPolicyHash gives, which a validator
 * compares with the document it fetches. The values are v1.3 of each policy (in force since
 * 23/07/2025); see decision 031 for where they come from and how to check them against ITI's LPA.
 */
export interface SignaturePolicy {
  name: string;
  oid: string;
  uri: string;
  sha256: string;
}

export const ICP_POLICIES = {
  adRb: {
    name: "PA_PAdES_AD_RB_v1_3",
    oid: "2.16.76.1.7.1.11.1.3",
    uri: "http://politicas.icpbrasil.gov.br/PA_PAdES_AD_RB_v1_3.der",
    sha256: "23e4be4b9b362172e4ebb0e72b86a133ece5aad843d8651c6e38a0ba3f08fc60",
  },
  adRt: {
    name: "PA_PAdES_AD_RT_v1_3",
    oid: "2.16.76.1.7.1.12.1.3",
    uri: "http://politicas.icpbrasil.gov.br/PA_PAdES_AD_RT_v1_3.der",
    sha256: "92a972e7c292bb884e98e650773d9e9876994effb43eb36199b06bf2864a677c",
  },
} satisfies Record<string, SignaturePolicy>;

/** An ICP-Brasil certificate: some certificate of its chain is issued under O=ICP-Brasil. */
export function isIcpBrasil(chain: X509Certificate[]): boolean {
  return chain.some((c) => dnField(c.issuer, "O") === "ICP-Brasil");
}

function attribute(type: string, value: asn1js.AsnType): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

function fromDer(der: ArrayBuffer | Buffer): asn1js.AsnType {
  const buf = Buffer.isBuffer(der) ? der : Buffer.from(der);
  const parsed = asn1js.fromBER(new Uint8Array(buf).buffer);
  if (parsed.offset === -1) throw new Error(`unreadable ASN.1: ${parsed.result.error}`);
  return parsed.result;
}

/** ESS signing-certificate-v2 (RFC 5035): the leaf's SHA-256 (the default hash, so not named). */
function signingCertificateV2(leaf: X509Certificate): asn1js.Sequence {
  const cert = pkijs.Certificate.fromBER(new Uint8Array(leaf.raw).buffer);
  const issuerName = fromDer(Buffer.from(cert.issuer.toSchema().toBER()));
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      new asn1js.OctetString({
        valueHex: new Uint8Array(createHash("sha256").update(leaf.raw).digest()).buffer,
      }),
      new asn1js.Sequence({
        value: [
          // GeneralNames with the issuer as a directoryName ([4], explicit: Name is a CHOICE).
          new asn1js.Sequence({
            value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [issuerName] })],
          }),
          cert.serialNumber,
        ],
      }),
    ],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

function signaturePolicyIdentifier(policy: SignaturePolicy): asn1js.Sequence {
  return new asn1js.Sequence({
    value: [
      new asn1js.ObjectIdentifier({ value: policy.oid }),
      new asn1js.Sequence({
        value: [
          new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }).toSchema(),
          new asn1js.OctetString({ valueHex: new Uint8Array(Buffer.from(policy.sha256, "hex")).buffer }),
        ],
      }),
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [
              new asn1js.ObjectIdentifier({ value: OID.spUri }),
              new asn1js.IA5String({ value: policy.uri }),
            ],
          }),
        ],
      }),
    ],
  });
}

function signatureAlgorithm(key: KeyObject): string {
  if (key.asymmetricKeyType === "rsa") return OID.sha256WithRSA;
  if (key.asymmetricKeyType === "ec") return OID.ecdsaWithSha256;
  throw new Error(`the seal's key type is not supported: ${key.asymmetricKeyType}`);
}

/**
 * A detached CAdES SignedData over `content` (the PDF's signed byte ranges). Returns the pkijs
 * object so that a timestamp can be added to it before it is encoded.
 */
export function signCades(
  content: Buffer,
  sealKey: SealKey,
  policy: SignaturePolicy | null,
): pkijs.SignedData {
  const leaf = sealKey.chain[0];
  if (!leaf) throw new Error("the seal has no certificate");
  const attrs = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
    attribute(
      OID.messageDigest,
      new asn1js.OctetString({
        valueHex: new Uint8Array(createHash("sha256").update(content).digest()).buffer,
      }),
    ),
    attribute(OID.signingCertificateV2, signingCertificateV2(leaf)),
    ...(policy ? [attribute(OID.signaturePolicy, signaturePolicyIdentifier(policy))] : []),
  ];
  // DER's SET OF is sorted by encoding; OpenSSL re-encodes the attributes to check the
  // signature, so an unsorted set would fail there even though our bytes are signed as sent.
  const sorted = attrs
    .map((a) => ({ a, der: Buffer.from(a.toSchema().toBER()) }))
    .sort((x, y) => Buffer.compare(x.der, y.der));
  const setDer = Buffer.from(new asn1js.Set({ value: sorted.map((s) => fromDer(s.der)) }).toBER());
  const signature = sign("sha256", setDer, sealKey.key);
  const certs = sealKey.chain.map((c) => pkijs.Certificate.fromBER(new Uint8Array(c.raw).buffer));
  const leafCert = certs[0] as pkijs.Certificate;
  return new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [
      new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() }),
    ],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: certs,
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: leafCert.issuer,
          serialNumber: leafCert.serialNumber,
        }),
        digestAlgorithm: new pkijs.AlgorithmIdentifier({
          algorithmId: OID.sha256,
          algorithmParams: new asn1js.Null(),
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: sorted.map((s) => s.a) }),
        signatureAlgorithm: new pkijs.AlgorithmIdentifier({
          algorithmId: signatureAlgorithm(sealKey.key),
          ...(sealKey.key.asymmetricKeyType === "rsa" ? { algorithmParams: new asn1js.Null() } : {}),
        }),
        signature: new asn1js.OctetString({ valueHex: new Uint8Array(signature).buffer }),
      }),
    ],
  });
}

/** The signature value, which a signature timestamp covers (ETSI EN 319 122-1, 5.3). */
export function signatureValue(signedData: pkijs.SignedData): Buffer {
  const signer = signedData.signerInfos[0];
  if (!signer) throw new Error("no signer");
  return Buffer.from(signer.signature.valueBlock.valueHexView);
}

/** Adds the timestamp token (a ContentInfo's DER) as id-aa-signatureTimeStampToken. */
export function addSignatureTimestamp(signedData: pkijs.SignedData, token: Buffer): void {
  const signer = signedData.signerInfos[0];
  if (!signer) throw new Error("no signer");
  signer.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [attribute(OID.signatureTimeStampToken, fromDer(token))],
  });
}

/** The ContentInfo's DER, as /Contents carries it. */
export function encodeCms(signedData: pkijs.SignedData): Buffer {
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(info.toSchema().toBER());
}
