import type pg from "pg";
import type { z } from "zod";
import type { ProposalActionName, proposalAction } from "../../../shared/contracts/proposals";
import { AppError } from "../../../shared/errors";
import { move, type Party, turnOf } from "../../../shared/proposal-machine";
import { withTransaction } from "../../db/client";
import { accept } from "./accept";
import { approve } from "./approve";
import { unshareIfEnded } from "./close";
import { concludeDeal } from "./conclude";
import {
  deadlineFrom,
  type Moving,
  offerName,
  type ProposalsContext,
  recordEvent,
  type Step,
  tell,
  termsOf,
} from "./context";
import { counter } from "./counter";
import { lockNegotiatedOffer, lockProposal, offerIdOf, updateNegotiation } from "./proposals.repository";
import { reject } from "./reject";
import { requestDocuments } from "./request-documents";
import { requestGuarantor } from "./request-guarantor";
import { sendDocuments } from "./send-documents";
import { withdraw } from "./withdraw";

type ActionData = z.output<typeof proposalAction>;

/**
 * Locks the proposal for a move and checks it against the machine: 404 for anyone but its two
 * parties, the machine's refusal for a move that is not theirs to make now.
 */
async function lockForMove(c: pg.PoolClient, userId: string, id: string, action: ProposalActionName) {
  // The offer first, then the proposal: every path locks in this order, so two approvals of the
  // same offer queue on the offer and the second sees it reserved.
  const offerId = await offerIdOf(c, id);
  if (!offerId) throw new AppError("not-found");
  const offer = await lockNegotiatedOffer(c, offerId);
  const proposal = await lockProposal(c, id);
  if (!proposal || !offer) throw new AppError("not-found");
  const party: Party | null =
    proposal.tenant_id === userId ? "tenant" : proposal.landlord_id === userId ? "landlord" : null;
  if (!party) throw new AppError("not-found");
  const result = move(proposal.status, party, action);
  if (!result.ok) throw new AppError(result.code);
  const title = offerName(offer.tipo, offer.bairro);
  return { proposal, offerId, offer, userId, party, next: result.next, title } satisfies Moving;
}

/** The operation the action names: its checks, and the change, event and notice it makes. */
function dispatch(
  ctx: ProposalsContext,
  c: pg.PoolClient,
  m: Moving,
  input: ActionData,
): Step | Promise<Step> {
  switch (input.action) {
    case "approve":
      return approve(ctx, c, m);
    case "accept":
      return accept(ctx, c, m);
    case "reject":
      return reject(m, input);
    case "withdraw":
      return withdraw(m);
    case "counter":
      return counter(ctx, c, m, input);
    case "request_guarantor":
      return requestGuarantor(ctx, m, input);
    case "request_documents":
      return requestDocuments(ctx, m, input);
    case "send_documents":
      return sendDocuments(ctx, c, m, input);
  }
}

/** Writes the step: the proposal's new state, its documents unshared if it ended, the event. */
async function write(ctx: ProposalsContext, c: pg.PoolClient, m: Moving, step: Step, now: Date) {
  const { proposal: p, next } = m;
  const { change } = step;
  const terms = change.terms ?? termsOf(p);
  const turn = turnOf(next);
  await updateNegotiation(c, p.id, {
    status: next,
    turn,
    deadline: turn ? deadlineFrom(ctx, now) : null,
    aluguel: terms.aluguel,
    data_entrada: terms.dataEntrada,
    prazo_meses: terms.prazoMeses,
    garantia: terms.garantia,
    documentos_solicitados: change.documentosSolicitados ?? p.documentos_solicitados,
    documentos: change.documentos ?? p.documentos,
    updated_at: now,
    caucao_meses: terms.caucaoMeses,
    fiador: change.fiador !== undefined ? change.fiador : p.fiador,
    fiadores_recusados: change.fiadoresRecusados ?? p.fiadores_recusados,
  });
  await unshareIfEnded(c, p.id, next);
  await recordEvent(c, p.id, m.party, step.event);
}

/**
 * A party's move on a proposal: lock, check the move with the machine, let the operation check
 * and describe it, write it, conclude the deal on an approval, and tell the people concerned —
 * all in one transaction.
 */
export async function actOn(
  ctx: ProposalsContext,
  userId: string,
  id: string,
  input: ActionData,
  now: Date,
): Promise<void> {
  await withTransaction(ctx.pool, async (c) => {
    const m = await lockForMove(c, userId, id, input.action);
    const step = await dispatch(ctx, c, m, input);
    await write(ctx, c, m, step, now);
    const closed = m.next === "aprovada" ? await concludeDeal(ctx, c, m, now) : [];
    await tell(ctx, c, [...step.notices, ...closed]);
  });
}
