import { API_PREFIX } from "../../../shared/api-paths";
import type { Queryable } from "../../db/rows";
import { part } from "../../part";
import type { RequestInfo } from "../contracts/context";
import { indexProviderFrom } from "../rent/index-provider";
import { AmendmentsService } from "./amendments";
import { leaseRoutes } from "./routes";
import { LeaseService } from "./service";
import { SettlementService } from "./settlement";

/** The lease's life after the signature (issue 33): notices to leave, amendments, the settlement and the end. */
export const leasePart = part(
  "lease",
  ["platform", "notices", "contracts", "rent"],
  async (app, { config, database, clock }) => {
    const deps = {
      pool: database.pool,
      clock,
      createDocument: (c: Queryable, input: { kind: string; parentId: string; data: unknown }) =>
        app.contracts.createDocument(c, input),
      sendDocument: (c: Queryable, id: string, req: RequestInfo) => app.contracts.sendDocument(c, id, req),
    };
    const lease = new LeaseService(deps);
    const amendments = new AmendmentsService({ ...deps, notices: app.notices });
    // The caução's savings yield: SGS series 195 (or the operator's file), as the adjustment's index.
    const indexes = indexProviderFrom(config);
    const settlement = new SettlementService({ ...deps, savings: (from, to) => indexes.savings(from, to) });
    app.decorate("lease", lease);
    await app.register(leaseRoutes, { prefix: API_PREFIX, lease, amendments, settlement });
  },
);

declare module "fastify" {
  interface FastifyInstance {
    lease: LeaseService;
  }
}
