import type { z } from "zod";
import type { ContractStatus, refuseInput } from "../../../shared/contracts/contracts";
import { AppError, type ErrorCode } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import { checkCode, signerByToken } from "./ceremony";
import { buttonFor, type ContractsContext, queueNotice, type RequestInfo, recordEvent } from "./context";
import { recordRefusal, signersOf } from "./contract-signers.repository";
import { markRefused } from "./contracts.repository";

/** A signer refuses, with a reason: the envelope closes and everyone else is told. */
export async function refuseContract(
  ctx: ContractsContext,
  contractId: string,
  token: string,
  input: z.output<typeof refuseInput>,
  req: RequestInfo,
): Promise<{ status: ContractStatus }> {
  const failure = await withTransaction(ctx.pool, async (c): Promise<ErrorCode | null> => {
    const { row, signer } = await signerByToken(ctx, c, contractId, token, true);
    const failure = await checkCode(ctx, c, row, signer, input.codigo, req, token);
    if (failure) return failure;
    await recordRefusal(c, signer.id, input.motivo);
    await markRefused(c, row.id);
    await recordEvent(c, row.id, "recusado", {
      signerId: signer.id,
      req,
      detail: input.motivo,
      sha256: row.sha256,
    });
    for (const other of (await signersOf(c, row.id)).filter((s) => s.id !== signer.id))
      await queueNotice(ctx, c, other, {
        text: {
          key: "contract.refused",
          params: { numero: row.numero, who: signer.nome, reason: input.motivo },
        },
        ...buttonFor(ctx, other, row, `${ctx.publicUrl}/AluguelHistorico`),
      });
    return null;
  });
  if (failure) throw new AppError(failure);
  return { status: "recusado" };
}
