import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { z } from "zod";
import { signerIssue } from "../../../shared/contracts/contracts";
import { pacote } from "../../../shared/contracts/listings";
import {
  brazilDate,
  brazilDateTime,
  depositMonths,
  type Guarantor,
  type OfferRules,
  type ProposalChangeValue,
  type ProposalEventView,
  type ProposalStatus,
  type ProposalTerms,
  type ProposalView,
  type proposalAction,
  type proposalInput,
  termsIssue,
} from "../../../shared/contracts/proposals";
import { AppError, errorMessage } from "../../../shared/errors";
import { offerTitle } from "../../../shared/listing-names";
import { move, type Party, turnOf } from "../../../shared/proposal-machine";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import type { NoticeGateway } from "../../mail/notice-gateway";
import { proposalChanged } from "../../realtime/events";
import { shareDocuments } from "../../storage/document-shares.repository";
import { moveOffer } from "../listings/lifecycle";
import { accountIdentities } from "../profile/profiles.repository";
import type { ProfileService } from "../profile/service";
import { closeOpenProposals, unshareIfEnded } from "./close";
import { eventsOf, insertEvent, type ProposalEvent } from "./proposal-events.repository";
import {
  dueSoon,
  expireOverdue,
  insertProposal,
  lockNegotiatedOffer,
  lockProposal,
  type OfferRuleColumns,
  offerIdOf,
  offerToPropose,
  openProposalOf,
  ownedDocumentCount,
  type Proposal,
  type ProposalWithOffer,
  proposalsWithOffers,
  proposalWithOffer,
  tryLockExpiry,
  updateNegotiation,
} from "./proposals.repository";

type ProposalInputData = z.output<typeof proposalInput>;
type ActionData = z.output<typeof proposalAction>;

interface Notice {
  to: string;
  subject: string;
  lines: string[];
  /** Where the button leads: the landlord's screen or the tenant's. */
  path: string;
}

/** How long before a proposal's deadline the party whose turn it is gets a reminder. */
export const PROPOSAL_REMINDER_HOURS = 12;

const tenantPath = (id: string) => `/PropostaEnviada?id=${id}`;
const landlordPath = (id: string) => `/AprovarProposta?id=${id}`;

function termsOf(r: Proposal): ProposalTerms {
  return {
    aluguel: r.aluguel,
    dataEntrada: r.data_entrada,
    prazoMeses: r.prazo_meses,
    garantia: r.garantia,
    caucaoMeses: r.caucao_meses,
  };
}

const rulesOf = (o: OfferRuleColumns): OfferRules => ({
  aluguel: o.aluguel,
  garantias: o.garantias,
  prazoMeses: o.prazo_meses,
  caucaoMeses: o.caucao_meses,
});

/** What a counter-offer changed: { field: [before, after] } for each field that moved. */
function diff(
  before: ProposalTerms,
  after: ProposalTerms,
): Record<string, [ProposalChangeValue, ProposalChangeValue]> | null {
  const changes: Record<string, [ProposalChangeValue, ProposalChangeValue]> = {};
  for (const key of Object.keys(after) as (keyof ProposalTerms)[])
    if (before[key] !== after[key]) changes[key] = [before[key], after[key]];
  return Object.keys(changes).length > 0 ? changes : null;
}

export class ProposalsService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly profiles: ProfileService,
    /** Tells the parties each step: the bell, and e-mail as each chose (issue 16). */
    private readonly notices: NoticeGateway,
    private readonly options: {
      deadlineHours: number;
      publicUrl: string;
      clock: Clock;
      /**
       * Runs in the approval's transaction: what must follow an approval (the contract's job) is
       * sent with it, so it cannot be lost between the commit and the work.
       */
      onApproved?: (c: pg.PoolClient, proposalId: string) => Promise<void>;
    },
  ) {}

  private deadline(from: Date): Date {
    return new Date(from.getTime() + this.options.deadlineHours * 3_600_000);
  }

  private tx<T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }

  private async event(
    c: pg.PoolClient,
    proposalId: string,
    actor: ProposalEvent["actor"],
    type: string,
    changes?: ProposalEvent["changes"],
    detail?: string,
  ) {
    await insertEvent(c, { proposal_id: proposalId, actor, type, changes, detail });
    // Every step of a negotiation is one event, so this is where both parties hear of it.
    await proposalChanged(c, [proposalId]);
  }

  /** Tells the notices in the change's transaction: the outbox's job e-mails them after the commit. */
  private async send(c: pg.PoolClient, notices: Notice[]) {
    await this.notices.tell(
      c,
      "proposal",
      notices.map((n) => ({
        userId: n.to,
        title: n.subject,
        lines: n.lines,
        path: n.path,
        action: "Ver a proposta",
      })),
    );
  }

  // --- create -------------------------------------------------------------------------------

  async create(tenantId: string, input: ProposalInputData): Promise<ProposalView> {
    const id = randomUUID();
    await this.tx(async (c) => {
      await this.profiles.requireComplete(tenantId, c);
      const offer = await offerToPropose(c, input.ofertaId);
      if (!offer || !["publicada", "reservada", "alugada"].includes(offer.status))
        throw new AppError("not-found");
      if (offer.owner_id === tenantId) throw new AppError("own-offer");
      if (offer.status !== "publicada") throw new AppError("offer-not-available");
      // The person may follow the one they sent: the refusal names it.
      const open = await openProposalOf(c, input.ofertaId, tenantId);
      if (open) throw new AppError("duplicate-proposal", { ref: open });
      // An offer published before decision 041 by someone the contract cannot qualify never closes.
      if (!(await this.profiles.completeAmong([offer.owner_id], c)).has(offer.owner_id))
        throw new AppError("offer-owner-incomplete");
      const rules = rulesOf(offer);
      this.checkTerms(input, rules, "");
      this.checkGuarantor(input.garantia, input.fiador, [], "fiador");
      await this.checkSigners(c, tenantId, offer.owner_id, input.cotenants, input.fiador);
      await this.checkDocuments(c, tenantId, input.documentos);
      try {
        await insertProposal(c, {
          id,
          offer_id: input.ofertaId,
          tenant_id: tenantId,
          landlord_id: offer.owner_id,
          deadline: this.deadline(this.options.clock.now()),
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
        });
      } catch (err) {
        if ((err as { code?: string }).code === "23505") throw new AppError("duplicate-proposal");
        throw err;
      }
      await this.share(c, id, offer.owner_id, input.documentos);
      await this.event(c, id, "tenant", "enviada", null, input.mensagem || undefined);
      const title = offerTitle(offer.tipo, offer.bairro);
      await this.send(c, [
        {
          to: offer.owner_id,
          subject: `Nova proposta: ${title}`,
          lines: [
            `Você recebeu uma proposta para ${title}.`,
            `Responda em até ${this.options.deadlineHours} horas.`,
          ],
          path: landlordPath(id),
        },
      ]);
    });
    return this.get(tenantId, id);
  }

  /**
   * The rules of decision 017 against the offer, on Brazil's date by the injected clock: the
   * first one broken is the answer, with the field it is about.
   */
  private checkTerms(terms: Parameters<typeof termsIssue>[0], offer: OfferRules, prefix: string) {
    const issue = termsIssue(terms, offer, brazilDate(this.options.clock.now()));
    if (issue)
      throw new AppError(issue.code, {
        issues: [{ path: `${prefix}${issue.path}`, message: errorMessage(issue.code) }],
      });
  }

  /** A guarantor exactly when the guarantee is fiador, and never one the landlord asked to replace. */
  private checkGuarantor(garantia: string, fiador: Guarantor | null, refused: string[], path: string) {
    const fail = (code: "guarantor-required" | "guarantor-not-expected" | "same-guarantor") => {
      throw new AppError(code, { issues: [{ path, message: errorMessage(code) }] });
    };
    if (garantia === "fiador" && !fiador) fail("guarantor-required");
    if (garantia !== "fiador" && fiador) fail("guarantor-not-expected");
    if (fiador && refused.includes(fiador.cpf)) fail("same-guarantor");
  }

  /**
   * The people the tenant names (co-tenants, guarantor) against each other and the two parties:
   * their own e-mails and CPFs, never the landlord's or the tenant's account e-mail.
   */
  private async checkSigners(
    c: Queryable,
    tenantId: string,
    landlordId: string,
    cotenants: { cpf: string; email: string }[],
    fiador: Guarantor | null,
  ) {
    const rows = await accountIdentities(c, [landlordId, tenantId]);
    const parties = rows.map((r) => ({ email: r.email, cpf: r.cpf ?? `conta:${r.id}`, named: false }));
    const named = [
      ...cotenants.map((x, i) => ({ ...x, named: true, path: `cotenants.${i}` })),
      ...(fiador ? [{ ...fiador, named: true, path: "fiador" }] : []),
      // A married guarantor's spouse signs too (anuente): one more person with their own identity.
      ...(fiador?.conjuge ? [{ ...fiador.conjuge, named: true, path: "fiador.conjuge" }] : []),
    ];
    const issue = signerIssue(
      [...parties, ...named],
      rows.map((r) => r.email),
    );
    if (!issue) return;
    const who = named[issue.index - parties.length];
    throw new AppError(issue.code, {
      issues: [{ path: `${who?.path ?? "fiador"}.${issue.path}`, message: errorMessage(issue.code) }],
    });
  }

  private async checkDocuments(c: Queryable, tenantId: string, ids: string[]) {
    if (ids.length === 0) return;
    if ((await ownedDocumentCount(c, ids, tenantId)) !== new Set(ids).size)
      throw new AppError("invalid-document");
  }

  /** The proposal's documents become readable by the offer's owner, and by nobody else. */
  private async share(c: Queryable, proposalId: string, landlordId: string, ids: string[]) {
    await shareDocuments(c, ids, landlordId, `proposta:${proposalId}`);
  }

  // --- act ----------------------------------------------------------------------------------

  async act(
    userId: string,
    id: string,
    input: ActionData,
    now = this.options.clock.now(),
  ): Promise<ProposalView> {
    const notices: Notice[] = [];
    await this.tx(async (c) => {
      // The offer first, then the proposal: every path locks in this order, so two approvals of
      // the same offer queue on the offer and the second sees it reserved.
      const offerId = await offerIdOf(c, id);
      if (!offerId) throw new AppError("not-found");
      const offer = await lockNegotiatedOffer(c, offerId);
      const p = await lockProposal(c, id);
      if (!p || !offer) throw new AppError("not-found");
      const party: Party | null =
        p.tenant_id === userId ? "tenant" : p.landlord_id === userId ? "landlord" : null;
      if (!party) throw new AppError("not-found");
      const title = offerTitle(offer.tipo, offer.bairro);
      const result = move(p.status, party, input.action);
      if (!result.ok) throw new AppError(result.code);
      const next = result.next;
      const turn = turnOf(next);
      const deadline = turn ? this.deadline(now) : null;
      const other = party === "tenant" ? p.landlord_id : p.tenant_id;
      let terms = termsOf(p);
      let changes: ProposalEvent["changes"] = null;
      let detail: string | undefined;
      let requested = p.documentos_solicitados;
      let documentos = p.documentos;
      let fiador = p.fiador;
      let refusedGuarantors = p.fiadores_recusados;

      const rules = rulesOf(offer);
      switch (input.action) {
        case "approve": {
          await this.profiles.requireComplete(userId, c);
          // Terms agreed days ago meet the rules again: the entry date may have passed meanwhile.
          this.checkTerms(terms, rules, "termos.");
          this.checkGuarantor(terms.garantia, fiador, refusedGuarantors, "fiador");
          break;
        }
        case "accept":
          // The landlord's last terms, accepted: the agreement, with an approval's checks. Her
          // profile was complete when she countered; it is checked again, as is the tenant's.
          await this.profiles.requireComplete(p.landlord_id, c);
          await this.profiles.requireComplete(userId, c);
          this.checkTerms(terms, rules, "termos.");
          this.checkGuarantor(terms.garantia, fiador, refusedGuarantors, "fiador");
          break;
        case "request_guarantor": {
          if (terms.garantia !== "fiador" || !fiador) throw new AppError("guarantor-not-expected");
          refusedGuarantors = [...new Set([...refusedGuarantors, fiador.cpf])];
          changes = { fiador: [fiador.nome, null] };
          fiador = null;
          detail = input.motivo;
          break;
        }
        case "reject":
          detail = input.motivo;
          break;
        case "counter": {
          // A landlord's counter is terms the tenant may accept, which concludes the deal: she
          // offers them only with the profile a contract needs, as when she approves.
          if (party === "landlord") await this.profiles.requireComplete(userId, c);
          this.checkTerms(input.termos, rules, "termos.");
          // The landlord accepts the tenant's guarantor or asks for another; she never names one.
          if (party === "landlord" && input.fiador) throw new AppError("guarantor-not-expected");
          const nextGuarantor =
            input.termos.garantia !== "fiador"
              ? null
              : party === "tenant"
                ? (input.fiador ?? fiador)
                : fiador;
          if (party === "tenant") {
            this.checkGuarantor(input.termos.garantia, nextGuarantor, refusedGuarantors, "fiador");
            if (input.fiador)
              await this.checkSigners(c, p.tenant_id, p.landlord_id, p.cotenants, input.fiador);
          }
          if (nextGuarantor?.cpf !== fiador?.cpf) {
            changes = { fiador: [fiador?.nome ?? null, nextGuarantor?.nome ?? null] };
          }
          fiador = nextGuarantor;
          const proposed = {
            ...input.termos,
            caucaoMeses: depositMonths(input.termos.garantia, input.termos.caucaoMeses, rules),
          };
          changes = { ...diff(terms, proposed), ...changes };
          if (Object.keys(changes).length === 0) changes = null;
          terms = proposed;
          detail = input.mensagem || undefined;
          break;
        }
        case "request_documents":
          requested = input.documentos;
          detail = input.mensagem || undefined;
          break;
        case "send_documents": {
          await this.checkDocuments(c, p.tenant_id, input.documentos);
          documentos = [...new Set([...documentos, ...input.documentos])];
          await this.share(c, id, p.landlord_id, input.documentos);
          requested = [];
          break;
        }
        default:
          break;
      }

      await updateNegotiation(c, id, {
        status: next,
        turn,
        deadline,
        aluguel: terms.aluguel,
        data_entrada: terms.dataEntrada,
        prazo_meses: terms.prazoMeses,
        garantia: terms.garantia,
        documentos_solicitados: requested,
        documentos,
        updated_at: now,
        caucao_meses: terms.caucaoMeses,
        fiador,
        fiadores_recusados: refusedGuarantors,
      });
      await unshareIfEnded(c, id, next);
      const eventType =
        input.action === "accept"
          ? "aceita"
          : input.action === "counter"
            ? "contraproposta"
            : input.action === "send_documents"
              ? "documentos_enviados"
              : input.action === "request_guarantor"
                ? "fiador_solicitado"
                : next;
      await this.event(
        c,
        id,
        party,
        eventType,
        input.action === "request_documents" ? { documentos: [null, requested] } : changes,
        detail,
      );

      const hours = this.options.deadlineHours;
      const lines: Record<string, string> = {
        aprovada:
          input.action === "accept"
            ? `A sua contraproposta para ${title} foi aceita: a proposta está aprovada. O contrato está sendo preparado, e em instantes você recebe um e-mail para revisá-lo e enviá-lo para assinatura.`
            : `A proposta para ${title} foi aprovada. Agora o contrato passa pela revisão de quem anunciou; quando ele for enviado, você recebe por e-mail o link para assinar.`,
        recusada: `A proposta para ${title} foi recusada${detail ? `: ${detail}` : "."}`,
        contraproposta:
          input.action === "request_guarantor"
            ? `O proprietário pediu outro fiador para a proposta de ${title}${detail ? `: ${detail}` : "."} Indique outra pessoa em até ${hours} horas.`
            : `Há uma contraproposta para ${title}. Responda em até ${hours} horas.`,
        documentos_solicitados: `O proprietário pediu documentos para a proposta de ${title}. Envie em até ${hours} horas.`,
        enviada: `A proposta para ${title} está com você. Responda em até ${hours} horas.`,
        retirada: `A proposta para ${title} foi retirada pelo interessado.`,
      };
      // The subject says what happened, for an inbox read at a glance: a counter whose only
      // change is the guarantor names the guarantor.
      const newGuarantorOnly =
        input.action === "counter" &&
        changes !== null &&
        Object.keys(changes).length === 1 &&
        "fiador" in changes &&
        fiador !== null;
      const subjects: Record<string, string> = {
        aprovada:
          input.action === "accept" ? `Contraproposta aceita: ${title}` : `Proposta aprovada: ${title}`,
        recusada: `Proposta recusada: ${title}`,
        contraproposta:
          input.action === "request_guarantor"
            ? `Pedido de outro fiador: ${title}`
            : `Nova contraproposta para ${title}`,
        documentos_solicitados: `Documentos pedidos: ${title}`,
        enviada:
          input.action === "send_documents"
            ? `Documentos enviados: ${title}`
            : newGuarantorOnly
              ? `Novo fiador indicado: ${title}`
              : input.action === "counter"
                ? `Nova contraproposta para ${title}`
                : `Proposta para responder: ${title}`,
        retirada: `Proposta retirada: ${title}`,
      };
      notices.push({
        to: other,
        subject: subjects[next] ?? `Proposta atualizada: ${title}`,
        lines: [lines[next] ?? `A proposta para ${title} mudou.`],
        path: party === "tenant" ? landlordPath(id) : tenantPath(id),
      });

      if (next === "aprovada") {
        await moveOffer(c, offerId, "reserve", "offer-not-available");
        const closed = await closeOpenProposals(c, offerId, "Outra proposta foi aprovada para esta oferta.", {
          exceptId: id,
          now,
        });
        for (const other of closed) {
          notices.push({
            to: other.tenant_id,
            subject: `Proposta encerrada: ${title}`,
            lines: [
              `Outra proposta foi aprovada para ${title}, e a sua foi encerrada. Há outras ofertas esperando por você.`,
            ],
            path: tenantPath(other.id),
          });
        }
        await this.options.onApproved?.(c, id);
      }
      await this.send(c, notices);
    });
    return this.get(userId, id);
  }

  // --- expiry -------------------------------------------------------------------------------

  /**
   * Expires every open proposal whose deadline passed by `now` and tells both sides. Runs on one
   * node at a time: the others find the advisory lock taken and skip this round.
   */
  async expireOverdue(now = this.options.clock.now()): Promise<number> {
    const expired = await this.tx(async (c) => {
      const notices: Notice[] = [];
      if (!(await tryLockExpiry(c))) return [];
      const rows = await expireOverdue(c, now);
      for (const r of rows) {
        await unshareIfEnded(c, r.id, "expirada");
        await this.event(
          c,
          r.id,
          "system",
          "expirada",
          null,
          `O prazo para ${r.turn === "landlord" ? "o proprietário" : "o interessado"} responder acabou.`,
        );
        const title = offerTitle(r.tipo, r.bairro);
        const lines = [`O prazo de resposta da proposta para ${title} acabou e ela expirou.`];
        const subject = `Proposta expirada: ${title}`;
        notices.push({ to: r.tenant_id, subject, lines, path: tenantPath(r.id) });
        notices.push({ to: r.landlord_id, subject, lines, path: landlordPath(r.id) });
      }
      await this.send(c, notices);
      return rows;
    });
    return expired.length;
  }

  /**
   * Tells the party whose turn it is, once per deadline, that the answer is due within
   * `PROPOSAL_REMINDER_HOURS`: a notice a deal depends on, sent whatever the choice for proposal
   * notices (as the signing link is), since a missed deadline ends the proposal.
   */
  async remindDeadlines(now = this.options.clock.now()): Promise<number> {
    const until = new Date(now.getTime() + PROPOSAL_REMINDER_HOURS * 3_600_000);
    return this.tx(async (c) => {
      const rows = await dueSoon(c, now, until);
      await this.notices.tell(
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

  // --- read ---------------------------------------------------------------------------------

  /** The proposals' views for `userId`, with their timelines (read after the change commits). */
  private async views(userId: string, rows: ProposalWithOffer[]): Promise<ProposalView[]> {
    if (rows.length === 0) return [];
    const events = await eventsOf(
      this.pool,
      rows.map((r) => r.id),
    );
    const complete = await this.profiles.completeAmong(rows.flatMap((r) => [r.tenant_id, r.landlord_id]));
    return rows.map((r) => {
      const role: Party = r.tenant_id === userId ? "tenant" : "landlord";
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
        role,
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
        inquilino: { nome: r.tenant_name },
        locador: { nome: r.landlord_name.trim().split(/\s+/)[0] ?? "" },
        dadosCompletos: { inquilino: complete.has(r.tenant_id), locador: complete.has(r.landlord_id) },
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
        events: events
          .filter((e) => e.proposal_id === r.id)
          .map(
            (e): ProposalEventView => ({
              id: e.id,
              type: e.type,
              actor: e.actor,
              changes: e.changes ?? null,
              detail: e.detail,
              createdAt: e.created_at.toISOString(),
            }),
          ),
      };
    });
  }

  /** A proposal for its tenant or its landlord; 404 for anyone else. */
  async get(userId: string, id: string): Promise<ProposalView> {
    const row = await proposalWithOffer(this.pool, userId, id);
    const [view] = await this.views(userId, row ? [row] : []);
    if (!view) throw new AppError("not-found");
    return view;
  }

  async list(
    userId: string,
    q: { role?: Party | undefined; oferta?: string | undefined; status?: ProposalStatus | undefined },
  ): Promise<ProposalView[]> {
    return this.views(
      userId,
      await proposalsWithOffers(this.pool, userId, { role: q.role, offerId: q.oferta, status: q.status }),
    );
  }
}
