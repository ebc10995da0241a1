import type { z } from "zod";
import type { requestGuarantorFields } from "../../../shared/contracts/proposals";
import { AppError } from "../../../shared/errors";
import { type Moving, type ProposalsContext, type Step, toOtherParty } from "./context";

/**
 * The landlord asks for another guarantor: the one named is refused for good (the tenant may not
 * name them again) and the tenant's turn is a counter naming someone else.
 */
export function requestGuarantor(
  ctx: ProposalsContext,
  m: Moving,
  input: z.output<typeof requestGuarantorFields>,
): Step {
  const { proposal: p } = m;
  if (p.garantia !== "fiador" || !p.fiador) throw new AppError("guarantor-not-expected");
  const detail = input.motivo;
  return {
    change: { fiador: null, fiadoresRecusados: [...new Set([...p.fiadores_recusados, p.fiador.cpf])] },
    event: { type: "fiador_solicitado", changes: { fiador: [p.fiador.nome, null] }, detail },
    // The reason is never empty (reasonText: 3 characters or more), so the words always name it.
    notices: [toOtherParty(m, "guarantorRequested", { reason: detail, hours: ctx.deadlineHours })],
  };
}
