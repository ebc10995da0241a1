import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { z } from "zod";
import { depositMonths, type proposalInput } from "../../../shared/contracts/proposals";
import { AppError } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import { companyOf } from "../profile/companies.repository";
import { checkDocuments, checkGuarantor, checkSigners, checkTerms, shareWithLandlord } from "./checks";
import {
  deadlineFrom,
  landlordPath,
  offerName,
  type ProposalsContext,
  proposalText,
  recordEvent,
  rulesOf,
  tell,
} from "./context";
import { insertProposal, offerToPropose, openProposalOf } from "./proposals.repository";

type ProposalInputData = z.output<typeof proposalInput>;

/** The offer a tenant may propose on: published, someone else's, and none of hers still open. */
async function offerFor(ctx: ProposalsContext, c: pg.PoolClient, tenantId: string, input: ProposalInputData) {
  const offer = await offerToPropose(c, input.ofertaId);
  if (!offer || !["publicada", "reservada", "alugada"].includes(offer.status))
    throw new AppError("not-found");
  if (offer.owner_id === tenantId) throw new AppError("own-offer");
  if (offer.status !== "publicada") throw new AppError("offer-not-available");
  // The person may follow the one they sent: the refusal names it.
  const open = await openProposalOf(c, input.ofertaId, tenantId);
  if (open) throw new AppError("duplicate-proposal", { ref: open });
  // An offer published before decision 041 by someone the contract cannot qualify never closes.
  if (!(await ctx.profiles.completeAmong([offer.owner_id], c)).has(offer.owner_id))
    throw new AppError("offer-owner-incomplete");
  return offer;
}

/** A tenant's proposal for a published offer: the landlord's turn, told to her. Answers its id. */
export async function createProposal(
  ctx: ProposalsContext,
  tenantId: string,
  input: ProposalInputData,
): Promise<string> {
  const id = randomUUID();
  await withTransaction(ctx.pool, async (c) => {
    await ctx.profiles.requireComplete(tenantId, c);
    const offer = await offerFor(ctx, c, tenantId, input);
    const rules = rulesOf(offer);
    checkTerms(ctx, input, rules, "");
    checkGuarantor(input.garantia, input.fiador, [], "fiador");
    await checkSigners(c, tenantId, offer.owner_id, input.cotenants, input.fiador);
    await checkDocuments(c, tenantId, input.documentos);
    // In a company's name: the tenant's own company, whose power documents the landlord may read.
    const company = input.empresaId ? await companyOf(c, tenantId, input.empresaId) : undefined;
    if (input.empresaId && !company) throw new AppError("invalid-company");
    try {
      await insertProposal(c, {
        id,
        offer_id: input.ofertaId,
        tenant_id: tenantId,
        landlord_id: offer.owner_id,
        deadline: deadlineFrom(ctx, ctx.clock.now()),
        aluguel: input.aluguel,
        data_entrada: input.dataEntrada,
        prazo_meses: input.prazoMeses,
        garantia: input.garantia,
        moradores: input.moradores,
        pets: input.pets,
        renda: input.renda,
        cotenants: input.cotenants,
        documentos: input.documentos,
        mensagem: input.mensagem,
        caucao_meses: depositMonths(input.garantia, input.caucaoMeses, rules),
        fiador: input.fiador,
        company_id: company?.id ?? null,
      });
    } catch (err) {
      if ((err as { code?: string }).code === "23505") throw new AppError("duplicate-proposal");
      throw err;
    }
    await shareWithLandlord(c, id, offer.owner_id, [
      ...input.documentos,
      ...(company ? [company.documento_id] : []),
    ]);
    await recordEvent(c, id, "tenant", {
      type: "enviada",
      changes: null,
      detail: input.mensagem || undefined,
    });
    const text = proposalText("received", offerName(offer.tipo, offer.bairro), { hours: ctx.deadlineHours });
    await tell(ctx, c, [{ to: offer.owner_id, text, path: landlordPath(id) }]);
  });
  return id;
}
