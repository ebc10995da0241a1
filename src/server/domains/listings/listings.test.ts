import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng } from "../../../../tests/support/files";
import { personWithProfile } from "../../../../tests/support/market";
import { createTestApp, ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { uploadBytes } from "../../../../tests/support/tus";
import type { OfferView, UnitInput, UnitView } from "../../../shared/contracts/listings";
import type { StoredDocument } from "../../../shared/contracts/storage";
import { ListingsService } from "./service";

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie?: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

async function photo(cookie: string): Promise<string> {
  const res = await uploadBytes({ baseUrl, cookie, origin: ORIGIN }, makePng(40, 30, [120, 90, 60]), {
    filename: "sala.png",
    kind: "foto_unidade",
    folder: "unidades",
  });
  return res.json<StoredDocument>().id;
}

const unitData = (over: Partial<UnitInput> = {}): UnitInput => ({
  tipo: "apartamento",
  cep: "05422-010",
  logradouro: "Rua dos Pinheiros",
  numero: "870",
  complemento: "apto 52",
  bairro: "Pinheiros",
  cidade: "São Paulo",
  uf: "SP",
  areaM2: 68,
  quartos: 2,
  banheiros: 2,
  vagas: 1,
  mobiliado: false,
  aceitaPets: true,
  descricao: "Varanda com vista, perto do metrô Faria Lima.",
  fotos: [],
  ...over,
});

const offerData = (unidadeId: string, over: Record<string, unknown> = {}) => ({
  unidadeId,
  aluguel: 350000,
  condominio: 80000,
  iptu: 12000,
  seguroIncendio: 3500,
  garantias: ["seguro_fianca", "caucao"],
  caucaoMeses: 3,
  prazoMeses: 30,
  reajuste: "IGP-M",
  disponivelEm: "2026-12-01",
  descricao: "Pronto para morar.",
  ...over,
});

/** A landlord with the profile a contract needs: publishing asks for it (decision 041). */
async function landlord(name = "Helena Castro Prado") {
  return personWithProfile(t.app, name);
}

async function unitWithPhoto(cookie: string, over: Partial<UnitInput> = {}): Promise<UnitView> {
  const res = await call("POST", "/api/units", cookie, unitData({ fotos: [await photo(cookie)], ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UnitView>();
}

async function publishedOffer(cookie: string, over: Partial<UnitInput> = {}) {
  const unit = await unitWithPhoto(cookie, over);
  const offer = (await call("POST", "/api/offers", cookie, offerData(unit.id))).json<OfferView>();
  const published = await call("POST", `/api/offers/${offer.id}/publish`, cookie);
  expect(published.statusCode, published.body).toBe(200);
  return { unit, offer: published.json<OfferView>() };
}

describe("units", () => {
  it("registers a unit with a normalised CEP and lists it as the owner's", async () => {
    const u = await landlord();
    const unit = await unitWithPhoto(u.cookie);
    expect(unit).toMatchObject({ cep: "05422010", uf: "SP", quartos: 2, ofertas: [] });
    expect(unit.fotos).toHaveLength(1);
    const mine = (await call("GET", "/api/units", u.cookie)).json<UnitView[]>();
    expect(mine.map((x) => x.id)).toEqual([unit.id]);
  });

  it("says in pt-BR what is wrong with each field", async () => {
    const u = await landlord();
    const res = await call("POST", "/api/units", u.cookie, {
      ...unitData(),
      cep: "123",
      uf: "XX",
      numero: "muitos",
      quartos: -1,
      areaM2: 0,
    });
    expect(res.statusCode).toBe(400);
    const issues = Object.fromEntries(
      res.json<{ issues: { path: string; message: string }[] }>().issues.map((i) => [i.path, i.message]),
    );
    expect(issues).toMatchObject({
      cep: "Informe um CEP válido, com 8 dígitos (ex.: 01310-100).",
      uf: "Escolha uma UF válida.",
      numero: "Informe o número (ex.: 123 ou 123A), ou s/n se não houver.",
      quartos: "Quartos: um número inteiro de 0 a 50.",
      areaM2: "A área deve ser um número inteiro de m², entre 1 e 100.000.",
    });
  });

  it("takes only the owner's own images as photos, at most 20", async () => {
    const u = await landlord();
    const other = await landlord("Outro Dono");
    const theirs = await photo(other.cookie);
    const res = await call("POST", "/api/units", u.cookie, unitData({ fotos: [theirs] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("invalid-photo");
    const many = Array.from({ length: 21 }, () => crypto.randomUUID());
    expect((await call("POST", "/api/units", u.cookie, unitData({ fotos: many }))).json().message).toBe(
      "Um imóvel pode ter até 20 fotos.",
    );
  });

  it("lets only the owner read, change or delete a unit", async () => {
    const u = await landlord();
    const other = await landlord("Outro Dono");
    const unit = await unitWithPhoto(u.cookie);
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", unitData()],
      ["DELETE", undefined],
    ] as const) {
      expect((await call(method, `/api/units/${unit.id}`, undefined, body)).statusCode).toBe(401);
      expect((await call(method, `/api/units/${unit.id}`, other.cookie, body)).statusCode).toBe(403);
    }
    expect((await call("GET", `/api/units/${crypto.randomUUID()}`, u.cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/units")).statusCode).toBe(401);
  });

  it("cannot be deleted while it has an active offer", async () => {
    const u = await landlord();
    const { unit, offer } = await publishedOffer(u.cookie);
    const refused = await call("DELETE", `/api/units/${unit.id}`, u.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("unit-has-active-offer");
    await call("POST", `/api/offers/${offer.id}/close`, u.cookie);
    expect((await call("DELETE", `/api/units/${unit.id}`, u.cookie)).statusCode).toBe(204);
  });

  it("carries a unit's changes to its offer and the search", async () => {
    const u = await landlord();
    const city = `Vila ${crypto.randomUUID().slice(0, 8)}`;
    const { unit, offer } = await publishedOffer(u.cookie);
    const put = await call(
      "PUT",
      `/api/units/${unit.id}`,
      u.cookie,
      unitData({ cidade: city, quartos: 4, fotos: unit.fotos }),
    );
    expect(put.statusCode, put.body).toBe(200);
    const found = (await call("GET", `/api/search?cidade=${encodeURIComponent(city.toUpperCase())}`)).json();
    expect(found.items.map((i: { id: string }) => i.id)).toEqual([offer.id]);
    expect(found.items[0].quartos).toBe(4);
  });
});

describe("offers", () => {
  it("computes the pacote and shows a published offer to anyone with only the first name", async () => {
    const u = await landlord("Helena Castro Prado");
    const { offer } = await publishedOffer(u.cookie);
    expect(offer.total).toBe(350000 + 80000 + 12000 + 3500);
    const seen = (await call("GET", `/api/offers/${offer.id}`)).json<OfferView>();
    expect(seen).toMatchObject({ status: "publicada", anunciante: "Helena", isOwner: false });
    expect(seen.unidade.numero).toBeNull();
    expect(seen.unidade.cep).toBeNull();
    // The street too: the public sees the bairro, the city and the UF, never where the door is.
    expect(seen.unidade.logradouro).toBeNull();
    expect(JSON.stringify(seen)).not.toContain("Castro");
    const mine = (await call("GET", `/api/offers/${offer.id}`, u.cookie)).json<OfferView>();
    expect(mine.unidade.logradouro).not.toBeNull();
  });

  it("validates the terms: guarantees, caução, prazo, money", async () => {
    const u = await landlord();
    const unit = await unitWithPhoto(u.cookie);
    const cases: [Record<string, unknown>, string][] = [
      [{ garantias: [] }, "Aceite pelo menos uma garantia."],
      [{ caucaoMeses: 4 }, "A caução não pode passar de 3 meses de aluguel (Lei 8.245, art. 38)."],
      [{ caucaoMeses: null }, "Com caução, informe de 1 a 3 meses de aluguel."],
      [{ prazoMeses: 121 }, "O prazo deve ser de 1 a 120 meses."],
      [{ prazoMeses: 0 }, "O prazo deve ser de 1 a 120 meses."],
      [{ aluguel: 12.5 }, "Informe o aluguel mensal, a partir de R$ 1,00."],
      [{ condominio: -1 }, "Valor inválido: use um valor em reais, zero ou mais."],
      [{ reajuste: "INPC" }, "Escolha o índice de reajuste: IGP-M ou IPCA."],
    ];
    for (const [change, message] of cases) {
      const res = await call("POST", "/api/offers", u.cookie, offerData(unit.id, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message, JSON.stringify(change)).toBe(message);
    }
    const ok = await call(
      "POST",
      "/api/offers",
      u.cookie,
      offerData(unit.id, { garantias: ["fiador"], caucaoMeses: null }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ status: "rascunho", prazoMeses: 30, caucaoMeses: null });
    const second = await call("POST", "/api/offers", u.cookie, offerData(unit.id));
    expect(second.json().code).toBe("unit-has-open-offer");
  });

  it("lets only the owner create, edit, publish or close, and hides drafts from others", async () => {
    const u = await landlord();
    const other = await landlord("Outro");
    const unit = await unitWithPhoto(u.cookie);
    expect((await call("POST", "/api/offers", other.cookie, offerData(unit.id))).statusCode).toBe(403);
    expect((await call("POST", "/api/offers", undefined, offerData(unit.id))).statusCode).toBe(401);
    const draft = (await call("POST", "/api/offers", u.cookie, offerData(unit.id))).json<OfferView>();
    expect((await call("GET", `/api/offers/${draft.id}`)).statusCode).toBe(404);
    expect((await call("GET", `/api/offers/${draft.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/offers/${draft.id}`, u.cookie)).json().isOwner).toBe(true);
    const { unidadeId: _unidade, ...terms } = offerData(unit.id);
    for (const [method, url, body] of [
      ["PUT", `/api/offers/${draft.id}`, terms],
      ["POST", `/api/offers/${draft.id}/publish`, undefined],
      ["POST", `/api/offers/${draft.id}/close`, undefined],
    ] as const) {
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      expect((await call(method, url, other.cookie, body)).statusCode).toBe(404);
    }
    await call("POST", `/api/offers/${draft.id}/publish`, u.cookie);
    expect((await call("POST", `/api/offers/${draft.id}/close`, other.cookie)).statusCode).toBe(403);
    expect(
      (await call("PUT", `/api/offers/${draft.id}`, u.cookie, { ...terms, aluguel: 400000 })).json().total,
    ).toBe(400000 + 80000 + 12000 + 3500);
  });

  it("needs a photo to publish", async () => {
    const u = await landlord();
    const unit = (await call("POST", "/api/units", u.cookie, unitData())).json<UnitView>();
    const draft = (await call("POST", "/api/offers", u.cookie, offerData(unit.id))).json<OfferView>();
    const res = await call("POST", `/api/offers/${draft.id}/publish`, u.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Adicione pelo menos uma foto ao imóvel antes de publicar.");
  });

  it("allows every lifecycle move the rules name and refuses every other", async () => {
    const u = await landlord();
    const { offer } = await publishedOffer(u.cookie);
    const service = new ListingsService(t.database.pool);
    const statuses = ["rascunho", "publicada", "reservada", "alugada", "encerrada"] as const;
    const allowed: Record<string, Record<string, string>> = {
      publish: { rascunho: "publicada" },
      reserve: { publicada: "reservada" },
      release: { reservada: "publicada" },
      rent: { reservada: "alugada" },
      close: { rascunho: "encerrada", publicada: "encerrada", reservada: "encerrada", alugada: "encerrada" },
    };
    for (const [action, moves] of Object.entries(allowed)) {
      for (const from of statuses) {
        await t.database.pool.query("UPDATE offers SET status = $2 WHERE id = $1", [offer.id, from]);
        const to = moves[from];
        const attempt = service.transition(null, offer.id, action as never);
        if (to) await expect(attempt, `${action} from ${from}`).resolves.toMatchObject({ status: to });
        else
          await expect(attempt, `${action} from ${from}`).rejects.toMatchObject({
            code: "invalid-transition",
            status: 409,
          });
      }
    }
    // Over HTTP the owner has publish and close only, and edits only rascunho or publicada.
    await t.database.pool.query("UPDATE offers SET status = 'reservada' WHERE id = $1", [offer.id]);
    const { unidadeId: _u, ...terms } = offerData(offer.unidade.id);
    expect((await call("PUT", `/api/offers/${offer.id}`, u.cookie, terms)).json().code).toBe(
      "offer-not-editable",
    );
    expect((await call("POST", `/api/offers/${offer.id}/publish`, u.cookie)).json().code).toBe(
      "invalid-transition",
    );
  });
});

describe("photos", () => {
  it("shows a unit's photo to its owner only until an offer is published", async () => {
    const u = await landlord();
    const other = await landlord("Outro");
    const unit = await unitWithPhoto(u.cookie);
    const url = `/api/photos/${unit.fotos[0]}`;
    expect((await call("GET", url)).statusCode).toBe(401);
    expect((await call("GET", url, other.cookie)).statusCode).toBe(403);
    const mine = await call("GET", url, u.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/png");
    const offer = (await call("POST", "/api/offers", u.cookie, offerData(unit.id))).json<OfferView>();
    await call("POST", `/api/offers/${offer.id}/publish`, u.cookie);
    const open = await call("GET", url);
    expect(open.statusCode).toBe(200);
    expect(open.headers["cache-control"]).toContain("public");
    expect((await call("GET", `/api/photos/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});
