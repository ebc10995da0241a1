import { AppError } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import {
  buttonFor,
  type ContractsContext,
  giversContract,
  providerOf,
  queueNotice,
  type RequestInfo,
  recordEvent,
} from "./context";
import { signersOf } from "./contract-signers.repository";
import { markCancelled } from "./contracts.repository";

/**
 * Whoever gives the document (the landlord; the tenant for her own notice to leave) cancels it with
 * a reason while it is unsigned: the envelope stops and every signer is told.
 */
export async function cancelContract(
  ctx: ContractsContext,
  userId: string,
  id: string,
  motivo: string,
  req: RequestInfo,
): Promise<void> {
  await withTransaction(ctx.pool, async (c) => {
    const row = await giversContract(c, userId, id);
    if (row.status !== "rascunho" && row.status !== "enviado") throw new AppError("contract-not-editable");
    // The provider first: if it cannot stop the envelope, nothing changes here either.
    if (row.status === "enviado") await providerOf(ctx, row).cancel(c, row);
    await markCancelled(c, id);
    await recordEvent(c, id, "cancelado", { req, detail: motivo, sha256: row.sha256 });
    for (const s of await signersOf(c, id))
      await queueNotice(ctx, c, s, {
        text: { key: "contract.cancelled", params: { numero: row.numero, reason: motivo } },
        ...buttonFor(ctx, s, row, `${ctx.publicUrl}/AluguelHistorico`),
      });
  });
}
