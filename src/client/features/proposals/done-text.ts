import type { TFunction } from "i18next";
import type { ProposalAction, ProposalView } from "../../../shared/contracts/proposals";

/**
 * What the toast says once a move went through: what happened, and to whom (the other party) it
 * went, in the words of the move (`proposal` is the proposal as it was before it).
 */
export function doneText(action: ProposalAction, proposal: ProposalView, t: TFunction): string {
  const nome = proposal.role === "landlord" ? proposal.inquilino.nome : proposal.locador.nome;
  // After "pedir outro fiador", the tenant's counter names the new guarantor.
  const namingGuarantor =
    proposal.role === "tenant" && proposal.termos.garantia === "fiador" && !proposal.fiador;
  if (action.action === "counter" && namingGuarantor) return t("proposal.doneAfter.guarantor", { nome });
  if (action.action === "reject" && proposal.role === "tenant")
    return t("proposal.doneAfter.rejectCounter", { nome });
  return t(`proposal.doneAfter.${action.action}`, { nome });
}
