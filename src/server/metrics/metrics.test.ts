import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { builders } from "../../../tests/support/builders";
import { createTestApp, ORIGIN, type TestApp, uniqueEmail } from "../../../tests/support/test-app";
import { createUpload, patchUpload } from "../../../tests/support/tus";
import { apiPaths } from "../../shared/api-paths";
import { errorMessage } from "../../shared/errors";
import { Lifecycle } from "../domains/health/lifecycle";
import { JobQueue } from "../jobs/queue";
import { JOB_STATS_TTL_MS, METRICS_PATH, Metrics } from "./metrics";

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => t?.close());

function scrape(app = t.app, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return app.inject({ method: "GET", url: METRICS_PATH, ...opts });
}

/** The value of one series (`name{labels}`) in a scrape, or undefined when it is not there. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/metrics", () => {
  it("answers Prometheus's text format with process, pool, jobs, streams and e-mail figures", async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const text = res.body;
    for (const name of [
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
      "chave_uploads_in_progress",
      "chave_live_streams",
      "chave_draining",
    ]) {
      expect(seriesValue(text, name), name).toBeTypeOf("number");
    }
    expect(seriesValue(text, 'chave_db_pool_connections{pool="main"}')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'chave_db_pool_waiting_requests{pool="upload-locks"}')).toBe(0);
    expect(seriesValue(text, 'chave_jobs_waiting{queue="mail.send"}')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'chave_jobs_oldest_waiting_seconds{queue="mail.send"}')).toBeGreaterThanOrEqual(
      0,
    );
    expect(seriesValue(text, 'chave_emails_total{result="sent"}')).toBeGreaterThanOrEqual(0);
  });

  it("labels request latency by the route's pattern, method and status class, never by the URL", async () => {
    const id = randomUUID();
    expect((await t.app.inject({ method: "GET", url: apiPaths.offers.one(id) })).statusCode).toBe(404);
    await t.app.inject({ method: "GET", url: `/api/nada/${id}` });
    const text = (await scrape()).body;
    expect(
      seriesValue(
        text,
        'chave_http_request_duration_seconds_count{method="GET",route="/api/offers/:id",status_class="4xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(
      seriesValue(
        text,
        'chave_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it("keeps each app's figures apart (a registry per app)", async () => {
    const other = await createTestApp();
    try {
      for (let i = 0; i < 3; i++) await other.app.inject({ method: "GET", url: apiPaths.healthLive });
      const series =
        'chave_http_request_duration_seconds_count{method="GET",route="/api/health/live",status_class="2xx"}';
      expect(seriesValue((await scrape(other.app)).body, series)).toBe(3);
      expect(seriesValue((await scrape()).body, series) ?? 0).not.toBe(3);
    } finally {
      await other.close();
    }
  });

  it("counts the live-event streams open on this node", async () => {
    const b = builders(t);
    const person = await b.person("Lívia");
    const controller = new AbortController();
    const stream = await fetch(`${baseUrl}${apiPaths.events}`, {
      headers: { cookie: person.cookie, accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    // A hijacked answer carries its request's id too.
    expect(stream.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const before = seriesValue((await scrape()).body, "chave_live_streams") ?? 0;
    expect(before).toBeGreaterThanOrEqual(1);
    controller.abort();
    await expect.poll(async () => seriesValue((await scrape()).body, "chave_live_streams")).toBe(before - 1);
  });

  it("counts the uploads whose bytes are arriving, and no longer once they are in", async () => {
    const b = builders(t);
    const person = await b.person("Caio");
    const target = { baseUrl, cookie: person.cookie, origin: ORIGIN };
    const bytes = Buffer.alloc(64 * 1024, 7);
    const created = await createUpload(target, bytes.length, {
      filename: "recibo.pdf",
      kind: "comprovante_renda",
      folder: "perfil",
    });
    expect(created.status, created.body).toBe(201);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* slowly() {
      yield bytes.subarray(0, 1024);
      await held;
      yield bytes.subarray(1024);
    }
    const transfer = patchUpload(target, created.headers.location as string, 0, slowly());
    await expect.poll(async () => seriesValue((await scrape()).body, "chave_uploads_in_progress")).toBe(1);
    release();
    expect((await transfer).status).toBeLessThan(500);
    await expect.poll(async () => seriesValue((await scrape()).body, "chave_uploads_in_progress")).toBe(0);
  });

  it("counts e-mails handed to the mailer", async () => {
    const series = 'chave_emails_total{result="sent"}';
    const before = seriesValue((await scrape()).body, series) ?? 0;
    await t.app.outbox.send(uniqueEmail("metrics"), {
      subject: "Teste",
      text: "Olá",
      html: "<p>Olá</p>",
      links: [],
    });
    await t.settle();
    expect(seriesValue((await scrape()).body, series)).toBe(before + 1);
  });
});

describe("who may read /metrics", () => {
  it("without METRICS_TOKEN: loopback and private addresses, not public ones nor proxied requests", async () => {
    expect((await scrape(t.app, { remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
    expect((await scrape(t.app, { remoteAddress: "10.1.2.3" })).statusCode).toBe(200);
    expect((await scrape(t.app, { remoteAddress: "192.168.0.9" })).statusCode).toBe(200);
    expect((await scrape(t.app, { remoteAddress: "::ffff:172.20.0.4" })).statusCode).toBe(200);
    expect((await scrape(t.app, { remoteAddress: "::1" })).statusCode).toBe(200);

    const outside = await scrape(t.app, { remoteAddress: "203.0.113.7" });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({
      code: "not-found",
      message: errorMessage("not-found"),
      requestId: outside.headers["x-request-id"],
    });
    expect((await scrape(t.app, { remoteAddress: "172.32.0.1" })).statusCode).toBe(404);
    // A proxy on the private network forwards the internet's requests: those are refused too.
    const forwarded = await scrape(t.app, {
      remoteAddress: "10.0.0.2",
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(forwarded.statusCode).toBe(404);
  });

  it("with METRICS_TOKEN: only `Authorization: Bearer <token>`, from anywhere", async () => {
    const token = randomBytes(24).toString("hex");
    const guarded = await createTestApp({ METRICS_TOKEN: token });
    try {
      const none = await scrape(guarded.app);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({
        code: "unauthenticated",
        message: errorMessage("unauthenticated"),
        requestId: none.headers["x-request-id"],
      });
      const wrong = await scrape(guarded.app, { headers: { authorization: `Bearer ${token}x` } });
      expect(wrong.statusCode).toBe(401);
      const right = await scrape(guarded.app, {
        remoteAddress: "203.0.113.7",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain("chave_http_request_duration_seconds");
    } finally {
      await guarded.close();
    }
  });

  it("is not in the OpenAPI document and not rate limited", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).not.toContain(METRICS_PATH);
    const limited = await createTestApp({ RATE_LIMIT_MAX: "2" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await scrape(limited.app)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200]);
    } finally {
      await limited.close();
    }
  });
});

describe("the job queue's figures", () => {
  it("tells each queue's waiting jobs and the oldest one's age, read at most once per few seconds", async () => {
    const queue = new JobQueue({
      url: inject("databaseUrl"),
      pool: t.database.pool,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      schema: `jobs_metrics_${randomBytes(4).toString("hex")}`,
      // Sends only: the jobs stay waiting.
      work: false,
    });
    queue.define({ name: "metrics.test", handler: async () => undefined });
    await queue.start();
    let now = 1_000_000;
    const metrics = new Metrics(t.app.log, () => now);
    metrics.watch({
      pools: {},
      jobs: queue,
      hub: t.app.hub,
      outbox: t.app.outbox,
      lifecycle: new Lifecycle(),
    });
    const stats = vi.spyOn(queue, "stats");
    try {
      await queue.send(t.database.pool, "metrics.test", { n: 1 });
      await queue.send(t.database.pool, "metrics.test", { n: 2 });
      const first = await metrics.scrape();
      expect(seriesValue(first, 'chave_jobs_waiting{queue="metrics.test"}')).toBe(2);
      expect(seriesValue(first, 'chave_jobs_active{queue="metrics.test"}')).toBe(0);
      expect(
        seriesValue(first, 'chave_jobs_oldest_waiting_seconds{queue="metrics.test"}'),
      ).toBeGreaterThanOrEqual(0);
      expect(stats).toHaveBeenCalledTimes(1);

      // Within the cache's life, the next scrapes ask nothing (a third job is not seen yet)...
      await queue.send(t.database.pool, "metrics.test", { n: 3 });
      now += JOB_STATS_TTL_MS - 1;
      expect(seriesValue(await metrics.scrape(), 'chave_jobs_waiting{queue="metrics.test"}')).toBe(2);
      expect(stats).toHaveBeenCalledTimes(1);
      // ...and after it, one query again.
      now += 2;
      expect(seriesValue(await metrics.scrape(), 'chave_jobs_waiting{queue="metrics.test"}')).toBe(3);
      expect(stats).toHaveBeenCalledTimes(2);
    } finally {
      stats.mockRestore();
      await queue.stop();
    }
  });
});
