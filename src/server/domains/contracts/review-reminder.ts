import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import { type ContractsContext, queueNotice } from "./context";
import { type ContractRow, claimReviewReminders } from "./contracts.repository";
import { shortAddress, tenantNamed } from "./invitation";

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
  const home = shortAddress(d.imovel.endereco);
  const others = [
    "a parte locatária",
    ...(d.colocatarios.length > 0 ? ["quem aluga junto"] : []),
    ...(d.termos.garantia === "fiador" && d.fiador ? ["quem presta a fiança"] : []),
  ];
  const who = others.length > 1 ? `${others.slice(0, -1).join(", ")} e ${others.at(-1)}` : others[0];
  await queueNotice(
    ctx,
    c,
    { email: d.emails.locador, nome: d.locador.nome },
    {
      subject: reminder
        ? `Lembrete: o contrato do imóvel em ${home} espera a sua revisão`
        : `Revise e envie o contrato para assinatura: ${home}`,
      lines: [
        reminder
          ? `O contrato de locação nº ${row.numero} do imóvel em ${d.imovel.endereco}, com ${tenantNamed(d)}, ainda espera a sua revisão desde ontem.`
          : `A proposta foi aprovada e o contrato de locação nº ${row.numero} do imóvel em ${d.imovel.endereco}, com ${tenantNamed(d)}, está pronto.`,
        `O próximo passo é seu: confira os dados, indique uma testemunha se quiser e envie o contrato para assinatura. Só então ${who} ${others.length > 1 ? "recebem" : "recebe"} o link para assinar.`,
      ],
      url: `${ctx.publicUrl}/Clicksign?contrato=${row.id}`,
      action: "Revisar e enviar o contrato",
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
