import { constants as zlibConstants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import { API_PREFIX } from "../shared/api-paths";
import { requireSessionsUnder } from "./auth/guard";
import { part } from "./part";
import { authPlugin } from "./plugins/auth";
import { jobsPlugin } from "./plugins/jobs";
import { openApiPlugin } from "./plugins/openapi";
import { securityPlugin } from "./plugins/security";

type SignedInListener = (userId: string) => Promise<void>;

/**
 * What every domain stands on: the security headers and rate limits, compression, the OpenAPI
 * document, the job queue and the e-mail outbox, the session check of every /api route, and
 * better-auth's accounts and sessions.
 */
export const platform = part("platform", [], async (app, opts) => {
  const { config, database, clock } = opts;
  await app.register(securityPlugin, { config });
  // API JSON and HTML above 1 KiB compressed on the fly (Brotli at a quality cheap enough per
  // request, else gzip); types already compressed (PDF, JPEG, WebP, zip) and hijacked streams (live
  // events, tus) pass as they are; built assets come precompressed from fastifyStatic (decision 023).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(openApiPlugin, { publicUrl: config.PUBLIC_URL, version: opts.version });
  await app.register(jobsPlugin, {
    config,
    database,
    mailer: opts.mailer,
    secret: opts.secret,
    schema: opts.jobsSchema,
    schedules: opts.schedules,
  });
  // Before any route: every operation the OpenAPI document says needs a session is refused without
  // one (401), whichever part registers it.
  requireSessionsUnder(app, API_PREFIX, () => app.auth);
  // What else happens when someone signs in, added by the parts (a deletion cancelled: privacy).
  const signedIn: SignedInListener[] = [];
  app.decorate("whenSignedIn", (listener: SignedInListener) => {
    signedIn.push(listener);
  });
  await app.register(authPlugin, {
    config,
    database,
    outbox: app.outbox,
    secret: opts.secret,
    clock,
    onSignedIn: async (userId) => {
      for (const listener of signedIn) await listener(userId);
    },
  });
});

declare module "fastify" {
  interface FastifyInstance {
    /** Runs `listener` after each sign-in (in its order of registration). */
    whenSignedIn(listener: SignedInListener): void;
  }
}
