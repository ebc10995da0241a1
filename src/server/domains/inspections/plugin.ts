import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { INSPECTION_SCHEDULES } from "./jobs";
import { inspectionRoutes } from "./routes";
import { InspectionsService } from "./service";

/** The move-in and move-out inspection reports of a lease, and their laudos (issue 31). */
export const inspectionsPart = part(
  "inspections",
  ["platform", "storage", "notices", "contracts"],
  async (app, { config, database, clock }) => {
    const inspections = new InspectionsService({
      pool: database.pool,
      clock,
      notices: app.notices,
      reviewDays: config.INSPECTION_REVIEW_DAYS,
      store: app.storage.store,
      createDocument: (c, input) => app.contracts.createDocument(c, input),
    });
    app.decorate("inspections", inspections);
    app.jobs.every(
      INSPECTION_SCHEDULES.closeReviews,
      () => inspections.closeEndedReviews(),
      (n) => `Closed ${n} inspection reviews whose window ended`,
    );
    await app.register(inspectionRoutes, { prefix: API_PREFIX, inspections });
  },
);

declare module "fastify" {
  interface FastifyInstance {
    inspections: InspectionsService;
  }
}
