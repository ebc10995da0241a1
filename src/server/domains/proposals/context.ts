import type pg from "pg";
import type {
  Guarantor,
  OfferRules,
  ProposalStatus,
  ProposalTerms,
} from "../../../shared/contracts/proposals";
import { UNIT_TYPES } from "../../../shared/listing-names";
import type { Party } from "../../../shared/proposal-machine";
import type { Clock } from "../../clock";
import type { Queryable } from "../../db/rows";
import type { NoticeGateway, NoticeParam, NoticeParams, NoticeText } from "../../mail/notice-gateway";
import { proposalChanged } from "../../realtime/events";
import type { ProfileService } from "../profile/service";
import { insertEvent, type ProposalEvent } from "./proposal-events.repository";
import type { NegotiatedOffer, OfferRuleColumns, Proposal } from "./proposals.repository";

/*
 * What every proposal operation shares: its dependencies, the shapes of a step (the change, the
 * event, the notice), and the two things each step does in its transaction (record the event with
 * its live event, tell the notices). The SQL is in the repositories.
 */

export interface ProposalsContext {
  pool: pg.Pool;
  profiles: ProfileService;
  /** Tells the parties each step: the bell, and e-mail as each chose (issue 16). */
  notices: NoticeGateway;
  deadlineHours: number;
  publicUrl: string;
  clock: Clock;
  /**
   * Run in the approval's transaction: what must follow an approval (the contract's job, sent by
   * the contracts' plugin) is sent with it, so it cannot be lost between the commit and the work.
   */
  approvedListeners: ApprovalListener[];
}

export type ApprovalListener = (c: pg.PoolClient, proposalId: string) => Promise<void>;

/**
 * A notice for one person about one proposal: its words are `notices.<key>` in the locales
 * (`proposal.*`), rendered in the reader's language (decision 048).
 */
export interface Notice {
  to: string;
  text: NoticeText;
  /** Where the button leads: the landlord's screen or the tenant's. */
  path: string;
}

/** What a step of a negotiation writes on its timeline. */
export interface StepEvent {
  type: string;
  changes: ProposalEvent["changes"];
  detail?: string | undefined;
}

/** A proposal being moved: locked with its offer, the move allowed by the machine. */
export interface Moving {
  proposal: Proposal;
  offerId: string;
  offer: NegotiatedOffer;
  userId: string;
  party: Party;
  next: ProposalStatus;
  /** The offer's title, as the notices name it (`offerName`). */
  title: NoticeParam;
}

/** What a step changes on the proposal besides its status, turn and deadline (`act` sets those). */
export interface Change {
  terms?: ProposalTerms;
  fiador?: Guarantor | null;
  fiadoresRecusados?: string[];
  documentos?: Proposal["documentos"];
  documentosSolicitados?: Proposal["documentos_solicitados"];
}

/** One operation's outcome, for `act` to write: nothing of it is written yet. */
export interface Step {
  change: Change;
  event: StepEvent;
  notices: Notice[];
}

export const tenantPath = (id: string) => `/PropostaEnviada?id=${id}`;
export const landlordPath = (id: string) => `/AprovarProposta?id=${id}`;

/**
 * "Apartamento no bairro Pinheiros" in the reader's language: the type's name as e-mails have
 * always said it (not the cards' longer "Studio / kitnet"), then the bairro as it is.
 */
export function offerName(tipo: string, bairro: string): NoticeParam {
  const unit = (UNIT_TYPES as readonly string[]).includes(tipo) ? tipo : "other";
  return {
    t: "notices.proposal.offerTitle",
    params: { tipo: { t: `notices.proposal.unit.${unit}` }, bairro },
  };
}

/** `notices.proposal.<key>`, naming the offer as `title` besides `params`. */
export const proposalText = (key: string, title: NoticeParam, params: NoticeParams = {}): NoticeText => ({
  key: `proposal.${key}`,
  params: { title, ...params },
});

/** A notice to the party who did not move, leading to their own screen of the proposal. */
export function toOtherParty(m: Moving, key: string, params: NoticeParams = {}): Notice {
  const { proposal: p } = m;
  const text = proposalText(key, m.title, params);
  return m.party === "tenant"
    ? { to: p.landlord_id, text, path: landlordPath(p.id) }
    : { to: p.tenant_id, text, path: tenantPath(p.id) };
}

/** When the party whose turn begins at `from` must have answered. */
export function deadlineFrom(ctx: ProposalsContext, from: Date): Date {
  return new Date(from.getTime() + ctx.deadlineHours * 3_600_000);
}

export function termsOf(r: Proposal): ProposalTerms {
  return {
    aluguel: r.aluguel,
    dataEntrada: r.data_entrada,
    prazoMeses: r.prazo_meses,
    garantia: r.garantia,
    caucaoMeses: r.caucao_meses,
  };
}

export const rulesOf = (o: OfferRuleColumns): OfferRules => ({
  aluguel: o.aluguel,
  garantias: o.garantias,
  prazoMeses: o.prazo_meses,
  caucaoMeses: o.caucao_meses,
});

/** Records a step on the proposal's timeline. */
export async function recordEvent(
  c: Queryable,
  proposalId: string,
  actor: ProposalEvent["actor"],
  event: StepEvent,
): Promise<void> {
  await insertEvent(c, {
    proposal_id: proposalId,
    actor,
    type: event.type,
    changes: event.changes,
    detail: event.detail,
  });
  // Every step of a negotiation is one event, so this is where both parties hear of it.
  await proposalChanged(c, [proposalId]);
}

/** Tells the notices in the change's transaction: the outbox's job e-mails them after the commit. */
export async function tell(ctx: ProposalsContext, c: Queryable, notices: Notice[]): Promise<void> {
  await ctx.notices.tell(
    c,
    "proposal",
    notices.map((n) => ({ userId: n.to, text: n.text, path: n.path })),
  );
}
