import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { NOTICE_SCHEDULES } from "./jobs";
import { noticeRoutes } from "./routes";
import { NoticesService } from "./service";

/**
 * Telling people (decision 048): the bell, e-mail at once or in a daily digest as each chose, the
 * one-click unsubscribe, each in their own language. Every domain tells people through `app.notices`.
 */
export const noticesPart = part("notices", ["platform"], async (app, { config, database, clock, secret }) => {
  const notices = new NoticesService(database.pool, {
    outbox: app.outbox,
    clock,
    publicUrl: config.PUBLIC_URL,
    secret,
  });
  app.decorate("notices", notices);
  app.jobs.every(
    NOTICE_SCHEDULES.digest,
    () => notices.sendDigests(),
    (n) => `Queued ${n} daily digests`,
  );
  await app.register(noticeRoutes, { prefix: API_PREFIX, notices });
});

declare module "fastify" {
  interface FastifyInstance {
    notices: NoticesService;
  }
}
