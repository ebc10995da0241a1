import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { startFakeSgs } from "../../../../tests/support/fake-sgs";
import { SAVINGS_RATES } from "../../../../tests/support/sgs-savings";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import type { ContractView } from "../../../shared/contracts/contracts";
import type { LeaseNotices, LeaseSettlement } from "../../../shared/contracts/lease";
import type { OfferView } from "../../../shared/contracts/listings";
import type { LeaseView } from "../../../shared/contracts/rent";
import { errorMessage } from "../../../shared/errors";
import { depositReturn } from "../../../shared/lease/deposit";
import { earlyReturnFine } from "../../../shared/lease/term";
import { prorate } from "../../../shared/rent/periods";
import { manualClock } from "../../clock";
import { pdfText } from "../contracts/pdf-boxes.fixture";

/*
 * Issue 33, item 4, through the API: a tenant leaving in month 14 of 30 (keys on 09/02/2028) sees
 * the settlement line by line — February to the keys' day, art. 4's proportional fine, the caução
 * with its savings yield — the landlord enters a damage, the tenant contests it and the landlord
 * accepts her value; both agree, both sign the termo de rescisão, and the lease ends: no more
 * charges, the offer closed, the unit offered again.
 */

const clock = manualClock(new Date("2026-12-01T13:00:00Z"));
let t: TestApp;
let b: ReturnType<typeof builders>;
let sgs: Awaited<ReturnType<typeof startFakeSgs>>;

beforeAll(async () => {
  // The Banco Central's SGS, faked from its published values (series 195: the savings rates).
  sgs = await startFakeSgs({});
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent", SGS_URL: sgs.url }, { clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});

afterAll(async () => {
  await t.close();
  await sgs.close();
});

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

describe("the termination and its settlement", () => {
  it("month 14 of 30 with a caução: the lines, a contested damage, both agree and sign; the lease ends and the unit is offered again", {
    timeout: 300_000,
  }, async () => {
    clock.set(new Date("2026-12-01T13:00:00Z"));
    const built = await b.contract("assinado", { garantias: ["caucao"], dataEntrada: "2026-12-10" });
    const { landlord, tenant, signers } = built;
    const leaseId = built.contract.id;
    const stranger = await b.person("Joana");
    const path = `/api/leases/${leaseId}/settlement`;

    // December 2026's rent was charged and never paid (the settlement takes it in).
    clock.set(new Date("2027-01-05T15:00:00Z"));
    expect(await t.app.rent.generate([leaseId])).toBe(1);
    // Before a signed notice there is nothing to settle.
    clock.set(new Date("2028-01-20T15:00:00Z"));
    expect(json<LeaseSettlement>(await b.call("GET", path, tenant.cookie))).toEqual({
      papel: "locatario",
      acerto: null,
    });
    const notices = json<LeaseNotices>(
      await b.call("POST", `/api/leases/${leaseId}/notices`, tenant.cookie, {
        entrega: "2028-02-09",
        motivo: "Mudança para outra cidade",
      }),
    );
    const noticeId = notices.avisos[0]?.contratoId as string;
    const [landlordSigner, tenantSigner] = signers;
    if (!landlordSigner || !tenantSigner) throw new Error("no signers");
    await b.sign(noticeId, tenantSigner);
    await t.settle();

    expect((await b.call("GET", path, stranger.cookie)).statusCode).toBe(404);
    const first = json<LeaseSettlement>(await b.call("GET", path, tenant.cookie)).acerto;
    if (!first) throw new Error("no settlement");
    expect(first.entrega).toBe("2028-02-09");
    const lease = json<LeaseView>(await b.call("GET", `/api/leases/${leaseId}`, tenant.cookie));
    const rent = lease.termos.aluguelAtual;
    const byKey = Object.fromEntries(first.linhas.map((l) => [l.chave, l.valor]));
    // February was not charged yet: its first nine of 29 days.
    expect(byKey["aluguel_final:2028-02:aluguel"]).toBe(prorate(rent, 9, 29));
    // Art. 4: three rents times the 16 months left over 30.
    const fine = earlyReturnFine({
      term: { dataInicio: "2026-12-10", prazoMeses: lease.termos.prazoMeses },
      multaAlugueis: 3,
      aluguel: rent,
      entrega: "2028-02-09",
    });
    expect(byKey["multa_rescisoria:art. 4"]).toBe(fine.valor);
    expect(fine.valor).toBe(Math.round((3 * rent * 16) / 30));
    // The caução (two months of the first rent) comes back with its yield, as a credit.
    expect(first.caucao).toMatchObject({ deposito: 2 * rent, depositadoEm: "2026-12-10" });
    expect(byKey["caucao:art. 38 § 2º"]).toBe(-(2 * rent + (first.caucao?.rendimento ?? 0)));
    expect(first.total).toBe(first.linhas.reduce((s, l) => s + l.valor, 0));
    expect(first.podeConcordar).toBe(true);

    // The landlord agrees first; a damage entered afterwards changes the lines, so it starts over.
    const agreedOnce = json<LeaseSettlement>(await b.call("POST", `${path}/agree`, landlord.cookie));
    expect(agreedOnce.acerto?.concordancia).toEqual({ locador: true, locatario: false });
    refused(
      await b.call("POST", `${path}/damages`, tenant.cookie, { descricao: "Parede manchada", valor: 35_000 }),
      403,
      "settlement-landlord-only",
    );
    refused(
      await b.call("POST", `${path}/damages`, landlord.cookie, { descricao: "x", valor: 35_000 }),
      400,
      "settlement-damage",
    );
    const damaged = json<LeaseSettlement>(
      await b.call("POST", `${path}/damages`, landlord.cookie, {
        descricao: "Piso da sala trincado",
        valor: 900_000,
      }),
    ).acerto;
    expect(damaged?.concordancia).toEqual({ locador: false, locatario: false });
    const damage = damaged?.linhas.find((l) => l.tipo === "dano");
    expect(damage).toMatchObject({ referencia: "Piso da sala trincado", valor: 900_000 });
    expect(damaged?.total).toBe(first.total + 900_000);

    // The tenant contests it; nobody agrees while it is open; the landlord accepts her value.
    const contested = json<LeaseSettlement>(
      await b.call("POST", `${path}/contests`, tenant.cookie, {
        chave: damage?.chave,
        motivo: "Só duas peças trincaram; o orçamento é de R$ 7.000",
        valor: 700_000,
      }),
    ).acerto;
    expect(contested?.podeConcordar).toBe(false);
    refused(
      await b.call("POST", `${path}/contests`, landlord.cookie, {
        chave: damage?.chave,
        motivo: "Não",
        valor: 1,
      }),
      409,
      "settlement-contest-open",
    );
    refused(await b.call("POST", `${path}/agree`, tenant.cookie), 409, "settlement-contest-open");
    refused(
      await b.call("POST", `${path}/contests/answer`, tenant.cookie, {
        chave: damage?.chave,
        resposta: "aceitar",
      }),
      409,
      "settlement-contest-none",
    );
    const answered = json<LeaseSettlement>(
      await b.call("POST", `${path}/contests/answer`, landlord.cookie, {
        chave: damage?.chave,
        resposta: "aceitar",
      }),
    ).acerto;
    const line = answered?.linhas.find((l) => l.chave === damage?.chave);
    expect(line).toMatchObject({
      valor: 700_000,
      calculado: 900_000,
      contestacao: { status: "aceita", por: "locatario" },
    });
    expect(answered?.total).toBe(first.total + 700_000);

    // Both agree: the termo de rescisão goes to both (no guarantor with a caução).
    json<LeaseSettlement>(await b.call("POST", `${path}/agree`, tenant.cookie));
    const both = json<LeaseSettlement>(await b.call("POST", `${path}/agree`, landlord.cookie)).acerto;
    expect(both?.concordancia).toEqual({ locador: true, locatario: true });
    const termoId = both?.documento?.contratoId as string;
    const termo = json<ContractView>(await b.call("GET", `/api/contracts/${termoId}`, tenant.cookie));
    expect(termo.kind).toBe("rescisao");
    expect(termo.signers.map((s) => s.role)).toEqual(["locador", "locatario"]);
    refused(
      await b.call("POST", `${path}/damages`, landlord.cookie, { descricao: "Outro dano", valor: 1_000 }),
      409,
      "settlement-closed",
    );
    await b.sign(termoId, landlordSigner);
    expect(await b.sign(termoId, tenantSigner)).toBe("selando");
    await t.settle();

    const ended = json<LeaseSettlement>(await b.call("GET", path, landlord.cookie)).acerto;
    expect(ended?.encerrada).toBe(true);
    expect(ended?.documento?.status).toBe("assinado");
    const sealed = json<ContractView>(await b.call("GET", `/api/contracts/${termoId}`, landlord.cookie));
    const link = json<{ url: string }>(
      await b.call("POST", `/api/storage/objects/${sealed.sealedDocumentId}/download-url`, tenant.cookie),
    );
    const text = pdfText(Buffer.from(await (await fetch(`${baseUrl()}${link.url}`)).arrayBuffer())).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain("TERMO DE RESCISÃO DE LOCAÇÃO E ENTREGA DE CHAVES");
    expect(text).toContain("dão por rescindida a locação em 09/02/2028");
    expect(text).toContain("multa rescisória proporcional ao prazo que faltava cumprir");
    expect(text).toContain("Piso da sala trincado");

    // Ended: no notice nor amendment any more.
    refused(
      await b.call("POST", `/api/leases/${leaseId}/notices`, tenant.cookie, {
        entrega: "2028-03-01",
        motivo: "De novo",
      }),
      409,
      "lease-ended",
    );
    refused(
      await b.call("POST", `/api/leases/${leaseId}/amendments`, landlord.cookie, {
        mudancas: { diaVencimento: 5 },
        efeito: "2028-03-01",
        motivo: "Outro dia",
      }),
      409,
      "lease-ended",
    );
    // The balance is the lease's last charge, line by line; the open charges it took in are cancelled.
    expect(ended?.total).toBeGreaterThan(0);
    const ledger = json<LeaseView>(await b.call("GET", `/api/leases/${leaseId}`, tenant.cookie));
    const finals = ledger.cobrancas.filter((c) => c.acerto);
    expect(finals).toHaveLength(1);
    expect(finals[0]).toMatchObject({ valor: ended?.total, status: "aberta" });
    const settledMonths = first.linhas.filter((l) => l.tipo === "cobranca_aberta").map((l) => l.referencia);
    expect(settledMonths).toEqual(["2026-12"]);
    expect(ledger.cobrancas.find((x) => x.competencia === "2026-12" && !x.acerto)?.status).toBe("cancelada");
    const bill = json<{ linhas: { tipo: string; valor: number; motivo?: string }[] }>(
      await b.call("GET", `/api/charges/${finals[0]?.id}`, tenant.cookie),
    );
    expect(bill.linhas.find((l) => l.motivo?.startsWith("multa rescisória"))?.valor).toBe(fine.valor);
    expect(
      bill.linhas.find((l) => l.tipo === "desconto" && l.motivo?.startsWith("devolução da caução")),
    ).toBeTruthy();

    // No charge after the keys, even on a second run; the offer is closed, and the unit can be offered again.
    clock.set(new Date("2028-03-05T15:00:00Z"));
    expect(await t.app.rent.generate([leaseId])).toBe(0);
    const offer = json<OfferView>(await b.call("GET", `/api/offers/${ended?.ofertaId}`, landlord.cookie));
    expect(offer.status).toBe("encerrada");
    const again = await b.call("POST", "/api/offers", landlord.cookie, {
      unidadeId: offer.unidade.id,
      aluguel: offer.aluguel,
      condominio: offer.condominio,
      iptu: offer.iptu,
      seguroIncendio: offer.seguroIncendio,
      garantias: offer.garantias,
      caucaoMeses: offer.caucaoMeses,
      prazoMeses: offer.prazoMeses,
      reajuste: offer.reajuste,
      disponivelEm: "2028-03-10",
      descricao: offer.descricao,
    });
    expect(again.statusCode, again.body).toBeLessThan(300);
  });

  it("the caução comes back with the savings yield of the months it completed, at the rates published for 2016", {
    timeout: 300_000,
  }, async () => {
    clock.set(new Date("2015-12-10T13:00:00Z"));
    const built = await b.contract("assinado", { garantias: ["caucao"], dataEntrada: "2016-01-01" });
    const leaseId = built.contract.id;
    const [, tenantSigner] = built.signers;
    if (!tenantSigner) throw new Error("no signers");
    clock.set(new Date("2016-12-01T15:00:00Z"));
    const notices = json<LeaseNotices>(
      await b.call("POST", `/api/leases/${leaseId}/notices`, built.tenant.cookie, {
        entrega: "2017-01-01",
        motivo: "Comprei um apartamento",
      }),
    );
    await b.sign(notices.avisos[0]?.contratoId as string, tenantSigner);
    await t.settle();
    const acerto = json<LeaseSettlement>(
      await b.call("GET", `/api/leases/${leaseId}/settlement`, built.tenant.cookie),
    ).acerto;
    const deposito = acerto?.caucao?.deposito as number;
    const expected = depositReturn(deposito, "2016-01-01", "2017-01-01", [...SAVINGS_RATES]);
    expect(expected.meses).toHaveLength(12);
    expect(expected.rendimento).toBeGreaterThan(0);
    expect(acerto?.caucao).toMatchObject({ indisponivel: false, meses: 12, rendimento: expected.rendimento });
    expect(acerto?.linhas.find((l) => l.tipo === "caucao")?.valor).toBe(-expected.valor);
  });

  it("ended by agreement (art. 9 I): the landlord proposes it within the term, both sign it, and the settlement has no fine", {
    timeout: 300_000,
  }, async () => {
    clock.set(new Date("2026-12-01T13:00:00Z"));
    const built = await b.contract("assinado", { garantias: ["seguro_fianca"], dataEntrada: "2026-12-10" });
    const leaseId = built.contract.id;
    const [landlordSigner, tenantSigner] = built.signers;
    if (!landlordSigner || !tenantSigner) throw new Error("no signers");
    clock.set(new Date("2027-06-01T15:00:00Z"));
    const path = `/api/leases/${leaseId}/notices`;
    // A notice is not his to give within the term; an agreement is.
    const rules = json<LeaseNotices>(await b.call("GET", path, built.landlord.cookie));
    expect(rules.podeAvisar.permitida).toBe(false);
    expect(rules.podeCombinar).toBe(true);
    refused(
      await b.call("POST", path, built.landlord.cookie, { entrega: "2027-06-15", motivo: "Venda" }),
      409,
      "lease-notice-not-allowed",
    );
    const agreed = json<LeaseNotices>(
      await b.call("POST", path, built.landlord.cookie, {
        entrega: "2027-06-15",
        motivo: "Combinamos a saída antecipada",
        acordo: true,
      }),
    );
    expect(agreed.avisos[0]).toMatchObject({ por: "locador", artigo: "9, I", multa: null, acordo: true });
    const docId = agreed.avisos[0]?.contratoId as string;
    const doc = json<ContractView>(await b.call("GET", `/api/contracts/${docId}`, built.tenant.cookie));
    expect(doc.signers.map((s) => s.role)).toEqual(["locador", "locatario"]);
    await b.sign(docId, landlordSigner);
    // Signed by one: not yet an agreement, nothing to settle.
    await t.settle();
    expect(
      json<LeaseSettlement>(await b.call("GET", `/api/leases/${leaseId}/settlement`, built.tenant.cookie))
        .acerto,
    ).toBeNull();
    expect(await b.sign(docId, tenantSigner)).toBe("selando");
    await t.settle();
    const acerto = json<LeaseSettlement>(
      await b.call("GET", `/api/leases/${leaseId}/settlement`, built.tenant.cookie),
    ).acerto;
    expect(acerto?.entrega).toBe("2027-06-15");
    expect(acerto?.linhas.some((l) => l.tipo === "multa_rescisoria")).toBe(false);
    expect(acerto?.linhas.some((l) => l.tipo === "aluguel_final")).toBe(true);
    const sealed = json<ContractView>(await b.call("GET", `/api/contracts/${docId}`, built.landlord.cookie));
    const link = json<{ url: string }>(
      await b.call(
        "POST",
        `/api/storage/objects/${sealed.sealedDocumentId}/download-url`,
        built.tenant.cookie,
      ),
    );
    const text = pdfText(Buffer.from(await (await fetch(`${baseUrl()}${link.url}`)).arrayBuffer())).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain("DISTRATO DE LOCAÇÃO POR MÚTUO ACORDO");
    expect(text).toContain("ajustam por mútuo acordo o fim da locação (art. 9º, I, da Lei 8.245/91)");
  });
});
