import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { entryDate, guarantorOf, proposalBodyOf } from "../../../../tests/support/bodies";
import { builders, type Person } from "../../../../tests/support/builders";
import { makePdf } from "../../../../tests/support/files";
import { outboxFor } from "../../../../tests/support/mail";
import { personalProfileOf } from "../../../../tests/support/profiles";
import { createTestApp, ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { uploadBytes } from "../../../../tests/support/tus";
import type { ProposalView } from "../../../shared/contracts/proposals";
import type { StoredDocument } from "../../../shared/contracts/storage";
import { move } from "../../../shared/proposal-machine";
import { manualClock } from "../../clock";

/** An entry date the rules accept whenever the test runs (decision 017). */
const ENTRY = entryDate();

let t: TestApp;
let baseUrl: string;
let b: ReturnType<typeof builders>;
let call: ReturnType<typeof builders>["call"];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  b = builders(t);
  call = b.call;
});
afterAll(() => t.close());

const person = (name: string) => b.person(name);

/**
 * The offer these tests reason about: Pinheiros, rent R$ 3.000 + condomínio 500 + IPTU 100 +
 * seguro 20, pets welcome, seguro-fiança or fiador. Its id.
 */
async function publishedOffer(landlord: Person): Promise<string> {
  const { offerId } = await b.offer({
    landlord,
    garantias: ["seguro_fianca", "fiador"],
    terms: {
      aluguel: 300000,
      condominio: 50000,
      iptu: 10000,
      seguroIncendio: 2000,
      disponivelEm: "2026-12-01",
    },
    unit: {
      cep: "05422010",
      logradouro: "Rua A",
      numero: "1",
      bairro: "Pinheiros",
      cidade: "São Paulo",
      uf: "SP",
      aceitaPets: true,
    },
  });
  return offerId;
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

/** A tenant's usual proposal here: R$ 2.800, seguro-fiança, a co-tenant, pets. */
const proposalBody = (ofertaId: string, over: Record<string, unknown> = {}) =>
  proposalBodyOf(ofertaId, "seguro_fianca", {
    aluguel: 280000,
    dataEntrada: ENTRY,
    pets: true,
    renda: 800000,
    cotenants: [{ nome: "Pedro Souza", cpf: "111.444.777-35", email: "pedro@exemplo.com.br", renda: 400000 }],
    mensagem: "Tenho interesse, posso mudar em dezembro.",
    ...over,
  });

async function propose(
  landlord: Person,
  tenant: Person,
  offerId: string,
  over: Record<string, unknown> = {},
) {
  const { proposal } = await b.proposal("enviada", {
    landlord,
    tenant,
    offerId,
    garantia: "seguro_fianca",
    body: proposalBody(offerId, over),
  });
  return proposal;
}

const act = (cookie: string | undefined, id: string, body: Record<string, unknown>) =>
  call("POST", `/api/proposals/${id}/actions`, cookie, body);

describe("profile", () => {
  it("checks CPF digits, age and phone, in pt-BR", async () => {
    const u = await b.newUser("Lia");
    const res = await call(
      "PUT",
      "/api/profile/personal",
      u.cookie,
      personalProfileOf("Lia", {
        nomeCompleto: "Lia",
        cpf: "123.456.789-00",
        rg: "1",
        dataNascimento: new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10),
        profissao: "x",
        telefone: "123",
      }),
    );
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
    const offerId = await publishedOffer(landlord);
    const doc = await document(tenant.cookie);
    const p = await propose(landlord, tenant, offerId, { documentos: [doc] });
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
      mails.some((m) => m.text.includes("Você recebeu uma proposta para Apartamento no bairro Pinheiros")),
    ).toBe(true);
    expect(mails.some((m) => m.text.includes(`/AprovarProposta?id=${p.id}`))).toBe(true);
  });

  it("refuses one's own offer, a second open proposal, a guarantee not accepted, and an incomplete profile", async () => {
    const landlord = await person("Helena");
    const tenant = await person("Bruno");
    const offerId = await publishedOffer(landlord);
    expect((await call("POST", "/api/proposals", landlord.cookie, proposalBody(offerId))).json().code).toBe(
      "own-offer",
    );
    expect(
      (
        await call("POST", "/api/proposals", tenant.cookie, proposalBody(offerId, { garantia: "caucao" }))
      ).json().code,
    ).toBe("guarantee-not-accepted");
    await propose(landlord, tenant, offerId);
    expect((await call("POST", "/api/proposals", tenant.cookie, proposalBody(offerId))).json().code).toBe(
      "duplicate-proposal",
    );
    const newcomer = await b.newUser("Dora");
    const res = await call("POST", "/api/proposals", newcomer.cookie, proposalBody(offerId));
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
          proposalBody(offerId, { documentos: [someoneElsesDoc] }),
        )
      ).json().code,
    ).toBe("invalid-document");
  });

  it("follows the negotiation: counter, accept, documents, approval; each step's turn and deadline", async () => {
    const landlord = await person("Helena");
    const tenant = await person("Bruno");
    const offerId = await publishedOffer(landlord);
    const p = await propose(landlord, tenant, offerId);
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
    expect((await call("GET", `/api/offers/${offerId}`)).json().status).toBe("reservada");
  });

  it("concludes when the tenant accepts the landlord's counter: approved, offer reserved, rival closed, contract written", async () => {
    const landlord = await person("Helena");
    const tenant = await person("Bruno");
    const rival = await person("Caio");
    const offerId = await publishedOffer(landlord);
    const p = await propose(landlord, tenant, offerId);
    const other = await propose(landlord, rival, offerId);
    const counter = await act(landlord.cookie, p.id, {
      action: "counter",
      termos: { aluguel: 295000, dataEntrada: ENTRY, prazoMeses: 36, garantia: "seguro_fianca" },
    });
    expect(counter.json()).toMatchObject({ status: "contraproposta", turn: "tenant" });
    const accepted = await act(tenant.cookie, p.id, { action: "accept" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Accepting the other side's last terms is the agreement: no second approval, no new deadline.
    expect(accepted.json()).toMatchObject({
      status: "aprovada",
      turn: null,
      deadline: null,
      termos: { aluguel: 295000 },
    });
    expect(accepted.json<ProposalView>().events.at(-1)).toMatchObject({ type: "aceita", actor: "tenant" });
    expect((await call("GET", `/api/offers/${offerId}`)).json().status).toBe("reservada");
    expect((await call("GET", `/api/proposals/${other.id}`, rival.cookie)).json().status).toBe("encerrada");
    await t.settle();
    const contracts = (await call("GET", "/api/contracts", landlord.cookie)).json<{ proposalId: string }[]>();
    expect(contracts.map((c) => c.proposalId)).toContain(p.id);
    const mails = await outboxFor(t.dataDir, landlord.email);
    // Subjects say what happened, with the bairro read as a bairro ("no bairro", never "em Centro").
    expect(
      mails.some((m) => /^Subject: Contraproposta aceita: Apartamento no bairro Pinheiros$/m.test(m.raw)),
    ).toBe(true);
    expect(mails.some((m) => /^Subject: Proposta: /m.test(m.raw))).toBe(false);
    const tenantMails = await outboxFor(t.dataDir, tenant.email);
    expect(
      tenantMails.some((m) =>
        /^Subject: Nova contraproposta para Apartamento no bairro Pinheiros$/m.test(m.raw),
      ),
    ).toBe(true);
  });

  it("lets a landlord counter only with the profile a contract needs, as she approves: the tenant may accept it", async () => {
    // Publishing asks for the profile (decision 041); an offer published before then may have
    // an owner without one: she completes it to close a deal.
    const landlord = await person("Helena");
    const tenant = await person("Bruno");
    const { offerId } = await b.offer({ landlord, garantias: ["seguro_fianca"] });
    const p = await propose(landlord, tenant, offerId);
    await t.database.pool.query("DELETE FROM profiles WHERE user_id = $1", [landlord.userId]);
    const counter = await act(landlord.cookie, p.id, {
      action: "counter",
      termos: { aluguel: 295000, dataEntrada: ENTRY, prazoMeses: 36, garantia: "seguro_fianca" },
    });
    expect(counter.statusCode).toBe(409);
    expect(counter.json()).toMatchObject({ code: "profile-incomplete" });
    expect((await call("GET", `/api/proposals/${p.id}`, tenant.cookie)).json().status).toBe("enviada");
  });

  it("allows each party only its own moves, in its turn, and nothing to a stranger", async () => {
    const landlord = await person("Helena");
    const tenant = await person("Bruno");
    const stranger = await person("Caio");
    const offerId = await publishedOffer(landlord);
    const p = await propose(landlord, tenant, offerId);
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
    const offerId = await publishedOffer(landlord);
    const p = await propose(landlord, tenant, offerId);
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
          await t.database.pool.query("UPDATE offers SET status = 'publicada' WHERE id = $1", [offerId]);
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
  }, 90_000);

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

  it("approves exactly one of two proposals approved at the same moment, whichever comes first, on one node or two", async () => {
    const nodeB = await createTestApp({ LOG_LEVEL: "silent" });
    // async: inject's answer is lazy, and the request must leave now, not when awaited.
    const approveOn = async (node: TestApp, cookie: string, id: string) =>
      node.app.inject({
        method: "POST",
        url: `/api/proposals/${id}/actions`,
        headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
        payload: JSON.stringify({ action: "approve" }),
      });
    // A connection of the test's own, outside both apps' pools: it holds the offer and watches
    // who queues behind it.
    const db = new pg.Client({ connectionString: inject("databaseUrl") });
    await db.connect();
    /** Waits until `n` backends queue, directly or behind one another, on a lock `holder` holds. */
    async function queued(holder: number, n: number) {
      for (let poll = 0; poll < 5_000; poll++) {
        // Inside the holder's transaction the statistics views are a snapshot: refresh it.
        await db.query("SELECT pg_stat_clear_snapshot()");
        const { rows } = await db.query<{ pid: number; blockers: number[] }>(
          "SELECT pid, pg_blocking_pids(pid) AS blockers FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
        );
        const behind = new Set([holder]);
        for (let grew = true; grew; ) {
          grew = false;
          for (const r of rows)
            if (!behind.has(r.pid) && r.blockers.some((x) => behind.has(x))) {
              behind.add(r.pid);
              grew = true;
            }
        }
        if (behind.size - 1 >= n) return;
      }
      const { rows } = await db.query(
        "SELECT pid, wait_event_type, wait_event, state, pg_blocking_pids(pid) AS blockers, left(query, 80) AS query FROM pg_stat_activity WHERE datname = current_database()",
      );
      throw new Error(`${n} approvals never queued on the offer (holder ${holder}): ${JSON.stringify(rows)}`);
    }
    async function round(
      twoNodes: boolean,
      first: "a" | "b" | "together",
    ): Promise<{ a: number; b: number; statuses: string[] }> {
      const landlord = await person("Helena");
      const offerId = await publishedOffer(landlord);
      const a = await propose(landlord, await person("Ana"), offerId);
      const b = await propose(landlord, await person("Beto"), offerId);
      const approveA = () => approveOn(t, landlord.cookie, a.id);
      const approveB = () => approveOn(twoNodes ? nodeB : t, landlord.cookie, b.id);
      let ra: { statusCode: number };
      let rb: { statusCode: number };
      if (first === "together") {
        [ra, rb] = await Promise.all([approveA(), approveB()]);
      } else {
        // The proposals' e-mails go first: their jobs would otherwise share the app's small pool
        // (4 connections in tests) with the approvals held below.
        await t.settle();
        // The offer is held while both approvals arrive in the chosen order, then let go: both
        // are in flight at once, and the one that queued first must win.
        await db.query("BEGIN");
        await db.query("SELECT 1 FROM offers WHERE id = $1 FOR UPDATE", [offerId]);
        const holder = (await db.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid ?? 0;
        const [sendFirst, sendSecond] = first === "a" ? [approveA, approveB] : [approveB, approveA];
        const pFirst = sendFirst();
        await queued(holder, 1);
        const pSecond = sendSecond();
        await queued(holder, 2);
        await db.query("COMMIT");
        const [rFirst, rSecond] = await Promise.all([pFirst, pSecond]);
        [ra, rb] = first === "a" ? [rFirst, rSecond] : [rSecond, rFirst];
      }
      const { rows } = await t.database.pool.query<{ status: string }>(
        "SELECT status FROM proposals WHERE offer_id = $1 ORDER BY status",
        [offerId],
      );
      return { a: ra.statusCode, b: rb.statusCode, statuses: rows.map((r) => r.status) };
    }
    try {
      // Both orders, on one node and across two: the first in line wins, the other is refused.
      for (const twoNodes of [false, true]) {
        expect(await round(twoNodes, "a"), `A first, two nodes: ${twoNodes}`).toEqual({
          a: 200,
          b: 409,
          statuses: ["aprovada", "encerrada"],
        });
        expect(await round(twoNodes, "b"), `B first, two nodes: ${twoNodes}`).toEqual({
          a: 409,
          b: 200,
          statuses: ["aprovada", "encerrada"],
        });
      }
      // And sent together, whoever wins: exactly one approval, every time.
      for (let i = 0; i < 12; i++) {
        const r = await round(i % 2 === 1, "together");
        expect([r.a, r.b].sort(), `round ${i}`).toEqual([200, 409]);
        expect(r.statuses, `round ${i}`).toEqual(["aprovada", "encerrada"]);
      }
    } finally {
      await db.end();
      await nodeB.close();
    }
  }, 120_000);

  it("expires overdue proposals with a controlled clock, on one runner at a time, and tells both sides", async () => {
    // A node whose clock stands 70 hours back: its proposal's deadline (72 h) falls 2 h from now,
    // before any other test's (about 72 h from now). So the expiry run here, over the whole shared
    // database, can only find this proposal (the tests' apps run no schedule on their own).
    const clock = manualClock(new Date(Date.now() - 70 * 3_600_000));
    const past = await createTestApp({ LOG_LEVEL: "silent" }, { clock });
    try {
      await past.app.listen({ port: 0, host: "127.0.0.1" });
      const pb = builders(past);
      const landlord = await pb.person("Helena");
      const tenant = await pb.person("Bruno");
      const { proposal: p } = await pb.proposal("enviada", {
        landlord,
        tenant,
        garantia: "seguro_fianca",
        body: { dataEntrada: entryDate(clock.now()) },
      });
      const service = past.app.proposals;
      const sent = clock.now().getTime();
      const statusOf = async () =>
        (await pb.call("GET", `/api/proposals/${p.id}`, tenant.cookie)).json<ProposalView>().status;
      await service.expireOverdue(new Date(sent + 71 * 3_600_000));
      expect(await statusOf()).toBe("enviada");
      clock.advance(73 * 3_600_000);
      const [first, second] = await Promise.all([service.expireOverdue(), service.expireOverdue()]);
      // One runner expires it; the other finds the lock taken or nothing left.
      expect(Math.max(first, second)).toBeGreaterThanOrEqual(1);
      expect(Math.min(first, second)).toBe(0);
      const view = (await pb.call("GET", `/api/proposals/${p.id}`, tenant.cookie)).json<ProposalView>();
      expect(view).toMatchObject({ status: "expirada", turn: null });
      expect(view.events.filter((e) => e.type === "expirada")).toHaveLength(1);
      expect(
        (
          await pb.call("POST", `/api/proposals/${p.id}/actions`, landlord.cookie, { action: "approve" })
        ).json().code,
      ).toBe("proposal-closed");
      await past.settle();
      for (const who of [landlord, tenant])
        expect(
          (await outboxFor(past.dataDir, who.email)).filter(
            (m) =>
              /^Subject: Proposta expirada: Apartamento /m.test(m.raw) &&
              /O prazo de resposta da proposta para Apartamento .* acabou e ela expirou\./.test(
                m.text.replace(/\s+/g, " "),
              ),
          ),
          who.email,
        ).toHaveLength(1);
    } finally {
      await past.close();
    }
  });
});
