import { brazilDateTime } from "../../../shared/contracts/proposals";
import { offerTitle } from "../../../shared/listing-names";
import { withTransaction } from "../../db/client";
import { landlordPath, type ProposalsContext, tenantPath } from "./context";
import { dueSoon } from "./proposals.repository";

/**
 * Tells the party whose turn it is, once per deadline, that the answer is due within
 * `withinHours`: a notice a deal depends on, sent whatever the choice for proposal
 * notices (as the signing link is), since a missed deadline ends the proposal.
 */
export async function remindDeadlines(
  ctx: ProposalsContext,
  now: Date,
  withinHours: number,
): Promise<number> {
  const until = new Date(now.getTime() + withinHours * 3_600_000);
  return withTransaction(ctx.pool, async (c) => {
    const rows = await dueSoon(c, now, until);
    await ctx.notices.tell(
      c,
      "proposal",
      rows.map((r) => {
        const title = offerTitle(r.tipo, r.bairro);
        const landlord = r.turn === "landlord";
        const when = brazilDateTime(r.deadline);
        return {
          userId: landlord ? r.landlord_id : r.tenant_id,
          title: `O prazo para responder termina em breve: ${title}`,
          lines: [
            `A proposta para ${title} espera a sua resposta até ${when} (horário de Brasília).`,
            "Sem resposta até lá, ela expira e a negociação acaba.",
          ],
          path: landlord ? landlordPath(r.id) : tenantPath(r.id),
          action: "Responder",
          required: true,
          dedupe: `proposal-deadline:${r.id}:${r.deadline.toISOString()}`,
        };
      }),
    );
    return rows.length;
  });
}
