import type pg from "pg";
import type { z } from "zod";
import type { sendDocumentsFields } from "../../../shared/contracts/proposals";
import { checkDocuments, shareWithLandlord } from "./checks";
import { type Moving, type ProposalsContext, type Step, toOtherParty } from "./context";

/**
 * The tenant sends the documents asked for: they join the proposal's and the landlord may read
 * them (the one write this step owns, in the move's transaction); the landlord's turn again.
 */
export async function sendDocuments(
  ctx: ProposalsContext,
  c: pg.PoolClient,
  m: Moving,
  input: z.output<typeof sendDocumentsFields>,
): Promise<Step> {
  const { proposal: p } = m;
  await checkDocuments(c, p.tenant_id, input.documentos);
  await shareWithLandlord(c, p.id, p.landlord_id, input.documentos);
  return {
    change: { documentos: [...new Set([...p.documentos, ...input.documentos])], documentosSolicitados: [] },
    event: { type: "documentos_enviados", changes: null },
    notices: [toOtherParty(m, "documentsSent", { hours: ctx.deadlineHours })],
  };
}
