import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { PROPOSAL_SCHEDULES } from "./jobs";
import { proposalRoutes } from "./routes";
import { ProposalsService } from "./service";

/** Proposals and their negotiation (one operation a file). Others hear of approvals by `onApproved`. */
export const proposalsPart = part(
  "proposals",
  ["platform", "profile", "notices"],
  async (app, { config, database, clock }) => {
    const proposals = new ProposalsService(database.pool, app.profiles, app.notices, {
      deadlineHours: config.PROPOSAL_DEADLINE_HOURS,
      publicUrl: config.PUBLIC_URL,
      clock,
    });
    app.decorate("proposals", proposals);
    app.jobs.every(
      PROPOSAL_SCHEDULES.expire,
      () => proposals.expireOverdue(),
      (n) => `Expired ${n} overdue proposals`,
    );
    app.jobs.every(
      PROPOSAL_SCHEDULES.remind,
      () => proposals.remindDeadlines(),
      (n) => `Checked ${n} proposal deadlines due soon`,
    );
    await app.register(proposalRoutes, { prefix: API_PREFIX, proposals });
  },
);

declare module "fastify" {
  interface FastifyInstance {
    proposals: ProposalsService;
  }
}
