import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { MESSAGE_SCHEDULES } from "./jobs";
import { messageRoutes } from "./routes";
import { MessagesService } from "./service";

/** The conversation of a proposal's parties; a message left unread is e-mailed. */
export const messagesPart = part("messages", ["platform", "notices"], async (app, { config, database }) => {
  const messages = new MessagesService(database.pool, app.notices, {
    publicUrl: config.PUBLIC_URL,
    unreadEmailMinutes: config.MESSAGE_UNREAD_EMAIL_MINUTES,
  });
  app.decorate("messages", messages);
  app.jobs.every(
    MESSAGE_SCHEDULES.emailUnread,
    () => messages.emailUnread(),
    (n) => `Queued ${n} unread-message e-mails`,
  );
  await app.register(messageRoutes, { prefix: API_PREFIX, auth: app.auth, messages });
});

declare module "fastify" {
  interface FastifyInstance {
    messages: MessagesService;
  }
}
