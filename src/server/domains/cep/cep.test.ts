import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeCep } from "../../../../tests/support/fake-cep";
import { caller } from "../../../../tests/support/market";
import { createTestApp, signUp, type TestApp } from "../../../../tests/support/test-app";
import { apiPaths } from "../../../shared/api-paths";

const PAULISTA = { street: "Avenida Paulista", neighborhood: "Bela Vista", city: "São Paulo", state: "SP" };
const TOWN = { street: "", neighborhood: "", city: "Santa Rita do Passa Quatro", state: "SP" };

let fake: Awaited<ReturnType<typeof startFakeCep>>;
let t: TestApp;
let off: TestApp;
let cookie: string;
const get = (path: string, who = cookie, app = t) => caller(app.app)("GET", path, who);

beforeAll(async () => {
  fake = await startFakeCep({ "01310100": PAULISTA, "13670000": TOWN, "22290140": PAULISTA });
  // A short timeout: a service that hangs must not hold the form's lookup for long.
  t = await createTestApp({ ...fake.env, CEP_TIMEOUT_MS: "300" });
  off = await createTestApp({ ...fake.env, CEP_LOOKUP: "off" });
  cookie = (await signUp(t.app)).cookie;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await off?.close();
  await fake?.close();
});

describe("GET /api/cep/:cep", () => {
  it("answers the street, bairro, city and UF of a CEP, with or without the dash", async () => {
    const res = await get(apiPaths.cep("01310-100"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      cep: "01310-100",
      logradouro: "Avenida Paulista",
      bairro: "Bela Vista",
      cidade: "São Paulo",
      uf: "SP",
    });
  });

  it("asks a service once per CEP: the answer is kept", async () => {
    const before = { ...fake.calls };
    expect((await get(apiPaths.cep("22290140"))).statusCode).toBe(200);
    expect((await get(apiPaths.cep("22290-140"))).statusCode).toBe(200);
    expect(fake.calls.brasilapi - before.brasilapi).toBe(1);
    expect(fake.calls.viacep - before.viacep).toBe(0);
  });

  it("answers a small town's CEP with only its city and UF, for the person to type the street", async () => {
    expect((await get(apiPaths.cep("13670000"))).json()).toMatchObject({
      logradouro: "",
      bairro: "",
      cidade: "Santa Rita do Passa Quatro",
    });
  });

  it("asks ViaCEP when BrasilAPI is down, and when it is slow", async () => {
    fake.knows.brasilapi["04538132"] = PAULISTA;
    fake.knows.viacep["04538132"] = PAULISTA;
    fake.knows.brasilapi["30130010"] = PAULISTA;
    fake.knows.viacep["30130010"] = PAULISTA;
    try {
      fake.mode.brasilapi = "down";
      expect((await get(apiPaths.cep("04538132"))).statusCode).toBe(200);
      fake.mode.brasilapi = "hang";
      const before = fake.calls.viacep;
      const res = await get(apiPaths.cep("30130010"));
      expect(res.statusCode, res.body).toBe(200);
      expect(fake.calls.viacep).toBe(before + 1);
    } finally {
      fake.mode.brasilapi = "ok";
    }
  });

  it("asks ViaCEP before saying a CEP BrasilAPI lacks does not exist", async () => {
    fake.knows.viacep["69900062"] = {
      street: "Rua Nova",
      neighborhood: "Centro",
      city: "Rio Branco",
      state: "AC",
    };
    const res = await get(apiPaths.cep("69900062"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cidade: "Rio Branco", uf: "AC" });
  });

  it("says in pt-BR that a CEP no service knows was not found", async () => {
    const res = await get(apiPaths.cep("99999999"));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: "cep-not-found",
      message: "Não encontramos este CEP. Confira os números ou preencha o endereço.",
      requestId: res.headers["x-request-id"],
    });
  });

  it("says the lookup is unavailable when both services fail, and keeps no such answer", async () => {
    fake.mode.brasilapi = "down";
    fake.mode.viacep = "down";
    try {
      const res = await get(apiPaths.cep("20040002"));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: "cep-lookup-unavailable" });
    } finally {
      fake.mode.brasilapi = "ok";
      fake.mode.viacep = "ok";
    }
    fake.knows.brasilapi["20040002"] = PAULISTA;
    expect((await get(apiPaths.cep("20040002"))).statusCode).toBe(200);
  });

  it("refuses a malformed CEP without asking anyone", async () => {
    const before = { ...fake.calls };
    for (const cep of ["123", "00000000", "0131010a"]) {
      const res = await get(apiPaths.cep(cep));
      expect(res.statusCode, cep).toBe(400);
      expect(res.json()).toMatchObject({ code: "invalid-argument" });
    }
    expect(fake.calls).toEqual(before);
  });

  it("is for signed-in people only: it is not an open proxy", async () => {
    const res = await caller(t.app)("GET", apiPaths.cep("01310100"));
    expect(res.statusCode).toBe(401);
  });

  it("answers 501 when the operator turned it off (CEP_LOOKUP=off), asking no one", async () => {
    const before = { ...fake.calls };
    const someone = await signUp(off.app);
    const res = await get(apiPaths.cep("01310100"), someone.cookie, off);
    expect(res.statusCode).toBe(501);
    expect(res.json()).toMatchObject({ code: "cep-lookup-off" });
    expect(fake.calls).toEqual(before);
  });
});
