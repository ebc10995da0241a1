import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { API_PREFIX, apiRoutes } from "../../shared/api-paths";
import { userView } from "../../shared/contracts/auth";
import { errorResponses } from "../../shared/contracts/errors";
import { createAuth } from "../auth/auth";
import { requireSession } from "../auth/guard";
import { authRoutes } from "../auth/routes";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { recordLanguage } from "../domains/notices/notification-settings.repository";
import type { MailOutbox } from "../mail/outbox";

/**
 * Accounts: the better-auth instance (its e-mails go through the outbox), its routes under
 * /api/auth, and /api/me. Other routes check the session with `requireSession(app.auth, …)`.
 * Signing in and /api/me record the language the person uses the app in (decision 048): their
 * notices and e-mails are worded in it.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      config: Config;
      database: Database;
      outbox: MailOutbox;
      secret: string;
      clock?: Clock;
      onSignedIn?: (userId: string) => Promise<void>;
    },
  ) => {
    const auth = createAuth({
      config: opts.config,
      db: opts.database.db,
      pool: opts.database.pool,
      mail: opts.outbox,
      secret: opts.secret,
      log: app.log,
      clock: opts.clock,
      onSignedIn: opts.onSignedIn,
      onLanguage: (userId, language) => recordLanguage(opts.database.pool, userId, language),
    });
    app.decorate("auth", auth);
    await app.register(
      async (api) => {
        await api.register(authRoutes, {
          prefix: apiRoutes.auth.prefix,
          auth,
          publicUrl: opts.config.PUBLIC_URL,
        });
        api.get(
          apiRoutes.me,
          {
            schema: {
              tags: ["auth"],
              summary: "The signed-in user (401 without a session)",
              security: [{ session: [] }],
              response: { 200: userView, ...errorResponses },
            },
          },
          async (request, reply) => {
            const { user } = await requireSession(auth, request);
            reply.header("cache-control", "no-store");
            return { id: user.id, name: user.name, email: user.email };
          },
        );
      },
      { prefix: API_PREFIX },
    );
  },
);

declare module "fastify" {
  interface FastifyInstance {
    auth: ReturnType<typeof createAuth>;
  }
}
