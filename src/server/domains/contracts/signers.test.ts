import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guarantorOf, marriedGuarantorOf, proposalBodyOf } from "../../../../tests/support/bodies";
import { builders } from "../../../../tests/support/builders";
import { randomCpf } from "../../../../tests/support/files";
import { outboxFor } from "../../../../tests/support/mail";
import { caller, personWithProfile, publishedOfferOf } from "../../../../tests/support/market";
import { createTestApp, type TestApp, uniqueIp } from "../../../../tests/support/test-app";
import { CODE_MAX_FAILURES, type ContractView } from "../../../shared/contracts/contracts";
import type { ProposalView } from "../../../shared/contracts/proposals";
import { type ErrorCode, errorMessage } from "../../../shared/errors";
import { manualClock } from "../../clock";
import { pdfText } from "./pdf-boxes.fixture";

/*
 * Decision 017: the tenant names the guarantor, the landlord accepts or asks for another; either
 * party names a witness; nobody signs with another signer's e-mail or CPF or a party's account
 * e-mail; ten wrong codes over the envelope's life block a signer. Time is a manual clock.
 */

const clock = manualClock(new Date());
let t: TestApp;
let baseUrl: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: process.env.TEST_LOG ?? "silent", SIGNING_CODE_INTERVAL_SECONDS: "60" },
    { clock },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  call = caller(t.app);
});
afterAll(() => t.close());

function expectRefused(
  res: { statusCode: number; body: string },
  code: ErrorCode,
  path: string | null,
  label: string,
) {
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  const body = JSON.parse(res.body) as { code: string; issues?: { path: string; message: string }[] };
  expect([code, "invalid-argument"], `${label}: ${res.body}`).toContain(body.code);
  if (path) expect(body.issues?.[0], label).toEqual({ path, message: errorMessage(code) });
}

const linkFor = (email: string, contractId: string) => builders(t).signingLink(email, contractId);
const codeFor = (email: string) => builders(t).signingCode(email);

async function market() {
  const landlord = await personWithProfile(t.app, "Lúcia");
  const tenant = await personWithProfile(t.app, "Otávio");
  const offerId = await publishedOfferOf(t.app, baseUrl, landlord.cookie, ["fiador", "seguro_fianca"]);
  return { landlord, tenant, offerId };
}

/** A guarantor's address as the form sends it (the CEP as typed, with its dash). */
const GUARANTOR_ADDRESS = {
  cep: "30140-071",
  logradouro: "Rua Pernambuco",
  numero: "550",
  complemento: "casa 2",
  bairro: "Savassi",
  cidade: "Belo Horizonte",
  uf: "MG",
} as const;

describe("signers the parties can trust (decision 017)", () => {
  it("the tenant names the guarantor in the proposal, with a CPF that checks and an e-mail and CPF of their own", async () => {
    const { landlord, tenant, offerId } = await market();
    const propose = (over: Record<string, unknown>) =>
      call("POST", "/api/proposals", tenant.cookie, proposalBodyOf(offerId, "fiador", over));
    const cotenant = {
      nome: "Pedro Souza",
      cpf: randomCpf(),
      email: "pedro.souza@exemplo.com.br",
      renda: 400000,
    };
    const cases: [string, Record<string, unknown>, ErrorCode, string][] = [
      ["no guarantor", { fiador: null }, "guarantor-required", "fiador"],
      [
        "a CPF that does not check",
        { fiador: { ...guarantorOf(), cpf: "123.456.789-00" } },
        "invalid-cpf",
        "fiador.cpf",
      ],
      [
        "the tenant's e-mail",
        { fiador: { ...guarantorOf(), email: tenant.email } },
        "signer-is-party",
        "fiador.email",
      ],
      [
        "the landlord's e-mail, tagged",
        { fiador: { ...guarantorOf(), email: landlord.email.replace("@", "+fiador@") } },
        "signer-is-party",
        "fiador.email",
      ],
      [
        "the tenant's CPF",
        { fiador: { ...guarantorOf(), cpf: tenant.cpf } },
        "signer-cpf-taken",
        "fiador.cpf",
      ],
      [
        "the landlord's CPF",
        { fiador: { ...guarantorOf(), cpf: landlord.cpf } },
        "signer-cpf-taken",
        "fiador.cpf",
      ],
      [
        "a co-tenant's e-mail",
        { cotenants: [cotenant], fiador: { ...guarantorOf(), email: cotenant.email } },
        "signer-email-taken",
        "fiador.email",
      ],
      [
        "no relationship",
        { fiador: { ...guarantorOf(), parentesco: "" } },
        "invalid-relationship",
        "fiador.parentesco",
      ],
      [
        "no marital status",
        { fiador: { ...guarantorOf(), estadoCivil: undefined } },
        "invalid-marital-status",
        "fiador.estadoCivil",
      ],
      [
        "married, without the spouse who must consent (CC art. 1.647, III)",
        { fiador: { ...guarantorOf(), estadoCivil: "casado" } },
        "spouse-required",
        "fiador.conjuge",
      ],
      [
        "a guarantor's address whose CEP is no CEP",
        { fiador: { ...guarantorOf(), endereco: { ...GUARANTOR_ADDRESS, cep: "123" } } },
        "invalid-cep",
        "fiador.endereco.cep",
      ],
      [
        "a spouse for a guarantor who is not married",
        { fiador: { ...marriedGuarantorOf(), estadoCivil: "solteiro" } },
        "spouse-not-expected",
        "fiador.conjuge",
      ],
      [
        "a spouse with the guarantor's own CPF",
        (() => {
          const g = marriedGuarantorOf();
          return { fiador: { ...g, conjuge: { ...g.conjuge, cpf: g.cpf } } };
        })(),
        "signer-cpf-taken",
        "fiador.conjuge.cpf",
      ],
      [
        "a spouse with the tenant's e-mail",
        (() => {
          const g = marriedGuarantorOf();
          return { fiador: { ...g, conjuge: { ...g.conjuge, email: tenant.email } } };
        })(),
        "signer-is-party",
        "fiador.conjuge.email",
      ],
      [
        "a co-tenant with the tenant's own e-mail",
        { cotenants: [{ ...cotenant, email: tenant.email }] },
        "signer-is-party",
        "cotenants.0.email",
      ],
    ];
    for (const [label, over, code, path] of cases) expectRefused(await propose(over), code, path, label);
    expectRefused(
      await call(
        "POST",
        "/api/proposals",
        tenant.cookie,
        proposalBodyOf(offerId, "seguro_fianca", { fiador: guarantorOf() }),
      ),
      "guarantor-not-expected",
      "fiador",
      "a guarantor with seguro-fiança",
    );
    const fiador = guarantorOf("Maria Fiadora Lopes");
    const ok = await propose({ fiador, cotenants: [cotenant] });
    expect(ok.statusCode, ok.body).toBe(201);
    const asLandlord = (
      await call("GET", `/api/proposals/${ok.json<ProposalView>().id}`, landlord.cookie)
    ).json();
    expect(asLandlord.fiador).toMatchObject({ nome: fiador.nome, email: fiador.email, parentesco: "pai" });
  });

  it("a married guarantor's spouse consents by signing: named in the contract, planned and invited as anuente", async () => {
    const { landlord, tenant, offerId } = await market();
    const fiador = {
      ...marriedGuarantorOf("Antônio Gonçalves Fiador", "Marta Gonçalves Anuente"),
      endereco: GUARANTOR_ADDRESS,
    };
    const proposed = await call(
      "POST",
      "/api/proposals",
      tenant.cookie,
      proposalBodyOf(offerId, "fiador", { fiador }),
    );
    expect(proposed.statusCode, proposed.body).toBe(201);
    const id = proposed.json<ProposalView>().id;
    expect(proposed.json<ProposalView>().fiador).toMatchObject({
      estadoCivil: "casado",
      conjuge: { nome: fiador.conjuge.nome },
      endereco: { cep: "30140071", cidade: "Belo Horizonte", bairro: "Savassi" },
    });
    const approved = await call("POST", `/api/proposals/${id}/actions`, landlord.cookie, {
      action: "approve",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.settle();
    const [contract] = (await call("GET", "/api/contracts", landlord.cookie)).json<ContractView[]>();
    if (!contract) throw new Error("no contract");
    expect(contract.plannedSigners.map((s) => [s.role, s.email])).toEqual([
      ["locador", landlord.email],
      ["locatario", tenant.email],
      ["fiador", fiador.email],
      ["anuente", fiador.conjuge.email],
    ]);
    // The lease says it: the spouse's consent in the guarantee clause and a signature line.
    const link = (
      await call("POST", `/api/storage/objects/${contract.documentId}/download-url`, landlord.cookie)
    ).json<{ url: string }>();
    const text = pdfText(Buffer.from(await (await fetch(`${baseUrl}${link.url}`)).arrayBuffer())).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain("com a anuência do cônjuge do(a) FIADOR(A), MARTA GONÇALVES ANUENTE");
    expect(text).toContain("CÔNJUGE DO(A) FIADOR(A), ANUENTE: Marta Gonçalves Anuente");
    // The guarantor is qualified with the address the tenant gave (CEP lookup in the form).
    expect(text).toContain(
      "com residência e domicílio em Rua Pernambuco, 550, casa 2, Savassi, Belo Horizonte – MG, CEP 30140-071",
    );
    const sent = await call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ContractView>().signers.map((s) => s.role)).toEqual([
      "locador",
      "locatario",
      "fiador",
      "anuente",
    ]);
    await t.settle();
    expect((await outboxFor(t.dataDir, fiador.conjuge.email)).length).toBeGreaterThan(0);
  });

  it("the landlord accepts the tenant's guarantor or asks for another, and never names one", async () => {
    const { landlord, tenant, offerId } = await market();
    const first = guarantorOf("Primeiro Fiador Silva");
    const created = await call(
      "POST",
      "/api/proposals",
      tenant.cookie,
      proposalBodyOf(offerId, "fiador", { fiador: first }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json<ProposalView>();
    const act = (cookie: string, body: Record<string, unknown>) =>
      call("POST", `/api/proposals/${p.id}/actions`, cookie, body);
    // Her own guarantor, slipped into a counter, is refused.
    expectRefused(
      await act(landlord.cookie, {
        action: "counter",
        termos: p.termos,
        fiador: { ...guarantorOf(), email: landlord.email },
      }),
      "guarantor-not-expected",
      null,
      "landlord's guarantor",
    );
    const asked = await act(landlord.cookie, {
      action: "request_guarantor",
      motivo: "A renda do fiador não cobre o aluguel.",
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<ProposalView>()).toMatchObject({
      status: "contraproposta",
      turn: "tenant",
      fiador: null,
    });
    expect(asked.json<ProposalView>().events.at(-1)).toMatchObject({
      type: "fiador_solicitado",
      actor: "landlord",
      detail: "A renda do fiador não cobre o aluguel.",
    });
    await t.settle();
    expect(
      (await outboxFor(t.dataDir, tenant.email)).some((m) => m.text.includes("pediu outra pessoa fiadora")),
    ).toBe(true);
    expectRefused(await act(tenant.cookie, { action: "accept" }), "guarantor-required", "fiador", "accept");
    expectRefused(
      await act(tenant.cookie, {
        action: "counter",
        termos: p.termos,
        fiador: { ...first, email: "outro@exemplo.com.br" },
      }),
      "same-guarantor",
      "fiador",
      "the same person again",
    );
    const second = guarantorOf("Segunda Fiadora Reis");
    const named = await act(tenant.cookie, { action: "counter", termos: p.termos, fiador: second });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json<ProposalView>()).toMatchObject({ status: "enviada", fiador: { cpf: second.cpf } });
    expect((await act(landlord.cookie, { action: "approve" })).statusCode).toBe(200);
    await t.settle();
    const [contract] = (await call("GET", "/api/contracts", landlord.cookie)).json<ContractView[]>();
    expect(contract?.plannedSigners.find((s) => s.role === "fiador")).toMatchObject({
      nome: second.nome,
      email: second.email,
      indicadoPor: "locatario",
    });
    // The old review that let the landlord type a guarantor is gone.
    expectRefused(
      await call("PUT", `/api/contracts/${contract?.id}/review`, landlord.cookie, { fiador: guarantorOf() }),
      "invalid-argument",
      null,
      "review with a guarantor",
    );
  });

  it("either party names a witness; nobody signs with a party's e-mail or another signer's e-mail or CPF; both see the list", async () => {
    const { landlord, tenant, offerId } = await market();
    const fiador = guarantorOf();
    const created = await call(
      "POST",
      "/api/proposals",
      tenant.cookie,
      proposalBodyOf(offerId, "fiador", { fiador }),
    );
    const p = created.json<ProposalView>();
    await call("POST", `/api/proposals/${p.id}/actions`, landlord.cookie, { action: "approve" });
    await t.settle();
    const [contract] = (await call("GET", "/api/contracts", landlord.cookie)).json<ContractView[]>();
    if (!contract) throw new Error("no contract");
    const witness = (cookie: string, testemunha: unknown) =>
      call("PUT", `/api/contracts/${contract.id}/witness`, cookie, { testemunha });
    const person = (over: Record<string, string> = {}) => ({
      nome: "Lucia Como Testemunha",
      cpf: randomCpf(),
      email: `testemunha.${Math.random().toString(36).slice(2)}@exemplo.com.br`,
      ...over,
    });
    const cases: [string, unknown, ErrorCode, string][] = [
      ["the landlord's own e-mail", person({ email: landlord.email }), "signer-is-party", "testemunha.email"],
      [
        "the tenant's e-mail",
        person({ email: tenant.email.toUpperCase() }),
        "signer-is-party",
        "testemunha.email",
      ],
      ["the guarantor's e-mail", person({ email: fiador.email }), "signer-email-taken", "testemunha.email"],
      ["the guarantor's CPF", person({ cpf: fiador.cpf }), "signer-cpf-taken", "testemunha.cpf"],
      ["the landlord's CPF", person({ cpf: landlord.cpf }), "signer-cpf-taken", "testemunha.cpf"],
      ["an invented CPF", person({ cpf: "111.222.333-44" }), "invalid-cpf", "testemunha.cpf"],
    ];
    for (const [label, body, code, path] of cases)
      expectRefused(await witness(landlord.cookie, body), code, path, label);
    const hers = person({ nome: "Carla Testemunha Dias" });
    expect((await witness(landlord.cookie, hers)).statusCode).toBe(200);
    expectRefused(
      await witness(tenant.cookie, person({ email: hers.email })),
      "signer-email-taken",
      "testemunha.email",
      "the other witness's e-mail",
    );
    const his = person({ nome: "Bruno Testemunha Melo" });
    const both = await witness(tenant.cookie, his);
    expect(both.statusCode, both.body).toBe(200);
    // A second witness of hers replaces the first: one each.
    const hers2 = person({ nome: "Dora Testemunha Lima" });
    expect((await witness(landlord.cookie, hers2)).statusCode).toBe(200);
    const asTenant = (await call("GET", `/api/contracts/${contract.id}`, tenant.cookie)).json<ContractView>();
    expect(asTenant.plannedSigners.map((s) => [s.role, s.nome, s.indicadoPor])).toEqual([
      ["locador", landlord.fullName, null],
      ["locatario", tenant.fullName, null],
      ["fiador", fiador.nome, "locatario"],
      ["testemunha", his.nome, "locatario"],
      ["testemunha", hers2.nome, "locador"],
    ]);
    expect(asTenant.plannedSigners.every((s) => /^\*\*\*\.\d{3}\.\d{3}-\*\*$/.test(s.cpf))).toBe(true);
    await t.settle();
    expect(
      (await outboxFor(t.dataDir, tenant.email)).some((m) =>
        m.text.includes(`indicou ${hers2.nome} como testemunha`),
      ),
    ).toBe(true);
    // The rules again at sending: the tenant's account e-mail became his witness's meanwhile. The
    // refusal names the signer by place in the planned list, so the review can say whose e-mail.
    const setWitnessEmail = (email: string) =>
      t.database.pool.query(
        `UPDATE contracts SET data = jsonb_set(data, '{testemunhas,0,email}', to_jsonb($2::text)) WHERE id = $1`,
        [contract.id, email],
      );
    await setWitnessEmail(tenant.email);
    expectRefused(
      await call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie),
      "signer-is-party",
      "signatarios.3.email",
      "a witness with the tenant's e-mail at sending",
    );
    await setWitnessEmail(his.email);
    const sent = await call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ContractView>().signers.map((s) => s.email)).toEqual([
      landlord.email,
      tenant.email,
      fiador.email,
      his.email,
      hers2.email,
    ]);
    expect((await witness(tenant.cookie, null)).json().code).toBe("contract-not-editable");
  });

  it("blocks a signer after ten wrong codes over the envelope's life (new codes do not reset it), tells both by e-mail, and records every try", async () => {
    const { landlord, tenant, offerId } = await market();
    const fiador = guarantorOf();
    const created = await call(
      "POST",
      "/api/proposals",
      tenant.cookie,
      proposalBodyOf(offerId, "fiador", { fiador }),
    );
    await call("POST", `/api/proposals/${created.json<ProposalView>().id}/actions`, landlord.cookie, {
      action: "approve",
    });
    await t.settle();
    const [contract] = (await call("GET", "/api/contracts", landlord.cookie)).json<ContractView[]>();
    if (!contract) throw new Error("no contract");
    expect((await call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie)).statusCode).toBe(200);
    const token = await linkFor(fiador.email, contract.id);
    const newCode = async () => {
      clock.advance(61_000);
      const res = await call("POST", `/api/signing/${contract.id}/code`, undefined, { token }, uniqueIp());
      expect(res.statusCode, res.body).toBe(200);
      return codeFor(fiador.email);
    };
    const sign = (codigo: string) =>
      call(
        "POST",
        `/api/signing/${contract.id}/sign`,
        undefined,
        { token, codigo, nome: fiador.nome, cpf: fiador.cpf },
        uniqueIp(),
      );
    const answers: string[] = [];
    // Four wrong tries on each of two codes, then two on a third: ten in all.
    for (const tries of [4, 4, 2]) {
      const right = await newCode();
      const wrong = right === "000000" ? "111111" : "000000";
      for (let i = 0; i < tries; i++) answers.push((await sign(wrong)).json().code);
    }
    expect(answers).toEqual([...Array(CODE_MAX_FAILURES - 1).fill("invalid-code"), "signer-blocked"]);
    // Blocked: the right code no longer works, and no new code is sent.
    expect((await sign(await codeFor(fiador.email))).json().code).toBe("signer-blocked");
    clock.advance(61_000);
    expect(
      (await call("POST", `/api/signing/${contract.id}/code`, undefined, { token }, uniqueIp())).json().code,
    ).toBe("signer-blocked");
    await t.settle();
    for (const email of [landlord.email, fiador.email])
      expect(
        (await outboxFor(t.dataDir, email)).some((m) =>
          m.text.includes("foi bloqueada depois de 10 códigos errados"),
        ),
        email,
      ).toBe(true);
    const view = (await call("GET", `/api/contracts/${contract.id}`, landlord.cookie)).json<ContractView>();
    const blocked = view.signers.find((s) => s.role === "fiador");
    expect(blocked).toMatchObject({ blocked: true });
    // The signer's own link says so, and the landlord cannot send a new invitation that would mislead.
    const own = await call(
      "GET",
      `/api/signing/${contract.id}?token=${token}`,
      undefined,
      undefined,
      uniqueIp(),
    );
    expect(own.json().signatario).toMatchObject({ blocked: true });
    clock.advance(6 * 60_000);
    const resent = await call(
      "POST",
      `/api/contracts/${contract.id}/signers/${blocked?.id}/resend`,
      landlord.cookie,
    );
    expect(resent.statusCode).toBe(403);
    expect(resent.json().code).toBe("signer-blocked");
    const { rows } = await t.database.pool.query<{ type: string; n: string }>(
      `SELECT type, count(*) AS n FROM contract_events WHERE contract_id = $1 AND type LIKE 'codigo_%' OR type = 'signatario_bloqueado' AND contract_id = $1 GROUP BY type`,
      [contract.id],
    );
    expect(Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]))).toEqual({
      codigo_enviado: 3,
      codigo_incorreto: CODE_MAX_FAILURES + 1,
      signatario_bloqueado: 1,
    });
    // A right try is recorded too.
    const tenantToken = await linkFor(tenant.email, contract.id);
    clock.advance(61_000);
    await call("POST", `/api/signing/${contract.id}/code`, undefined, { token: tenantToken }, uniqueIp());
    const signed = await call(
      "POST",
      `/api/signing/${contract.id}/sign`,
      undefined,
      { token: tenantToken, codigo: await codeFor(tenant.email), nome: tenant.fullName, cpf: tenant.cpf },
      uniqueIp(),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const trail = (await call("GET", `/api/contracts/${contract.id}`, tenant.cookie)).json<ContractView>()
      .events;
    expect(trail.map((e) => e.type)).toEqual(
      expect.arrayContaining(["signatario_bloqueado", "codigo_confirmado"]),
    );
  });
});
