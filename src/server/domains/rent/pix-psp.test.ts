import { readFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { ZodError } from "zod";
import {
  createTestPki,
  type FakePsp,
  lastPayableDay,
  PIX_SPEC_PATH,
  startFakePsp,
  type TestPki,
} from "../../../../tests/support/fake-psp";
import { manualClock } from "../../clock";
import {
  type CobvRequest,
  centavosOf,
  cobvBody,
  newCobvTxid,
  type PspConfig,
  PspError,
  PspPixClient,
  paymentsOf,
} from "./pix-psp";

const CLIENT_ID = "chave-client";
const CLIENT_SECRET = "s3cr3t-do-cliente-que-nao-vaza";
const PIX_KEY = "5f84a4c5-c5cb-4599-9f13-7eb4d419dacc";
// A Monday; the rent falls due on Tuesday 2026-03-10.
const START = new Date("2026-03-02T12:00:00Z");
const VENCIMENTO = "2026-03-10";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function rent(overrides: Partial<Parameters<typeof cobvBody>[0]> = {}): CobvRequest {
  return cobvBody({
    vencimento: VENCIMENTO,
    validadeAposVencimentoDias: 30,
    devedor: { cpf: "123.456.789-09", nome: "Maria da Silva" },
    valorCentavos: 250_000,
    multaBp: 200,
    jurosMesBp: 100,
    chave: PIX_KEY,
    solicitacao: "Aluguel de março de 2026",
    ...overrides,
  });
}

async function setup(opts: { tls?: { cert: string; key: string; ca: string } } = {}) {
  const clock = manualClock(START);
  const fake = await startFakePsp({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    clock,
    pixKey: PIX_KEY,
    ...opts,
  });
  cleanups.push(() => fake.close());
  const config: PspConfig = {
    baseUrl: fake.url,
    tokenUrl: fake.tokenUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    pixKey: PIX_KEY,
  };
  const client = (extra: Partial<PspConfig> = {}) => {
    const c = new PspPixClient({ ...config, ...extra }, { clock });
    cleanups.push(() => c.close());
    return c;
  };
  return { clock, fake, config, client };
}

/** The app's end of the webhook, as small as can be: it keeps what arrives. */
async function startReceiver() {
  const received: { path: string; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/psp`, received };
}

const tokenRequests = (fake: FakePsp) => fake.requests.filter((r) => r.path === "/oauth/token");

async function pspError(p: Promise<unknown>): Promise<PspError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(PspError);
  return e as PspError;
}

describe("cobvBody, newCobvTxid, centavosOf", () => {
  it("writes centavos and basis points as the spec's two-decimal strings, with the modalidades chosen", () => {
    const body = rent({ multaBp: 1000 });
    expect(body).toEqual({
      calendario: { dataDeVencimento: VENCIMENTO, validadeAposVencimento: 30 },
      devedor: { cpf: "12345678909", nome: "Maria da Silva" },
      valor: {
        original: "2500.00",
        multa: { modalidade: 2, valorPerc: "10.00" },
        juros: { modalidade: 3, valorPerc: "1.00" },
      },
      chave: PIX_KEY,
      solicitacaoPagador: "Aluguel de março de 2026",
    });
    expect(rent({ valorCentavos: 1, multaBp: 250, jurosMesBp: 33 }).valor).toEqual({
      original: "0.01",
      multa: { modalidade: 2, valorPerc: "2.50" },
      juros: { modalidade: 3, valorPerc: "0.33" },
    });
    expect(rent({ valorCentavos: 123_456_789, multaBp: 0, jurosMesBp: 0 }).valor).toEqual({
      original: "1234567.89",
    });
  });

  it("refuses what no PSP would take: zero, fractions of a centavo, a bad CPF, a date that does not exist", () => {
    expect(() => rent({ valorCentavos: 0 })).toThrow(RangeError);
    expect(() => rent({ valorCentavos: 100.5 })).toThrow(RangeError);
    expect(() => rent({ multaBp: -1 })).toThrow(RangeError);
    expect(() => rent({ devedor: { cpf: "1234567890", nome: "X" } })).toThrow(ZodError);
    expect(() => rent({ vencimento: "2026-02-30" })).toThrow(ZodError);
    expect(() => rent({ solicitacao: "x".repeat(141) })).toThrow(ZodError);
  });

  it("charges a company tenant by its CNPJ, numeric or alphanumeric (issue 34)", () => {
    expect(rent({ devedor: { cnpj: "12.abc.345/01de-35", nome: "Alfa Imóveis Ltda." } }).devedor).toEqual({
      cnpj: "12ABC34501DE35",
      nome: "Alfa Imóveis Ltda.",
    });
    expect(rent({ devedor: { cnpj: "11.222.333/0001-81", nome: "Beta S/A" } }).devedor).toEqual({
      cnpj: "11222333000181",
      nome: "Beta S/A",
    });
    expect(() => rent({ devedor: { cnpj: "1122233300018", nome: "Beta S/A" } })).toThrow(ZodError);
  });

  it("makes 35-character txids of [A-Za-z0-9], all different", () => {
    const ids = new Set(Array.from({ length: 500 }, newCobvTxid));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{35}$/);
  });

  it("reads amounts exactly, without floats", () => {
    expect(centavosOf("2500.00")).toBe(250_000);
    expect(centavosOf("0.07")).toBe(7);
    expect(centavosOf("1234567.89")).toBe(123_456_789);
    expect(centavosOf("9999999999.99")).toBe(999_999_999_999);
    expect(() => centavosOf("2500")).toThrow(RangeError);
    expect(() => centavosOf("2500.000")).toThrow(RangeError);
  });
});

describe("paymentsOf", () => {
  const pix = {
    endToEndId: "E12345678202009091221kkkkkkkkkkk",
    txid: "c3e0e7a4e7f1469a9f782d3d4999343c",
    valor: "110.29",
    horario: "2020-09-09T20:15:00.358Z",
    infoPagador: "0123456789",
  };

  it("reads the spec's webhook body into centavos", () => {
    expect(
      paymentsOf({ pix: [pix, { ...pix, endToEndId: "E87654321202009091221dfghi123456", valor: "0.10" }] }),
    ).toEqual([
      { endToEndId: pix.endToEndId, txid: pix.txid, valorCentavos: 11_029, horario: pix.horario },
      {
        endToEndId: "E87654321202009091221dfghi123456",
        txid: pix.txid,
        valorCentavos: 10,
        horario: pix.horario,
      },
    ]);
  });

  it("refuses a malformed body with a ZodError", () => {
    for (const bad of [
      null,
      {},
      { pix: [] },
      { pix: [{ ...pix, valor: "110" }] },
      { pix: [{ ...pix, valor: "110.2" }] },
      { pix: [{ ...pix, valor: 110.29 }] },
      { pix: [{ ...pix, endToEndId: "E123" }] },
      { pix: [{ ...pix, txid: undefined }] },
      { pix: [{ ...pix, txid: "curto" }] },
      { pix: [{ ...pix, horario: "ontem" }] },
    ])
      expect(() => paymentsOf(bad), JSON.stringify(bad)).toThrow(ZodError);
  });
});

describe("the access token", () => {
  it("is fetched once and reused, even by calls that start together", async () => {
    const { fake, client } = await setup();
    const psp = client();
    const ids = [newCobvTxid(), newCobvTxid()];
    await Promise.all(ids.map((id) => psp.putCobv(id, rent())));
    await psp.getCobv(ids[0] as string);
    expect(tokenRequests(fake)).toHaveLength(1);
    expect(tokenRequests(fake)[0]?.body).toEqual({ grant_type: "client_credentials" });
  });

  it("is fetched again a minute before it expires, without a 401", async () => {
    const { fake, client, clock } = await setup();
    const psp = client();
    const id = newCobvTxid();
    await psp.putCobv(id, rent());
    clock.advance(3540 * 1000 - 1);
    await psp.getCobv(id);
    expect(tokenRequests(fake)).toHaveLength(1);
    clock.advance(1);
    await psp.getCobv(id);
    expect(tokenRequests(fake)).toHaveLength(2);
    expect(fake.requests.filter((r) => r.status === 401)).toEqual([]);
  });

  it("is fetched again, once, when the PSP answers 401", async () => {
    const { fake, client } = await setup();
    const psp = client();
    const id = newCobvTxid();
    await psp.putCobv(id, rent());
    fake.revokeTokens();
    expect((await psp.getCobv(id)).txid).toBe(id);
    expect(fake.requests.map((r) => `${r.method} ${r.status}`)).toEqual([
      "POST 200",
      "PUT 201",
      "GET 401",
      "POST 200",
      "GET 200",
    ]);
  });

  it("fails on wrong credentials without telling the secret", async () => {
    const { client } = await setup();
    const wrong = "segredo-errado-1234";
    const e = await pspError(client({ clientSecret: wrong }).getCobv(newCobvTxid()));
    expect(e.status).toBe(401);
    expect(e.problem?.title).toBe("invalid_client");
    expect(`${e.message} ${e.stack} ${JSON.stringify(e.problem)}`).not.toContain(wrong);
  });

  it("carries the scopes asked for, and the PSP holds the client to them", async () => {
    const { fake, client } = await setup();
    const e = await pspError(client({ scopes: ["cobv.read"] }).putCobv(newCobvTxid(), rent()));
    expect(e.status).toBe(403);
    expect(e.problem?.type).toBe("https://pix.bcb.gov.br/api/v2/error/AcessoNegado");
    expect(tokenRequests(fake)[0]?.body).toEqual({ grant_type: "client_credentials", scope: "cobv.read" });
  });

  it("is required: the PSP answers 401 without one", async () => {
    const { fake } = await setup();
    const res = await fetch(`${fake.url}/cobv/${newCobvTxid()}`);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});

describe("charges (cobv)", () => {
  it("creates an ATIVA charge with its location, and reads it back", async () => {
    const { fake, client } = await setup();
    const psp = client();
    const id = newCobvTxid();
    const created = await psp.putCobv(id, rent());
    expect(created).toMatchObject({
      txid: id,
      revisao: 0,
      status: "ATIVA",
      calendario: { dataDeVencimento: VENCIMENTO, validadeAposVencimento: 30 },
      valor: { original: "2500.00", multa: { modalidade: 2, valorPerc: "2.00" }, juros: { modalidade: 3 } },
      pix: [],
    });
    // Without a scheme, as the spec's examples and the BR Code carry it.
    expect(created.location).toMatch(/^pix\.psp\.example\/qr\/v2\/cobv\/[0-9a-f]{32}$/);
    expect(created.loc?.location).toBe(created.location);
    expect(await psp.getCobv(id)).toEqual(created);
    expect(fake.requests.find((r) => r.method === "PUT")?.body).toEqual(rent());
  });

  it("answers 400 with violacoes for a short txid and an amount without decimals", async () => {
    const { client } = await setup();
    const psp = client();
    const short = await pspError(psp.putCobv("abc123", rent()));
    expect(short.status).toBe(400);
    expect(short.problem).toMatchObject({
      type: "https://pix.bcb.gov.br/api/v2/error/CobVOperacaoInvalida",
      status: 400,
      violacoes: [expect.objectContaining({ propriedade: "txid", valor: "abc123" })],
    });
    const long = await pspError(psp.putCobv(`${newCobvTxid()}X`, rent()));
    expect(long.status).toBe(400);

    const body = rent();
    const noDecimals = await pspError(
      psp.putCobv(newCobvTxid(), { ...body, valor: { ...body.valor, original: "2500" } }),
    );
    expect(noDecimals.status).toBe(400);
    expect(noDecimals.problem?.violacoes).toContainEqual(
      expect.objectContaining({ propriedade: "cobv.valor.original", valor: "2500" }),
    );
    expect(noDecimals.message).toContain("cobv.valor.original");
  });

  it("takes a CPF (the spec's slashed pattern would refuse every one) and refuses a malformed one", async () => {
    const { client } = await setup();
    const psp = client();
    const body = rent();
    const e = await pspError(
      psp.putCobv(newCobvTxid(), { ...body, devedor: { cpf: "123.456.789-09", nome: "M" } }),
    );
    expect(e.problem?.violacoes).toContainEqual(expect.objectContaining({ propriedade: "cobv.devedor.cpf" }));
    expect((await psp.putCobv(newCobvTxid(), body)).devedor.cpf).toBe("12345678909");
  });

  it("refuses a due date before today and a key that is not the receiver's", async () => {
    const { client } = await setup();
    const psp = client();
    const past = await pspError(psp.putCobv(newCobvTxid(), rent({ vencimento: "2026-03-01" })));
    expect(past.problem?.violacoes).toContainEqual(
      expect.objectContaining({ propriedade: "cobv.calendario.dataDeVencimento" }),
    );
    const otherKey = await pspError(psp.putCobv(newCobvTxid(), rent({ chave: "outra@chave.example" })));
    expect(otherKey.problem?.violacoes).toContainEqual(
      expect.objectContaining({ propriedade: "cobv.chave" }),
    );
  });

  it("refuses the spec's own example cobBody1: modalidade as strings, loc without tipoCob", async () => {
    const doc = parseYaml(await readFile(PIX_SPEC_PATH, "utf8")) as {
      components: { examples: Record<string, { value: unknown }> };
    };
    const example = doc.components.examples.cobBody1?.value as CobvRequest;
    const { client, clock } = await setup();
    clock.set(new Date("2020-09-09T12:00:00Z"));
    const e = await pspError(client().putCobv(newCobvTxid(), example));
    const where = e.problem?.violacoes?.map((v) => v.propriedade);
    expect(where).toEqual(
      expect.arrayContaining([
        "cobv.valor.multa.modalidade",
        "cobv.valor.juros.modalidade",
        "cobv.loc.tipoCob",
      ]),
    );
  });

  it("revises an ATIVA charge with PATCH, removes it, and then refuses to revise it", async () => {
    const { client } = await setup();
    const psp = client();
    const id = newCobvTxid();
    await psp.putCobv(id, rent());
    const revised = await psp.patchCobv(id, { valor: { original: "2600.00" } });
    expect(revised).toMatchObject({
      revisao: 1,
      valor: { original: "2600.00", multa: { valorPerc: "2.00" } },
    });
    const both = await pspError(
      psp.patchCobv(id, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR", solicitacaoPagador: "x" }),
    );
    expect(both.status).toBe(400);
    expect((await psp.patchCobv(id, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" })).status).toBe(
      "REMOVIDA_PELO_USUARIO_RECEBEDOR",
    );
    const after = await pspError(psp.patchCobv(id, { solicitacaoPagador: "de novo" }));
    expect(after.status).toBe(400);
    const missing = await pspError(psp.getCobv(newCobvTxid()));
    expect(missing.status).toBe(404);
    expect(missing.problem?.type).toBe("https://pix.bcb.gov.br/api/v2/error/CobVNaoEncontrada");
  });
});

describe("payments and the webhook", () => {
  async function paidSetup() {
    const s = await setup();
    const receiver = await startReceiver();
    const psp = s.client();
    await psp.configureWebhook(receiver.url);
    const id = newCobvTxid();
    await psp.putCobv(id, rent());
    return { ...s, psp, receiver, id };
  }

  it("refuses a webhook URL that is not a URI", async () => {
    const { client } = await setup();
    const e = await pspError(client().configureWebhook("não é uma url"));
    expect(e.status).toBe(400);
    expect(e.problem?.violacoes).toContainEqual(
      expect.objectContaining({ propriedade: "webhook.webhookUrl" }),
    );
  });

  it("posts the Pix to {webhookUrl}/pix; paymentsOf reads the exact amount; the charge is CONCLUIDA", async () => {
    const { fake, psp, receiver, id } = await paidSetup();
    const { endToEndId, webhookStatus } = await fake.pay(id);
    expect(webhookStatus).toBe(200);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.path).toBe("/webhooks/psp/pix");
    const payments = paymentsOf(receiver.received[0]?.body);
    expect(payments).toEqual([
      { endToEndId, txid: id, valorCentavos: 250_000, horario: START.toISOString() },
    ]);
    const cobv = await psp.getCobv(id);
    expect(cobv.status).toBe("CONCLUIDA");
    expect(cobv.pix).toEqual([expect.objectContaining({ endToEndId, txid: id, valor: "2500.00" })]);
  });

  it("delivers the same Pix again with the same endToEndId, for the app to dedupe", async () => {
    const { fake, receiver, id } = await paidSetup();
    const { endToEndId } = await fake.pay(id);
    await fake.deliverAgain(endToEndId);
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received.map((r) => paymentsOf(r.body));
    expect(second).toEqual(first);
    expect(second?.[0]?.endToEndId).toBe(endToEndId);
  });

  it("adds multa and juros pro rata die when paid late: 2 % + 1 % a month for 10 days", async () => {
    const { fake, receiver, clock, id } = await paidSetup();
    clock.set(new Date("2026-03-20T15:00:00Z"));
    // 2500.00 + 50.00 + 2500.00 × 1 % × 10/30 = 2558.33
    expect(fake.amountDue(id)).toBe(255_833);
    await fake.pay(id);
    expect(paymentsOf(receiver.received[0]?.body)[0]?.valorCentavos).toBe(255_833);
    expect(fake.cobv(id)?.pix[0]?.componentesValor).toEqual({
      original: { valor: "2500.00" },
      multa: { valor: "50.00" },
      juros: { valor: "8.33" },
    });
  });

  it("records a partial payment as the Pix it was: the spec's cobv takes one payment and is CONCLUIDA", async () => {
    const { fake, psp, receiver, id } = await paidSetup();
    await fake.pay(id, 100_000);
    expect(paymentsOf(receiver.received[0]?.body)[0]?.valorCentavos).toBe(100_000);
    const cobv = await psp.getCobv(id);
    expect(cobv.status).toBe("CONCLUIDA");
    expect(cobv.pix.map((p) => centavosOf(p.valor))).toEqual([100_000]);
    expect(centavosOf(cobv.valor.original) - 100_000).toBe(150_000);
    await expect(fake.pay(id)).rejects.toThrow(/CONCLUIDA/);
  });

  it("takes no payment once the validity is over; the status stays ATIVA, as CobrancaStatus says", async () => {
    const { fake, psp, id } = await paidSetup();
    fake.expire(id);
    await expect(fake.pay(id)).rejects.toThrow(/could be paid until/);
    expect((await psp.getCobv(id)).status).toBe("ATIVA");
  });

  it("counts the validity in calendar days, moved off weekends, from the clock", async () => {
    const { fake, client, clock } = await setup();
    const psp = client();
    // Due Tuesday 10 March, 5 days: the 15th is a Sunday, so Monday the 16th is the last day.
    const late = newCobvTxid();
    await psp.putCobv(late, rent({ validadeAposVencimentoDias: 5 }));
    const onTime = newCobvTxid();
    await psp.putCobv(onTime, rent({ validadeAposVencimentoDias: 5 }));
    clock.set(new Date("2026-03-17T12:00:00Z"));
    await expect(fake.pay(late)).rejects.toThrow(/until 2026-03-16/);
    clock.set(new Date("2026-03-16T23:00:00Z")); // 20:00 in Brasília, still the 16th there
    await expect(fake.pay(onTime)).resolves.toMatchObject({ webhookStatus: null });
  });

  it("follows the examples A–G of validadeAposVencimento", () => {
    expect(lastPayableDay("2020-10-20", 4)).toBe("2020-10-26");
    expect(lastPayableDay("2020-12-25", 0)).toBe("2020-12-28");
    expect(lastPayableDay("2020-12-25", 1)).toBe("2020-12-29");
    expect(lastPayableDay("2020-12-25", 3)).toBe("2020-12-31");
    expect(lastPayableDay("2020-12-25", 4)).toBe("2021-01-04");
    expect(lastPayableDay("2021-08-27", 5)).toBe("2021-09-01");
    expect(lastPayableDay("2021-08-28", 5)).toBe("2021-09-06");
  });

  it("shows a charge the PSP removed as REMOVIDA_PELO_PSP", async () => {
    const { fake, psp, id } = await paidSetup();
    fake.removeByPsp(id);
    expect((await psp.getCobv(id)).status).toBe("REMOVIDA_PELO_PSP");
    await expect(fake.pay(id)).rejects.toThrow(/REMOVIDA_PELO_PSP/);
  });
});

describe("the connection", () => {
  it("gives up after its time-out on a PSP that does not answer", async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => {
      silent.closeAllConnections();
      return new Promise((resolve) => silent.close(resolve));
    });
    const base = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const psp = new PspPixClient(
      { baseUrl: base, tokenUrl: `${base}/oauth/token`, clientId: "a", clientSecret: "b", pixKey: PIX_KEY },
      { timeoutMs: 50 },
    );
    cleanups.push(() => psp.close());
    const e = await pspError(psp.getCobv(newCobvTxid()));
    expect(e.status).toBe(0);
    expect(e.message).toMatch(/sem resposta em 50 ms/);
  });

  describe("mutual TLS", () => {
    let pki: TestPki;
    let stranger: TestPki;
    beforeAll(async () => {
      [pki, stranger] = await Promise.all([createTestPki(), createTestPki()]);
    });
    const serverTls = () => ({ cert: pki.server.cert, key: pki.server.key, ca: pki.ca });

    it("works with a client certificate the PSP issued", async () => {
      const { client } = await setup({ tls: serverTls() });
      const psp = client({ tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca } });
      const id = newCobvTxid();
      expect((await psp.putCobv(id, rent())).status).toBe("ATIVA");
      expect((await psp.getCobv(id)).txid).toBe(id);
    });

    it("is refused without a client certificate", async () => {
      const { fake } = await setup({ tls: serverTls() });
      const outcome = await new Promise<string>((resolve) => {
        const req = https.request(fake.tokenUrl, { method: "POST", ca: pki.ca }, (res) => {
          res.resume();
          resolve(`answered ${res.statusCode}`);
        });
        req.on("error", (e: NodeJS.ErrnoException) => resolve(`refused ${e.code ?? e.message}`));
        req.end("grant_type=client_credentials");
      });
      expect(outcome).toMatch(/^refused/);
      expect(fake.requests).toEqual([]);
    });

    it("is refused with a certificate from another CA", async () => {
      const { fake, client } = await setup({ tls: serverTls() });
      const psp = client({ tls: { cert: stranger.client.cert, key: stranger.client.key, ca: pki.ca } });
      const e = await pspError(psp.getCobv(newCobvTxid()));
      expect(e.status).toBe(0);
      expect(fake.requests).toEqual([]);
    });
  });
});
