import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openStream, type SseMessage, type SseStream, streamPerson } from "../../../tests/support/sse";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { publish } from "./hub";

/*
 * Issue 28, item 3 (decision 035): a client that reconnects with Last-Event-ID while several
 * writers commit out of the order their events were inserted in misses nothing. Two app nodes on
 * one PostgreSQL; the client goes back and forth between them, as a balancer would send it.
 */

let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;
/** The writers' own connections: each holds its transaction open for a while. */
let writers: pg.Pool;
const streams: SseStream[] = [];

beforeAll(async () => {
  const env = { LOG_LEVEL: process.env.TEST_LOG ?? "silent", LIVE_HEARTBEAT_SECONDS: "1" };
  a = await createTestApp(env);
  b = await createTestApp(env);
  await a.app.listen({ port: 0, host: "127.0.0.1" });
  await b.app.listen({ port: 0, host: "127.0.0.1" });
  urlA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  urlB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  writers = new pg.Pool({ connectionString: inject("databaseUrl"), max: 8 });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await writers?.end();
  await a?.close();
  await b?.close();
});

async function stream(url: string, cookie: string, lastEventId?: string | null) {
  const s = await openStream(url, cookie, lastEventId ? { lastEventId } : {});
  expect(s.status, s.body).toBe(200);
  streams.push(s);
  return s;
}

const isEvent = (m: SseMessage) => m.eventId !== null;

/** A transaction that publishes one event for the user and is left open until `commit` is called. */
async function openWrite(userId: string, n: number) {
  const c = await writers.connect();
  await c.query("BEGIN");
  await publish(c, [{ userId, type: "proposal.changed", paths: ["/api/proposals"], data: { n } }]);
  return {
    async commit() {
      await c.query("COMMIT");
      c.release();
    },
  };
}

/** One writer's transaction: its event is inserted first, then it lingers before committing. */
async function write(userId: string, n: number, lingerMs: number) {
  const c = await writers.connect();
  try {
    await c.query("BEGIN");
    await publish(c, [{ userId, type: "proposal.changed", paths: ["/api/proposals"], data: { n } }]);
    await c.query("SELECT pg_sleep($1)", [lingerMs / 1000]);
    await c.query("COMMIT");
  } catch (err) {
    await c.query("ROLLBACK");
    throw err;
  } finally {
    c.release();
  }
}

/** The ids of the user's events that exist (committed), as the database has them. */
async function committed(userId: string): Promise<number[]> {
  const { rows } = await a.database.pool.query<{ id: string }>(
    "SELECT id FROM live_events WHERE user_id = $1 ORDER BY id",
    [userId],
  );
  return rows.map((r) => Number(r.id));
}

describe("live events across reconnects (decision 035)", () => {
  it("an older event committed after a newer one was seen still reaches the client that reconnected", async () => {
    const user = await streamPerson(a.app, a.database.pool, "Rita Reconecta");
    const first = await stream(urlB, user.cookie);
    await first.next((m) => m.type === "ready");

    // The older transaction takes its event first but commits last.
    const older = await openWrite(user.userId, 1);
    const newer = await openWrite(user.userId, 2);
    await newer.commit();
    await first.next((m) => m.data.n === 2);
    const resumeFrom = first.lastEventId;
    first.close();
    await older.commit();

    // Back, on the other node, after the newer event's position.
    const again = await stream(urlA, user.cookie, resumeFrom);
    await again.next((m) => m.type === "ready");
    const got = await again.next((m) => m.data.n === 1, 3000).catch(() => null);
    expect(got?.eventId, "the older event, committed while the client was away").toBeTypeOf("number");
    const received = new Set([...first.messages, ...again.messages].filter(isEvent).map((m) => m.eventId));
    expect([...received].sort()).toEqual((await committed(user.userId)).sort());
  });

  it("under concurrent writers, a client reconnecting again and again gets every event, as one that stayed does", async () => {
    const user = await streamPerson(a.app, a.database.pool, "Renato Reconecta");
    const steady = await stream(urlA, user.cookie);
    await steady.next((m) => m.type === "ready");

    // The reconnecting client: a few events on one node, then the stream drops and it resumes
    // after its Last-Event-ID on the other, dropping what it already has by event id. Its first
    // stream is open before the writers start: everything they write is owed to it.
    const received = new Set<number>();
    let delivered = 0;
    let resyncs = 0;
    let resume: string | null = null;
    let connections = 0;
    const connect = async (url: string) => {
      const s = await stream(url, user.cookie, resume);
      connections++;
      await s.next((m) => m.type === "ready");
      return s;
    };
    const drop = (s: SseStream) => {
      s.close();
      resyncs += s.messages.filter((m) => m.type === "resync").length;
      for (const m of s.messages.filter(isEvent)) {
        delivered++;
        received.add(m.eventId as number);
      }
      resume = s.lastEventId ?? resume;
    };
    let current = await connect(urlB);

    const WRITERS = 6;
    const EACH = 60;
    let writing = true;
    const work = Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; i < EACH; i++) await write(user.userId, w * 1000 + i, Math.random() * 25);
      }),
    ).finally(() => {
      writing = false;
    });
    while (writing) {
      let seen = 0;
      const s = current;
      await Promise.race([s.next((m) => isEvent(m) && ++seen >= 3, 5_000).catch(() => undefined), work]);
      drop(s);
      current = await connect(connections % 2 === 0 ? urlB : urlA);
    }
    await work;
    drop(current);
    // Once more after the last commit: whatever is still owed is replayed.
    drop(await connect(urlB));

    const sent = await committed(user.userId);
    expect(sent).toHaveLength(WRITERS * EACH);
    await expect
      .poll(() => new Set(steady.messages.filter(isEvent).map((m) => m.eventId)).size)
      .toBe(sent.length);
    const missing = sent.filter((id) => !received.has(id));
    process.stdout.write(
      `live reconnect: ${sent.length} sent, ${received.size} received by the reconnecting client over ${connections} connections (${delivered - received.size} duplicates dropped, ${resyncs} refetches), ${missing.length} missing\n`,
    );
    // Every event came as an event: none had to be made up for by refetching everything.
    expect({ sent: sent.length, received: received.size, missing, resyncs }).toEqual({
      sent: sent.length,
      received: sent.length,
      missing: [],
      resyncs: 0,
    });
  });

  it("an event too big for NOTIFY is read back by id, and the event after it does not overtake it", async () => {
    const user = await streamPerson(a.app, a.database.pool, "Bruna Grande");
    const s = await stream(urlA, user.cookie);
    await s.next((m) => m.type === "ready");
    const big = await openWrite(user.userId, 1);
    await big.commit();
    // One transaction, so the two notifications arrive together.
    await publish(a.database.pool, [
      {
        userId: user.userId,
        type: "proposal.changed",
        paths: ["/api/proposals"],
        data: { n: 2, note: "x".repeat(9_000) },
      },
      { userId: user.userId, type: "proposal.changed", paths: ["/api/proposals"], data: { n: 3 } },
    ]);
    await s.next((m) => m.data.n === 3);
    expect(s.messages.filter(isEvent).map((m) => m.data.n)).toEqual([1, 2, 3]);
    expect(String(s.messages.find((m) => m.data.n === 2)?.data.note)).toHaveLength(9_000);
  });
});
