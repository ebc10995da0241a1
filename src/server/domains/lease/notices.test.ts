import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { makePdf } from "../../../../tests/support/files";
import { createTestApp, ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { uploadBytes } from "../../../../tests/support/tus";
import type { ContractView } from "../../../shared/contracts/contracts";
import type { LeaseNotices } from "../../../shared/contracts/lease";
import { errorMessage } from "../../../shared/errors";
import { earlyReturnFine } from "../../../shared/lease/term";
import { formatBRL } from "../../../shared/money";
import { manualClock } from "../../clock";
import { pdfText } from "../contracts/pdf-boxes.fixture";

/*
 * Issue 33, item 3: a notice to leave (denúncia) through the API, as the lease's parties give it —
 * the tenant within the term with art. 4's proportional fine, or none with the employer's letter;
 * the landlord refused while the term runs; a dated document only its giver signs, sealed, that
 * both see.
 */

const clock = manualClock(new Date("2026-12-01T13:00:00Z"));
let t: TestApp;
let b: ReturnType<typeof builders>;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" }, { clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(async () => {
  await t.close();
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

async function signedLease() {
  clock.set(new Date("2026-12-01T13:00:00Z"));
  const built = await b.contract("assinado", { garantias: ["seguro_fianca"], dataEntrada: "2026-12-10" });
  const [landlordSigner, tenantSigner] = built.signers;
  if (!landlordSigner || !tenantSigner) throw new Error("no signers");
  return { ...built, leaseId: built.contract.id, landlordSigner, tenantSigner };
}

describe("a notice to leave", () => {
  it("the tenant in month 14 of 30 gives notice: art. 4's proportional fine, signed by her alone, sealed, seen by both; the landlord may not", {
    timeout: 240_000,
  }, async () => {
    const { landlord, tenant, leaseId, tenantSigner, contract } = await signedLease();
    const stranger = await b.person("Joana");
    const path = `/api/leases/${leaseId}/notices`;
    // Month 14 of a lease begun on 10/12/2026 runs from 10/01/2028 to 09/02/2028.
    clock.set(new Date("2028-01-20T15:00:00Z"));

    const mine = json<LeaseNotices>(await b.call("GET", path, tenant.cookie));
    expect(mine.podeAvisar).toEqual({
      permitida: true,
      artigo: "4",
      antecedenciaDias: 0,
      entregaMinima: "2028-01-20",
    });
    expect(mine.avisos).toEqual([]);
    expect(json<LeaseNotices>(await b.call("GET", path, landlord.cookie)).podeAvisar).toMatchObject({
      permitida: false,
      artigo: "4",
    });
    expect((await b.call("GET", path, stranger.cookie)).statusCode).toBe(404);
    expect(
      (await b.call("POST", path, stranger.cookie, { entrega: "2028-02-09", motivo: "Mudança" })).statusCode,
    ).toBe(404);

    // The landlord cannot ask for the unit while the term runs (art. 4).
    refused(
      await b.call("POST", path, landlord.cookie, { entrega: "2028-03-01", motivo: "Uso próprio" }),
      409,
      "lease-notice-not-allowed",
    );
    // Bad input: a day gone, no reason, a transfer letter that is not hers.
    refused(
      await b.call("POST", path, tenant.cookie, { entrega: "2028-01-19", motivo: "Mudança" }),
      400,
      "lease-notice-too-soon",
    );
    refused(
      await b.call("POST", path, tenant.cookie, { entrega: "2028-02-09", motivo: " " }),
      400,
      "lease-notice-reason",
    );
    expect(
      (
        await b.call("POST", path, tenant.cookie, {
          entrega: "2028-02-09",
          motivo: "Transferência",
          cartaTransferencia: "00000000-0000-4000-8000-000000000000",
        })
      ).statusCode,
    ).toBe(404);

    // Keys on 09/02/2028, the last day of month 14: 16 of 30 months left.
    const given = json<LeaseNotices>(
      await b.call("POST", path, tenant.cookie, {
        entrega: "2028-02-09",
        motivo: "Mudança para outra cidade",
      }),
    );
    const expected = earlyReturnFine({
      term: { dataInicio: "2026-12-10", prazoMeses: mine.prazoMeses },
      multaAlugueis: 3,
      aluguel: mine.aluguelAtual,
      entrega: "2028-02-09",
    });
    expect(expected.termo.mesesCumpridos).toBe(14);
    expect(given.avisos).toHaveLength(1);
    const notice = given.avisos[0];
    expect(notice).toMatchObject({
      por: "locatario",
      avisoEm: "2028-01-20",
      entrega: "2028-02-09",
      artigo: "4",
      status: "enviado",
      transferencia: false,
      multa: { valor: expected.valor, mesesCumpridos: 14, diasDoMes: 0, isencao: null },
    });
    expect(notice?.multa?.valor).toBe(
      Math.round((3 * mine.aluguelAtual * (mine.prazoMeses - 14)) / mine.prazoMeses),
    );
    // One at a time.
    refused(
      await b.call("POST", path, tenant.cookie, { entrega: "2028-02-20", motivo: "Outra data" }),
      409,
      "lease-notice-exists",
    );

    // Only she signs it; sealed, both see it signed, with the fine in its text.
    const id = notice?.contratoId as string;
    const doc = json<ContractView>(await b.call("GET", `/api/contracts/${id}`, landlord.cookie));
    expect(doc.signers.map((s) => s.role)).toEqual(["locatario"]);
    expect(await b.sign(id, tenantSigner)).toBe("selando");
    await t.settle();
    for (const who of [tenant, landlord]) {
      const seen = json<LeaseNotices>(await b.call("GET", path, who.cookie));
      expect(seen.avisos[0]?.status, who.email).toBe("assinado");
    }
    const sealed = json<ContractView>(await b.call("GET", `/api/contracts/${id}`, tenant.cookie));
    const link = json<{ url: string }>(
      await b.call("POST", `/api/storage/objects/${sealed.sealedDocumentId}/download-url`, landlord.cookie),
    );
    const text = pdfText(Buffer.from(await (await fetch(`${baseUrl()}${link.url}`)).arrayBuffer())).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain("AVISO DE DESOCUPAÇÃO DO IMÓVEL");
    expect(text).toContain(`contrato de locação nº ${contract.numero}`);
    expect(text).toContain("entregará as chaves em 09/02/2028, com fundamento no art. 4 da Lei 8.245/91");
    expect(text).toContain(`faltam 16 meses de ${mine.prazoMeses} meses`);
    expect(text).toContain(formatBRL(expected.valor));
  });

  it("with the employer's letter and 30 days' notice, no fine (art. 4 par. único); the letter is shared with the landlord", {
    timeout: 240_000,
  }, async () => {
    const { landlord, tenant, leaseId } = await signedLease();
    const path = `/api/leases/${leaseId}/notices`;
    clock.set(new Date("2028-01-20T15:00:00Z"));
    const upload = await uploadBytes(
      { baseUrl: baseUrl(), cookie: tenant.cookie, origin: ORIGIN },
      await makePdf(),
      { filename: "carta-empregador.pdf", kind: "outro", folder: "locacao" },
    );
    expect(upload.status, upload.body).toBeLessThan(300);
    const letter = upload.json<{ id: string }>().id;
    // The letter is only the tenant's until she gives it.
    const read = (who: { cookie: string }) =>
      b.call("POST", `/api/storage/objects/${letter}/download-url`, who.cookie);
    expect((await read(landlord)).statusCode).toBe(403);

    // 29 days: the waiver needs 30 days' written notice; the fine stands.
    const short = json<LeaseNotices>(
      await b.call("POST", path, tenant.cookie, {
        entrega: "2028-02-18",
        motivo: "Transferência pelo empregador",
        cartaTransferencia: letter,
      }),
    );
    expect(short.avisos[0]?.multa?.isencao).toBeNull();
    // The tenant gives it, so only she may withdraw it unsigned; the landlord may not cancel it.
    const noticeId = short.avisos[0]?.contratoId as string;
    const cancel = (who: { cookie: string }) =>
      b.call("POST", `/api/contracts/${noticeId}/cancel`, who.cookie, { motivo: "Dei a data errada" });
    expect(
      json<ContractView>(await b.call("GET", `/api/contracts/${noticeId}`, landlord.cookie)).podeCancelar,
    ).toBe(false);
    expect(
      json<ContractView>(await b.call("GET", `/api/contracts/${noticeId}`, tenant.cookie)).podeCancelar,
    ).toBe(true);
    expect((await cancel(landlord)).statusCode).toBe(403);
    expect(short.avisos[0]?.multa?.valor).toBeGreaterThan(0);
    expect(short.avisos[0]?.transferencia).toBe(true);
    expect((await read(landlord)).statusCode).toBe(200);
    expect((await cancel(tenant)).statusCode).toBeLessThan(300);
    // Withdrawn, she may give it again, now with the 30 days the waiver asks.
    const again = json<LeaseNotices>(
      await b.call("POST", path, tenant.cookie, {
        entrega: "2028-02-19",
        motivo: "Transferência pelo empregador",
        cartaTransferencia: letter,
      }),
    );
    expect(again.avisos.map((a) => a.status)).toEqual(["cancelado", "enviado"]);
    expect(again.avisos[1]?.multa).toMatchObject({ valor: 0, isencao: "transferencia" });
  });

  it("the waiver is the tenant's, with 30 days: no fine; refused to the landlord after the term without 30 days", {
    timeout: 240_000,
  }, async () => {
    const { tenant, leaseId } = await signedLease();
    const path = `/api/leases/${leaseId}/notices`;
    clock.set(new Date("2028-01-20T15:00:00Z"));
    const upload = await uploadBytes(
      { baseUrl: baseUrl(), cookie: tenant.cookie, origin: ORIGIN },
      await makePdf(),
      { filename: "carta.pdf", kind: "outro", folder: "locacao" },
    );
    const letter = upload.json<{ id: string }>().id;
    const given = json<LeaseNotices>(
      await b.call("POST", path, tenant.cookie, {
        entrega: "2028-02-19",
        motivo: "Transferência pelo empregador",
        cartaTransferencia: letter,
      }),
    );
    expect(given.avisos[0]?.multa).toMatchObject({ valor: 0, isencao: "transferencia" });

    // After the term and its 30 days (art. 46 § 2º), the landlord may, with 30 days.
    const other = await signedLease();
    const otherPath = `/api/leases/${other.leaseId}/notices`;
    clock.set(new Date("2029-08-01T15:00:00Z"));
    const rule = json<LeaseNotices>(await b.call("GET", otherPath, other.landlord.cookie)).podeAvisar;
    expect(rule).toEqual({
      permitida: true,
      artigo: "46 § 2º",
      antecedenciaDias: 30,
      entregaMinima: "2029-08-31",
    });
    refused(
      await b.call("POST", otherPath, other.landlord.cookie, {
        entrega: "2029-08-30",
        motivo: "Venda do imóvel",
      }),
      400,
      "lease-notice-too-soon",
    );
    refused(
      await b.call("POST", otherPath, other.tenant.cookie, {
        entrega: "2029-09-30",
        motivo: "Transferência",
        cartaTransferencia: letter,
      }),
      400,
      "lease-transfer-tenant-only",
    );
    const byLandlord = json<LeaseNotices>(
      await b.call("POST", otherPath, other.landlord.cookie, {
        entrega: "2029-08-31",
        motivo: "Venda do imóvel",
      }),
    );
    expect(byLandlord.avisos[0]).toMatchObject({
      por: "locador",
      artigo: "46 § 2º",
      multa: null,
      status: "enviado",
    });
  });
});
