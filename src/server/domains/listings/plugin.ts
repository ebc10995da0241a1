import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { listingsRoutes } from "./routes";
import { ListingsService } from "./service";

/** Units, offers and the public search. Other parts hear of offers' changes by `onOfferChanged`. */
export const listingsPart = part("listings", ["platform", "storage"], async (app, { database }) => {
  const listings = new ListingsService(database.pool);
  app.decorate("listings", listings);
  await app.register(listingsRoutes, { prefix: API_PREFIX, auth: app.auth, listings, storage: app.storage });
});

declare module "fastify" {
  interface FastifyInstance {
    listings: ListingsService;
  }
}
