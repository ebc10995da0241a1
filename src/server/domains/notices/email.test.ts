import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Builders, builders, type Person } from "../../../../tests/support/builders";
import { outboxFor, subjectOf } from "../../../../tests/support/mail";
import { openStream } from "../../../../tests/support/sse";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import { apiPaths } from "../../../shared/api-paths";
import type {
  NoticeList,
  NotificationSettingsInput,
  PreferenceVersion,
} from "../../../shared/contracts/preferences";
import ptBR from "../../../shared/locales/pt-BR.json";
import { manualClock } from "../../clock";

/*
 * How a person is told (issue 16, /preferences2): by e-mail at once (with RFC 8058's one-click
 * unsubscribe, which works without signing in), in the app only, in a daily digest at the hour
 * chosen (a controlled clock), or not at all.
 */

// 10:00 in Brasília (13:00 UTC): the digests of 10h go out when the hourly job runs now.
const clock = manualClock(new Date("2026-11-25T13:03:00Z"));
let t: TestApp;
let b: Builders;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(() => t.close());

const cityOf = () => `Cidade ${randomUUID().slice(0, 8)}`;

async function watching(name: string, city: string, settings?: NotificationSettingsInput): Promise<Person> {
  const who = await b.person(name);
  const saved = await b.call("POST", "/api/preferences/searches", who.cookie, {
    nome: "Perto do trabalho",
    filtros: { cidades: [city] },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  if (settings) {
    const r = await b.call("PUT", "/api/preferences/notifications", who.cookie, settings);
    expect(r.statusCode, r.body).toBe(200);
  }
  return who;
}

async function publishIn(city: string) {
  const o = await b.offer({ unit: { cidade: city, uf: "RJ", bairro: "Centro" } });
  await t.settle();
  return o;
}

/** The alert e-mails (their subject, with its curly quotes, is MIME-encoded: Q-encoding's "_" is a space). */
const alerts = async (who: Person) =>
  (await outboxFor(t.dataDir, who.email)).filter((m) =>
    /^Subject: (?:=\?UTF-8\?Q\?)?Nova[ _]oferta[ _]para/im.test(m.raw),
  );
const digests = async (who: Person) =>
  (await outboxFor(t.dataDir, who.email)).filter((m) => /^Subject: Seu resumo do dia/m.test(m.raw));
const unread = async (who: Person) =>
  (await b.call("GET", "/api/notifications", who.cookie)).json<NoticeList>().unread;
/** The one-click link of a message, as its List-Unsubscribe header names it. */
const unsubscribeOf = (raw: string) => {
  const url = raw.replace(/\r?\n[ \t]+/g, " ").match(/^List-Unsubscribe: <([^>]+)>/m)?.[1];
  if (!url) throw new Error("no List-Unsubscribe header");
  return new URL(url);
};

/** A mail client's RFC 8058 one-click unsubscribe: a POST with no cookie and no Origin. */
const oneClick = (link: URL) =>
  t.app.inject({
    method: "POST",
    url: `${link.pathname}${link.search}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });

describe("e-mail choices", () => {
  it("an unsubscribe from an e-mail refreshes the settings a person has open (/preferences2) on every device", async () => {
    const city = cityOf();
    const tenant = await watching("Lara", city);
    await publishIn(city);
    const [mail] = await alerts(tenant);
    if (!mail) throw new Error("no alert e-mail");
    const link = unsubscribeOf(mail.raw);
    const address = t.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    const stream = await openStream(`http://127.0.0.1:${address.port}`, tenant.cookie);
    try {
      const post = await oneClick(link);
      expect(post.statusCode, post.body).toBe(200);
      const told = await stream.next((m) => m.paths.includes(apiPaths.preferences.notifications));
      expect(told.paths).toContain(apiPaths.preferences.history);
    } finally {
      stream.close();
    }
  });

  it("e-mail at once by default, with RFC 8058's one-click unsubscribe that works without signing in", async () => {
    const city = cityOf();
    const tenant = await watching("Bruna", city);
    await publishIn(city);
    const [mail] = await alerts(tenant);
    if (!mail) throw new Error("no alert e-mail");
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail.text).toContain("/preferences2");
    const link = unsubscribeOf(mail.raw);
    expect(link.pathname).toBe("/api/preferences/unsubscribe");

    // A link scanner's GET changes nothing: it gets a page with one button.
    const page = await b.call("GET", `${link.pathname}${link.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("Parar de receber por e-mail");
    expect((await b.call("GET", "/api/preferences/notifications", tenant.cookie)).json()).toMatchObject({
      canais: { match: "email" },
    });

    // The mail client's one-click POST, with no cookie and no Origin.
    const post = await oneClick(link);
    expect(post.statusCode, post.body).toBe(200);
    expect(post.body).toContain("Você não recebe mais por e-mail os avisos de novas ofertas");
    expect((await b.call("GET", "/api/preferences/notifications", tenant.cookie)).json()).toMatchObject({
      canais: { match: "app", price_drop: "email" },
    });

    // The next fitting offer: in the app, not by e-mail.
    await publishIn(city);
    expect(await alerts(tenant)).toHaveLength(1);
    expect(await unread(tenant)).toBe(2);
    const [last] = (await b.call("GET", "/api/preferences/history", tenant.cookie)).json<
      PreferenceVersion[]
    >();
    expect(last).toMatchObject({
      action: "descadastro",
      changes: ["Novas ofertas: por e-mail na hora → só no app"],
    });
  });

  it("a price drop of a kept offer is e-mailed at once with its own one-click unsubscribe, which stops only price drops by e-mail", async () => {
    const city = cityOf();
    const { offerId, landlord } = await publishIn(city);
    const keeper = await b.person("Lara");
    const chose = await b.call("PUT", "/api/preferences/notifications", keeper.cookie, {
      canais: { match: "email", price_drop: "email" },
      horaResumo: 8,
    });
    expect(chose.statusCode, chose.body).toBe(200);
    expect((await b.call("PUT", `/api/preferences/favorites/${offerId}`, keeper.cookie)).statusCode).toBe(
      204,
    );
    const drops = async () =>
      (await outboxFor(t.dataDir, keeper.email)).filter((m) => subjectOf(m.raw).startsWith("Baixou o preço"));
    const lower = async (aluguel: number) => {
      const r = await b.call("PUT", `/api/offers/${offerId}`, landlord.cookie, {
        aluguel,
        condominio: 120000,
        iptu: 25000,
        seguroIncendio: 4000,
        garantias: ["fiador", "seguro_fianca"],
        disponivelEm: "2027-01-05",
        descricao: "",
      });
      expect(r.statusCode, r.body).toBe(200);
      await t.settle();
    };

    await lower(400000);
    const [mail, ...more] = await drops();
    if (!mail) throw new Error("no price-drop e-mail");
    expect(more).toEqual([]);
    expect(subjectOf(mail.raw)).toBe("Baixou o preço: Apartamento no bairro Centro");
    expect(mail.text).toContain("De R$ 5.990,00 para R$ 5.490,00 por mês.");
    expect(mail.text).toContain(`/AluguelOferta?id=${offerId}`);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = unsubscribeOf(mail.raw);
    expect(link.pathname).toBe("/api/preferences/unsubscribe");
    expect(link.searchParams.get("k")).toBe("price_drop");

    // The mail client's one-click POST: no session, no Origin.
    const post = await oneClick(link);
    expect(post.statusCode, post.body).toBe(200);
    expect(post.body).toContain(
      "Você não recebe mais por e-mail os avisos de baixas de preço dos seus favoritos",
    );
    expect((await b.call("GET", "/api/preferences/notifications", keeper.cookie)).json()).toMatchObject({
      canais: { match: "email", price_drop: "app" },
    });

    // The next drop: in the bell, no second e-mail.
    const before = await unread(keeper);
    await lower(380000);
    expect(await drops()).toHaveLength(1);
    expect(await unread(keeper)).toBe(before + 1);
  });

  it("refuses an unsubscribe link that was not signed for that person and kind", async () => {
    const city = cityOf();
    const tenant = await watching("Caio", city);
    const other = await b.person("Dora");
    await publishIn(city);
    const link = unsubscribeOf(((await alerts(tenant))[0] as { raw: string }).raw);
    link.searchParams.set("u", (await b.call("GET", "/api/me", other.cookie)).json<{ id: string }>().id);
    const forged = await t.app.inject({ method: "POST", url: `${link.pathname}${link.search}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      code: "invalid-unsubscribe-link",
      message: ptBR.errors["invalid-unsubscribe-link"],
    });
  });

  it("'off' tells nothing, 'app' only the bell, and the digest sends one e-mail at the chosen hour", async () => {
    const city = cityOf();
    const off = await watching("Edu", city, { canais: { match: "off", price_drop: "email" }, horaResumo: 8 });
    const app = await watching("Fabi", city, {
      canais: { match: "app", price_drop: "email" },
      horaResumo: 8,
    });
    const at10 = await watching("Gil", city, {
      canais: { match: "digest", price_drop: "email" },
      horaResumo: 10,
    });
    const at19 = await watching("Hugo", city, {
      canais: { match: "digest", price_drop: "email" },
      horaResumo: 19,
    });
    await publishIn(city);
    await publishIn(city);
    expect(await unread(off)).toBe(0);
    expect(await unread(app)).toBe(2);
    for (const who of [off, app, at10, at19]) expect(await alerts(who)).toEqual([]);

    // 10:03 in Brasília: Gil's digest, both notices in one e-mail; Hugo waits for 19h.
    expect(await t.app.notices.sendDigests()).toBeGreaterThanOrEqual(1);
    await t.settle();
    const digest = (await outboxFor(t.dataDir, at10.email)).filter((m) =>
      /^Subject: Seu resumo do dia/m.test(m.raw),
    );
    expect(digest).toHaveLength(1);
    expect(digest[0]?.raw).toMatch(/^Subject: Seu resumo do dia: 2 avisos$/m);
    expect(digest[0]?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(await digests(at19)).toEqual([]);
    // Run again in the same hour (another node, a retry): nothing goes twice.
    await t.app.notices.sendDigests();
    await t.settle();
    expect((await outboxFor(t.dataDir, at10.email)).filter((m) => /resumo do dia/.test(m.raw))).toHaveLength(
      1,
    );

    clock.set(new Date("2026-11-25T22:03:00Z")); // 19:03 in Brasília
    await t.app.notices.sendDigests();
    await t.settle();
    expect(
      (await outboxFor(t.dataDir, at19.email)).filter((m) => /resumo do dia: 2 avisos/.test(m.raw)),
    ).toHaveLength(1);
    clock.set(new Date("2026-11-25T13:03:00Z"));
  });

  it("refuses an hour that is not one, in pt-BR, and keeps the settings", async () => {
    const who = await b.person("Íris");
    const bad = await b.call("PUT", "/api/preferences/notifications", who.cookie, {
      canais: { match: "email", price_drop: "email" },
      horaResumo: 24,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: "horaResumo", message: ptBR.errors["invalid-digest-hour"] }]);
    expect((await b.call("GET", "/api/preferences/notifications")).statusCode).toBe(401);
  });

  it("proposal steps follow the choice: 'off' tells nothing, 'digest' waits in the bell for the digest", async () => {
    const quiet = await b.person("Joana");
    const patient = await b.person("Lia");
    for (const [who, canal] of [
      [quiet, "off"],
      [patient, "digest"],
    ] as const) {
      const r = await b.call("PUT", "/api/preferences/notifications", who.cookie, {
        canais: { match: "email", price_drop: "email", proposal: canal },
        horaResumo: 10,
      });
      expect(r.json().canais).toEqual({
        match: "email",
        price_drop: "email",
        proposal: canal,
        contract: "email",
        message: "email",
        rent: "email",
        lease: "email",
      });
    }
    const newProposal = async (who: Person) =>
      (await outboxFor(t.dataDir, who.email)).filter((m) => /Nova[ _]proposta/.test(m.raw));
    await b.proposal("enviada", { landlord: quiet });
    await b.proposal("enviada", { landlord: patient });
    await t.settle();
    expect(await newProposal(quiet)).toEqual([]);
    expect(await unread(quiet)).toBe(0);
    expect(await newProposal(patient)).toEqual([]);
    expect(await unread(patient)).toBe(1);

    await t.app.notices.sendDigests();
    await t.settle();
    const [digest, ...more] = await digests(patient);
    expect(more).toEqual([]);
    expect(digest?.raw).toMatch(/^Subject: Seu resumo do dia: 1 aviso$/m);
    expect(digest?.text).toMatch(/Nova proposta: .*\/AprovarProposta\?id=/);
    expect(digest?.text).toContain("mudanças nas suas propostas");
  });

  it("a signing link is e-mailed and shown whatever the choice; other contract steps follow it", async () => {
    const { contract, tenant, landlord } = await b.contract("rascunho", { garantias: ["seguro_fianca"] });
    const r = await b.call("PUT", "/api/preferences/notifications", tenant.cookie, {
      canais: { match: "email", price_drop: "email", contract: "off" },
      horaResumo: 8,
    });
    expect(r.statusCode, r.body).toBe(200);
    const sent = await b.call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    await t.settle();
    const invites = (await outboxFor(t.dataDir, tenant.email)).filter((m) =>
      /Assine[ _]o[ _]contrato/.test(m.raw),
    );
    expect(invites).toHaveLength(1);
    expect(invites[0]?.text).toContain("Este aviso é sempre enviado");
    expect(invites[0]?.raw).not.toMatch(/^List-Unsubscribe:/m);
    const contractNotices = async () =>
      (await b.call("GET", "/api/notifications", tenant.cookie))
        .json<NoticeList>()
        .items.filter((n) => n.kind === "contract");
    expect(await contractNotices()).toEqual([
      expect.objectContaining({ kind: "contract", path: `/Clicksign?contrato=${contract.id}` }),
    ]);

    // Cancelled: the landlord (e-mail by default) is told; the tenant chose not to be.
    const cancel = await b.call("POST", `/api/contracts/${contract.id}/cancel`, landlord.cookie, {
      motivo: "O imóvel precisa de reforma.",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.settle();
    const cancelled = async (who: Person) =>
      (await outboxFor(t.dataDir, who.email)).filter((m) => /cancelado/.test(m.raw));
    expect(await cancelled(tenant)).toEqual([]);
    expect(await contractNotices()).toHaveLength(1);
    const [told] = await cancelled(landlord);
    expect(told?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(unsubscribeOf(told?.raw ?? "").searchParams.get("k")).toBe("contract");
  });

  it("a message left unread is told in the bell as chosen ('app': no e-mail), and reading the conversation reads it", async () => {
    const { proposal, tenant, landlord } = await b.proposal("enviada");
    const r = await b.call("PUT", "/api/preferences/notifications", landlord.cookie, {
      canais: { match: "email", price_drop: "email", message: "app" },
      horaResumo: 8,
    });
    expect(r.statusCode, r.body).toBe(200);
    const before = await unread(landlord);
    const sent = await b.call("POST", `/api/messages/${proposal.id}`, tenant.cookie, {
      texto: "Posso visitar sábado?",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // The message has waited longer than MESSAGE_UNREAD_EMAIL_MINUTES.
    await t.database.pool.query(
      "UPDATE messages SET created_at = created_at - interval '1 day' WHERE proposal_id = $1",
      [proposal.id],
    );
    expect(await t.app.messages.emailUnread({ proposalId: proposal.id })).toBeGreaterThanOrEqual(1);
    await t.settle();
    const bell = (await b.call("GET", "/api/notifications", landlord.cookie)).json<NoticeList>();
    expect(bell.unread).toBe(before + 1);
    expect(bell.items[0]).toMatchObject({ kind: "message", path: `/Message/${proposal.id}`, readAt: null });
    expect(bell.items[0]?.title).toMatch(/enviou uma mensagem/);
    expect(
      (await outboxFor(t.dataDir, landlord.email)).filter((m) => /enviou[ _]uma[ _]mensagem/.test(m.raw)),
    ).toEqual([]);
    const read = await b.call("POST", `/api/messages/${proposal.id}/read`, landlord.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(await unread(landlord)).toBe(before);
  });
});
