import { withTransaction } from "../../db/client";
import { buttonFor, type ContractsContext, contractRow, JOBS, queueNotice } from "./context";
import { signersOf } from "./contract-signers.repository";
import { claimResealsDue, markSealFailed } from "./contracts.repository";

/** How long after a seal failed for good (its job's last try) it is tried again. */
export const RESEAL_AFTER_MS = 60 * 60_000;

/**
 * The seal job's last try failed (the file unreadable, the store or the time-stamping service
 * down for the ~20 minutes its retries span): the operator reads it in the log and in
 * chave_job_failures_total{queue="contract.seal",final="true"}; every signer is told once that
 * their signatures are safe and the seal comes later; the contracts.reseal schedule tries again
 * in an hour, and again after each failure, until it is sealed.
 */
export async function sealFailedForGood(
  ctx: ContractsContext,
  contractId: string,
  err: unknown,
): Promise<void> {
  await withTransaction(ctx.pool, async (c) => {
    const failures = await markSealFailed(
      c,
      contractId,
      new Date(ctx.clock.now().getTime() + RESEAL_AFTER_MS),
    );
    if (failures === null) return;
    const row = await contractRow(c, contractId);
    ctx.log.error(
      { err, contractId, numero: row.numero, failures },
      "contract seal failed for good: the parties were told; it is tried again in an hour",
    );
    if (failures > 1) return;
    for (const s of await signersOf(c, contractId))
      await queueNotice(
        ctx,
        c,
        s,
        {
          text: { key: "contract.sealLate", params: { numero: row.numero } },
          ...buttonFor(ctx, s, row, `${ctx.publicUrl}/Clicksign?contrato=${row.id}`),
        },
        { required: true },
      );
  });
}

/** The contracts.reseal schedule: sends the seal job again for each contract whose time has come. */
export async function resealDue(ctx: ContractsContext): Promise<number> {
  return withTransaction(ctx.pool, async (c) => {
    const ids = await claimResealsDue(c, ctx.clock.now());
    for (const contractId of ids) await ctx.jobs.send(c, JOBS.seal, { contractId });
    return ids.length;
  });
}
