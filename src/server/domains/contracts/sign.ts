import { createHash } from "node:crypto";
import type { z } from "zod";
import type { ContractStatus, signInput } from "../../../shared/contracts/contracts";
import { normalizeText } from "../../../shared/contracts/listings";
import { AppError } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import { declaredDimensions } from "../../storage/image-header";
import { checkCode, isTurn, signerByToken } from "./ceremony";
import { type ContractsContext, JOBS, providerOf, type RequestInfo, recordEvent } from "./context";
import { recordSignature, unsignedCount } from "./contract-signers.repository";
import { type ContractRow, markSealing } from "./contracts.repository";

/** The largest drawing kept: the signature pad's canvas is far smaller. */
const MAX_DRAWING = { width: 2000, height: 1000 };

/**
 * Whether a drawn signature is a PNG, checked by its bytes (not its data URL's label), of a sane
 * size: it is printed on the signer's line when the contract is sealed.
 */
function isDrawing(dataUrl: string): boolean {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  const size = declaredDimensions(bytes, "image/png");
  return size !== null && size.width <= MAX_DRAWING.width && size.height <= MAX_DRAWING.height;
}

/** Whether the contract's PDF is in the store with the bytes that were sent for signature. */
async function documentAsSent(ctx: ContractsContext, row: ContractRow): Promise<boolean> {
  if (!row.document_id || !row.sha256) return false;
  try {
    const bytes = await ctx.storage.readBytes(row.document_id);
    if (createHash("sha256").update(bytes).digest("hex") === row.sha256) return true;
    ctx.log.error({ contractId: row.id, documentId: row.document_id }, "contract PDF changed in the store");
  } catch (err) {
    ctx.log.error(
      { err, contractId: row.id, documentId: row.document_id },
      "contract PDF missing from the store",
    );
  }
  return false;
}

/**
 * A signature through a personal link, confirmed by the e-mailed code. The last one moves the
 * contract to "selando" and sends the seal job in the same transaction: a crash right after it
 * leaves a job that any node finishes, never a contract signed by all and sealed by nobody.
 */
export async function signContract(
  ctx: ContractsContext,
  contractId: string,
  token: string,
  input: z.output<typeof signInput>,
  req: RequestInfo,
): Promise<{ status: ContractStatus }> {
  if (input.assinatura && !isDrawing(input.assinatura)) throw new AppError("invalid-drawing");
  const result = await withTransaction(ctx.pool, async (c) => {
    const { row, signer } = await signerByToken(ctx, c, contractId, token, true);
    // Nobody signs a document that is not there as it was sent: a seal would then fail for good.
    if (!(await documentAsSent(ctx, row))) return { failure: "contract-document-missing" as const };
    const failure = await checkCode(ctx, c, row, signer, input.codigo, req, token);
    if (failure) return { failure };
    // Returned, not thrown: the code's confirmation stays in the audit trail.
    if (normalizeText(input.nome) !== normalizeText(signer.nome) || input.cpf !== signer.cpf)
      return { failure: "identity-mismatch" as const };
    if (!(await isTurn(c, row, signer))) return { failure: "not-signing-turn" as const };
    await recordSignature(c, signer.id, input.assinatura ?? null, ctx.clock.now());
    await recordEvent(c, row.id, "assinado", { signerId: signer.id, req, sha256: row.sha256 });
    if ((await unsignedCount(c, row.id)) > 0) {
      await providerOf(ctx, row).advance(c, row);
      return { failure: null, status: "enviado" as const, userId: signer.user_id };
    }
    await markSealing(c, row.id);
    await ctx.jobs.send(c, JOBS.seal, { contractId: row.id });
    return { failure: null, status: "selando" as const, userId: signer.user_id };
  });
  if (result.failure) throw new AppError(result.failure);
  if (result.userId) await ctx.track?.(result.userId, "contract_signed").catch(() => undefined);
  return { status: result.status };
}
