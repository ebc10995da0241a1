import type pg from "pg";
import type { z } from "zod";
import type {
  ProposalStatus,
  ProposalView,
  proposalAction,
  proposalInput,
} from "../../../shared/contracts/proposals";
import type { Party } from "../../../shared/proposal-machine";
import type { NoticeGateway } from "../../mail/notice-gateway";
import type { ProfileService } from "../profile/service";
import { actOn } from "./act";
import type { ApprovalListener, ProposalsContext } from "./context";
import { createProposal } from "./create";
import { expireProposals } from "./expire";
import { remindDeadlines } from "./remind";
import { proposalsOf, proposalView } from "./views";

/** How long before a proposal's deadline the party whose turn it is gets a reminder. */
export const PROPOSAL_REMINDER_HOURS = 12;

/**
 * The proposals domain as the routes and the app see it: one method per operation, each in its
 * own file (create; act, which locks, checks the move with the machine and dispatches to approve,
 * accept, reject, withdraw, counter, request-guarantor, request-documents, send-documents; expire,
 * remind, views).
 */
export class ProposalsService {
  private readonly ctx: ProposalsContext;

  constructor(
    pool: pg.Pool,
    profiles: ProfileService,
    /** Tells the parties each step: the bell, and e-mail as each chose (issue 16). */
    notices: NoticeGateway,
    options: Pick<ProposalsContext, "deadlineHours" | "publicUrl" | "clock">,
  ) {
    this.ctx = { pool, profiles, notices, ...options, approvedListeners: [] };
  }

  /** Another domain's listener, run in the transaction of every approval (the contract's draft). */
  onApproved(listener: ApprovalListener): void {
    this.ctx.approvedListeners.push(listener);
  }

  async create(tenantId: string, input: z.output<typeof proposalInput>): Promise<ProposalView> {
    const id = await createProposal(this.ctx, tenantId, input);
    return this.get(tenantId, id);
  }

  async act(
    userId: string,
    id: string,
    input: z.output<typeof proposalAction>,
    now = this.ctx.clock.now(),
  ): Promise<ProposalView> {
    await actOn(this.ctx, userId, id, input, now);
    return this.get(userId, id);
  }

  /** Expires the proposals whose deadline passed (the `proposals.expire` schedule). */
  expireOverdue(now = this.ctx.clock.now()): Promise<number> {
    return expireProposals(this.ctx, now);
  }

  /** Reminds whoever's turn it is of a deadline about to pass (the `proposals.remind` schedule). */
  remindDeadlines(now = this.ctx.clock.now()): Promise<number> {
    return remindDeadlines(this.ctx, now, PROPOSAL_REMINDER_HOURS);
  }

  get(userId: string, id: string): Promise<ProposalView> {
    return proposalView(this.ctx, userId, id);
  }

  list(
    userId: string,
    q: { role?: Party | undefined; oferta?: string | undefined; status?: ProposalStatus | undefined },
  ): Promise<ProposalView[]> {
    return proposalsOf(this.ctx, userId, q);
  }
}
