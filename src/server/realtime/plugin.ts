import { API_PREFIX } from "../../shared/api-paths";
import { part } from "../part";
import { LiveHub } from "./hub";
import { LIVE_SCHEDULES } from "./jobs";
import { liveRoutes } from "./routes";

/** Live events: this node LISTENs, and delivers to its own streams whatever any node publishes. */
export const livePart = part("live", ["platform"], async (app, { config, database }) => {
  const hub = new LiveHub(database.pool, { url: database.url, log: app.log });
  await hub.start();
  app.addHook("onClose", async () => {
    await hub.stop();
  });
  app.decorate("hub", hub);
  app.jobs.every(
    LIVE_SCHEDULES.prune,
    () => hub.prune(config.LIVE_EVENTS_RETENTION_DAYS),
    (n) => `Pruned ${n} old live events`,
  );
  await app.register(liveRoutes, {
    prefix: API_PREFIX,
    auth: app.auth,
    hub,
    heartbeatMs: config.LIVE_HEARTBEAT_SECONDS * 1000,
    maxPerUser: config.LIVE_MAX_STREAMS_PER_USER,
    retentionDays: config.LIVE_EVENTS_RETENTION_DAYS,
  });
});

declare module "fastify" {
  interface FastifyInstance {
    hub: LiveHub;
  }
}
