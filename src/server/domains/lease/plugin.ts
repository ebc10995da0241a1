import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { leaseRoutes } from "./routes";
import { LeaseService } from "./service";

/** The lease's life after the signature (issue 33): notices to leave, next amendments and the end. */
export const leasePart = part(
  "lease",
  ["platform", "contracts", "rent"],
  async (app, { database, clock }) => {
    const lease = new LeaseService({
      pool: database.pool,
      clock,
      createDocument: (c, input) => app.contracts.createDocument(c, input),
      sendDocument: (c, id, req) => app.contracts.sendDocument(c, id, req),
    });
    app.decorate("lease", lease);
    await app.register(leaseRoutes, { prefix: API_PREFIX, lease });
  },
);

declare module "fastify" {
  interface FastifyInstance {
    lease: LeaseService;
  }
}
