import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Builders, builders, type Person } from "../../../../tests/support/builders";
import { outboxFor, subjectOf } from "../../../../tests/support/mail";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import type { UnitView } from "../../../shared/contracts/listings";
import type {
  FavoriteView,
  NoticeList,
  NotificationSettings,
  PreferenceVersion,
  SavedSearchInput,
  SavedSearchView,
} from "../../../shared/contracts/preferences";
import ptBR from "../../../shared/locales/pt-BR.json";

/*
 * Saved searches, favourites and notices through the API (issue 16): who may touch what, the
 * matching as a job after a publish or a change, each alert once, price drops, the history.
 */

let t: TestApp;
let b: Builders;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(() => t.close());

/**
 * A city no other test file publishes in, so counts and alerts are this test's own. Every search
 * saved here names one: the database is shared, and a search for anywhere would be told of (and
 * e-mailed about) other files' offers, through their apps' mailers.
 */
const cityOf = () => `Cidade ${randomUUID().slice(0, 8)}`;
/** The builders' offer: R$ 4.500 + 1.200 + 250 + 40 = R$ 5.990,00 a month. */
const TOTAL = 599_000;

const search = (nome: string, filtros: SavedSearchInput["filtros"], ativa = true): SavedSearchInput => ({
  nome,
  filtros,
  ativa,
});

async function save(who: Person, input: SavedSearchInput): Promise<SavedSearchView> {
  const r = await b.call("POST", "/api/preferences/searches", who.cookie, input);
  expect(r.statusCode, r.body).toBe(201);
  return r.json<SavedSearchView>();
}

async function publish(city: string, bairro = "São Cristóvão", landlord?: Person) {
  return b.offer({ ...(landlord ? { landlord } : {}), unit: { cidade: city, bairro, uf: "RJ" } });
}

const notices = async (who: Person) =>
  (await b.call("GET", "/api/notifications", who.cookie)).json<NoticeList>();
/** The subjects of the alert e-mails (new match, price drop) sent to `who`. */
const alertMails = async (who: Person) =>
  (await outboxFor(t.dataDir, who.email))
    .map((m) => subjectOf(m.raw))
    .filter((s) => /^(Nova oferta para|Baixou o preço)/.test(s));

describe("saved searches", () => {
  it("are saved, listed with how many published offers fit them now, edited, paused and deleted", async () => {
    const city = cityOf();
    await publish(city);
    const tenant = await b.person("Bruna");
    const saved = await save(
      tenant,
      search("Perto do trabalho", { cidades: [city.toUpperCase()], precoMax: TOTAL, quartosMin: 3 }),
    );
    expect(saved).toMatchObject({ nome: "Perto do trabalho", ativa: true, correspondencias: 1 });
    const narrower = await b.call("PUT", `/api/preferences/searches/${saved.id}`, tenant.cookie, {
      ...search("Perto do trabalho", { cidades: [city], precoMax: TOTAL - 1 }),
      ativa: false,
    });
    expect(narrower.statusCode, narrower.body).toBe(200);
    expect(narrower.json<SavedSearchView>()).toMatchObject({ ativa: false, correspondencias: 0 });
    const list = (await b.call("GET", "/api/preferences/searches", tenant.cookie)).json<SavedSearchView[]>();
    expect(list.map((s) => s.id)).toEqual([saved.id]);
    expect((await b.call("DELETE", `/api/preferences/searches/${saved.id}`, tenant.cookie)).statusCode).toBe(
      204,
    );
    expect((await b.call("GET", "/api/preferences/searches", tenant.cookie)).json()).toEqual([]);
  });

  it("refuse bad filters with a pt-BR message under the field, and a 21st search", async () => {
    const tenant = await b.person("Caio");
    const bad = await b.call(
      "POST",
      "/api/preferences/searches",
      tenant.cookie,
      search("Caro", { precoMin: 500, precoMax: 100 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: "invalid-argument",
      issues: [{ path: "filtros.precoMax", message: ptBR.errors["invalid-price-range"] }],
    });
    const unnamed = await b.call("POST", "/api/preferences/searches", tenant.cookie, search(" ", {}));
    expect(unnamed.json().issues).toEqual([{ path: "nome", message: ptBR.errors["invalid-search-name"] }]);
    const city = cityOf();
    for (let i = 0; i < 20; i++)
      await save(tenant, search(`Busca ${i + 1}`, { cidades: [city], quartosMin: i % 5 }));
    const more = await b.call(
      "POST",
      "/api/preferences/searches",
      tenant.cookie,
      search("Mais uma", { cidades: [city] }),
    );
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({
      code: "too-many-searches",
      message: ptBR.errors["too-many-searches"],
    });
  });

  it("are nobody else's business: 401 signed out, 404 for another person's search, version or notice", async () => {
    const owner = await b.person("Dora");
    const other = await b.person("Edu");
    const mine = await save(owner, search("Minha", { cidades: [cityOf()] }));
    for (const url of [
      "/api/preferences/searches",
      "/api/preferences/favorites",
      "/api/preferences/history",
      "/api/preferences/for-you",
      "/api/notifications",
    ])
      expect((await b.call("GET", url)).statusCode, url).toBe(401);
    const put = await b.call(
      "PUT",
      `/api/preferences/searches/${mine.id}`,
      other.cookie,
      search("Dele", { cidades: [cityOf()] }),
    );
    expect(put.statusCode).toBe(404);
    expect((await b.call("DELETE", `/api/preferences/searches/${mine.id}`, other.cookie)).statusCode).toBe(
      404,
    );
    const [version] = (await b.call("GET", "/api/preferences/history", owner.cookie)).json<
      PreferenceVersion[]
    >();
    expect(
      (await b.call("POST", `/api/preferences/history/${version?.id}/restore`, other.cookie)).statusCode,
    ).toBe(404);
    expect((await b.call("GET", "/api/preferences/history", other.cookie)).json()).toEqual([]);
    // Still the owner's, unchanged.
    expect((await b.call("GET", "/api/preferences/searches", owner.cookie)).json()).toMatchObject([
      { nome: "Minha" },
    ]);
  });
});

describe("alerts", () => {
  it("tell, once, each person whose active search a newly published offer fits, at the price limit and ignoring accents", async () => {
    const city = cityOf();
    const tenant = await b.person("Fabi");
    const paused = await b.person("Gil");
    const pricey = await b.person("Hugo");
    const landlord = await b.person("Íris");
    await save(tenant, search("No limite", { cidades: [city], bairros: ["sao cristovao"], precoMax: TOTAL }));
    await save(tenant, search("Outra que também serve", { cidades: [city] }));
    await save(paused, search("Pausada", { cidades: [city] }, false));
    await save(pricey, search("Um centavo abaixo", { cidades: [city], precoMax: TOTAL - 1 }));
    await save(landlord, search("A minha própria", { cidades: [city] }));

    const { offerId } = await publish(city, "São Cristóvão", landlord);
    await t.settle();
    const told = await notices(tenant);
    // Two of her searches fit: one notice, naming the search that found it.
    expect(told.unread).toBe(1);
    expect(told.items).toMatchObject([{ kind: "match", path: `/AluguelOferta?id=${offerId}`, readAt: null }]);
    expect(told.items[0]?.title).toMatch(/^Nova oferta para “/);
    expect(told.items[0]?.body).toContain("Apartamento no bairro São Cristóvão");
    for (const who of [paused, pricey, landlord]) expect((await notices(who)).items).toEqual([]);

    // The offer changes and is matched again: nobody is told twice.
    const edit = await b.call("PUT", `/api/offers/${offerId}`, landlord.cookie, {
      aluguel: 450000,
      condominio: 120000,
      iptu: 25000,
      seguroIncendio: 4000,
      garantias: ["fiador", "seguro_fianca"],
      disponivelEm: "2027-01-05",
      descricao: "Agora com varanda gourmet.",
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await t.settle();
    expect((await notices(tenant)).items).toHaveLength(1);

    // "Para você" shows it to her.
    const forYou = (await b.call("GET", "/api/preferences/for-you", tenant.cookie)).json<{ id: string }[]>();
    expect(forYou.map((o) => o.id)).toContain(offerId);
  });

  it("tell who keeps an offer when its pacote drops, not when it rises, and keep a closed one listed", async () => {
    const city = cityOf();
    const { offerId, landlord } = await publish(city);
    const tenant = await b.person("Júlia");
    expect((await b.call("PUT", `/api/preferences/favorites/${offerId}`, tenant.cookie)).statusCode).toBe(
      204,
    );
    const terms = (aluguel: number) => ({
      aluguel,
      condominio: 120000,
      iptu: 25000,
      seguroIncendio: 4000,
      garantias: ["fiador", "seguro_fianca"],
      disponivelEm: "2027-01-05",
      descricao: "",
    });
    expect((await b.call("PUT", `/api/offers/${offerId}`, landlord.cookie, terms(460000))).statusCode).toBe(
      200,
    );
    await t.settle();
    expect((await notices(tenant)).items).toEqual([]);
    expect((await b.call("PUT", `/api/offers/${offerId}`, landlord.cookie, terms(400000))).statusCode).toBe(
      200,
    );
    await t.settle();
    const told = await notices(tenant);
    expect(told.items).toMatchObject([{ kind: "price_drop", path: `/AluguelOferta?id=${offerId}` }]);
    expect(told.items[0]?.body).toBe("De R$ 6.090,00 para R$ 5.490,00 por mês.");

    expect((await b.call("POST", `/api/offers/${offerId}/close`, landlord.cookie)).statusCode).toBe(200);
    const kept = (await b.call("GET", "/api/preferences/favorites", tenant.cookie)).json<FavoriteView[]>();
    expect(kept).toMatchObject([{ offer: { id: offerId }, status: "encerrada" }]);
    expect((await b.call("DELETE", `/api/preferences/favorites/${offerId}`, tenant.cookie)).statusCode).toBe(
      204,
    );
    expect((await b.call("GET", "/api/preferences/favorites", tenant.cookie)).json()).toEqual([]);
    // A draft nobody may see cannot be kept.
    expect(
      (await b.call("PUT", `/api/preferences/favorites/${randomUUID()}`, tenant.cookie)).statusCode,
    ).toBe(404);
  });

  it("never tell about an offer closed before its matching runs, nor when it is matched again after", async () => {
    const city = cityOf();
    const { offerId, landlord } = await publish(city);
    // The publish's own matching has run: nobody was watching this city yet.
    await t.settle();
    const watcher = await b.person("Nina");
    const pausedWatcher = await b.person("Otto");
    const keeper = await b.person("Paulo");
    await save(watcher, search("Na cidade", { cidades: [city] }));
    await save(pausedWatcher, search("Pausada", { cidades: [city] }, false));
    expect((await b.call("PUT", `/api/preferences/favorites/${offerId}`, keeper.cookie)).statusCode).toBe(
      204,
    );
    expect((await b.call("POST", `/api/offers/${offerId}/close`, landlord.cookie)).statusCode).toBe(200);

    // The landlord edits the closed offer's unit: each of its offers is sent to the matching again.
    const unitId = (await b.call("GET", `/api/offers/${offerId}`, landlord.cookie)).json<{
      unidade: { id: string };
    }>().unidade.id;
    const unit = (await b.call("GET", `/api/units/${unitId}`, landlord.cookie)).json<UnitView>();
    const edited = await b.call("PUT", `/api/units/${unitId}`, landlord.cookie, {
      tipo: unit.tipo,
      cep: unit.cep,
      logradouro: unit.logradouro,
      numero: unit.numero,
      complemento: unit.complemento,
      bairro: unit.bairro,
      cidade: unit.cidade,
      uf: unit.uf,
      areaM2: unit.areaM2,
      quartos: unit.quartos + 1,
      banheiros: unit.banheiros,
      vagas: unit.vagas,
      mobiliado: unit.mobiliado,
      aceitaPets: unit.aceitaPets,
      descricao: "Reformado.",
      fotos: unit.fotos,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.settle();
    const toldNothing = async () => {
      for (const who of [watcher, pausedWatcher, keeper]) {
        expect((await notices(who)).items, who.email).toEqual([]);
        expect(await alertMails(who), who.email).toEqual([]);
      }
    };
    await toldNothing();
    // A match job that comes late (queued while it was published, run after the close), carrying
    // a higher pacote than the offer's: neither a match nor a price drop.
    expect(await t.app.preferences.matchOffer({ offerId, previousTotal: TOTAL + 100_000 })).toEqual({
      matched: 0,
      dropped: 0,
    });
    await t.settle();
    await toldNothing();

    // The same active search was listening all along: an offer published there now is told.
    const next = await publish(city);
    await t.settle();
    expect((await notices(watcher)).items).toMatchObject([
      { kind: "match", path: `/AluguelOferta?id=${next.offerId}` },
    ]);
    expect(await alertMails(watcher)).toEqual(["Nova oferta para “Na cidade”"]);
    expect((await notices(pausedWatcher)).items).toEqual([]);
    expect(await alertMails(pausedWatcher)).toEqual([]);
  });

  it("are read one by one or all at once, only by their person", async () => {
    const city = cityOf();
    const tenant = await b.person("Kátia");
    const stranger = await b.person("Lauro");
    await save(tenant, search("Qualquer coisa", { cidades: [city] }));
    await publish(city);
    await publish(city);
    await t.settle();
    const told = await notices(tenant);
    expect(told.unread).toBe(2);
    const first = told.items[0]?.id as string;
    expect((await b.call("POST", `/api/notifications/${first}/read`, stranger.cookie)).statusCode).toBe(404);
    expect((await b.call("POST", `/api/notifications/${first}/read`, tenant.cookie)).statusCode).toBe(204);
    expect((await notices(tenant)).unread).toBe(1);
    expect((await b.call("POST", "/api/notifications/read-all", tenant.cookie)).statusCode).toBe(204);
    expect((await notices(tenant)).unread).toBe(0);
  });
});

describe("proposal steps in the bell", () => {
  it("tell the party who must act, with the screen to act on, as the e-mail does", async () => {
    const { proposal, landlord, tenant } = await b.proposal("enviada");
    const told = await notices(landlord);
    expect(told.items).toMatchObject([
      { kind: "proposal", path: `/AprovarProposta?id=${proposal.id}`, readAt: null },
    ]);
    expect(told.items[0]?.title).toMatch(/^Nova proposta: /);
    // The landlord counters: now the tenant is told.
    const counter = await b.call("POST", `/api/proposals/${proposal.id}/actions`, landlord.cookie, {
      action: "counter",
      termos: { ...proposal.termos, aluguel: proposal.termos.aluguel - 10_000 },
    });
    expect(counter.statusCode, counter.body).toBe(200);
    const tenantTold = await notices(tenant);
    expect(tenantTold.items[0]).toMatchObject({
      kind: "proposal",
      path: `/PropostaEnviada?id=${proposal.id}`,
    });
    expect(tenantTold.items[0]?.title).toMatch(/^Nova contraproposta para /);
  });
});

describe("the history of one's searches", () => {
  it("shows every version newest first with what changed in pt-BR, and restores one", async () => {
    const tenant = await b.person("Mara");
    const city = cityOf();
    const s = await save(tenant, search("Perto do trabalho", { cidades: [city], precoMax: 300000 }));
    await b.call("PUT", `/api/preferences/searches/${s.id}`, tenant.cookie, {
      ...search("Perto do trabalho", { cidades: [city], precoMax: 250000, pets: true }),
    });
    await b.call("PUT", `/api/preferences/searches/${s.id}`, tenant.cookie, {
      ...search("Perto do trabalho", { cidades: [city], precoMax: 250000, pets: true }, false),
    });
    const versions = (await b.call("GET", "/api/preferences/history", tenant.cookie)).json<
      PreferenceVersion[]
    >();
    expect(versions.map((v) => v.action)).toEqual(["pausada", "editada", "criada"]);
    expect(versions[0]?.changes).toEqual(["Pausou a busca “Perto do trabalho”"]);
    expect(versions[1]?.changes).toEqual([
      "“Perto do trabalho”: preço máximo R$ 3.000,00 → R$ 2.500,00",
      "“Perto do trabalho”: animais tanto faz → aceita animais",
    ]);
    expect(versions[2]?.changes).toEqual(["Criou a busca “Perto do trabalho”"]);

    const first = versions[2]?.id as string;
    const restored = await b.call("POST", `/api/preferences/history/${first}/restore`, tenant.cookie);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<SavedSearchView[]>()).toMatchObject([
      { nome: "Perto do trabalho", ativa: true, filtros: { precoMax: 300000, pets: false } },
    ]);
    const after = (await b.call("GET", "/api/preferences/history", tenant.cookie)).json<
      PreferenceVersion[]
    >();
    expect(after[0]).toMatchObject({ action: "restaurada" });
    expect(after[0]?.changes).toEqual([
      "Retomou a busca “Perto do trabalho”",
      "“Perto do trabalho”: preço máximo R$ 2.500,00 → R$ 3.000,00",
      "“Perto do trabalho”: animais aceita animais → tanto faz",
    ]);
  });

  it("restoring a version brings back how one was told then (the notification settings)", async () => {
    const who = await b.person("Nilo");
    const settings = async () =>
      (await b.call("GET", "/api/preferences/notifications", who.cookie)).json<NotificationSettings>();
    await save(who, search("Perto do trabalho", { cidades: [cityOf()] }));
    const chosen: NotificationSettings = {
      canais: {
        match: "digest",
        price_drop: "off",
        proposal: "app",
        contract: "email",
        message: "digest",
        rent: "email",
        lease: "email",
      },
      horaResumo: 19,
    };
    const put = async (s: NotificationSettings) => {
      const r = await b.call("PUT", "/api/preferences/notifications", who.cookie, s);
      expect(r.statusCode, r.body).toBe(200);
    };
    await put(chosen);
    await put({
      canais: {
        match: "app",
        price_drop: "email",
        proposal: "email",
        contract: "email",
        message: "off",
        rent: "email",
        lease: "email",
      },
      horaResumo: 7,
    });
    const versions = (await b.call("GET", "/api/preferences/history", who.cookie)).json<
      PreferenceVersion[]
    >();
    expect(versions.map((v) => v.action)).toEqual(["avisos", "avisos", "criada"]);

    const back = await b.call("POST", `/api/preferences/history/${versions[1]?.id}/restore`, who.cookie);
    expect(back.statusCode, back.body).toBe(200);
    // The searches stay as they were in that version too.
    expect(back.json<SavedSearchView[]>()).toMatchObject([{ nome: "Perto do trabalho", ativa: true }]);
    expect(await settings()).toEqual(chosen);
    const [restored] = (await b.call("GET", "/api/preferences/history", who.cookie)).json<
      PreferenceVersion[]
    >();
    expect(restored).toMatchObject({ action: "restaurada" });
    expect(restored?.changes).toEqual([
      "Novas ofertas: só no app → no resumo diário",
      "Baixas de preço: por e-mail na hora → desligado",
      "Propostas: por e-mail na hora → só no app",
      "Mensagens não lidas: desligado → no resumo diário",
      "Hora do resumo diário: 7h → 19h",
    ]);

    // The first version, saved before any choice: the defaults, e-mail at once and 8h.
    const first = await b.call("POST", `/api/preferences/history/${versions[2]?.id}/restore`, who.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(await settings()).toEqual({
      canais: {
        match: "email",
        price_drop: "email",
        proposal: "email",
        contract: "email",
        message: "email",
        rent: "email",
        lease: "email",
      },
      horaResumo: 8,
    });
  });
});
