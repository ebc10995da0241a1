import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { agencyRoutes } from "./routes";
import { AgencyService } from "./service";

/** Imobiliárias (issue 34): the agency, its team by role, its invitations. */
export const agenciesPart = part(
  "agencies",
  ["platform", "profile"],
  async (app, { config, database, clock }) => {
    const agencies = new AgencyService({
      pool: database.pool,
      clock,
      outbox: app.outbox,
      profiles: app.profiles,
      publicUrl: config.PUBLIC_URL,
    });
    app.decorate("agencies", agencies);
    await app.register(agencyRoutes, { prefix: API_PREFIX, agencies });
  },
);

declare module "fastify" {
  interface FastifyInstance {
    agencies: AgencyService;
  }
}
