import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { CompanyService } from "./companies";
import { companyRoutes } from "./companies-routes";
import { profileRoutes } from "./routes";
import { ProfileService } from "./service";

/** Each person's own data: name, CPF, phone, address (what a contract needs of them), and companies. */
export const profilePart = part("profile", ["platform"], async (app, { database }) => {
  const profiles = new ProfileService(database.pool);
  const companies = new CompanyService(database.pool, profiles);
  app.decorate("profiles", profiles);
  app.decorate("companies", companies);
  await app.register(profileRoutes, { prefix: API_PREFIX, auth: app.auth, profiles });
  await app.register(companyRoutes, { prefix: API_PREFIX, companies });
});

declare module "fastify" {
  interface FastifyInstance {
    profiles: ProfileService;
    companies: CompanyService;
  }
}
