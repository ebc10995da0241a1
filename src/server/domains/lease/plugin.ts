import { API_PREFIX } from "../../../shared/api-paths";
import type { Queryable } from "../../db/rows";
import { part } from "../../part";
import type { RequestInfo } from "../contracts/context";
import { AmendmentsService } from "./amendments";
import { leaseRoutes } from "./routes";
import { LeaseService } from "./service";

/** The lease's life after the signature (issue 33): notices to leave and amendments; the end next. */
export const leasePart = part(
  "lease",
  ["platform", "notices", "contracts", "rent"],
  async (app, { database, clock }) => {
    const deps = {
      pool: database.pool,
      clock,
      createDocument: (c: Queryable, input: { kind: string; parentId: string; data: unknown }) =>
        app.contracts.createDocument(c, input),
      sendDocument: (c: Queryable, id: string, req: RequestInfo) => app.contracts.sendDocument(c, id, req),
    };
    const lease = new LeaseService(deps);
    const amendments = new AmendmentsService({ ...deps, notices: app.notices });
    app.decorate("lease", lease);
    await app.register(leaseRoutes, { prefix: API_PREFIX, lease, amendments });
  },
);

declare module "fastify" {
  interface FastifyInstance {
    lease: LeaseService;
  }
}
