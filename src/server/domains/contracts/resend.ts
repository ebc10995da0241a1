import { AppError } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import {
  type ContractsContext,
  landlordsContract,
  providerOf,
  type RequestInfo,
  recordEvent,
  type SignerRow,
} from "./context";

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
    const { rows } = await c.query<SignerRow>(
      "SELECT * FROM contract_signers WHERE id = $1 AND contract_id = $2",
      [signerId, id],
    );
    const signer = rows[0];
    if (!signer) throw new AppError("not-found");
    if (signer.status === "assinado" || signer.status === "recusado")
      throw new AppError("contract-not-editable");
    // A blocked signer's envelope is over for them: a new invitation would only mislead.
    if (signer.blocked_at) throw new AppError("signer-blocked");
    const recent = await c.query(
      "SELECT 1 FROM contract_events WHERE signer_id = $1 AND type = 'reenviado' AND created_at > $2::timestamptz - interval '5 minutes'",
      [signerId, ctx.clock.now()],
    );
    if (recent.rowCount) throw new AppError("resend-rate-limited");
    const provider = providerOf(ctx, row);
    await provider.remind(c, row, signer);
    await recordEvent(c, id, "reenviado", {
      signerId,
      req,
      detail: provider.signsHere ? null : `via ${provider.name}`,
    });
  });
}
