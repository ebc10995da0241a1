import { formatCnpj } from "../../../shared/cnpj";
import { pacote } from "../../../shared/contracts/listings";
import type { ProposalEventView, ProposalStatus, ProposalView } from "../../../shared/contracts/proposals";
import { AppError } from "../../../shared/errors";
import { offerTitle } from "../../../shared/listing-names";
import type { Party } from "../../../shared/proposal-machine";
import { type ProposalsContext, termsOf } from "./context";
import { eventsOf, type ProposalEvent } from "./proposal-events.repository";
import { type ProposalWithOffer, proposalsWithOffers, proposalWithOffer } from "./proposals.repository";

const eventView = (e: ProposalEvent): ProposalEventView => ({
  id: e.id,
  type: e.type,
  actor: e.actor,
  changes: e.changes ?? null,
  detail: e.detail,
  createdAt: e.created_at.toISOString(),
});

/** One proposal as `userId` sees it, with its timeline and whether each party's profile is complete. */
function viewOf(
  userId: string,
  r: ProposalWithOffer,
  events: ProposalEvent[],
  complete: Set<string>,
): ProposalView {
  const terms = termsOf(r);
  // The pacote at the proposed rent: the same fees over the rent being negotiated.
  const total = pacote({
    aluguel: terms.aluguel,
    condominio: r.o_condominio,
    iptu: r.o_iptu,
    seguroIncendio: r.o_seguro,
  });
  const rendaTotal = r.renda + r.cotenants.reduce((s, c) => s + c.renda, 0);
  return {
    id: r.id,
    status: r.status,
    turn: r.turn,
    deadline: r.deadline?.toISOString() ?? null,
    role: r.tenant_id === userId ? "tenant" : "landlord",
    termos: terms,
    moradores: r.moradores,
    pets: r.pets,
    renda: r.renda,
    cotenants: r.cotenants,
    fiador: r.fiador,
    rendaTotal,
    razaoRenda: total > 0 ? Math.round((rendaTotal / total) * 100) / 100 : 0,
    documentos: r.documentos,
    documentosSolicitados: r.documentos_solicitados,
    mensagem: r.mensagem,
    oferta: {
      id: r.o_id,
      titulo: offerTitle(r.o_tipo, r.o_bairro),
      bairro: r.o_bairro,
      cidade: r.o_cidade,
      uf: r.o_uf,
      tipo: r.o_tipo,
      total: r.o_total,
      aluguel: r.o_aluguel,
      garantias: r.o_garantias,
      prazoMeses: r.o_prazo,
      caucaoMeses: r.o_caucao,
      capa: r.o_capa,
    },
    inquilino: {
      nome: r.tenant_name,
      empresa:
        r.tc_razao && r.tc_cnpj
          ? { razaoSocial: r.tc_razao, nomeFantasia: r.tc_fantasia, cnpj: formatCnpj(r.tc_cnpj) }
          : null,
    },
    locador: {
      nome: r.lc_razao ? (r.lc_fantasia ?? r.lc_razao) : (r.landlord_name.trim().split(/\s+/)[0] ?? ""),
    },
    dadosCompletos: { inquilino: complete.has(r.tenant_id), locador: complete.has(r.landlord_id) },
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    events: events.filter((e) => e.proposal_id === r.id).map(eventView),
  };
}

/** The proposals' views for `userId`, with their timelines (read after the change commits). */
async function views(
  ctx: ProposalsContext,
  userId: string,
  rows: ProposalWithOffer[],
): Promise<ProposalView[]> {
  if (rows.length === 0) return [];
  const events = await eventsOf(
    ctx.pool,
    rows.map((r) => r.id),
  );
  const complete = await ctx.profiles.completeAmong(rows.flatMap((r) => [r.tenant_id, r.landlord_id]));
  return rows.map((r) => viewOf(userId, r, events, complete));
}

/** A proposal for its tenant or its landlord; 404 for anyone else. */
export async function proposalView(ctx: ProposalsContext, userId: string, id: string): Promise<ProposalView> {
  const row = await proposalWithOffer(ctx.pool, userId, id);
  const [view] = await views(ctx, userId, row ? [row] : []);
  if (!view) throw new AppError("not-found");
  return view;
}

export async function proposalsOf(
  ctx: ProposalsContext,
  userId: string,
  q: { role?: Party | undefined; oferta?: string | undefined; status?: ProposalStatus | undefined },
): Promise<ProposalView[]> {
  return views(
    ctx,
    userId,
    await proposalsWithOffers(ctx.pool, userId, { role: q.role, offerId: q.oferta, status: q.status }),
  );
}
