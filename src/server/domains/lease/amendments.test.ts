import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guarantorOf, marriedGuarantorOf } from "../../../../tests/support/bodies";
import { builders } from "../../../../tests/support/builders";
import { randomCpf } from "../../../../tests/support/files";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import type { ContractView } from "../../../shared/contracts/contracts";
import type { LeaseAmendmentInput, LeaseAmendments } from "../../../shared/contracts/lease";
import type { LeaseView } from "../../../shared/contracts/rent";
import { leaseLastDay } from "../../../shared/dates";
import { errorMessage } from "../../../shared/errors";
import { manualClock } from "../../clock";
import { pdfText } from "../contracts/pdf-boxes.fixture";

/*
 * Issue 33, item 1: amendments (termo aditivo) through the API — proposed by either party, answered
 * by the other (accepted, refused, countered) within seven days or lapsed; the accepted one is a
 * document signed by whoever the change concerns (the guarantor only where it touches the surety,
 * Súmula 214 do STJ), sealed; from its date the lease's terms and its charges follow it.
 */

const clock = manualClock(new Date("2026-12-01T13:00:00Z"));
let t: TestApp;
let b: ReturnType<typeof builders>;

/**
 * A test app for the describe it is called in: signing is limited to 20 a minute per address, and
 * each describe's leases and termos sign more than that together.
 */
function ownApp() {
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" }, { clock });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    b = builders(t);
  });
  afterAll(async () => {
    await t.close();
  });
}

const baseUrl = () => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

const json = <T>(r: { statusCode: number; body: string }, status = 200): T => {
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as T;
};

const refused = (
  r: { statusCode: number; body: string },
  status: number,
  code: Parameters<typeof errorMessage>[0],
) => {
  expect(r.statusCode, r.body).toBe(status);
  expect(JSON.parse(r.body).message).toBe(errorMessage(code));
};

async function signedLease(garantia: "seguro_fianca" | "fiador") {
  clock.set(new Date("2026-12-01T13:00:00Z"));
  const built = await b.contract("assinado", {
    garantias: garantia === "fiador" ? ["fiador", "seguro_fianca"] : ["seguro_fianca"],
    dataEntrada: "2026-12-10",
  });
  return { ...built, leaseId: built.contract.id };
}

describe("amendments (termo aditivo)", () => {
  ownApp();

  it("the tenant asks to move the due day, the landlord counters, she accepts; both sign; the charges follow it from its date", {
    timeout: 240_000,
  }, async () => {
    const { landlord, tenant, leaseId, signers, contract } = await signedLease("seguro_fianca");
    const stranger = await b.person("Joana");
    const path = `/api/leases/${leaseId}/amendments`;
    clock.set(new Date("2027-02-01T15:00:00Z"));
    const first = json<LeaseAmendments>(await b.call("GET", path, tenant.cookie));
    expect(first).toMatchObject({ papel: "locatario", podePropor: true, aditivos: [] });
    expect(first.atual).toMatchObject({ diaVencimento: 10, garantia: "seguro_fianca", colocatarios: [] });
    expect((await b.call("GET", path, stranger.cookie)).statusCode).toBe(404);
    const due20 = {
      mudancas: { diaVencimento: 20 },
      efeito: "2027-03-01",
      motivo: "Meu salário cai no dia 15",
    };
    expect((await b.call("POST", path, stranger.cookie, due20)).statusCode).toBe(404);

    // Bad input, each with its own words.
    refused(
      await b.call("POST", path, tenant.cookie, { ...due20, mudancas: {} }),
      400,
      "lease-amendment-empty",
    );
    refused(
      await b.call("POST", path, tenant.cookie, { ...due20, mudancas: { diaVencimento: 30 } }),
      400,
      "lease-amendment-due-day",
    );
    refused(
      await b.call("POST", path, tenant.cookie, { ...due20, mudancas: { diaVencimento: 10 } }),
      400,
      "lease-amendment-due-day",
    );
    refused(
      await b.call("POST", path, tenant.cookie, { ...due20, efeito: "2027-01-31" }),
      400,
      "lease-amendment-effect",
    );
    refused(
      await b.call("POST", path, tenant.cookie, {
        ...due20,
        mudancas: { saemColocatarios: ["12345678909"] },
      }),
      400,
      "lease-amendment-cotenant",
    );
    refused(
      await b.call("POST", path, tenant.cookie, { ...due20, mudancas: { garantia: "seguro_fianca" } }),
      400,
      "lease-amendment-guarantee",
    );

    const proposed = json<LeaseAmendments>(await b.call("POST", path, tenant.cookie, due20));
    expect(proposed.podePropor).toBe(false);
    expect(proposed.aditivos[0]).toMatchObject({
      por: "locatario",
      status: "aberta",
      mudancas: { diaVencimento: 20 },
      antes: { diaVencimento: 10 },
      responderAte: "2027-02-08",
      documento: null,
    });
    const firstId = proposed.aditivos[0]?.id as string;
    refused(await b.call("POST", path, tenant.cookie, due20), 409, "lease-amendment-exists");
    refused(
      await b.call("POST", `${path}/${firstId}/answer`, tenant.cookie, { resposta: "aceitar" }),
      403,
      "lease-amendment-not-yours",
    );
    refused(
      await b.call("POST", `${path}/${firstId}/answer`, landlord.cookie, { resposta: "retirar" }),
      403,
      "lease-amendment-not-yours",
    );
    // The landlord counters with the 15th; the first is kept on the timeline.
    const countered = json<LeaseAmendments>(
      await b.call("POST", `${path}/${firstId}/counter`, landlord.cookie, {
        ...due20,
        mudancas: { diaVencimento: 15 },
        motivo: "Dia 15 fica melhor para mim",
      }),
    );
    expect(countered.aditivos.map((a) => [a.por, a.status, a.mudancas.diaVencimento])).toEqual([
      ["locador", "aberta", 15],
      ["locatario", "contraproposta", 20],
    ]);
    expect(countered.aditivos[0]?.contraDe).toBe(firstId);
    const counterId = countered.aditivos[0]?.id as string;
    const accepted = json<LeaseAmendments>(
      await b.call("POST", `${path}/${counterId}/answer`, tenant.cookie, { resposta: "aceitar" }),
    );
    expect(accepted.aditivos[0]?.status).toBe("aceita");
    expect(accepted.podePropor).toBe(false);
    const docId = accepted.aditivos[0]?.documento?.contratoId as string;
    const doc = json<ContractView>(await b.call("GET", `/api/contracts/${docId}`, tenant.cookie));
    expect(doc.kind).toBe("aditivo");
    expect(doc.parentId).toBe(leaseId);
    expect(doc.signers.map((s) => s.role)).toEqual(["locador", "locatario"]);
    // Not in force until signed and sealed: February's charge, made now, falls due on the 10th.
    clock.set(new Date("2027-03-02T15:00:00Z"));
    await t.app.rent.generate([leaseId]);
    const before = json<LeaseView>(await b.call("GET", `/api/leases/${leaseId}`, tenant.cookie));
    expect(before.termos.diaVencimento).toBe(10);
    const february = before.cobrancas.find((c) => c.competencia === "2027-02");
    expect(february?.vencimento).toBe("2027-03-10");
    const [landlordSigner, tenantSigner] = signers;
    if (!landlordSigner || !tenantSigner) throw new Error("no signers");
    await b.sign(docId, landlordSigner);
    expect(await b.sign(docId, tenantSigner)).toBe("selando");
    await t.settle();
    const after = json<LeaseAmendments>(await b.call("GET", path, landlord.cookie));
    expect(after.aditivos[0]?.documento?.status).toBe("assinado");
    expect(after.podePropor).toBe(true);
    expect(after.atual.diaVencimento).toBe(15);

    // The sealed termo names the lease and its hash, and changes only the due day.
    const sealed = json<ContractView>(await b.call("GET", `/api/contracts/${docId}`, landlord.cookie));
    const link = json<{ url: string }>(
      await b.call("POST", `/api/storage/objects/${sealed.sealedDocumentId}/download-url`, tenant.cookie),
    );
    const text = pdfText(Buffer.from(await (await fetch(`${baseUrl()}${link.url}`)).arrayBuffer())).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain("TERMO ADITIVO AO CONTRATO DE LOCAÇÃO");
    expect(text).toContain(`contrato de locação nº ${contract.numero} (SHA-256 `);
    expect(text).toContain("até o dia 15 de cada mês seguinte ao vencido, em lugar do dia 10");
    expect(text).not.toContain("DO ALUGUEL");

    // The ledger: January's rent still fell due on the 10th of February; February's charge, made
    // before the amendment was sealed, now falls due on 15 March, with the same lines.
    const lease = json<LeaseView>(await b.call("GET", `/api/leases/${leaseId}`, tenant.cookie));
    expect(lease.cobrancas.find((c) => c.competencia === "2027-02")).toMatchObject({
      id: february?.id,
      valor: february?.valor,
    });
    expect(lease.termos.diaVencimento).toBe(15);
    const due = Object.fromEntries(lease.cobrancas.map((c) => [c.competencia, c.vencimento]));
    expect(due["2027-01"]).toBe("2027-02-10");
    expect(due["2027-02"]).toBe("2027-03-15");
  });

  it("a renewal with a new rent on a lease with a guarantor: refused without a reason, then accepted; the guarantor signs; term and rent follow", {
    timeout: 240_000,
  }, async () => {
    const { landlord, tenant, leaseId, signers } = await signedLease("fiador");
    const path = `/api/leases/${leaseId}/amendments`;
    clock.set(new Date("2027-06-01T15:00:00Z"));
    const now = json<LeaseAmendments>(await b.call("GET", path, landlord.cookie));
    expect(now.atual.garantia).toBe("fiador");
    const renewal = {
      mudancas: { aluguel: now.atual.aluguel + 20_000, prazoMeses: now.atual.prazoMeses + 12 },
      efeito: "2027-12-10",
      motivo: "Renovação por mais um ano",
    };
    const proposed = json<LeaseAmendments>(await b.call("POST", path, landlord.cookie, renewal));
    const id = proposed.aditivos[0]?.id as string;
    refused(
      await b.call("POST", `${path}/${id}/answer`, tenant.cookie, { resposta: "recusar" }),
      400,
      "lease-amendment-reason",
    );
    const no = json<LeaseAmendments>(
      await b.call("POST", `${path}/${id}/answer`, tenant.cookie, {
        resposta: "recusar",
        motivo: "Caro demais",
      }),
    );
    expect(no.aditivos[0]).toMatchObject({ status: "recusada", resposta: "Caro demais" });
    const again = json<LeaseAmendments>(await b.call("POST", path, landlord.cookie, renewal));
    const yes = json<LeaseAmendments>(
      await b.call("POST", `${path}/${again.aditivos[0]?.id}/answer`, tenant.cookie, { resposta: "aceitar" }),
    );
    const docId = yes.aditivos[0]?.documento?.contratoId as string;
    const doc = json<ContractView>(await b.call("GET", `/api/contracts/${docId}`, landlord.cookie));
    // Súmula 214 do STJ: the guarantor answers only for an amendment he agreed to.
    expect(doc.signers.map((s) => s.role)).toEqual(["locador", "locatario", "fiador"]);
    for (const s of signers) await b.sign(docId, s);
    await t.settle();
    const before = json<LeaseView>(await b.call("GET", `/api/leases/${leaseId}`, tenant.cookie));
    expect(before.termos.prazoMeses).toBe(now.atual.prazoMeses + 12);
    expect(before.termos.fim).toBe(leaseLastDay("2026-12-10", now.atual.prazoMeses + 12));
    expect(before.termos.aluguelAtual).toBe(now.atual.aluguel);
    clock.set(new Date("2027-12-10T15:00:00Z"));
    const after = json<LeaseView>(await b.call("GET", `/api/leases/${leaseId}`, tenant.cookie));
    expect(after.termos.aluguelAtual).toBe(now.atual.aluguel + 20_000);

    // A due day alone does not touch the surety: the guarantor does not sign it.
    const dueOnly = json<LeaseAmendments>(
      await b.call("POST", path, tenant.cookie, {
        mudancas: { diaVencimento: 5 },
        efeito: "2028-01-01",
        motivo: "Recebo no dia 5",
      }),
    );
    const ok = json<LeaseAmendments>(
      await b.call("POST", `${path}/${dueOnly.aditivos[0]?.id}/answer`, landlord.cookie, {
        resposta: "aceitar",
      }),
    );
    const second = json<ContractView>(
      await b.call("GET", `/api/contracts/${ok.aditivos[0]?.documento?.contratoId}`, landlord.cookie),
    );
    expect(second.signers.map((s) => s.role)).toEqual(["locador", "locatario"]);
  });

  it("unanswered for seven days it lapses; the proposer may withdraw an open one", {
    timeout: 240_000,
  }, async () => {
    const { landlord, tenant, leaseId } = await signedLease("seguro_fianca");
    const path = `/api/leases/${leaseId}/amendments`;
    clock.set(new Date("2027-02-01T15:00:00Z"));
    const body = { mudancas: { aluguel: 150_000 }, efeito: "2027-03-01", motivo: "Reforma da cozinha" };
    const a = json<LeaseAmendments>(await b.call("POST", path, landlord.cookie, body)).aditivos[0];
    clock.set(new Date("2027-02-08T15:00:01Z"));
    const lapsed = json<LeaseAmendments>(await b.call("GET", path, tenant.cookie));
    expect(lapsed.aditivos[0]?.status).toBe("expirada");
    expect(lapsed.podePropor).toBe(true);
    refused(
      await b.call("POST", `${path}/${a?.id}/answer`, tenant.cookie, { resposta: "aceitar" }),
      409,
      "lease-amendment-closed",
    );
    const b2 = json<LeaseAmendments>(
      await b.call("POST", path, landlord.cookie, { ...body, efeito: "2027-04-01" }),
    ).aditivos[0];
    const withdrawn = json<LeaseAmendments>(
      await b.call("POST", `${path}/${b2?.id}/answer`, landlord.cookie, { resposta: "retirar" }),
    );
    expect(withdrawn.aditivos[0]?.status).toBe("retirada");
    expect(withdrawn.aditivos[0]?.documento).toBeNull();
  });
});

/*
 * Issue 33: an amendment brings someone in — a co-tenant who joins, a new guarantor — named by the
 * tenant's side and qualified as a proposal names them, under the signer rules of decision 017;
 * whoever joins signs the termo aditivo, and a guarantor replaced signs it too, released.
 */
describe("amendments that bring someone in", () => {
  ownApp();

  it("a co-tenant joins: a party's CPF or e-mail, an invalid CPF, the landlord naming her are refused; countered keeping her, accepted, she signs; sealed, she is one of the lease's", {
    timeout: 240_000,
  }, async () => {
    const { landlord, tenant, leaseId, signers } = await signedLease("seguro_fianca");
    const path = `/api/leases/${leaseId}/amendments`;
    clock.set(new Date("2027-02-01T15:00:00Z"));
    const carla = {
      nome: "Carla Mendes Ribeiro",
      cpf: randomCpf(),
      email: "carla.entra@exemplo.com.br",
      genero: "feminino",
      nacionalidade: "brasileira",
      profissao: "enfermeira",
      renda: 450_000,
    };
    const joins = (entraColocatario: Record<string, unknown>): LeaseAmendmentInput => ({
      mudancas: { entraColocatario } as LeaseAmendmentInput["mudancas"],
      efeito: "2027-03-01",
      motivo: "A Carla vem morar no apartamento",
    });
    refused(
      await b.call("POST", path, tenant.cookie, joins({ ...carla, cpf: tenant.cpf })),
      400,
      "signer-cpf-taken",
    );
    refused(
      await b.call("POST", path, tenant.cookie, joins({ ...carla, cpf: "12345678900" })),
      400,
      "invalid-cpf",
    );
    const partyEmail = await b.call("POST", path, tenant.cookie, joins({ ...carla, email: landlord.email }));
    refused(partyEmail, 400, "signer-is-party");
    expect(JSON.parse(partyEmail.body).issues).toEqual([
      { path: "mudancas.entraColocatario.email", message: errorMessage("signer-is-party") },
    ]);
    // Decision 017: who joins is the tenant's to name.
    refused(
      await b.call("POST", path, landlord.cookie, joins(carla)),
      403,
      "lease-amendment-named-by-tenant",
    );
    // A guarantor alone is another guarantor for a fiança, and this lease has none.
    refused(
      await b.call("POST", path, tenant.cookie, {
        ...joins(carla),
        mudancas: { fiador: guarantorOf("Bruno Tavares Lima") },
      }),
      400,
      "lease-amendment-guarantor",
    );

    const proposed = json<LeaseAmendments>(await b.call("POST", path, tenant.cookie, joins(carla)));
    expect(proposed.aditivos[0]?.mudancas.entraColocatario).toMatchObject({
      nome: carla.nome,
      renda: 450_000,
    });
    // The landlord counters with another date, keeping Carla as the tenant named her; not changed.
    const named = proposed.aditivos[0]?.mudancas.entraColocatario;
    const counterPath = `${path}/${proposed.aditivos[0]?.id}/counter`;
    const later = { ...joins(carla), efeito: "2027-04-01", motivo: "Melhor a partir de abril" };
    refused(
      await b.call("POST", counterPath, landlord.cookie, {
        ...later,
        mudancas: { entraColocatario: { ...named, email: "outra@exemplo.com.br" } },
      }),
      403,
      "lease-amendment-named-by-tenant",
    );
    const countered = json<LeaseAmendments>(
      await b.call("POST", counterPath, landlord.cookie, { ...later, mudancas: { entraColocatario: named } }),
    );
    const accepted = json<LeaseAmendments>(
      await b.call("POST", `${path}/${countered.aditivos[0]?.id}/answer`, tenant.cookie, {
        resposta: "aceitar",
      }),
    );
    const docId = accepted.aditivos[0]?.documento?.contratoId as string;
    const doc = json<ContractView>(await b.call("GET", `/api/contracts/${docId}`, landlord.cookie));
    // The one who joins signs, after the parties; no guarantor is touched.
    expect(doc.signers.map((s) => [s.role, s.nome, s.email])).toEqual([
      ["locador", expect.any(String), landlord.email],
      ["locatario", expect.any(String), tenant.email],
      ["colocatario", carla.nome, carla.email],
    ]);
    for (const s of [...signers, carla]) await b.sign(docId, s);
    await t.settle();
    const after = json<LeaseAmendments>(await b.call("GET", path, tenant.cookie));
    expect(after.aditivos[0]?.documento?.status).toBe("assinado");
    expect(after.atual.colocatarios).toEqual([{ cpf: carla.cpf, nome: carla.nome }]);
    expect(after.aditivos.map((a) => [a.por, a.status])).toEqual([
      ["locador", "aceita"],
      ["locatario", "contraproposta"],
    ]);

    // The sealed termo qualifies her as the lease qualifies a co-tenant.
    const sealed = json<ContractView>(await b.call("GET", `/api/contracts/${docId}`, landlord.cookie));
    const link = json<{ url: string }>(
      await b.call("POST", `/api/storage/objects/${sealed.sealedDocumentId}/download-url`, tenant.cookie),
    );
    const text = pdfText(Buffer.from(await (await fetch(`${baseUrl()}${link.url}`)).arrayBuffer())).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain("DOS LOCATÁRIOS");
    expect(text).toContain(
      "ingressa na locação, como COLOCATÁRIA, CARLA MENDES RIBEIRO, brasileira, enfermeira",
    );
  });

  it("the guarantor is replaced: a married one without the spouse, or the same person, is refused; the one in force, the new one and the spouse sign", {
    timeout: 240_000,
  }, async () => {
    const { landlord, tenant, leaseId, signers, fiador } = await signedLease("fiador");
    if (!fiador) throw new Error("no guarantor");
    const path = `/api/leases/${leaseId}/amendments`;
    clock.set(new Date("2027-02-01T15:00:00Z"));
    const now = json<LeaseAmendments>(await b.call("GET", path, tenant.cookie));
    expect(now.atual.fiador).toEqual({ cpf: fiador.cpf, nome: fiador.nome });
    const bruno = marriedGuarantorOf("Bruno Tavares Lima", "Denise Tavares Lima");
    const replace = (f: Record<string, unknown>) => ({
      mudancas: { fiador: f },
      efeito: "2027-03-01",
      motivo: "Meu pai deixa de ser fiador; meu tio assume",
    });
    refused(
      await b.call("POST", path, tenant.cookie, replace({ ...bruno, conjuge: null })),
      400,
      "spouse-required",
    );
    refused(
      await b.call("POST", path, tenant.cookie, replace({ ...bruno, cpf: fiador.cpf })),
      400,
      "signer-cpf-taken",
    );
    refused(
      await b.call(
        "POST",
        path,
        tenant.cookie,
        replace({ ...bruno, conjuge: { ...bruno.conjuge, cpf: "11111111111" } }),
      ),
      400,
      "invalid-cpf",
    );
    // Fiança is the guarantee in force: "fiador" again is no change; another guarantor is.
    refused(
      await b.call("POST", path, tenant.cookie, {
        ...replace(bruno),
        mudancas: { garantia: "fiador", fiador: bruno },
      }),
      400,
      "lease-amendment-guarantee",
    );

    const proposed = json<LeaseAmendments>(await b.call("POST", path, tenant.cookie, replace(bruno)));
    expect(proposed.aditivos[0]?.antes.fiador).toEqual({ cpf: fiador.cpf, nome: fiador.nome });
    const accepted = json<LeaseAmendments>(
      await b.call("POST", `${path}/${proposed.aditivos[0]?.id}/answer`, landlord.cookie, {
        resposta: "aceitar",
      }),
    );
    const docId = accepted.aditivos[0]?.documento?.contratoId as string;
    const doc = json<ContractView>(await b.call("GET", `/api/contracts/${docId}`, landlord.cookie));
    // The one in force signs (released), then the new one and the spouse who consents.
    expect(doc.signers.map((s) => [s.role, s.email])).toEqual([
      ["locador", landlord.email],
      ["locatario", tenant.email],
      ["fiador", fiador.email],
      ["fiador", bruno.email],
      ["anuente", bruno.conjuge.email],
    ]);
    for (const s of [...signers, bruno, bruno.conjuge]) await b.sign(docId, s);
    await t.settle();
    const after = json<LeaseAmendments>(await b.call("GET", path, landlord.cookie));
    expect(after.aditivos[0]?.documento?.status).toBe("assinado");
    expect(after.atual).toMatchObject({ garantia: "fiador", fiador: { cpf: bruno.cpf, nome: bruno.nome } });

    // From now on the lease's documents name the new guarantor: a new rent is his to sign.
    const rent = json<LeaseAmendments>(
      await b.call("POST", path, landlord.cookie, {
        mudancas: { aluguel: now.atual.aluguel + 10_000 },
        efeito: "2027-04-01",
        motivo: "Reajuste combinado",
      }),
    );
    const ok = json<LeaseAmendments>(
      await b.call("POST", `${path}/${rent.aditivos[0]?.id}/answer`, tenant.cookie, { resposta: "aceitar" }),
    );
    const next = json<ContractView>(
      await b.call("GET", `/api/contracts/${ok.aditivos[0]?.documento?.contratoId}`, landlord.cookie),
    );
    expect(next.signers.map((s) => [s.role, s.email])).toEqual([
      ["locador", landlord.email],
      ["locatario", tenant.email],
      ["fiador", bruno.email],
      ["anuente", bruno.conjuge.email],
    ]);
  });
});
