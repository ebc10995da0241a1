import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryDate } from "../../../tests/support/bodies";
import { makePdf } from "../../../tests/support/files";
import { outboxFor } from "../../../tests/support/mail";
import { caller, personWithProfile, publishedOfferOf } from "../../../tests/support/market";
import { openStream, type SseStream } from "../../../tests/support/sse";
import { createTestApp, ORIGIN, signUp, type TestApp } from "../../../tests/support/test-app";
import { uploadBytes } from "../../../tests/support/tus";
import type { ConversationsView, MessageView, ThreadView } from "../../shared/contracts/messages";

// Two app nodes on one PostgreSQL: what is done through A must reach streams held by B.
let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;
let callA: ReturnType<typeof caller>;
let callB: ReturnType<typeof caller>;
const streams: SseStream[] = [];

beforeAll(async () => {
  const env = { LOG_LEVEL: process.env.TEST_LOG ?? "silent", LIVE_HEARTBEAT_SECONDS: "1" };
  a = await createTestApp(env);
  b = await createTestApp({ ...env, LIVE_MAX_STREAMS_PER_USER: "3" });
  await a.app.listen({ port: 0, host: "127.0.0.1" });
  await b.app.listen({ port: 0, host: "127.0.0.1" });
  urlA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  urlB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  callA = caller(a.app);
  callB = caller(b.app);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await a.close();
  await b.close();
});

async function stream(url: string, cookie: string | null, lastEventId?: string) {
  const s = await openStream(url, cookie, { lastEventId });
  streams.push(s);
  return s;
}

/** A tenant's proposal to a landlord's offer, open (not yet decided). */
async function openProposal() {
  const landlord = await personWithProfile(a.app, "Lúcia");
  const tenant = await personWithProfile(a.app, "Caio");
  const offerId = await publishedOfferOf(a.app, urlA, landlord.cookie, ["seguro_fianca"]);
  const proposal = await callA("POST", "/api/proposals", tenant.cookie, {
    ofertaId: offerId,
    aluguel: 300000,
    dataEntrada: entryDate(),
    prazoMeses: 30,
    garantia: "seguro_fianca",
    moradores: 1,
    pets: false,
    renda: 1_200_000,
  });
  expect(proposal.statusCode, proposal.body).toBe(201);
  return { landlord, tenant, offerId, proposalId: proposal.json<{ id: string }>().id };
}

describe("live events", () => {
  it("a message sent through node A reaches its recipient's stream on node B, and the read receipt comes back", async () => {
    const { landlord, tenant, proposalId } = await openProposal();
    const onB = await stream(urlB, landlord.cookie);
    expect(onB.status).toBe(200);
    await onB.next((m) => m.type === "ready");
    const tenantOnA = await stream(urlA, tenant.cookie);
    await tenantOnA.next((m) => m.type === "ready");

    const sent = await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, {
      texto: "Olá! Posso visitar o imóvel no sábado? <b>ok</b> https://exemplo.com.br/planta",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json<MessageView>();
    const got = await onB.next((m) => m.type === "message.created");
    expect(got.data).toEqual({ proposalId, messageId: message.id });
    expect(got.paths).toEqual([`/api/messages/${proposalId}`, "/api/messages"]);

    // What the event makes stale, read through B, is already there: nothing shown goes stale.
    const inbox = (await callB("GET", "/api/messages", landlord.cookie)).json<ConversationsView>();
    expect(inbox.unread).toBe(1);
    expect(inbox.conversations.find((c) => c.proposalId === proposalId)).toMatchObject({
      naoLidas: 1,
      com: "Caio",
      ultima: { mine: false },
    });
    const thread = (await callB("GET", `/api/messages/${proposalId}`, landlord.cookie)).json<ThreadView>();
    // Stored as written; the client renders it as text, never as HTML.
    expect(thread.messages.at(-1)).toMatchObject({ texto: message.texto, mine: false, readAt: null });

    const read = await callB("POST", `/api/messages/${proposalId}/read`, landlord.cookie);
    expect(read.json()).toEqual({ read: 1 });
    const receipt = await tenantOnA.next((m) => m.type === "message.read");
    expect(receipt.data).toEqual({ proposalId });
    const seen = (await callA("GET", `/api/messages/${proposalId}`, tenant.cookie)).json<ThreadView>();
    expect(seen.messages.at(-1)?.readAt).not.toBeNull();
    expect((await callB("GET", "/api/messages", landlord.cookie)).json<ConversationsView>().unread).toBe(0);
  });

  it("a reconnect with Last-Event-ID gets the events it missed, in order, and each once after dropping repeats by id", async () => {
    const { landlord, tenant, proposalId } = await openProposal();
    const first = await stream(urlB, landlord.cookie);
    const ready = await first.next((m) => m.type === "ready");
    // The heartbeat's pace, so the browser knows how much silence means a dead stream.
    expect(ready.data).toEqual({ heartbeatMs: 1_000 });
    await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, { texto: "primeira" });
    await first.next((m) => m.type === "message.created");
    // The SSE id is a position (decision 035), not an event's id.
    const resumeFrom = first.lastEventId as string;
    expect(resumeFrom).toMatch(/^\d+\.\d+$/);
    const had = new Set(first.messages.map((m) => m.eventId).filter((id) => id !== null));
    first.close();

    const missed: string[] = [];
    for (const texto of ["segunda", "terceira", "quarta"]) {
      const r = await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, { texto });
      missed.push(r.json<MessageView>().id);
    }
    // The landlord approves meanwhile: a proposal event is missed too.
    await callA("POST", `/api/proposals/${proposalId}/actions`, landlord.cookie, { action: "approve" });

    const again = await stream(urlB, landlord.cookie, resumeFrom);
    await again.next((m) => m.type === "ready");
    const replayed = again.messages.filter((m) => m.eventId !== null);
    const ids = replayed.map((m) => m.eventId as number);
    // Oldest first, none twice on one stream; a few it had may come again, and the client drops them.
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);
    const fresh = replayed.filter((m) => !had.has(m.eventId as number));
    expect(fresh.filter((m) => m.type === "message.created").map((m) => m.data.messageId)).toEqual(missed);
    expect(fresh.some((m) => m.type === "proposal.changed" && m.data.status === "aprovada")).toBe(true);

    // And it goes on live from there.
    const live = await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, { texto: "quinta" });
    const next = await again.next((m) => m.type === "message.created" && m.data.messageId === live.json().id);
    expect(next.eventId).toBeGreaterThan(Math.max(...ids));
  });

  it("an id this server never gave (an older version's event id) makes the client refetch everything", async () => {
    const user = await signUp(a.app, { name: "Cliente Antigo" });
    const old = await stream(urlB, user.cookie, "1234");
    await old.next((m) => m.type === "ready");
    expect(old.messages.map((m) => m.type)).toEqual(["resync", "ready"]);
    expect(old.lastEventId).toMatch(/^\d+\.\d+$/);
  });

  it("a proposal's status change appears on the other party's stream", async () => {
    const { landlord, tenant, proposalId, offerId } = await openProposal();
    const tenantOnB = await stream(urlB, tenant.cookie);
    await tenantOnB.next((m) => m.type === "ready");
    const countered = await callA("POST", `/api/proposals/${proposalId}/actions`, landlord.cookie, {
      action: "counter",
      termos: { aluguel: 320000, dataEntrada: entryDate(), prazoMeses: 30, garantia: "seguro_fianca" },
      mensagem: "Consigo fazer por R$ 3.200.",
    });
    expect(countered.statusCode, countered.body).toBe(200);
    const changed = await tenantOnB.next((m) => m.type === "proposal.changed");
    expect(changed.data).toEqual({ proposalId, status: "contraproposta" });
    expect(changed.paths).toEqual(
      expect.arrayContaining([`/api/proposals/${proposalId}`, `/api/offers/${offerId}`]),
    );
  });

  it("a stranger can neither subscribe as someone else nor read, write or mark a thread", async () => {
    const { tenant, proposalId } = await openProposal();
    const anonymous = await stream(urlB, null);
    expect(anonymous.status).toBe(401);
    const stranger = await signUp(a.app, { name: "Intrusa" });
    // Even replaying from the very first transaction, a stream only ever holds one's own events.
    const theirs = await stream(urlB, stranger.cookie, `0.${Math.floor(Date.now() / 1000)}`);
    await theirs.next((m) => m.type === "ready");
    expect((await callB("GET", `/api/messages/${proposalId}`, stranger.cookie)).statusCode).toBe(404);
    expect(
      (await callB("POST", `/api/messages/${proposalId}`, stranger.cookie, { texto: "oi" })).statusCode,
    ).toBe(404);
    expect((await callB("POST", `/api/messages/${proposalId}/read`, stranger.cookie)).statusCode).toBe(404);
    expect((await callB("GET", `/api/messages/${proposalId}`)).statusCode).toBe(401);
    expect((await callB("GET", "/api/messages/nao-e-um-id", tenant.cookie)).statusCode).toBe(404);

    await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, { texto: "só para o proprietário" });
    // The stranger's own next event proves their stream is alive and was not handed the message.
    const own = await uploadBytes(
      { baseUrl: urlA, cookie: stranger.cookie, origin: ORIGIN },
      await makePdf(),
      {
        filename: "rg.pdf",
        kind: "rg_frente",
        folder: "perfil",
      },
    );
    expect(own.status).toBe(201);
    await theirs.next((m) => m.type === "document.ready");
    expect(theirs.messages.filter((m) => m.type !== "ready").map((m) => m.type)).toEqual(["document.ready"]);
  });

  it("validates messages with clear messages, and shares attachments with the other party only", async () => {
    const { landlord, tenant, proposalId } = await openProposal();
    const empty = await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, { texto: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Escreva uma mensagem ou anexe um documento.");
    const long = await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, {
      texto: "a".repeat(4001),
    });
    expect(long.json().message).toBe("A mensagem pode ter até 4.000 caracteres.");
    expect(
      (await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, { texto: "a".repeat(4000) }))
        .statusCode,
    ).toBe(201);

    const landlordDoc = (
      await uploadBytes({ baseUrl: urlA, cookie: landlord.cookie, origin: ORIGIN }, await makePdf(), {
        filename: "vistoria.pdf",
        kind: "outro",
        folder: "mensagens",
      })
    ).json<{ id: string }>().id;
    // Someone else's document cannot be attached.
    const foreign = await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, {
      anexos: [landlordDoc],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe("invalid-attachment");
    const stranger = await signUp(a.app, { name: "Curiosa" });
    expect((await callA("GET", `/api/storage/objects/${landlordDoc}`, tenant.cookie)).statusCode).toBe(403);
    const withFile = await callA("POST", `/api/messages/${proposalId}`, landlord.cookie, {
      texto: "Segue o laudo de vistoria.",
      anexos: [landlordDoc],
    });
    expect(withFile.statusCode, withFile.body).toBe(201);
    expect(withFile.json<MessageView>().anexos).toEqual([
      expect.objectContaining({ id: landlordDoc, fileName: "vistoria.pdf", contentType: "application/pdf" }),
    ]);
    expect((await callA("GET", `/api/storage/objects/${landlordDoc}`, tenant.cookie)).statusCode).toBe(200);
    expect((await callA("GET", `/api/storage/objects/${landlordDoc}`, stranger.cookie)).statusCode).toBe(403);
  });

  it("e-mails a recipient once about messages left unread", async () => {
    const { landlord, tenant, proposalId } = await openProposal();
    await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, { texto: "Você viu minha proposta?" });
    await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, { texto: "Aguardo retorno." });
    // Not yet: it has not been unread long enough.
    await a.app.messages.emailUnread({ proposalId });
    await a.settle();
    const subject = /Caio enviou 2 mensagens/;
    expect((await outboxFor(a.dataDir, landlord.email)).some((m) => subject.test(m.raw))).toBe(false);
    await a.database.pool.query(
      "UPDATE messages SET created_at = created_at - interval '2 hours' WHERE proposal_id = $1",
      [proposalId],
    );
    // Either node may be the one that sends it: count both outboxes.
    const sentByEither = async () =>
      [
        ...(await outboxFor(a.dataDir, landlord.email)),
        ...(await outboxFor(b.dataDir, landlord.email)),
      ].filter((m) => subject.test(m.raw));
    await Promise.all([
      a.app.messages.emailUnread({ proposalId }),
      b.app.messages.emailUnread({ proposalId }),
    ]);
    await Promise.all([a.settle(), b.settle()]);
    const sent = await sentByEither();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`/Message/${proposalId}`);
    await Promise.all([
      a.app.messages.emailUnread({ proposalId }),
      b.app.messages.emailUnread({ proposalId }),
    ]);
    await Promise.all([a.settle(), b.settle()]);
    expect(await sentByEither()).toHaveLength(1);
  });

  it("keeps idle streams alive with heartbeats and limits streams per user", async () => {
    const user = await signUp(a.app, { name: "Muitas Abas" });
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await stream(urlB, user.cookie));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await stream(urlB, user.cookie);
    expect(fourth.status).toBe(429);
    expect(JSON.parse(fourth.body).message).toMatch(/conexões ao vivo demais/);
    await new Promise((r) => setTimeout(r, 1500));
    expect(open[0]?.comments).toContain("ping");
    // Closing one frees its place.
    open[0]?.close();
    await new Promise((r) => setTimeout(r, 200));
    expect((await stream(urlB, user.cookie)).status).toBe(200);
  });

  it("a node that stops ends its open streams instead of waiting on them", async () => {
    const c = await createTestApp({ LOG_LEVEL: "silent" });
    await c.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}`;
    const user = await signUp(c.app, { name: "Última Aba" });
    const open = await stream(url, user.cookie);
    await open.next((m) => m.type === "ready");
    await c.close();
    // The client sees the stream end and will reconnect (to another node) with its Last-Event-ID.
    await expect.poll(() => open.ended, { timeout: 2000 }).toBe(true);
  });

  it("a node whose LISTEN connection breaks reconnects, tells its clients to refetch, and delivers again", async () => {
    const { landlord, tenant, proposalId } = await openProposal();
    const onB = await stream(urlB, landlord.cookie);
    await onB.next((m) => m.type === "ready");
    const killed = await a.database.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'chave-live'",
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(2);
    await onB.next((m) => m.type === "resync", 10_000);
    const sent = await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, {
      texto: "de novo no ar",
    });
    const got = await onB.next((m) => m.type === "message.created" && m.data.messageId === sent.json().id);
    expect(got.paths).toContain(`/api/messages/${proposalId}`);
  });

  it("forgets events older than the retention, so a client away that long starts afresh", async () => {
    const { landlord, tenant, proposalId } = await openProposal();
    // Node B hears the message live first, so no late notification of it can reach the stream
    // opened below (on a loaded machine B's LISTEN may deliver it after that stream is ready).
    const live = await stream(urlB, landlord.cookie);
    await live.next((m) => m.type === "ready");
    const sent = await callA("POST", `/api/messages/${proposalId}`, tenant.cookie, { texto: "antiga" });
    await live.next((m) => m.type === "message.created" && m.data.messageId === sent.json().id);
    live.close();
    const { rows } = await a.database.pool.query<{ id: string }>(
      "UPDATE live_events SET created_at = now() - interval '8 days' WHERE user_id = $1 RETURNING id",
      [landlord.userId],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(await a.app.hub.prune(7)).toBeGreaterThanOrEqual(rows.length);
    // A client whose position is as old as the retention: what it missed may be gone, so it is
    // told to refetch everything rather than given what is left.
    const [horizon, at] = (live.lastEventId as string).split(".");
    const back = await stream(urlB, landlord.cookie, `${horizon}.${Number(at) - 8 * 86_400}`);
    await back.next((m) => m.type === "ready");
    expect(back.messages.map((m) => m.type)).toEqual(["resync", "ready"]);
  });
});
