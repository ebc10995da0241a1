import { part } from "../part";
import { RETENTION_SCHEDULES } from "./jobs";
import { Retention, retentionPolicy } from "./retention";

/** Everything that grows is deleted after its stated time (decision 036, README "Retention"). */
export const retentionPart = part("retention", ["platform"], async (app, { config, database }) => {
  const retention = new Retention({
    pool: database.pool,
    db: database.db,
    outbox: app.outbox,
    jobs: app.jobs,
    policy: retentionPolicy(config),
  });
  app.decorate("retention", retention);
  app.jobs.every(
    RETENTION_SCHEDULES.prune,
    async () => {
      const n = await retention.run();
      return Object.values(n).reduce((a, b) => a + b, 0);
    },
    (n) => `Pruned ${n} rows past their retention`,
  );
});

declare module "fastify" {
  interface FastifyInstance {
    retention: Retention;
  }
}
