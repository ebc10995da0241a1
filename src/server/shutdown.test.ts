import fsp from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, inject, it } from "vitest";
import { type ServerProcess, signUpOver, startServer } from "../../tests/support/server-process";
import { openStream, type SseStream } from "../../tests/support/sse";
import { uniqueEmail } from "../../tests/support/test-app";

let dataDir: string;
let server: ServerProcess | undefined;
const figures: Record<string, number> = {};

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-shutdown-"));
});
afterEach(async () => {
  await server?.kill("SIGKILL");
  server = undefined;
});
afterAll(async () => {
  await fsp.rm(dataDir, { recursive: true, force: true });
  console.info("SIGTERM to exit (ms):", JSON.stringify(figures));
});

async function start(env: Record<string, string> = {}): Promise<{ server: ServerProcess; cookie: string }> {
  const s = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: inject("databaseUrl"),
    CLIENT_DIR: path.join(dataDir, "none"),
    LIVE_MAX_STREAMS_PER_USER: "100",
    LOG_LEVEL: "info",
    DRAIN_SECONDS: "0",
    ...env,
  });
  server = s;
  return { server: s, cookie: await signUpOver(s.baseUrl, uniqueEmail("shutdown")) };
}

async function openReady(baseUrl: string, cookie: string, n: number): Promise<SseStream[]> {
  const streams = await Promise.all(Array.from({ length: n }, () => openStream(baseUrl, cookie)));
  for (const s of streams) expect(s.status).toBe(200);
  await Promise.all(streams.map((s) => s.next((m) => m.type === "ready")));
  return streams;
}

/** Sends SIGTERM and measures, with the test's own clock, how long the process takes to exit. */
async function stopTime(s: ServerProcess): Promise<number> {
  const started = performance.now();
  await s.kill("SIGTERM");
  return Math.round(performance.now() - started);
}

it("stops at once after 50 live-event streams have come and gone", { timeout: 60_000 }, async () => {
  const { server: s, cookie } = await start();
  const streams = await openReady(s.baseUrl, cookie, 50);
  for (const stream of streams) stream.close();
  // The server has seen them go: a new request is answered after their sockets closed.
  await new Promise((r) => setTimeout(r, 300));
  expect((await fetch(`${s.baseUrl}/api/health`)).status).toBe(200);

  const ms = await stopTime(s);
  figures.closedStreams = ms;
  expect(s.child.exitCode).toBe(0);
  expect(s.output()).not.toContain("requests still open");
  expect(s.output()).toMatch(/HTTP server closed \(0 requests in flight\)/);
  expect(ms).toBeLessThan(3000);
});

it("stops at once with live-event streams still open, ending them", { timeout: 60_000 }, async () => {
  const { server: s, cookie } = await start();
  const closed = await openReady(s.baseUrl, cookie, 20);
  for (const stream of closed) stream.close();
  const open = await openReady(s.baseUrl, cookie, 10);

  const ms = await stopTime(s);
  figures.openStreams = ms;
  expect(s.child.exitCode).toBe(0);
  expect(ms).toBeLessThan(3000);
  await expect.poll(() => open.every((stream) => stream.ended)).toBe(true);
});

it("a request whose client left counts until its handler has answered, then no longer", {
  timeout: 60_000,
}, async () => {
  const { server: s, cookie } = await start();
  // Requests their clients abandon before the answer (a tab closed while loading): the request is
  // sent whole, and the connection cut while the server is still reading the database.
  const { port } = new URL(s.baseUrl);
  for (let i = 0; i < 20; i++) {
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`GET /api/proposals HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncookie: ${cookie}\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 2));
    socket.destroy();
  }
  await new Promise((r) => setTimeout(r, 500));
  const ms = await stopTime(s);
  figures.abandonedRequests = ms;
  expect(s.child.exitCode).toBe(0);
  expect(s.output()).toMatch(/HTTP server closed \(0 requests in flight\)/);
  expect(ms).toBeLessThan(3000);
});

/** One GET on a connection of its own: the status and the headers (Connection included). */
function getOver(url: string, cookie?: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on("error", reject);
  });
}

it("drains on SIGTERM: readiness 503 at once, requests still served closing their connections, then exits 0", {
  timeout: 60_000,
}, async () => {
  const { server: s, cookie } = await start({ DRAIN_SECONDS: "2" });
  const [stream] = await openReady(s.baseUrl, cookie, 1);
  expect((await getOver(`${s.baseUrl}/api/health/ready`)).status).toBe(200);

  const signalled = performance.now();
  const stopped = s.kill("SIGTERM");
  await expect
    .poll(async () => (await getOver(`${s.baseUrl}/api/health/ready`)).status, { interval: 10 })
    .toBe(503);
  figures.readyAt503 = Math.round(performance.now() - signalled);

  // Still serving, new connections included, each closed after its answer; streams still open.
  const proposals = await getOver(`${s.baseUrl}/api/proposals`, cookie);
  expect(proposals).toEqual({ status: 200, connection: "close" });
  expect((await getOver(`${s.baseUrl}/api/health/live`)).status).toBe(200);
  expect(stream?.ended, "the live-event stream is kept while draining").toBe(false);

  await stopped;
  figures.drainedExit = Math.round(performance.now() - signalled);
  expect(s.child.exitCode).toBe(0);
  expect(figures.drainedExit, "the node served for DRAIN_SECONDS before closing").toBeGreaterThanOrEqual(
    2000,
  );
  await expect.poll(() => stream?.ended).toBe(true);
  expect(s.output()).toMatch(/SIGTERM received: draining for 2 s/);
  await expect(getOver(`${s.baseUrl}/api/health/live`)).rejects.toThrow(/ECONNREFUSED/);
});

/** Whether a new TCP connection to `port` is refused now (the listener closed). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED"));
  });
}

it("serves a request written on a connection accepted just before the listener closed (a balancer's POST is not reset)", {
  timeout: 60_000,
}, async () => {
  // A topology run's nginx connected to a node at the end of its drain and wrote a POST; the node
  // ended the connection, which carried no request yet, and nginx answered 502 (it resends no POST).
  const { server: s } = await start({ DRAIN_SECONDS: "1" });
  const port = Number(new URL(s.baseUrl).port);
  const stopped = s.kill("SIGTERM");
  // A connection made during the drain, its request not written yet.
  const held = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    held.once("connect", () => resolve());
    held.once("error", reject);
  });
  const answer = new Promise<string>((resolve) => {
    let text = "";
    held.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    held.once("close", () => resolve(text));
    held.once("error", () => resolve(`${text}[reset]`));
  });
  // The drain ends: new connections are refused. The request goes out on the held one a moment
  // later, as a request whose bytes the node has not read yet when it starts closing (its event
  // loop was busy ending streams): the node used to end such a connection within 50 ms.
  await expect.poll(() => refused(port), { interval: 5, timeout: 10_000 }).toBe(true);
  await new Promise((r) => setTimeout(r, 150));
  held.write("GET /api/health/live HTTP/1.1\r\nHost: localhost\r\n\r\n");
  const text = await answer;
  expect(text).toMatch(/^HTTP\/1\.1 200 /);
  expect(text).toMatch(/\r\nconnection: close\r\n/i);
  await stopped;
  expect(s.child.exitCode).toBe(0);
});
