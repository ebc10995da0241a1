import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { profileRoutes } from "./routes";
import { ProfileService } from "./service";

/** Each person's own data: name, CPF, phone, address (what a contract needs of them). */
export const profilePart = part("profile", ["platform"], async (app, { database }) => {
  const profiles = new ProfileService(database.pool);
  app.decorate("profiles", profiles);
  await app.register(profileRoutes, { prefix: API_PREFIX, auth: app.auth, profiles });
});

declare module "fastify" {
  interface FastifyInstance {
    profiles: ProfileService;
  }
}
