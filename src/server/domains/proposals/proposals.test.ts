import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf, makePng, randomCpf } from "../../../../tests/support/files";
import { outboxFor } from "../../../../tests/support/mail";
import { entryDate, guarantorOf } from "../../../../tests/support/market";
import { createTestApp, ORIGIN, signUp, type TestApp } from "../../../../tests/support/test-app";
import { uploadBytes } from "../../../../tests/support/tus";
import type { OfferView, UnitView } from "../../../shared/contracts/listings";
import type { ProposalView } from "../../../shared/contracts/proposals";
import type { StoredDocument } from "../../../shared/contracts/storage";
import { move } from "../../../shared/proposal-machine";

/** An entry date the rules accept whenever the test runs (decision 017). */
const ENTRY = entryDate();

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

function call(method: "GET" | "POST" | "PUT", url: string, cookie?: string, body?: unknown) {
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

async function person(name: string, complete = true) {
  const u = await signUp(t.app, { name });
  if (complete) {
    const cpf = randomCpf();
    const personal = await call("PUT", "/api/profile/personal", u.cookie, {
      nomeCompleto: `${name} da Silva`,
      cpf,
      rg: "12.345.678-9",
      dataNascimento: "1990-05-10",
      estadoCivil: "solteiro",
      profissao: "Engenheira",
      nacionalidade: "brasileira",
      telefone: "(11) 98765-4321",
    });
    expect(personal.statusCode, personal.body).toBe(200);
    const address = await call("PUT", "/api/profile/address", u.cookie, {
      cep: "01310-100",
      logradouro: "Avenida Paulista",
      numero: "1000",
      bairro: "Bela Vista",
      cidade: "São Paulo",
      uf: "SP",
      rendaMensal: 1_200_000,
      ocupacao: "clt",
    });
    expect(address.statusCode, address.body).toBe(200);
  }
  return u;
}

async function publishedOffer(cookie: string): Promise<OfferView> {
  const photo = (
    await uploadBytes({ baseUrl, cookie, origin: ORIGIN }, makePng(30, 20, [10, 120, 200]), {
      filename: "f.png",
      kind: "foto_unidade",
      folder: "unidades",
    })
  ).json<StoredDocument>().id;
  const unit = (
    await call("POST", "/api/units", cookie, {
      tipo: "apartamento",
      cep: "05422010",
      logradouro: "Rua A",
      numero: "1",
      bairro: "Pinheiros",
      cidade: "São Paulo",
      uf: "SP",
      areaM2: 60,
      quartos: 2,
      banheiros: 1,
      vagas: 1,
      mobiliado: false,
      aceitaPets: true,
      fotos: [photo],
    })
  ).json<UnitView>();
  const offer = (
    await call("POST", "/api/offers", cookie, {
      unidadeId: unit.id,
      aluguel: 300000,
      condominio: 50000,
      iptu: 10000,
      seguroIncendio: 2000,
      garantias: ["seguro_fianca", "fiador"],
      disponivelEm: "2026-12-01",
    })
  ).json<OfferView>();
  return (await call("POST", `/api/offers/${offer.id}/publish`, cookie)).json<OfferView>();
}

async function document(cookie: string) {
  return (
    await uploadBytes({ baseUrl, cookie, origin: ORIGIN }, await makePdf(1), {
      filename: "holerite.pdf",
      kind: "comprovante_renda",
      folder: "perfil",
    })
  ).json<StoredDocument>().id;
}

const proposalBody = (ofertaId: string, over: Record<string, unknown> = {}) => ({
  ofertaId,
  aluguel: 280000,
  dataEntrada: ENTRY,
  prazoMeses: 30,
  garantia: "seguro_fianca",
  moradores: 2,
  pets: true,
  renda: 800000,
  cotenants: [{ nome: "Pedro Souza", cpf: "111.444.777-35", email: "pedro@exemplo.com.br", renda: 400000 }],
  mensagem: "Tenho interesse, posso mudar em dezembro.",
  ...over,
});

async function propose(tenantCookie: string, offerId: string, over: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/proposals", tenantCookie, proposalBody(offerId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ProposalView>();
}

const act = (cookie: string | undefined, id: string, body: Record<string, unknown>) =>
  call("POST", `/api/proposals/${id}/actions`, cookie, body);

describe("profile", () => {
  it("checks CPF digits, age and phone, in pt-BR", async () => {
    const u = await person("Lia", false);
    const res = await call("PUT", "/api/profile/personal", u.cookie, {
      nomeCompleto: "Lia",
      cpf: "123.456.789-00",
      rg: "1",
      dataNascimento: new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10),
      estadoCivil: "solteiro",
      profissao: "x",
      nacionalidade: "brasileira",
      telefone: "123",
    });
    const issues = Object.fromEntries(
      res.json<{ issues: { path: string; message: string }[] }>().issues.map((i) => [i.path, i.message]),
    );
    expect(issues).toMatchObject({
      nomeCompleto: "Informe o nome completo, com nome e sobrenome.",
      cpf: "CPF inválido: confira os números. Um CPF tem 11 dígitos, e os dois últimos conferem os demais.",
      dataNascimento: "É preciso ter 18 anos ou mais.",
      telefone: "Informe um telefone com DDD (ex.: (11) 98765-4321).",
    });
    expect((await call("GET", "/api/profile", u.cookie)).json()).toMatchObject({ complete: false });
    expect((await call("GET", "/api/profile")).statusCode).toBe(401);
  });
});

describe("proposals", () => {
  it("are stored with their first event, share their documents with the landlord only, and e-mail the landlord", async () => {
    const landlord = await person("Helena");
    const tenant = await person("Bruno");
    const stranger = await person("Caio");
    const offer = await publishedOffer(landlord.cookie);
    const doc = await document(tenant.cookie);
    const p = await propose(tenant.cookie, offer.id, { documentos: [doc] });
    expect(p).toMatchObject({ status: "enviada", turn: "landlord", role: "tenant" });
    expect(p.events.map((e) => e.type)).toEqual(["enviada"]);
    expect(new Date(p.deadline ?? 0).getTime() - Date.now()).toBeGreaterThan(71 * 3_600_000);
    // Income 8.000 + 4.000 over a pacote of 2.800 + 500 + 100 + 20 = 3.420 → 3,51.
    expect(p.rendaTotal).toBe(1_200_000);
    expect(p.razaoRenda).toBeCloseTo(3.51, 2);
    expect((await call("GET", `/api/storage/objects/${doc}`, landlord.cookie)).statusCode).toBe(200);
    expect((await call("GET", `/api/storage/objects/${doc}`, stranger.cookie)).statusCode).toBe(403);
    expect((await call("GET", `/api/proposals/${p.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/proposals/${p.id}`)).statusCode).toBe(401);
    const inbox = (await call("GET", "/api/proposals?role=landlord", landlord.cookie)).json<ProposalView[]>();
    expect(inbox.map((x) => x.id)).toContain(p.id);
    await t.settle();
    const mails = await outboxFor(t.dataDir, landlord.email);
    expect(
      mails.some((m) => m.text.includes("Você recebeu uma proposta para Apartamento em Pinheiros")),
    ).toBe(true);
    expect(mails.some((m) => m.text.includes(`/AprovarProposta?id=${p.id}`))).toBe(true);
  });

  it("refuses one's own offer, a second open proposal, a guarantee not accepted, and an incomplete profile", async () => {
    const landlord = await person("Helena");
    const tenant = await person("Bruno");
    const offer = await publishedOffer(landlord.cookie);
    expect((await call("POST", "/api/proposals", landlord.cookie, proposalBody(offer.id))).json().code).toBe(
      "own-offer",
    );
    expect(
      (
        await call("POST", "/api/proposals", tenant.cookie, proposalBody(offer.id, { garantia: "caucao" }))
      ).json().code,
    ).toBe("guarantee-not-accepted");
    await propose(tenant.cookie, offer.id);
    expect((await call("POST", "/api/proposals", tenant.cookie, proposalBody(offer.id))).json().code).toBe(
      "duplicate-proposal",
    );
    const newcomer = await person("Dora", false);
    const res = await call("POST", "/api/proposals", newcomer.cookie, proposalBody(offer.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("Complete seus dados");
    const someoneElsesDoc = await document(newcomer.cookie);
    expect(
      (
        await call(
          "POST",
          "/api/proposals",
          (
            await person("Eva")
          ).cookie,
          proposalBody(offer.id, { documentos: [someoneElsesDoc] }),
        )
      ).json().code,
    ).toBe("invalid-document");
  });

  it("follows the negotiation: counter, accept, documents, approval; each step's turn and deadline", async () => {
    const landlord = await person("Helena");
    const tenant = await person("Bruno");
    const offer = await publishedOffer(landlord.cookie);
    const p = await propose(tenant.cookie, offer.id);
    const counter = await act(landlord.cookie, p.id, {
      action: "counter",
      termos: { aluguel: 295000, dataEntrada: ENTRY, prazoMeses: 36, garantia: "fiador" },
      mensagem: "Fecho por 2.950 com 36 meses.",
    });
    expect(counter.json()).toMatchObject({ status: "contraproposta", turn: "tenant" });
    const last = counter.json<ProposalView>().events.at(-1);
    expect(last).toMatchObject({
      type: "contraproposta",
      actor: "landlord",
      changes: { aluguel: [280000, 295000], prazoMeses: [30, 36], garantia: ["seguro_fianca", "fiador"] },
    });
    // The landlord asked for a guarantor: the tenant names one (decision 017), accepting is not enough.
    expect((await act(tenant.cookie, p.id, { action: "accept" })).json().code).toBe("guarantor-required");
    const named = await act(tenant.cookie, p.id, {
      action: "counter",
      termos: { aluguel: 295000, dataEntrada: ENTRY, prazoMeses: 36, garantia: "fiador" },
      fiador: guarantorOf(),
    });
    expect(named.json()).toMatchObject({
      status: "enviada",
      turn: "landlord",
      termos: { aluguel: 295000 },
      fiador: { parentesco: "pai" },
    });
    expect(
      (
        await act(landlord.cookie, p.id, { action: "request_documents", documentos: ["comprovante_renda"] })
      ).json(),
    ).toMatchObject({
      status: "documentos_solicitados",
      documentosSolicitados: ["comprovante_renda"],
    });
    const doc = await document(tenant.cookie);
    expect(
      (await act(tenant.cookie, p.id, { action: "send_documents", documentos: [doc] })).json(),
    ).toMatchObject({ status: "enviada", documentos: [doc] });
    expect((await call("GET", `/api/storage/objects/${doc}`, landlord.cookie)).statusCode).toBe(200);
    const approved = await act(landlord.cookie, p.id, { action: "approve" });
    expect(approved.json()).toMatchObject({ status: "aprovada", turn: null, deadline: null });
    expect((await call("GET", `/api/offers/${offer.id}`)).json().status).toBe("reservada");
  });

  it("allows each party only its own moves, in its turn, and nothing to a stranger", async () => {
    const landlord = await person("Helena");
    const tenant = await person("Bruno");
    const stranger = await person("Caio");
    const offer = await publishedOffer(landlord.cookie);
    const p = await propose(tenant.cookie, offer.id);
    const terms = { aluguel: 290000, dataEntrada: ENTRY, prazoMeses: 30, garantia: "fiador" };
    for (const body of [{ action: "approve" }, { action: "withdraw" }, { action: "accept" }]) {
      expect((await act(stranger.cookie, p.id, body)).statusCode).toBe(404);
      expect((await act(undefined, p.id, body)).statusCode).toBe(401);
    }
    // enviada: the landlord's turn.
    expect((await act(tenant.cookie, p.id, { action: "approve" })).json().code).toBe("not-your-turn");
    expect((await act(tenant.cookie, p.id, { action: "accept" })).json().code).toBe("not-your-turn");
    expect((await act(landlord.cookie, p.id, { action: "withdraw" })).json().code).toBe("not-your-turn");
    expect((await act(landlord.cookie, p.id, { action: "reject", motivo: "" })).json().code).toBe(
      "invalid-argument",
    );
    // contraproposta: the tenant's turn.
    await act(landlord.cookie, p.id, { action: "counter", termos: terms });
    expect((await act(landlord.cookie, p.id, { action: "approve" })).json().code).toBe("not-your-turn");
    expect(
      (
        await act(tenant.cookie, p.id, {
          action: "counter",
          termos: { ...terms, aluguel: 285000 },
          fiador: guarantorOf(),
        })
      ).json(),
    ).toMatchObject({ status: "enviada" });
    expect((await act(tenant.cookie, p.id, { action: "withdraw" })).json()).toMatchObject({
      status: "retirada",
      turn: null,
    });
    // Final: nothing more.
    expect((await act(landlord.cookie, p.id, { action: "approve" })).json().code).toBe("proposal-closed");
  });

  it("answers every action from every status, for the tenant, the landlord and a stranger, through the API", async () => {
    const landlord = await person("Helena");
    const tenant = await person("Bruno");
    const stranger = await person("Caio");
    const offer = await publishedOffer(landlord.cookie);
    const p = await propose(tenant.cookie, offer.id);
    const doc = await document(tenant.cookie);
    const bodies: Record<string, Record<string, unknown>> = {
      approve: { action: "approve" },
      reject: { action: "reject", motivo: "Preferi outra proposta." },
      counter: {
        action: "counter",
        termos: { aluguel: 290000, dataEntrada: ENTRY, prazoMeses: 30, garantia: "seguro_fianca" },
      },
      request_documents: { action: "request_documents", documentos: ["cpf"] },
      accept: { action: "accept" },
      send_documents: { action: "send_documents", documentos: [doc] },
      withdraw: { action: "withdraw" },
    };
    const statuses = [
      "enviada",
      "contraproposta",
      "documentos_solicitados",
      "aprovada",
      "recusada",
      "retirada",
      "expirada",
      "encerrada",
    ] as const;
    let checked = 0;
    for (const status of statuses)
      for (const [who, cookie] of [
        ["tenant", tenant.cookie],
        ["landlord", landlord.cookie],
        ["stranger", stranger.cookie],
      ] as const)
        for (const [action, body] of Object.entries(bodies)) {
          const turn =
            status === "enviada"
              ? "landlord"
              : status === "contraproposta" || status === "documentos_solicitados"
                ? "tenant"
                : null;
          await t.database.pool.query(
            "UPDATE proposals SET status = $2, turn = $3, deadline = now() + interval '1 day' WHERE id = $1",
            [p.id, status, turn],
          );
          await t.database.pool.query("UPDATE offers SET status = 'publicada' WHERE id = $1", [offer.id]);
          const res = await act(cookie, p.id, body);
          const expected = who === "stranger" ? null : move(status, who, action as never);
          const label = `${status} / ${who} / ${action}`;
          if (!expected) {
            expect(res.statusCode, label).toBe(404);
          } else if (expected.ok) {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
            expect(res.json().status, label).toBe(expected.next);
          } else {
            expect(res.statusCode, label).toBe(409);
            expect(res.json().code, label).toBe(expected.code);
          }
          checked++;
        }
    expect(checked).toBe(8 * 3 * 7);
  });

  it("ends every move the rules do not name, from every status, for both parties", () => {
    const statuses = [
      "enviada",
      "contraproposta",
      "documentos_solicitados",
      "aprovada",
      "recusada",
      "retirada",
      "expirada",
      "encerrada",
    ] as const;
    const actions = [
      "approve",
      "reject",
      "counter",
      "request_documents",
      "accept",
      "send_documents",
      "withdraw",
      "request_guarantor",
    ] as const;
    const allowed = new Set([
      "enviada/landlord/approve",
      "enviada/landlord/reject",
      "enviada/landlord/counter",
      "enviada/landlord/request_documents",
      "enviada/landlord/request_guarantor",
      "enviada/tenant/withdraw",
      "contraproposta/tenant/accept",
      "contraproposta/tenant/reject",
      "contraproposta/tenant/counter",
      "contraproposta/tenant/withdraw",
      "documentos_solicitados/tenant/send_documents",
      "documentos_solicitados/tenant/withdraw",
    ]);
    for (const s of statuses)
      for (const party of ["tenant", "landlord"] as const)
        for (const a of actions)
          expect(move(s, party, a).ok, `${s}/${party}/${a}`).toBe(allowed.has(`${s}/${party}/${a}`));
  });

  it("approves exactly one of two proposals approved at the same moment, every time, on one node or two", async () => {
    const results: string[] = [];
    const nodeB = await createTestApp({ LOG_LEVEL: "silent" });
    const onB = (cookie: string, id: string) =>
      nodeB.app.inject({
        method: "POST",
        url: `/api/proposals/${id}/actions`,
        headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
        payload: JSON.stringify({ action: "approve" }),
      });
    for (let round = 0; round < 16; round++) {
      const landlord = await person("Helena");
      const offer = await publishedOffer(landlord.cookie);
      const a = await propose((await person("Ana")).cookie, offer.id);
      const b = await propose((await person("Beto")).cookie, offer.id);
      // Even rounds: both requests on node A; odd rounds: one on A and one on B.
      const [ra, rb] = await Promise.all([
        act(landlord.cookie, a.id, { action: "approve" }),
        round % 2 === 0 ? act(landlord.cookie, b.id, { action: "approve" }) : onB(landlord.cookie, b.id),
      ]);
      const codes = [ra.statusCode, rb.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const { rows } = await t.database.pool.query<{ status: string }>(
        "SELECT status FROM proposals WHERE offer_id = $1 ORDER BY status",
        [offer.id],
      );
      expect(rows.map((r) => r.status)).toEqual(["aprovada", "encerrada"]);
      results.push(`${ra.statusCode}/${rb.statusCode}`);
    }
    await nodeB.close();
    // Both orders happen: sometimes A wins, sometimes B.
    expect(results).toHaveLength(16);
    console.log(`race: ${results.join(" ")}`);
  });

  it("expires overdue proposals with a controlled clock, on one runner at a time, and tells both sides", async () => {
    const landlord = await person("Helena");
    const tenant = await person("Bruno");
    const offer = await publishedOffer(landlord.cookie);
    const p = await propose(tenant.cookie, offer.id);
    const service = t.app.proposals;
    expect(await service.expireOverdue(new Date(Date.now() + 71 * 3_600_000))).toBe(0);
    const later = new Date(Date.now() + 73 * 3_600_000);
    const [first, second] = await Promise.all([service.expireOverdue(later), service.expireOverdue(later)]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    const view = (await call("GET", `/api/proposals/${p.id}`, tenant.cookie)).json<ProposalView>();
    expect(view).toMatchObject({ status: "expirada", turn: null });
    expect(view.events.filter((e) => e.type === "expirada")).toHaveLength(1);
    expect((await act(landlord.cookie, p.id, { action: "approve" })).json().code).toBe("proposal-closed");
  });
});
