import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { healthRoutes } from "./routes";

/** Liveness and readiness for operators and balancers. */
export const healthPart = part("health", ["platform"], async (app, opts) => {
  await app.register(healthRoutes, {
    prefix: API_PREFIX,
    pool: opts.database.pool,
    dbMode: opts.dbMode,
    version: opts.version,
    lifecycle: opts.lifecycle,
  });
});
