import { createHash } from "node:crypto";
import type { SealDetails } from "../../../shared/contracts/contracts";
import type { ContractsContext } from "./context";
import { contractSealedAs } from "./contracts.repository";
import { type SealVerdict, verifySealedPdf } from "./verify";

/**
 * What the seal is made of (type, timestamp, chain, PDF/A), from the verdict. Where the verdict
 * does not say (a verifier that predates PAdES), the file's own /SubFilter and XMP `pdfaid` are
 * read, so a reader still learns the signature's type and what the file declares.
 */
export function sealDetailsOf(verdict: SealVerdict, pdf: Buffer): SealDetails {
  const v = verdict as SealVerdict & Partial<SealDetails>;
  const text = pdf.toString("latin1");
  const subFilter = v.subFilter ?? [...text.matchAll(/\/SubFilter\s*\/([A-Za-z0-9.]+)/g)].at(-1)?.[1] ?? null;
  const part = /pdfaid:part(?:="|>)(\d)/.exec(text)?.[1];
  const conformance = /pdfaid:conformance(?:="|>)([A-Za-z])/.exec(text)?.[1];
  return {
    subFilter,
    timestamp: v.timestamp ?? null,
    chain: v.chain ?? [],
    pdfA: v.pdfA !== undefined ? v.pdfA : part ? `${part}${conformance?.toUpperCase() ?? ""}` : null,
  };
}

/**
 * For a document the user may read: whether it is a sealed contract, and if so whether its seal
 * is valid and its bytes are the ones recorded when it was sealed.
 */
export async function verifyDocument(ctx: ContractsContext, userId: string, documentId: string) {
  const doc = await ctx.storage.readable(userId, documentId);
  const row = await contractSealedAs(ctx.pool, documentId);
  if (!row) return { sealed: false as const, kind: doc.kind };
  const bytes = await ctx.storage.readBytes(documentId);
  const verdict = verifySealedPdf(bytes);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return {
    sealed: true as const,
    numero: row.numero,
    intact: sha256 === row.sealed_sha256 && verdict.coversWholeFile,
    signatureValid: verdict.signatureValid,
    signer: verdict.signer,
    signedAt: verdict.signedAt,
    sha256,
    problem: verdict.problem,
    ...sealDetailsOf(verdict, bytes),
  };
}
