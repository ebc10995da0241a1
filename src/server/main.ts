import net, { type Socket } from "node:net";
import type { FastifyReply } from "fastify";
import pino from "pino";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { connectDatabase, migrateDatabase } from "./db/client";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./db/embedded";
import { Lifecycle } from "./domains/health/lifecycle";
import { createMailer } from "./mail/mailer";
import { logSerializers } from "./plugins/log-serializers";
import { authSecret } from "./secrets";
import { registerServer, withoutPassword } from "./server-registry";

/**
 * After the drain, how long connections accepted just before the listener closed have to deliver
 * their request (a balancer writes it as soon as it connects: well under this on a live network).
 */
const ACCEPT_SETTLE_MS = 1_000;

/** EX_CONFIG from sysexits.h: the configuration is wrong, a restart will not help. */
const EXIT_CONFIG = 78;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Chave cannot start. ${err.message}\nSee README.md, "Configuration".\n`);
      process.exit(EXIT_CONFIG);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL, serializers: logSerializers });

  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_DB_PORT,
      log: { info: (m) => log.info(m), warn: (m) => log.warn(m) },
    });
    databaseUrl = embedded.url;
  }
  const database = connectDatabase(databaseUrl, {
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
  });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    log,
  });

  let shuttingDown = false;
  const cleanup = async () => {
    mailer.close();
    await database.close().catch(() => undefined);
    await embedded?.stop();
  };

  try {
    await migrateDatabase(database);
    const lifecycle = new Lifecycle();
    const app = await buildApp({
      lifecycle,
      config,
      database,
      dbMode: embedded ? "embedded" : "external",
      mailer,
      authSecret: await authSecret(config.AUTH_SECRET, config.DATA_DIR),
      logger: log,
    });
    // Requests whose client left are still running after the server closed: let them finish
    // (up to 10 s) before the database goes away under them. A request leaves this list when its
    // response is done (onResponse) or, since that never comes for a response cut short, once its
    // connection has closed and its handler is done with it: at once for a live-event stream (its
    // handler took the response over, hijacked, and has returned), when the handler answers for a
    // request whose client left mid-way (onSend still runs then).
    const inFlight = new Map<string, { what: string; closed: boolean; reply: FastifyReply }>();
    const settled = (e: { closed: boolean; reply: FastifyReply }) => e.closed && e.reply.sent;
    app.addHook("onRequest", async (request, reply) => {
      const entry = { what: `${request.method} ${request.url.split("?")[0]}`, closed: false, reply };
      inFlight.set(request.id, entry);
      reply.raw.once("close", () => {
        entry.closed = true;
        if (settled(entry)) inFlight.delete(request.id);
      });
    });
    app.addHook("onSend", async (request, _reply, payload) => {
      if (inFlight.get(request.id)?.closed) inFlight.delete(request.id);
      return payload;
    });
    app.addHook("onResponse", async (request) => {
      inFlight.delete(request.id);
    });
    /** What still runs; a stream hijacked after its client had already left is done too. */
    const pending = () => {
      for (const [id, e] of inFlight) if (settled(e)) inFlight.delete(id);
      return [...inFlight.values()].map((e) => e.what);
    };
    // Connections that carry no request keep app.close() waiting until their client closes
    // them: Node's closeIdleConnections() ends those that finished a request, not those opened
    // ahead of need and never used (browsers and HTTP clients open them; undici does after an
    // aborted stream), nor those that become idle after it ran. While stopping, both are ended.
    const sockets = new Set<Socket>();
    app.server.on("connection", (socket: Socket) => {
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
    });
    const closeUnused = () => {
      app.server.closeIdleConnections();
      for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    };
    const drained = async (ms: number) => {
      const until = Date.now() + ms;
      while (pending().length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    };
    /** Ends the drain's wait early: a second signal means "stop now" (Ctrl-C twice). */
    let endDrain: (() => void) | undefined;
    const shutdown = async (signal: string) => {
      if (shuttingDown) {
        endDrain?.();
        return;
      }
      shuttingDown = true;
      // Draining (decision 027): the readiness check answers 503 at once and every answer closes
      // its connection, while requests are still served for DRAIN_SECONDS, so the load balancer
      // stops sending them here before the listener closes; then the stop below, which ends the
      // live-event streams (their clients reconnect through the balancer, to another node, and
      // resume from Last-Event-ID) and closes the server.
      lifecycle.startDraining();
      const drainMs = config.DRAIN_SECONDS * 1000;
      log.info(
        `${signal} received: draining for ${config.DRAIN_SECONDS} s, then finishing requests and stopping`,
      );
      const force = setTimeout(() => {
        log.error(`shutdown took over ${30 + config.DRAIN_SECONDS} s; exiting`);
        embedded?.signalStop();
        process.exit(1);
      }, 30_000 + drainMs);
      force.unref();
      if (drainMs > 0) {
        await new Promise<void>((resolve) => {
          const wait = setTimeout(resolve, drainMs);
          endDrain = () => {
            clearTimeout(wait);
            resolve();
          };
        });
        endDrain = undefined;
      }
      try {
        // The listener stops accepting first, and connections accepted a moment before get
        // ACCEPT_SETTLE_MS to deliver their request, which is served (Connection: close). The HTTP
        // server's own close (below, through app.close()) ends every connection that carries no
        // request at that instant: a balancer that connected and wrote a POST just before would
        // see its connection reset, and nginx resends no POST (a topology run's 502).
        if (drainMs > 0) {
          net.Server.prototype.close.call(app.server);
          await new Promise((r) => setTimeout(r, ACCEPT_SETTLE_MS));
        }
        log.info({ inFlight: pending() }, "closing the HTTP server");
        // A connection that never finishes its request (a client stuck mid-transfer) must not
        // hold the shutdown: after 10 s every connection is cut.
        const cut = setTimeout(() => {
          log.warn({ inFlight: pending() }, "requests still open after 10 s; closing their connections");
          app.server.closeAllConnections();
        }, 10_000);
        cut.unref();
        const unused = setInterval(closeUnused, 50);
        try {
          await app.close();
        } finally {
          clearInterval(unused);
        }
        clearTimeout(cut);
        await drained(10_000);
        log.info(`HTTP server closed (${pending().length} requests in flight); stopping the database`);
        await cleanup();
        log.info("stopped");
        process.exit(0);
      } catch (err) {
        log.error({ err }, "error while stopping");
        process.exit(1);
      }
    };
    process.on("SIGINT", () => void shutdown("SIGINT"));
    process.on("SIGTERM", () => void shutdown("SIGTERM"));
    await app.listen({ port: config.PORT, host: config.HOST });
    // So that `npm run seed` knows which database this server shows (decision 045).
    registerServer({
      dataDir: embedded ? config.DATA_DIR : null,
      database: embedded ? null : withoutPassword(databaseUrl),
      port: config.PORT,
      publicUrl: config.PUBLIC_URL,
      cwd: process.cwd(),
    });
    // Photos stored before renditions existed, or whose job failed for good, get them now
    // (decision 024); each node's start sends one, and a photo already made is skipped.
    await app.photos.startBackfill().catch((err: unknown) => {
      log.warn({ err }, "photo renditions: the backfill could not be queued; the next start will");
    });
    log.info(
      `Chave is running at ${config.PUBLIC_URL} (database: ${embedded ? "embedded" : "external"}, e-mail: ${mailer.kind}${
        mailer.kind === "outbox" ? ` in ${config.DATA_DIR}/outbox` : ""
      })`,
    );
  } catch (err) {
    log.fatal({ err }, "Chave could not start");
    await cleanup();
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Chave could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
