import { createHash } from "node:crypto";
import { PUBLIC_VERIFY_MAX_BYTES, type PublicVerification } from "../../../shared/contracts/contracts";
import { AppError } from "../../../shared/errors";
import type { ContractsContext } from "./context";
import { contractNumberSealedWithAnyHash } from "./contracts.repository";
import { sealIdentity, signedWith } from "./seal-identity";
import { verifySealedPdf } from "./verify";

/*
 * The public verification (decision 033): anyone uploads a PDF and learns whether it is a contract
 * this installation sealed, unchanged since, and when it was sealed. It answers from the file and
 * the recorded hash only: the contract's number and seal time are printed in the file itself, and
 * nothing else about the contract (parties, amounts, address) is ever said.
 */

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** More signatures or revisions than a sealed contract ever has are not read. */
const MAX_PARTS = 8;

/** Every signature in the file: where its signed revision ends and its CMS as DER. */
function signaturesIn(pdf: Buffer, text: string): { end: number; der: Buffer }[] {
  const found: { end: number; der: Buffer }[] = [];
  for (const m of [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].slice(
    0,
    MAX_PARTS,
  )) {
    const [a, b, c, d] = m.slice(1, 5).map(Number) as [number, number, number, number];
    if (a !== 0 || b < 1 || c <= b || c + d > pdf.length) continue;
    const hex = pdf.subarray(b + 1, c - 1).toString("latin1");
    if (!/^[0-9a-fA-F]*$/.test(hex)) continue;
    found.push({ end: c + d, der: Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex") });
  }
  return found;
}

/**
 * Where each earlier version of the file ends: each signed revision, and each end of file marker
 * after the first (a PAdES B-LT seal adds its validation data as one more revision after the
 * signature, and what someone appends later starts after that).
 */
function earlierVersions(pdf: Buffer, text: string, signatures: { end: number }[]): number[] {
  const ends = new Set(signatures.map((s) => s.end));
  const first = Math.min(...signatures.map((s) => s.end));
  for (const m of text.matchAll(/%%EOF(\r\n|\r|\n)?/g)) {
    const end = (m.index ?? 0) + m[0].length;
    if (end > first) ends.add(end);
  }
  return [...ends].filter((end) => end < pdf.length).slice(0, MAX_PARTS);
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
  const seal = await ctx.seal();
  const identity = sealIdentity(seal);
  // The root this installation seals under, and the operator's SEAL_TRUST_ANCHORS.
  const trustAnchors = seal.trustAnchors ?? identity?.anchors ?? [];
  const verify = (pdf: Buffer) => verifySealedPdf(pdf, { trustAnchors });
  const whole = await contractNumberSealedWithAnyHash(ctx.pool, [sha256(bytes)]);
  if (whole) {
    const verdict = verify(bytes);
    return {
      result: "autentico",
      numero: whole.numero,
      sealedAt: verdict.signedAt,
      signatureValid: verdict.signatureValid,
      subFilter: verdict.subFilter,
      timestamp: verdict.timestamp,
      pdfA: verdict.pdfA,
    };
  }
  const text = bytes.toString("latin1");
  const signatures = signaturesIn(bytes, text);
  if (signatures.length === 0) return { result: "desconhecido" };
  // Something appended after the seal (an incremental update) leaves the sealed file whole at the
  // start of this one: that version names the contract it was.
  const ends = earlierVersions(bytes, text, signatures);
  const original = await contractNumberSealedWithAnyHash(
    ctx.pool,
    ends.map((end) => sha256(bytes.subarray(0, end))),
  );
  if (original) {
    const end = ends.find((e) => sha256(bytes.subarray(0, e)) === original.sha256) ?? bytes.length;
    return { result: "alterado", numero: original.numero, sealedAt: verify(bytes.subarray(0, end)).signedAt };
  }
  // Changed inside what was sealed: the seal is still this installation's, its time not to be trusted.
  if (identity && signatures.some(({ der }) => signedWith(der, identity.leaf)))
    return { result: "alterado", numero: null, sealedAt: null };
  return { result: "desconhecido" };
}
