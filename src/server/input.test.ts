import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, personWithProfile } from "../../tests/support/market";
import { personalProfileOf } from "../../tests/support/profiles";
import { createTestApp, ORIGIN, type TestApp } from "../../tests/support/test-app";
import en from "../shared/locales/en.json";
import ptBR from "../shared/locales/pt-BR.json";

/*
 * The attacker's inputs of issue 13 that ended in a 500 or in words that are not ours: each now
 * a 4xx in the catalogue, in pt-BR (English when the client asks for English).
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
let person: Awaited<ReturnType<typeof personWithProfile>>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  person = await personWithProfile(t.app, "Bruna Teixeira");
});
afterAll(() => t.close());

const unit = (over: Record<string, unknown> = {}) => ({
  tipo: "apartamento",
  cep: "05422-010",
  logradouro: "Rua dos Pinheiros",
  numero: "870",
  bairro: "Pinheiros",
  cidade: "São Paulo",
  uf: "SP",
  areaM2: 68,
  quartos: 2,
  banheiros: 1,
  vagas: 0,
  mobiliado: false,
  aceitaPets: true,
  ...over,
});

/** English words zod or Fastify would have said: none may reach a client that speaks pt-BR. */
const ENGLISH = /\b(invalid input|expected|received|required|must|unexpected|body|url|string|object)\b/i;

function expectOurs(res: { statusCode: number; json(): unknown }, status: number, code?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { code: string; message: string; issues?: { path: string; message: string }[] };
  expect(Object.keys(ptBR.errors)).toContain(body.code);
  if (code) expect(body.code).toBe(code);
  expect(body.message).not.toMatch(ENGLISH);
  return body;
}

describe("text PostgreSQL cannot store", () => {
  it("a NUL byte in a unit, the profile or a search is a 400, not a 500", async () => {
    const nul = String.fromCharCode(0);
    expectOurs(
      await call("POST", "/api/units", person.cookie, unit({ logradouro: `Rua${nul}` })),
      400,
      "invalid-text",
    );
    expectOurs(
      await call(
        "PUT",
        "/api/profile/personal",
        person.cookie,
        personalProfileOf("Bruna", { cpf: person.cpf, profissao: `Professora${nul}` }),
      ),
      400,
      "invalid-text",
    );
    expectOurs(await call("GET", "/api/search?cidade=S%00o%20Paulo"), 400, "invalid-text");
    expectOurs(await call("GET", "/api/search?bairro=%00"), 400, "invalid-text");
    // A co-tenant's name in a proposal: the guard stands before any contract.
    expectOurs(
      await call("POST", "/api/proposals", person.cookie, { coTenants: [{ nome: `Ana${nul}` }] }),
      400,
      "invalid-text",
    );
  });

  it("an unpaired surrogate is a 400 too, and the field is named", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/units",
      headers: { origin: ORIGIN, cookie: person.cookie, "content-type": "application/json" },
      // JSON.stringify would escape it the same way; written out so the test shows the bytes.
      payload: JSON.stringify(unit()).replace('"Pinheiros"', '"Pinh\\ud800eiros"'),
    });
    const body = expectOurs(res, 400, "invalid-text");
    expect(body.issues?.[0]?.path).toBe("bairro");
  });

  it("a body nested deeper than any form is refused", async () => {
    let deep: unknown = "fundo";
    for (let i = 0; i < 40; i++) deep = { a: deep };
    expectOurs(await call("POST", "/api/units", person.cookie, deep), 400, "input-too-deep");
  });
});

describe("forged page cursors", () => {
  const cursor = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

  it.each([
    ["a dash-only id", { s: "recentes", v: "2026-01-01 10:00:00+00", id: "-".repeat(36) }, "recentes"],
    [
      "a year PostgreSQL refuses",
      { s: "recentes", v: "275760-09-13 00:00:00", id: randomUUID() },
      "recentes",
    ],
    ["the 31st of February", { s: "recentes", v: "2026-02-31 10:00:00+00", id: randomUUID() }, "recentes"],
    ["a price past bigint", { s: "preco", v: 1e30, id: randomUUID() }, "preco"],
    ["not base64 JSON", "!!!", "preco"],
  ])("the public search refuses %s with 400", async (_name, token, sort) => {
    const raw = typeof token === "string" ? token : cursor(token);
    const body = expectOurs(
      await call("GET", `/api/search?sort=${sort}&cursor=${raw}`),
      400,
      "invalid-argument",
    );
    expect(body.message).toBe(ptBR.errors["invalid-page-token"]);
  });

  it("a message thread's date before year 1 is a 400", async () => {
    expectOurs(
      await call("GET", `/api/messages/${randomUUID()}?antes=0000-01-01T00:00:00Z`, person.cookie),
      400,
    );
  });
});

describe("errors in our words", () => {
  it("zod's own defaults are said in pt-BR (a null body, a wrong type)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/units",
      headers: { origin: ORIGIN, cookie: person.cookie, "content-type": "application/json" },
      payload: "null",
    });
    const body = expectOurs(res, 400, "invalid-argument");
    expect(body.message).toMatch(/esperava um objeto/);
  });

  it("says it in English when the client asks for English", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/units",
      headers: {
        origin: ORIGIN,
        cookie: person.cookie,
        "content-type": "application/json",
        "accept-language": "en",
      },
      payload: JSON.stringify(unit({ areaM2: 0, surpresa: 1 })),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; issues: { path: string; message: string }[] };
    expect(body.issues.find((i) => i.path === "areaM2")?.message).toBe(en.errors["invalid-area"]);
    expect(body.issues.map((i) => i.message).join(" ")).not.toMatch(/[ãçõéê]/);
    expect(body.issues.find((i) => i.path === "")?.message).toMatch(/surpresa/);
  });

  it("unknown fields are refused, not silently dropped", async () => {
    const res = await call("POST", "/api/units", person.cookie, unit({ ownerId: randomUUID() }));
    const body = expectOurs(res, 400, "invalid-argument");
    expect(body.issues?.[0]?.message).toMatch(/ownerId/);
  });

  it("a malformed %-escape in the path is our 400, not Fastify's FST_ERR_BAD_URL", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/offers/%E0%A4%A" });
    const body = expectOurs(res, 400, "malformed-url");
    expect(JSON.stringify(body)).not.toContain("FST_");
  });

  it("bad JSON, a body too large and a wrong content type each have their code", async () => {
    const headers = { origin: ORIGIN, cookie: person.cookie };
    expectOurs(
      await t.app.inject({
        method: "POST",
        url: "/api/units",
        headers: { ...headers, "content-type": "application/json" },
        payload: '{"tipo":',
      }),
      400,
      "invalid-json",
    );
    expectOurs(
      await t.app.inject({
        method: "POST",
        url: "/api/units",
        headers: { ...headers, "content-type": "application/json" },
        payload: JSON.stringify(unit({ descricao: "x".repeat(2 * 1024 * 1024) })),
      }),
      413,
      "body-too-large",
    );
    expectOurs(
      await t.app.inject({
        method: "POST",
        url: "/api/units",
        headers: { ...headers, "content-type": "text/xml" },
        payload: "<unit/>",
      }),
      415,
      "unsupported-content-type",
    );
  });
});

describe("changing one's name goes through the profile contract", () => {
  it("refuses what better-auth's update-user stored (500,000 characters, an object), keeps a good one", async () => {
    expectOurs(
      await call("PUT", "/api/profile/name", person.cookie, { name: "L".repeat(500_000) }),
      400,
      "invalid-argument",
    );
    expectOurs(await call("PUT", "/api/profile/name", person.cookie, { name: { a: 1 } }), 400);
    expectOurs(await call("PUT", "/api/profile/name", person.cookie, { name: null }), 400);
    expectOurs(await call("PUT", "/api/profile/name", person.cookie, { name: "Bruna", admin: true }), 400);
    expectOurs(await call("PUT", "/api/profile/name", undefined, { name: "Bruna" }), 401, "unauthenticated");
    const saved = await call("PUT", "/api/profile/name", person.cookie, { name: "  Bruna T.  " });
    expect(saved.statusCode).toBe(200);
    expect((await call("GET", "/api/me", person.cookie)).json()).toMatchObject({ name: "Bruna T." });
  });
});
