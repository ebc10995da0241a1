import pino from "pino";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { connectDatabase, migrateDatabase } from "./db/client";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./db/embedded";
import { createMailer } from "./mail/mailer";
import { authSecret } from "./secrets";

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
  const log = pino({ level: config.LOG_LEVEL });

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
  const database = connectDatabase(databaseUrl);
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
    const app = await buildApp({
      config,
      database,
      dbMode: embedded ? "embedded" : "external",
      mailer,
      authSecret: await authSecret(config.AUTH_SECRET, config.DATA_DIR),
      logger: log,
    });
    // Requests whose client left are still running after the server closed: let them finish
    // (up to 10 s) before the database goes away under them. An aborted request's handler goes on
    // running, so it counts until its response is done.
    const inFlight = new Map<string, string>();
    app.addHook("onRequest", async (request) => {
      inFlight.set(request.id, `${request.method} ${request.url.split("?")[0]}`);
    });
    app.addHook("onResponse", async (request) => {
      inFlight.delete(request.id);
    });
    const drained = async (ms: number) => {
      const until = Date.now() + ms;
      while (inFlight.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    };
    const shutdown = async (signal: string) => {
      if (shuttingDown) return;
      shuttingDown = true;
      log.info(`${signal} received: finishing requests, then stopping`);
      const force = setTimeout(() => {
        log.error("shutdown took over 30 s; exiting");
        embedded?.signalStop();
        process.exit(1);
      }, 30_000);
      force.unref();
      try {
        log.info({ inFlight: [...inFlight.values()] }, "closing the HTTP server");
        // A connection that never finishes its request (a client stuck mid-transfer) must not
        // hold the shutdown: after 10 s every connection is cut.
        const cut = setTimeout(() => {
          log.warn(
            { inFlight: [...inFlight.values()] },
            "requests still open after 10 s; closing their connections",
          );
          app.server.closeAllConnections();
        }, 10_000);
        cut.unref();
        await app.close();
        clearTimeout(cut);
        await drained(10_000);
        log.info(`HTTP server closed (${inFlight.size} requests in flight); stopping the database`);
        await cleanup();
        log.info("stopped");
        process.exit(0);
      } catch (err) {
        log.error({ err }, "error while stopping");
        process.exit(1);
      }
    };
    process.once("SIGINT", () => void shutdown("SIGINT"));
    process.once("SIGTERM", () => void shutdown("SIGTERM"));
    await app.listen({ port: config.PORT, host: config.HOST });
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
