import { withTransaction } from "../../db/client";
import { type ContractsContext, recordEvent } from "./context";
import { DEADLINE_REMINDER_DETAIL, signersToRemind } from "./contract-signers.repository";
import { findContract } from "./contracts.repository";
import { BuiltinProvider } from "./providers/builtin";

/** How long before a built-in envelope closes its signers who have not signed are reminded. */
export const SIGNING_REMINDER_HOURS = 48;

/**
 * The `contracts.remind` schedule: each signer of a built-in envelope closing within
 * `SIGNING_REMINDER_HOURS` who may sign and has not gets one reminder with a fresh personal link
 * (a notice a signature depends on: sent whatever the choice for contract steps), recorded in the
 * trail. Clicksign reminds its own signers.
 */
export async function remindBeforeExpiry(ctx: ContractsContext, now = ctx.clock.now()): Promise<number> {
  const until = new Date(now.getTime() + SIGNING_REMINDER_HOURS * 3_600_000);
  return withTransaction(ctx.pool, async (c) => {
    const due = await signersToRemind(c, now, until);
    for (const signer of due) {
      const row = await findContract(c, signer.contract_id);
      if (!row?.expires_at) continue;
      const provider = ctx.providers.get(row.provider);
      if (!(provider instanceof BuiltinProvider)) continue;
      await provider.remind(c, row, signer, true);
      await recordEvent(c, row.id, "reenviado", { signerId: signer.id, detail: DEADLINE_REMINDER_DETAIL });
    }
    return due.length;
  });
}
