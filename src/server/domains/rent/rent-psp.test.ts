import { parsePix } from "pix-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { type FakePsp, lastPayableDay, startFakePsp } from "../../../../tests/support/fake-psp";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import { type ChargeView, type LeaseView, PSP_VALIDITY_DAYS } from "../../../shared/contracts/rent";
import { manualClock } from "../../clock";

/*
 * Issue 32, PIX_PROVIDER=psp: each charge becomes a Pix with a due date at a PSP speaking the
 * Banco Central's Pix API (a fake that validates every request against the specification's own
 * schemas), its dynamic BR Code is shown, and the PSP's webhook — a hint read back from the PSP —
 * pays the charge once, however often it comes; a partial Pix leaves the rest open.
 */

const clock = manualClock(new Date("2026-12-01T13:00:00Z"));
const TOKEN = "w3bh00k-t0ken-0f-th1s-1nstall4t10n";
const PIX_KEY = "recebimentos@imobiliaria.example";
let t: TestApp;
let b: ReturnType<typeof builders>;
let psp: FakePsp;
let baseUrl = "";

beforeAll(async () => {
  psp = await startFakePsp({ clientId: "chave", clientSecret: "s3gr3d0-do-cl13nt3", clock, pixKey: PIX_KEY });
  t = await createTestApp(
    {
      LOG_LEVEL: process.env.TEST_LOG ?? "silent",
      PIX_PROVIDER: "psp",
      PSP_BASE_URL: psp.url,
      PSP_TOKEN_URL: psp.tokenUrl,
      PSP_CLIENT_ID: "chave",
      PSP_CLIENT_SECRET: "s3gr3d0-do-cl13nt3",
      PSP_PIX_KEY: PIX_KEY,
      PSP_WEBHOOK_TOKEN: TOKEN,
    },
    { clock },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  // The app registered PUBLIC_URL's webhook when it started listening; here it listens elsewhere.
  await t.app.rent.registerWebhook(baseUrl);
  b = builders(t);
});
afterAll(async () => {
  await t?.close();
  await psp?.close();
});

const json = <T>(r: { statusCode: number; body: string }, status = 200): T => {
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as T;
};

/** A lease starting 10/12/2026 whose first charge (due 11/01/2027) is made and registered. */
async function chargedLease() {
  clock.set(new Date("2026-12-01T13:00:00Z"));
  const built = await b.contract("assinado", { garantias: ["seguro_fianca"], dataEntrada: "2026-12-10" });
  clock.set(new Date("2027-01-02T12:00:00Z"));
  expect(await t.app.rent.generate([built.contract.id])).toBe(1);
  await t.settle();
  const lease = json<LeaseView>(await b.call("GET", `/api/leases/${built.contract.id}`, built.tenant.cookie));
  const id = lease.proxima?.id as string;
  const charge = json<ChargeView>(await b.call("GET", `/api/charges/${id}`, built.tenant.cookie));
  expect(charge.pix?.modo, JSON.stringify(charge.pixIndisponivel)).toBe("psp");
  return { ...built, charge };
}

describe("rent charges through a PSP (cobv)", () => {
  it("registers each charge, shows its dynamic BR Code, and the webhook pays it once", {
    timeout: 240_000,
  }, async () => {
    const { charge, tenant, landlord } = await chargedLease();
    const txid = charge.pix?.txid as string;
    expect(txid).toMatch(/^[A-Za-z0-9]{26,35}$/);
    const cobv = psp.cobv(txid);
    expect(cobv?.status).toBe("ATIVA");
    expect(cobv?.json).toMatchObject({
      calendario: { dataDeVencimento: "2027-01-11" },
      valor: {
        original: (charge.valor / 100).toFixed(2),
        multa: { modalidade: 2, valorPerc: "10.00" },
        juros: { modalidade: 3, valorPerc: "1.00" },
      },
      chave: PIX_KEY,
    });
    // The BR Code points to the PSP's location: the PSP, not the code, says the amount of the day.
    const code = parsePix(charge.pix?.copiaECola ?? "");
    expect(code).toMatchObject({ type: "DYNAMIC", url: cobv?.location.replace(/^https?:\/\//, "") });

    // Paid on time; the PSP calls back, twice.
    const paid = await psp.pay(txid);
    expect(paid.webhookStatus).toBe(200);
    await t.settle();
    expect((await psp.deliverAgain(paid.endToEndId)).webhookStatus).toBe(200);
    await t.settle();
    const after = json<ChargeView>(await b.call("GET", `/api/charges/${charge.id}`, landlord.cookie));
    expect(after.status).toBe("paga");
    expect(after.pagamentos).toEqual([
      expect.objectContaining({ valor: charge.valor, forma: "psp", multa: 0, juros: 0 }),
    ]);
    expect(after.recibo).toMatchObject({ selado: true });
    const mine = json<ChargeView>(await b.call("GET", `/api/charges/${charge.id}`, tenant.cookie));
    expect(mine.recibo?.documentoId).toBe(after.recibo?.documentoId);
  });

  it("prices a late Pix as the lease does and records its fees", { timeout: 240_000 }, async () => {
    const { charge, landlord } = await chargedLease();
    const txid = charge.pix?.txid as string;
    clock.set(new Date("2027-01-20T15:00:00Z"));
    const due = psp.amountDue(txid);
    const multa = Math.round(charge.valor / 10);
    const juros = Math.floor((charge.valor * 9 * 2 + 3000) / 6000);
    expect(due).toBe(charge.valor + multa + juros);
    await psp.pay(txid);
    await t.settle();
    const after = json<ChargeView>(await b.call("GET", `/api/charges/${charge.id}`, landlord.cookie));
    expect(after.pagamentos).toEqual([
      expect.objectContaining({ valor: due, diasAtraso: 9, multa, juros, forma: "psp" }),
    ]);
    expect(after.status).toBe("paga");
  });

  it("keeps a partial Pix and leaves the rest open", { timeout: 240_000 }, async () => {
    const { charge, tenant } = await chargedLease();
    await psp.pay(charge.pix?.txid as string, 100_000);
    await t.settle();
    const after = json<ChargeView>(await b.call("GET", `/api/charges/${charge.id}`, tenant.cookie));
    expect(after.status).toBe("aberta");
    expect(after.pago).toBe(100_000);
    expect(after.devidoHoje).toBe(charge.valor - 100_000);
    expect(after.recibo).toBeNull();
  });

  it("stops showing a Pix the PSP would refuse once its validity is over; the landlord confirms by hand", {
    timeout: 240_000,
  }, async () => {
    const { charge, tenant, landlord } = await chargedLease();
    const txid = charge.pix?.txid as string;
    // Due 11/01/2027; 90 days of validity end on 11/04/2027, a Sunday: the last day is Monday 12/04.
    expect(lastPayableDay("2027-01-11", PSP_VALIDITY_DAYS)).toBe("2027-04-12");
    clock.set(new Date("2027-04-12T15:00:00Z"));
    const lastDay = json<ChargeView>(await b.call("GET", `/api/charges/${charge.id}`, tenant.cookie));
    expect(lastDay.pix?.modo).toBe("psp");
    clock.set(new Date("2027-04-13T15:00:00Z"));
    await expect(psp.pay(txid)).rejects.toThrow(/could be paid until 2027-04-12/);
    const over = json<ChargeView>(await b.call("GET", `/api/charges/${charge.id}`, tenant.cookie));
    expect([over.status, over.pix, over.pixIndisponivel]).toEqual(["aberta", null, "psp-vencida"]);
    // Paid some other way: the landlord's "recebi" with the day's fees and the receipt, as static.
    const paid = json<ChargeView>(
      await b.call("POST", `/api/charges/${charge.id}/payment`, landlord.cookie, { pagoEm: "2027-04-13" }),
    );
    expect(paid.status).toBe("paga");
    expect(paid.pagamentos).toEqual([expect.objectContaining({ forma: "confirmado", diasAtraso: 92 })]);
  });

  it("refuses a webhook on any other path, and trusts only what the PSP answers", async () => {
    const forged = {
      pix: [
        {
          endToEndId: "E00000000202701021200abcdefghijk",
          txid: "A".repeat(30),
          valor: "1.00",
          horario: "2027-01-02T12:00:00.000Z",
        },
      ],
    };
    const wrong = await b.call("POST", "/api/rent/pix/webhook/not-the-token/pix", undefined, forged);
    expect(wrong.statusCode).toBe(404);
    const bad = await b.call("POST", `/api/rent/pix/webhook/${TOKEN}/pix`, undefined, { pix: "x" });
    expect(bad.statusCode).toBe(400);
    // On the right path, a txid no charge has is read back and nothing happens.
    const right = await b.call("POST", `/api/rent/pix/webhook/${TOKEN}/pix`, undefined, forged);
    expect(json<{ recebidos: number }>(right)).toEqual({ recebidos: 1 });
    await t.settle();
  });
});
