import type { z } from "zod";
import type { requestDocumentsFields } from "../../../shared/contracts/proposals";
import { type Moving, type ProposalsContext, type Step, toOtherParty } from "./context";

/** The landlord asks for documents: the tenant's turn, answered by sending them. */
export function requestDocuments(
  ctx: ProposalsContext,
  m: Moving,
  input: z.output<typeof requestDocumentsFields>,
): Step {
  return {
    change: { documentosSolicitados: input.documentos },
    event: {
      type: "documentos_solicitados",
      changes: { documentos: [null, input.documentos] },
      detail: input.mensagem || undefined,
    },
    notices: [toOtherParty(m, "documentsRequested", { hours: ctx.deadlineHours })],
  };
}
