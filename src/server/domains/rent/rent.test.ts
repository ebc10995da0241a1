import { differenceInCalendarDays } from "date-fns";
import { parsePix } from "pix-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { startFakeSgs } from "../../../../tests/support/fake-sgs";
import { outboxFor, subjectOf } from "../../../../tests/support/mail";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import type { ChargeView, LeaseList, LeaseView, YearStatement } from "../../../shared/contracts/rent";
import { errorMessage } from "../../../shared/errors";
import { rentPeriods } from "../../../shared/rent/periods";
import { IGPM_2023, IGPM_2024 } from "../../../shared/rent/published-indices.fixture";
import { manualClock } from "../../clock";
import { pdfText } from "../contracts/pdf-boxes.fixture";

/*
 * Issue 32: the lease's money through the API, as its two parties use it — the month's charge
 * made ahead of its due date (the first month prorated), its Pix, a line the landlord adds, what
 * a late payment costs, the landlord's "recebi" and the sealed receipt, and the account.
 */

const clock = manualClock(new Date("2026-12-01T13:00:00Z"));
let t: TestApp;
let b: ReturnType<typeof builders>;
let sgs: Awaited<ReturnType<typeof startFakeSgs>>;
let baseUrl = "";

// IGP-M's monthly values as FGV published them for 2024 (accumulated 6.54 %) and 2023 (−3.18 %),
// put on the months this lease's anniversaries read (2026-11…2027-10 and 2027-11…2028-10): the
// arithmetic of a real year, on dates the test's clock reaches.
const points = (firstMonth: [number, number], values: string[]) =>
  values.map((valor, i) => {
    const m0 = firstMonth[1] - 1 + i;
    const y = firstMonth[0] + Math.floor(m0 / 12);
    const m = (m0 % 12) + 1;
    return { data: `01/${String(m).padStart(2, "0")}/${y}`, valor };
  });

beforeAll(async () => {
  sgs = await startFakeSgs({ 189: [...points([2026, 11], IGPM_2024), ...points([2027, 11], IGPM_2023)] });
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent", SGS_URL: sgs.url }, { clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  b = builders(t);
});
afterAll(async () => {
  await t.close();
  await sgs.close();
});

const json = <T>(r: { statusCode: number; body: string }, status = 200): T => {
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as T;
};
const codeOf = (r: { body: string }) => (JSON.parse(r.body) as { code: string }).code;
const at = (iso: string) => clock.set(new Date(iso));

describe("a lease's monthly charges, paid by Pix, with receipts", () => {
  it("makes each month's charge once, prices it late by the lease, and issues a sealed receipt", {
    timeout: 240_000,
  }, async () => {
    at("2026-12-01T13:00:00Z");
    const built = await b.contract("assinado", { garantias: ["seguro_fianca"], dataEntrada: "2026-12-10" });
    const { landlord, tenant } = built;
    const leaseId = built.contract.id;
    const stranger = await b.person("Joana");

    // Signed: both see the lease, with no charge yet (the first is due on 11/01/2027).
    const mine = json<LeaseList>(await b.call("GET", "/api/leases", tenant.cookie));
    expect(mine.items.map((l) => [l.id, l.papel])).toEqual([[leaseId, "locatario"]]);
    expect(mine.items[0]?.proxima).toBeNull();
    expect((await b.call("GET", `/api/leases/${leaseId}`, stranger.cookie)).statusCode).toBe(404);
    expect(await t.app.rent.generate([leaseId])).toBe(0);

    // Ten days before the due date (10/01/2027 is a Sunday: Código Civil art. 132 §1 moves it to
    // Monday the 11th), the first month's charge: 10/12 to 31/12, 22 of December's 31 days.
    at("2027-01-01T12:00:00Z");
    expect(await t.app.rent.generate([leaseId])).toBe(1);
    expect(await t.app.rent.generate([leaseId])).toBe(0);
    const lease = json<LeaseView>(await b.call("GET", `/api/leases/${leaseId}`, tenant.cookie));
    const first = lease.proxima;
    // Issue 33: where the lease stands in its term (a 30-month residential lease: art. 46 at its end).
    expect(lease.situacao).toEqual({
      situacao: "em_vigor",
      fim: lease.termos.fim,
      diasParaFim: differenceInCalendarDays(
        new Date(`${lease.termos.fim}T12:00`),
        new Date("2027-01-01T12:00"),
      ),
      aoFim: lease.termos.prazoMeses >= 30 ? "46" : "47",
    });
    expect(first).toMatchObject({ competencia: "2026-12", inicio: "2026-12-10", fim: "2026-12-31" });
    expect(first?.vencimento).toBe("2027-01-11");
    const chargeId = first?.id as string;
    let charge = json<ChargeView>(await b.call("GET", `/api/charges/${chargeId}`, tenant.cookie));
    const t0 = lease.termos;
    const share = (c: number) => Math.floor((c * 22 * 2 + 31) / (31 * 2));
    const expected = [t0.aluguelAtual, t0.condominio, t0.iptu, t0.seguroIncendio]
      .filter((v) => v > 0)
      .reduce((s, v) => s + share(v), 0);
    expect(charge.valor).toBe(expected);
    expect(charge.linhas.find((l) => l.tipo === "aluguel")).toMatchObject({ dias: 22, diasNoMes: 31 });
    // Without a Pix key in the landlord's profile there is nothing to pay yet, and the tenant is told why.
    expect(charge.pix).toBeNull();
    expect(charge.pixIndisponivel).toBe("sem-chave");
    expect((await b.call("GET", `/api/charges/${chargeId}`, stranger.cookie)).statusCode).toBe(404);

    // The landlord gives their key (an e-mail key); the BR Code pays it the exact amount.
    const profile = json<{ address: Record<string, unknown> }>(
      await b.call("GET", "/api/profile", landlord.cookie),
    );
    const bad = await b.call("PUT", "/api/profile/address", landlord.cookie, {
      ...profile.address,
      chavePix: "não é chave",
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).issues).toEqual([
      expect.objectContaining({
        path: "chavePix",
        message: expect.stringContaining("chave Pix não é válida"),
      }),
    ]);
    json(
      await b.call("PUT", "/api/profile/address", landlord.cookie, {
        ...profile.address,
        chavePix: landlord.email.toUpperCase(),
      }),
    );
    charge = json<ChargeView>(await b.call("GET", `/api/charges/${chargeId}`, tenant.cookie));
    const parsed = parsePix(charge.pix?.copiaECola ?? "");
    expect(parsed).toMatchObject({
      type: "STATIC",
      pixKey: landlord.email.toLowerCase(),
      transactionAmount: expected / 100,
      txid: charge.pix?.txid,
    });
    expect(charge.pix?.qrSvg).toMatch(/^<svg /);

    // Only the landlord adds a line; the tenant sees it with its reason.
    const line = { tipo: "avulso", valor: 15000, motivo: "Rateio da obra da fachada (extraordinária)" };
    const refused = await b.call("POST", `/api/charges/${chargeId}/lines`, tenant.cookie, line);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, "rent-landlord-only"]);
    expect(
      (await b.call("POST", `/api/charges/${chargeId}/lines`, landlord.cookie, { ...line, motivo: "x" }))
        .statusCode,
    ).toBe(400);
    // A minus sign, or a discount above the total, is refused with what to do instead.
    const negative = await b.call("POST", `/api/charges/${chargeId}/lines`, landlord.cookie, {
      ...line,
      valor: -5000,
    });
    expect([negative.statusCode, negative.json().message]).toEqual([400, errorMessage("rent-line-negative")]);
    const tooMuch = await b.call("POST", `/api/charges/${chargeId}/lines`, landlord.cookie, {
      tipo: "desconto",
      valor: expected + 1,
      motivo: "Desconto maior que a cobrança",
    });
    expect([tooMuch.statusCode, codeOf(tooMuch)]).toEqual([400, "rent-discount-too-large"]);
    // A line typed wrong is taken back by the landlord alone, and only the lines they added.
    const wrong = json<ChargeView>(
      await b.call("POST", `/api/charges/${chargeId}/lines`, landlord.cookie, { ...line, valor: 150000 }),
    );
    const wrongId = wrong.linhas.at(-1)?.id as string;
    const rentLineId = wrong.linhas.find((l) => l.tipo === "aluguel")?.id as string;
    const byTenant = await b.call("DELETE", `/api/charges/${chargeId}/lines/${wrongId}`, tenant.cookie);
    expect([byTenant.statusCode, codeOf(byTenant)]).toEqual([403, "rent-landlord-only"]);
    const rentItself = await b.call(
      "DELETE",
      `/api/charges/${chargeId}/lines/${rentLineId}`,
      landlord.cookie,
    );
    expect(rentItself.statusCode).toBe(404);
    const taken = json<ChargeView>(
      await b.call("DELETE", `/api/charges/${chargeId}/lines/${wrongId}`, landlord.cookie),
    );
    expect(taken.valor).toBe(expected);
    expect(taken.linhas.map((l) => l.id)).not.toContain(wrongId);
    expect(
      (await b.call("DELETE", `/api/charges/${chargeId}/lines/${wrongId}`, landlord.cookie)).statusCode,
    ).toBe(404);
    charge = json<ChargeView>(await b.call("POST", `/api/charges/${chargeId}/lines`, landlord.cookie, line));
    expect(charge.valor).toBe(expected + 15000);
    expect(charge.linhas.at(-1)).toMatchObject({ tipo: "avulso", valor: 15000, motivo: line.motivo });

    // Reminders: three days before, on the day (required), a day late to both; each once.
    const subjects = async (email: string) => {
      await t.settle();
      return (await outboxFor(t.dataDir, email))
        .map((m) => subjectOf(m.raw))
        .filter((x) => /aluguel/i.test(x));
    };
    at("2027-01-08T12:00:00Z");
    expect(await t.app.rent.remind([leaseId])).toBe(1);
    expect(await t.app.rent.remind([leaseId])).toBe(0);
    at("2027-01-11T12:00:00Z");
    expect(await t.app.rent.remind([leaseId])).toBe(1);
    at("2027-01-12T12:00:00Z");
    expect(await t.app.rent.remind([leaseId])).toBe(1);
    expect(await subjects(tenant.email)).toEqual([
      "O aluguel de 12/2026 vence em 11/01/2027",
      "O aluguel de 12/2026 vence hoje",
      expect.stringMatching(/^Aluguel de 12\/2026 em atraso: R\$ [\d.]+,\d\d hoje$/),
    ]);
    expect(await subjects(landlord.email)).toEqual([
      `Aluguel de 12/2026 em atraso no contrato nº ${built.contract.numero}`,
    ]);

    // Nine days late: 10 % once, and 1 % a month pro rata die on what was due; the QR asks for it.
    at("2027-01-20T15:00:00Z");
    const due = expected + 15000;
    const multa = Math.round(due / 10);
    const juros = Math.floor((due * 9 * 2 + 3000) / 6000);
    charge = json<ChargeView>(await b.call("GET", `/api/charges/${chargeId}`, tenant.cookie));
    expect(charge.hoje).toMatchObject({ diasAtraso: 9, multa, juros, total: due + multa + juros });
    expect(charge.atrasada).toBe(true);
    expect(parsePix(charge.pix?.copiaECola ?? "")).toMatchObject({
      transactionAmount: (due + multa + juros) / 100,
    });

    // "Recebi": only the landlord, never for a day still to come; once.
    const pay = { pagoEm: "2027-01-20" };
    expect(codeOf(await b.call("POST", `/api/charges/${chargeId}/payment`, tenant.cookie, pay))).toBe(
      "rent-landlord-only",
    );
    expect(
      codeOf(
        await b.call("POST", `/api/charges/${chargeId}/payment`, landlord.cookie, { pagoEm: "2027-01-21" }),
      ),
    ).toBe("rent-payment-future");
    charge = json<ChargeView>(await b.call("POST", `/api/charges/${chargeId}/payment`, landlord.cookie, pay));
    expect(charge.status).toBe("paga");
    expect(charge.pagamentos).toEqual([
      expect.objectContaining({
        valor: due + multa + juros,
        multa,
        juros,
        diasAtraso: 9,
        forma: "confirmado",
      }),
    ]);
    expect(charge.pix).toBeNull();
    const again = await b.call("POST", `/api/charges/${chargeId}/payment`, landlord.cookie, pay);
    expect([again.statusCode, codeOf(again)]).toEqual([409, "rent-charge-closed"]);

    // The receipt is sealed by the job sent with the payment, and both parties read it.
    await t.settle();
    charge = json<ChargeView>(await b.call("GET", `/api/charges/${chargeId}`, tenant.cookie));
    expect(charge.recibo).toMatchObject({ selado: true });
    const link = json<{ url: string }>(
      await b.call("POST", `/api/storage/objects/${charge.recibo?.documentoId}/download-url`, tenant.cookie),
    );
    const text = pdfText(Buffer.from(await (await fetch(`${baseUrl}${link.url}`)).arrayBuffer())).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain("RECIBO DE ALUGUEL");
    expect(text).toContain(tenant.fullName);
    expect(text).toContain("Rateio da obra da fachada (extraordinária)");
    expect(text).toContain("de 10/12/2026 a 31/12/2026");
    expect(text).toMatch(/Multa por atraso \(9 dias\)/);

    // The account: the charge, the line, the fees fixed on the day paid, the payment; balance zero.
    const account = json<LeaseView>(await b.call("GET", `/api/leases/${leaseId}`, landlord.cookie)).extrato;
    expect(account.map((e) => [e.tipo, e.valor])).toEqual([
      ["cobranca", expected],
      ["avulso", 15000],
      ["multa", multa],
      ["juros", juros],
      ["pagamento", -(due + multa + juros)],
    ]);
    expect(account.at(-1)?.saldo).toBe(0);

    // The year's statement: what the landlord received and the tenant paid, the rent apart.
    const rentLine = charge.linhas.filter((l) => l.tipo === "aluguel").reduce((sum, l) => sum + l.valor, 0);
    const statement = json<YearStatement>(
      await b.call("GET", `/api/leases/${leaseId}/statement?ano=2027`, landlord.cookie),
    );
    expect(statement).toMatchObject({
      ano: 2027,
      papel: "locador",
      anos: [2027],
      locatario: { nome: tenant.fullName },
      meses: [
        {
          mes: "2027-01",
          competencias: ["2026-12"],
          aluguel: rentLine,
          encargos: due - rentLine,
          multaJuros: multa + juros,
          total: due + multa + juros,
        },
      ],
      totais: { total: due + multa + juros },
    });
    const tenantSide = json<YearStatement>(
      await b.call("GET", `/api/leases/${leaseId}/statement?ano=2027`, tenant.cookie),
    );
    expect(tenantSide.papel).toBe("locatario");
    expect(tenantSide.totais).toEqual(statement.totais);
    expect(
      (await b.call("GET", `/api/leases/${leaseId}/statement?ano=2027`, stranger.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await b.call("GET", `/api/leases/${leaseId}/statement?ano=1500`, landlord.cookie)).statusCode,
    ).toBe(400);
  });

  it("over the whole lease: one charge a month, the yearly adjustment announced ahead and applied", {
    timeout: 240_000,
  }, async () => {
    at("2026-12-01T13:00:00Z");
    const built = await b.contract("assinado", { garantias: ["seguro_fianca"], dataEntrada: "2026-12-10" });
    const leaseId = built.contract.id;
    const { tenant } = built;
    const start = json<LeaseView>(await b.call("GET", `/api/leases/${leaseId}`, tenant.cookie));
    const periods = rentPeriods(
      {
        dataInicio: "2026-12-10",
        prazoMeses: start.termos.prazoMeses,
        diaVencimento: start.termos.diaVencimento,
      },
      "RJ",
    );
    // Day by day would be 900 runs; every fourth day (and each run's lookback) still never skips a month.
    for (
      let d = new Date("2026-12-01T12:00:00Z");
      d < new Date("2029-08-01T12:00:00Z");
      d = new Date(d.getTime() + 4 * 86_400_000)
    ) {
      clock.set(d);
      await t.app.rent.adjust([leaseId]);
      await t.app.rent.generate([leaseId]);
    }
    const end = json<LeaseView>(await b.call("GET", `/api/leases/${leaseId}`, tenant.cookie));
    expect(end.cobrancas.map((c) => c.competencia).reverse()).toEqual(periods.map((p) => p.competencia));
    // The first anniversary (10/12/2027): IGP-M of 2026-11…2027-10 (2024's sequence, +6.54 %).
    // The second (10/12/2028): a negative accumulation (2023's, −3.18 %): the rent is kept.
    expect(end.reajustes.map((a) => [a.aniversario, a.percentual, a.aplicado])).toEqual([
      ["2027-12-10", "6.5362", true],
      ["2028-12-10", "-3.1783", false],
    ]);
    const raised = end.reajustes[0]?.aluguelDepois as number;
    expect(raised).toBeGreaterThan(start.termos.aluguelAtual);
    expect(end.termos.aluguelAtual).toBe(raised);
    // December 2027 is split at the anniversary: 9 days at the old rent, 22 at the new.
    const december = end.cobrancas.find((c) => c.competencia === "2027-12");
    const dec = json<ChargeView>(await b.call("GET", `/api/charges/${december?.id}`, tenant.cookie));
    expect(dec.linhas.filter((l) => l.tipo === "aluguel").map((l) => [l.dias, l.base])).toEqual([
      [9, start.termos.aluguelAtual],
      [22, raised],
    ]);
  });
});
