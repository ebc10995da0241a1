import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { type PausableProxy, startPausableProxy } from "../../../tests/support/pausable-proxy";
import { GOOD_PASSWORD, ORIGIN, signUp, uniqueEmail, uniqueIp } from "../../../tests/support/test-app";
import { errorMessage } from "../../shared/errors";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { publish } from "../realtime/hub";
import { connectDatabase, type Database, withTransaction } from "./client";
import { isDatabaseUnavailable } from "./unavailable";

describe("isDatabaseUnavailable", () => {
  const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

  it("knows a database that is away, refusing, timing out or shutting down", () => {
    for (const err of [
      withCode("ECONNREFUSED"),
      withCode("ECONNRESET"),
      withCode("ETIMEDOUT"),
      withCode("EHOSTUNREACH"),
      withCode("ENOTFOUND"),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      new Error("Connection terminated"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Query read timeout"),
      new Error("Client has encountered a connection error and is not queryable"),
      withCode("57P01", "terminating connection due to administrator command"),
      withCode("57P02"),
      withCode("57P03", "the database system is starting up"),
      withCode("57014", "canceling statement due to statement timeout"),
      withCode("53300", "sorry, too many clients already"),
      withCode("08006"),
      new AggregateError([withCode("ECONNREFUSED")], ""),
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
  });

  it("looks through the wrappers of drizzle and better-auth", () => {
    const drizzleLike = Object.assign(new Error("Failed query: select 1\nparams: "), {
      cause: withCode("ECONNREFUSED"),
    });
    expect(isDatabaseUnavailable(drizzleLike)).toBe(true);
    expect(isDatabaseUnavailable(new Error("outer", { cause: drizzleLike }))).toBe(true);
  });

  it("leaves the application's own database errors alone", () => {
    for (const err of [
      withCode("23505", "duplicate key value violates unique constraint"),
      withCode("22P02", "invalid input syntax for type uuid"),
      withCode("40001", "could not serialize access"),
      new Error("Failed query: select 1", { cause: withCode("23503") }),
      new Error("something else"),
      null,
      undefined,
      "Connection terminated",
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
  });
});

/** How long a call took and what it answered, or that it had not answered after `limitMs`. */
async function timed<T>(
  limitMs: number,
  call: () => Promise<T>,
): Promise<{ ms: number; result: T | "hung" }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    call(),
    new Promise<"hung">((resolve) => {
      timer = setTimeout(() => resolve("hung"), limitMs);
    }),
  ]);
  clearTimeout(timer);
  return { ms: Math.round(performance.now() - started), result };
}

describe("a database that freezes, stops and comes back", () => {
  // Short limits, so the test takes seconds: queries give up after 1 s, connecting after 1 s.
  const STATEMENT_MS = 1000;
  const CONNECT_MS = 1000;
  /** The longest a request may take to answer 503: waiting for a connection, then for its query. */
  const LIMIT_MS = STATEMENT_MS + CONNECT_MS + 1500;

  let proxy: PausableProxy;
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;
  let direct: pg.Pool;
  let cookie: string;
  let email: string;
  let userId: string;
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    proxy = await startPausableProxy(inject("databaseUrl"));
    direct = new pg.Pool({ connectionString: inject("databaseUrl"), max: 2 });
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-unavailable-"));
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      PUBLIC_URL: ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: proxy.url,
      CLIENT_DIR: path.join(dataDir, "no-client"),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
    });
    // As main.ts does it, on the proxy's address.
    database = connectDatabase(proxy.url, {
      max: 4,
      statementTimeoutMs: STATEMENT_MS,
      connectTimeoutMs: CONNECT_MS,
    });
    const { createMailer } = await import("../mail/mailer");
    app = await buildApp({
      config,
      database,
      dbMode: "external",
      mailer: createMailer({ from: config.MAIL_FROM, dataDir, log: { info: () => undefined } }),
      authSecret: "test-secret-that-is-long-enough-0123456789",
    });
    await app.ready();
    email = uniqueEmail("outage");
    ({ cookie, userId } = await signUp(app, { email }));
  });
  // A failed test must not leave the next one without its database.
  afterEach(() => proxy.resume());
  afterAll(async () => {
    await proxy.resume().catch(() => undefined);
    await app?.close();
    await database?.close();
    await direct?.end();
    await proxy?.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
    console.info("database faults (ms):", JSON.stringify(figures));
  });

  /** Every kind of endpoint: health, a public API read, a private one, better-auth's. */
  const calls: Record<string, () => Promise<LightMyRequestResponse>> = {
    health: () => app.inject({ method: "GET", url: "/api/health" }),
    search: () => app.inject({ method: "GET", url: "/api/search" }),
    proposals: () => app.inject({ method: "GET", url: "/api/proposals", headers: { cookie } }),
    session: () => app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } }),
    signIn: () =>
      app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { "content-type": "application/json", origin: ORIGIN },
        payload: JSON.stringify({ email, password: GOOD_PASSWORD }),
        remoteAddress: uniqueIp(),
      }),
  };

  /** Every endpoint at once: its status, code and whether it answered within the limit. */
  async function callAll(label: string) {
    const results = await Promise.all(
      Object.entries(calls).map(async ([name, call]) => ({ name, ...(await timed(LIMIT_MS + 5000, call)) })),
    );
    const seen: Record<
      string,
      { status: number | "hung"; code?: string; message?: string; inTime: boolean }
    > = {};
    for (const { name, ms, result } of results) {
      figures[`${label}.${name}`] = ms;
      if (result === "hung") {
        seen[name] = { status: "hung", inTime: false };
        continue;
      }
      const body = result.json() as { code?: string; message?: string };
      seen[name] = {
        status: result.statusCode,
        ...(result.statusCode >= 400 ? { code: body.code, message: body.message } : {}),
        inTime: ms < LIMIT_MS,
      };
    }
    return seen;
  }

  async function expectAllUnavailable(label: string) {
    const unavailable = {
      status: 503,
      code: "service-unavailable",
      message: errorMessage("service-unavailable"),
      inTime: true,
    };
    expect(await callAll(label)).toEqual(Object.fromEntries(Object.keys(calls).map((n) => [n, unavailable])));
  }

  async function expectAllWell(label: string) {
    expect(await callAll(label)).toEqual(
      Object.fromEntries(Object.keys(calls).map((n) => [n, { status: 200, inTime: true }])),
    );
  }

  it("answers 503 on every endpoint within the timeouts while PostgreSQL is frozen, and recovers alone", {
    timeout: 60_000,
  }, async () => {
    await expectAllWell("before");
    proxy.pause();
    await expectAllUnavailable("paused");
    // Twice: the connections that timed out are gone, the new ones cannot connect either.
    await expectAllUnavailable("paused.again");
    await proxy.resume();
    await expectAllWell("resumed");
  });

  it("answers 503, not 500, while PostgreSQL is stopped, and recovers alone", {
    timeout: 60_000,
  }, async () => {
    await proxy.stop();
    await expectAllUnavailable("stopped");
    await proxy.resume();
    await expectAllWell("restarted");
  });

  it("a transaction whose connection froze leaves the pool: the next query gets a fresh one", {
    timeout: 30_000,
  }, async () => {
    const small = connectDatabase(proxy.url, {
      max: 1,
      statementTimeoutMs: STATEMENT_MS,
      connectTimeoutMs: CONNECT_MS,
    });
    try {
      await small.pool.query("SELECT 1");
      proxy.pause();
      const { ms, result } = await timed(LIMIT_MS + 5000, () =>
        withTransaction(small.pool, (c) => c.query("SELECT 1")).then(
          () => null,
          (err: unknown) => err,
        ),
      );
      expect(result).not.toBe("hung");
      expect(isDatabaseUnavailable(result)).toBe(true);
      expect(ms).toBeLessThan(LIMIT_MS);
      await proxy.resume();
      // The frozen connection would still be waiting for its answer; a fresh one answers at once.
      const again = await timed(LIMIT_MS, () => small.pool.query("SELECT 1").then(() => "ok"));
      expect(again.result).toBe("ok");
      expect(again.ms).toBeLessThan(500);
    } finally {
      await proxy.resume();
      await small.close();
    }
  });

  it("a connection that breaks while held (a transaction, an upload's lock) fails its queries, not the process", {
    timeout: 30_000,
  }, async () => {
    const small = connectDatabase(proxy.url, {
      max: 2,
      statementTimeoutMs: STATEMENT_MS,
      connectTimeoutMs: CONNECT_MS,
    });
    try {
      const held = await small.pool.connect();
      await held.query("SELECT 1");
      const inTransaction = withTransaction(small.pool, async (c) => {
        await c.query("SELECT 1");
        await new Promise((r) => setTimeout(r, 300));
        return c.query("SELECT 1");
      }).catch((err: unknown) => err);
      // node-postgres emits "error" on a checked-out client whose server goes: without a listener
      // that is an uncaught exception, and the whole server stops.
      await proxy.stop();
      expect(isDatabaseUnavailable(await inTransaction)).toBe(true);
      const late = await held.query("SELECT 1").catch((err: unknown) => err);
      expect(isDatabaseUnavailable(late)).toBe(true);
      held.release(late as Error);
      await proxy.resume();
      expect((await small.pool.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await proxy.resume();
      await small.close();
    }
  });

  it("the live-event hub and the upload locks listen again after the outage", {
    timeout: 60_000,
  }, async () => {
    await proxy.stop();
    await new Promise((r) => setTimeout(r, 1500));
    await proxy.resume();
    // The upload locker LISTENs on its own pool, through the proxy: its connection is back.
    await expect
      .poll(
        async () => {
          const { rows } = await direct.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE client_port = ANY($1) AND query = 'LISTEN chave_tus_release'",
            [proxy.upstreamPorts()],
          );
          return rows[0]?.n;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(1);
    // The hub delivers again what any node publishes.
    const seen: number[] = [];
    const conn = { userId, send: (e: { id: number }) => seen.push(e.id), resync: () => undefined };
    app.hub.add(conn);
    try {
      await expect
        .poll(
          async () => {
            await publish(direct, [{ userId, type: "resync", paths: [] }]).catch(() => undefined);
            return seen.length;
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBeGreaterThan(0);
    } finally {
      app.hub.remove(conn);
    }
  });
});
