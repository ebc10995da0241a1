import { AppError } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import {
  type ContractsContext,
  landlordsContract,
  providerOf,
  type RequestInfo,
  recordEvent,
} from "./context";
import { remindedWithin5Minutes } from "./contract-events.repository";
import { signerOfContract } from "./contract-signers.repository";

/** The landlord reminds a signer (a new link, the old one stops working); at most once in 5 minutes. */
export async function resendInvitation(
  ctx: ContractsContext,
  userId: string,
  id: string,
  signerId: string,
  req: RequestInfo,
): Promise<void> {
  await withTransaction(ctx.pool, async (c) => {
    const row = await landlordsContract(c, userId, id);
    if (row.status !== "enviado") throw new AppError("contract-not-editable");
    const signer = await signerOfContract(c, signerId, id);
    if (!signer) throw new AppError("not-found");
    if (signer.status === "assinado" || signer.status === "recusado")
      throw new AppError("contract-not-editable");
    // A blocked signer's envelope is over for them: a new invitation would only mislead.
    if (signer.blocked_at) throw new AppError("signer-blocked");
    if (await remindedWithin5Minutes(c, signerId, ctx.clock.now())) throw new AppError("resend-rate-limited");
    const provider = providerOf(ctx, row);
    await provider.remind(c, row, signer);
    await recordEvent(c, id, "reenviado", {
      signerId,
      req,
      detail: provider.signsHere ? null : `via ${provider.name}`,
    });
  });
}
