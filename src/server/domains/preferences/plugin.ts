import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { PREFERENCE_JOBS } from "./jobs";
import { preferenceRoutes } from "./routes";
import { PreferencesService } from "./service";

/**
 * Saved searches, favourites and settings (issue 16): an offer published or changed is matched
 * against every saved search by a job sent with the change itself.
 */
export const preferencesPart = part(
  "preferences",
  ["platform", "notices", "listings"],
  async (app, { database }) => {
    const { jobs, notices } = app;
    const preferences = new PreferencesService(database.pool, { notices });
    notices.keepHistoryWith(preferences);
    app.decorate("preferences", preferences);
    jobs.define({
      name: PREFERENCE_JOBS.matchOffer,
      handler: async (job) => {
        await preferences.matchOffer(job);
      },
    });
    app.listings.onOfferChanged(async (c, offerId, previousTotal) => {
      await jobs.send(c, PREFERENCE_JOBS.matchOffer, { offerId, previousTotal });
    });
    await app.register(preferenceRoutes, { prefix: API_PREFIX, preferences });
  },
);

declare module "fastify" {
  interface FastifyInstance {
    preferences: PreferencesService;
  }
}
