import type { X509Certificate } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { readP12 } from "./pades";
import type { SealCertificate } from "./seal";

/*
 * Who this installation seals as, for the verifications: its own certificate (the leaf of its
 * P12) and the certificates its readers are told to trust (the root its chain ends in; the
 * operator's ICP-Brasil chain ends in ICP-Brasil's root, which is then trusted too).
 */

export interface SealIdentity {
  leaf: X509Certificate;
  anchors: X509Certificate[];
}

const known = new WeakMap<SealCertificate, SealIdentity | null>();

/** The installation's seal identity, read once per certificate (null when its P12 is unreadable). */
export function sealIdentity(seal: SealCertificate): SealIdentity | null {
  const cached = known.get(seal);
  if (cached !== undefined) return cached;
  let identity: SealIdentity | null = null;
  try {
    const { chain } = readP12(seal.p12, seal.passphrase);
    const leaf = chain[0];
    const top = chain.at(-1);
    // The top of the chain is an anchor only when it is a root: signed by its own key (the
    // default self-signed seal is no CA, so OpenSSL's checkIssued says no).
    const isRoot = top !== undefined && top.subject === top.issuer && top.verify(top.publicKey);
    if (leaf && top) identity = { leaf, anchors: isRoot ? [top] : [] };
  } catch {
    identity = null;
  }
  known.set(seal, identity);
  return identity;
}

/**
 * Whether a signature's CMS (DER) was made with `leaf`: a SignerInfo names the leaf's serial and
 * the CMS carries the leaf itself. False for anything unreadable.
 */
export function signedWith(der: Buffer, leaf: X509Certificate): boolean {
  try {
    const parsed = asn1js.fromBER(new Uint8Array(der).buffer);
    if (parsed.offset === -1) return false;
    const signed = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: parsed.result }).content });
    const carriesLeaf = (signed.certificates ?? []).some(
      (c) => c instanceof pkijs.Certificate && leaf.raw.equals(Buffer.from(c.toSchema().toBER())),
    );
    const serial = leaf.serialNumber.replace(/^0+/, "").toUpperCase();
    const namesLeaf = signed.signerInfos.some(
      (info) =>
        info.sid instanceof pkijs.IssuerAndSerialNumber &&
        Buffer.from(info.sid.serialNumber.valueBlock.valueHexView)
          .toString("hex")
          .toUpperCase()
          .replace(/^0+/, "") === serial,
    );
    return carriesLeaf && namesLeaf;
  } catch {
    return false;
  }
}
