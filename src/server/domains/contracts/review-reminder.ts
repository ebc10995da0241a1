import { genderContext } from "../../../shared/gender";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import { type ContractsContext, queueNotice } from "./context";
import { type ContractRow, claimReviewReminders } from "./contracts.repository";
import { shortAddress } from "./invitation";
import { partyGender, partyName } from "./template";

/** How long a draft waits for its landlord's review before she is reminded, once. */
export const REVIEW_REMINDER_HOURS = 24;

/**
 * Tells the landlord that the contract waits for her (decision 044): it goes nowhere until she
 * reviews and sends it. The tenant, meanwhile, reads that the landlord is reviewing it.
 */
export async function queueReviewNotice(
  ctx: ContractsContext,
  c: Queryable,
  row: Pick<ContractRow, "id" | "numero" | "data">,
  reminder: boolean,
): Promise<void> {
  const d = row.data;
  // Who else gets the link once she sends it: the tenant, and whoever rents along or guarantees.
  const who = `t${d.colocatarios.length > 0 ? "c" : ""}${d.termos.garantia === "fiador" && d.fiador ? "f" : ""}`;
  await queueNotice(
    ctx,
    c,
    { email: d.emails.locador, nome: d.locador.nome },
    {
      text: {
        key: reminder ? "contract.reviewReminder" : "contract.review",
        params: {
          home: shortAddress(d.imovel.endereco),
          numero: row.numero,
          address: d.imovel.endereco,
          tenant: {
            t: "notices.contract.tenantNamed",
            params: { name: partyName(d.locatario) },
            context: genderContext(partyGender(d.locatario)),
          },
          who: { t: `notices.contract.reviewWho.${who}` },
        },
      },
      url: `${ctx.publicUrl}/Clicksign?contrato=${row.id}`,
    },
    // The deal waits on it: told whatever her choice for contract notices.
    { required: true },
  );
}

/**
 * The `contracts.review-remind` schedule: each draft still waiting for its landlord
 * `REVIEW_REMINDER_HOURS` after it was written gets one reminder (the claim clears the time, so
 * never a second one).
 */
export async function remindReviews(ctx: ContractsContext, now = ctx.clock.now()): Promise<number> {
  return withTransaction(ctx.pool, async (c) => {
    const due = await claimReviewReminders(c, now);
    for (const row of due) await queueReviewNotice(ctx, c, row, true);
    return due.length;
  });
}
