import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller } from "../../../tests/support/market";
import { openStream, type SseStream, streamPerson } from "../../../tests/support/sse";
import { createTestApp, sessionCookie, type TestApp } from "../../../tests/support/test-app";
import { scheduleDeletion } from "../domains/privacy/deletions.repository";
import { publish } from "./hub";

/*
 * Issue 28, item 4: a stream lives only as long as the session it was opened with. Revoking that
 * session ("sign out other devices"), a password change, a deletion request and the erasure of the
 * account each end it within a heartbeat, on whichever node the stream is and whichever node the
 * session ended through. The heartbeat here is 1 s (LIVE_HEARTBEAT_SECONDS), so the waits are short.
 */

const HEARTBEAT_MS = 1_000;
/** A heartbeat, and room for a loaded machine to run the check and the stream to end. */
const WITHIN_A_HEARTBEAT = HEARTBEAT_MS + 800;

let a: TestApp;
let b: TestApp;
let urlB: string;
let callA: ReturnType<typeof caller>;
const streams: SseStream[] = [];

beforeAll(async () => {
  const env = { LOG_LEVEL: process.env.TEST_LOG ?? "silent", LIVE_HEARTBEAT_SECONDS: "1" };
  a = await createTestApp(env);
  b = await createTestApp(env);
  await b.app.listen({ port: 0, host: "127.0.0.1" });
  urlB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  callA = caller(a.app);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await a?.close();
  await b?.close();
});

/** A stream on node B, ready. */
async function stream(cookie: string) {
  const s = await openStream(urlB, cookie);
  expect(s.status, s.body).toBe(200);
  streams.push(s);
  await s.next((m) => m.type === "ready");
  return s;
}

/** A person with a stream open on node B on one session (this device), and another session. */
async function watched(name: string) {
  const person = await streamPerson(a.app, a.database.pool, name);
  const otherDevice = await person.another();
  const onB = await stream(person.cookie);
  return { ...person, otherDevice, onB };
}

/** Something happens to the person: an event is published for them. */
async function somethingFor(userId: string, n: number) {
  await publish(a.database.pool, [
    { userId, type: "notice.created", paths: ["/api/notifications"], data: { n } },
  ]);
}

/**
 * The stream ended, within a heartbeat of `since`, telling the client its session is over; and
 * what happens to the person afterwards reaches it no more.
 */
async function endedWithin(s: SseStream, since: number, userId: string) {
  await expect.poll(() => s.ended, { timeout: WITHIN_A_HEARTBEAT, interval: 50 }).toBe(true);
  expect(performance.now() - since).toBeLessThan(WITHIN_A_HEARTBEAT);
  expect(s.messages.at(-1)?.type).toBe("session.ended");
  const before = s.messages.length;
  await somethingFor(userId, 99);
  expect(s.messages.length).toBe(before);
}

describe("a live stream ends with its session (issue 28)", () => {
  it("when the session is revoked from another device ('sign out other devices'); the other device's stream stays", async () => {
    const p = await watched("Sara Sessões");
    const kept = await stream(p.otherDevice);
    await somethingFor(p.userId, 1);
    await p.onB.next((m) => m.data.n === 1);

    const since = performance.now();
    const revoked = await callA("POST", "/api/auth/revoke-other-sessions", p.otherDevice, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    await endedWithin(p.onB, since, p.userId);
    // The stream of the device that asked goes on, and gets what the ended one no longer does.
    await kept.next((m) => m.data.n === 99);
    expect(kept.ended).toBe(false);
    // And the revoked session cannot open another.
    const again = await openStream(urlB, p.cookie);
    expect(again.status).toBe(401);
  });

  it("when the password changes (on another device)", async () => {
    const p = await watched("Paulo Troca");
    const since = performance.now();
    const changed = await callA("POST", "/api/auth/change-password", p.otherDevice, {
      currentPassword: p.password,
      newPassword: "Outra senha bem diferente 77",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await endedWithin(p.onB, since, p.userId);
    // The device that changed it goes on with the session it was given.
    const renewed = await stream(sessionCookie(changed));
    await somethingFor(p.userId, 2);
    await renewed.next((m) => m.data.n === 2);
  });

  it("when the person asks for their account to be deleted", async () => {
    const p = await watched("Débora Exclui");
    const since = performance.now();
    const asked = await callA("POST", "/api/privacy/deletion", p.otherDevice, {
      senha: p.password,
      confirmacao: "EXCLUIR",
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await endedWithin(p.onB, since, p.userId);
  });

  it("when the account is erased", async () => {
    const p = await watched("Érica Apagada");
    // The deletion is due (its grace period over) while the stream is still open.
    const past = new Date(Date.now() - 60 * 86_400_000);
    await scheduleDeletion(a.database.pool, p.userId, past, past);
    const since = performance.now();
    expect(await a.app.accountDeletions.carryOut(p.userId)).toBe("done");
    await expect.poll(() => p.onB.ended, { timeout: WITHIN_A_HEARTBEAT, interval: 50 }).toBe(true);
    expect(performance.now() - since).toBeLessThan(WITHIN_A_HEARTBEAT);
    expect(p.onB.messages.at(-1)?.type).toBe("session.ended");
  });
});
