import { createHash } from "node:crypto";
import type { SealDetails } from "../../../shared/contracts/contracts";
import type { ContractsContext } from "./context";
import { contractSealedAs } from "./contracts.repository";
import { sealIdentity } from "./seal-identity";
import { type SealVerdict, verifySealedPdf } from "./verify";

/** What the seal is made of, as the verification screens show it (type, timestamp, chain, PDF/A). */
export function sealDetailsOf(verdict: SealVerdict): SealDetails {
  return {
    subFilter: verdict.subFilter,
    timestamp: verdict.timestamp,
    chain: verdict.chain,
    pdfA: verdict.pdfA,
  };
}

/**
 * For a document the user may read: whether it is a sealed contract, and if so whether its seal
 * is valid and its bytes are the ones recorded when it was sealed. A certificate is trusted when
 * its chain reaches the root this installation seals under, or one of SEAL_TRUST_ANCHORS.
 */
export async function verifyDocument(ctx: ContractsContext, userId: string, documentId: string) {
  const doc = await ctx.storage.readable(userId, documentId);
  const row = await contractSealedAs(ctx.pool, documentId);
  if (!row) return { sealed: false as const, kind: doc.kind };
  const bytes = await ctx.storage.readBytes(documentId);
  const seal = await ctx.seal();
  // The root this installation seals under, and the operator's SEAL_TRUST_ANCHORS.
  const verdict = verifySealedPdf(bytes, {
    trustAnchors: seal.trustAnchors ?? sealIdentity(seal)?.anchors ?? [],
  });
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
    ...sealDetailsOf(verdict),
  };
}
