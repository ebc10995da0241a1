import { randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";
import Fastify from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createDatabaseOn, dropDatabaseOn } from "../../../../tests/support/admin-database";
import { createTestApp, get, ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { apiPaths } from "../../../shared/api-paths";
import { errorMessage } from "../../../shared/errors";
import { connectDatabase, migrateDatabase } from "../../db/client";
import { setErrorHandler } from "../../plugins/error-handler";
import { validatorCompiler } from "../../plugins/validation";
import { Lifecycle } from "./lifecycle";
import { healthRoutes } from "./routes";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** One GET over real HTTP on a kept-alive connection: its status, headers and JSON. */
function fetchOver(
  agent: http.Agent,
  baseUrl: string,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: unknown; socket: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, baseUrl), { agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text ? JSON.parse(text) : null,
          socket: req.socket,
        }),
      );
    });
    req.on("error", reject);
  });
}

/** healthRoutes alone on a Fastify of its own, over `pool`: for databases the test app cannot use. */
async function healthOnly(pool: import("pg").Pool, lifecycle = new Lifecycle()) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  setErrorHandler(app);
  await app.register(healthRoutes, { prefix: "/api", pool, dbMode: "external", version: "t", lifecycle });
  return app;
}

describe("liveness", () => {
  it("answers 200 without asking the database, never cached", async () => {
    const res = await get(t.app, apiPaths.healthLive);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toMatchObject({ status: "alive", version: expect.any(String) });
    expect(typeof res.json().uptimeSeconds).toBe("number");
  });

  it("stays 200 when the database is away, while readiness says why not", async () => {
    const dead = connectDatabase("postgres://nobody@127.0.0.1:1/none", { connectTimeoutMs: 500 });
    const app = await healthOnly(dead.pool);
    try {
      expect((await app.inject({ method: "GET", url: apiPaths.healthLive })).statusCode).toBe(200);
      const ready = await app.inject({ method: "GET", url: apiPaths.healthReady });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: "database",
        code: "service-unavailable",
        message: errorMessage("service-unavailable"),
        requestId: ready.headers["x-request-id"] ?? expect.any(String),
      });
    } finally {
      await app.close();
      await dead.close();
    }
  });
});

describe("readiness", () => {
  it("is 200 when the database answers and has every migration", async () => {
    const res = await get(t.app, apiPaths.healthReady);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("is 503 'migrations' on a database that lacks this build's migrations, 200 once migrated", async () => {
    const admin = inject("databaseUrl");
    const name = `chave_ready_${randomBytes(4).toString("hex")}`;
    const url = await createDatabaseOn(admin, name);
    const database = connectDatabase(url, { max: 2 });
    const app = await healthOnly(database.pool);
    try {
      const before = await app.inject({ method: "GET", url: apiPaths.healthReady });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toMatchObject({ status: "migrations", code: "service-unavailable" });

      await migrateDatabase(database);
      const after = await app.inject({ method: "GET", url: apiPaths.healthReady });
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json()).toEqual({ status: "ready" });
    } finally {
      await app.close();
      await database.close();
      await dropDatabaseOn(admin, name);
    }
  }, 60_000);
});

describe("draining", () => {
  it("turns readiness to 503 at once, keeps serving, and closes each connection after its answer", async () => {
    const node = await createTestApp();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await node.app.listen({ port: 0, host: "127.0.0.1" });
      const address = node.app.server.address();
      const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

      // Before: the connection is kept for the next request.
      const first = await fetchOver(agent, baseUrl, apiPaths.healthReady);
      expect(first.status).toBe(200);
      expect(first.headers.connection).toBe("keep-alive");
      const second = await fetchOver(agent, baseUrl, apiPaths.search);
      expect(second.socket, "the kept-alive connection is reused").toBe(first.socket);

      node.app.lifecycle.startDraining();

      const ready = await fetchOver(agent, baseUrl, apiPaths.healthReady);
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: "draining",
        code: "service-unavailable",
        message: errorMessage("service-unavailable"),
        requestId: ready.headers["x-request-id"],
      });
      expect(ready.headers.connection).toBe("close");

      // Other requests are still served, each on a connection that closes after it.
      const search = await fetchOver(agent, baseUrl, apiPaths.search);
      expect(search.status).toBe(200);
      expect(search.headers.connection).toBe("close");
      expect(search.socket, "a new connection: the drained one was not reused").not.toBe(ready.socket);
      const live = await fetchOver(agent, baseUrl, apiPaths.healthLive);
      expect(live.status).toBe(200);
      expect(live.headers.connection).toBe("close");
    } finally {
      agent.destroy();
      await node.close();
    }
  });

  it("answers 'draining' without asking the database", async () => {
    const dead = connectDatabase("postgres://nobody@127.0.0.1:1/none", { connectTimeoutMs: 60_000 });
    const lifecycle = new Lifecycle();
    lifecycle.startDraining();
    const app = await healthOnly(dead.pool, lifecycle);
    try {
      // A probe would wait for the 2 s timeout at least: this answer does not touch the pool.
      const res = await app.inject({ method: "GET", url: apiPaths.healthReady });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: "draining" });
      expect(dead.pool.totalCount).toBe(0);
    } finally {
      await app.close();
      await dead.close();
    }
  });

  it("serves a request that reaches a closing node on a connection it had already accepted", async () => {
    // After the drain the node closes; a request the balancer had already sent on a kept
    // connection must be answered, not refused with 503 (nginx does not resend a 503, nor a POST).
    const node = await createTestApp();
    let closing: Promise<void> | undefined;
    try {
      await node.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = node.app.server.address() as { port: number };
      const socket = net.connect(port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      let received = "";
      socket.setEncoding("utf8");
      socket.on("data", (c: string) => (received += c));
      const body = JSON.stringify({ email: "ninguem@exemplo.com.br", password: "senha errada longa" });
      // The first request's body is still arriving when the node starts closing…
      socket.write(
        `POST ${apiPaths.auth.signIn} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      await vi.waitFor(() => expect(node.app.server.listening).toBe(true));
      closing = node.app.close();
      // …then the rest of it: it is answered (a wrong password here), and the connection closed.
      socket.write(body.slice(10));
      await new Promise((resolve) => socket.once("close", resolve));
      const statuses = [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
      expect(statuses).toEqual([401]);
      expect(received).toMatch(/^connection: close\r$/im);
    } finally {
      await closing;
      await node.close();
    }
  });
});
