import { addDays, format } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders, type Person } from "../../../../tests/support/builders";
import { outboxFor, subjectOf } from "../../../../tests/support/mail";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import type { NoticeList } from "../../../shared/contracts/preferences";
import type { LeaseView } from "../../../shared/contracts/rent";
import { manualClock } from "../../clock";

/*
 * Issue 33, item 2: both parties are told ahead of the term's end (90 and 30 days) when it ends
 * and what the law does then, each reminder once, following /preferences2; the lease's page says
 * where it stands, and a lease past its term is marked as continued without anyone doing it.
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

/** Noon in Brasília of `days` days before the lease's last day. */
const daysBefore = (fim: string, days: number) =>
  new Date(`${format(addDays(new Date(`${fim}T12:00:00`), -days), "yyyy-MM-dd")}T15:00:00Z`);

const told = async (who: Person) =>
  (await b.call("GET", "/api/notifications", who.cookie))
    .json<NoticeList>()
    .items.filter((n) => n.kind === "lease");

describe("the lease's term", () => {
  it("tells both parties 90 and then 30 days before it ends, once each, and marks it continued after", {
    timeout: 240_000,
  }, async () => {
    const built = await b.contract("assinado", { garantias: ["seguro_fianca"], dataEntrada: "2026-12-10" });
    const { landlord, tenant } = built;
    const leaseId = built.contract.id;
    const view = async (at: Date) => {
      clock.set(at);
      return (await b.call("GET", `/api/leases/${leaseId}`, tenant.cookie)).json<LeaseView>();
    };
    const { fim, prazoMeses } = (await view(new Date("2026-12-01T13:00:00Z"))).termos;
    expect(prazoMeses).toBeGreaterThanOrEqual(30);

    // 91 days before: nothing yet.
    clock.set(daysBefore(fim, 91));
    expect(await t.app.rent.remindTermEnd([leaseId])).toBe(0);
    expect(await told(tenant)).toEqual([]);

    // 90 days before, run twice (two nodes, or a retry): one reminder each.
    clock.set(daysBefore(fim, 90));
    expect(await t.app.rent.remindTermEnd([leaseId])).toBe(1);
    expect(await t.app.rent.remindTermEnd([leaseId])).toBe(1);
    const [day, month, year] = [fim.slice(8, 10), fim.slice(5, 7), fim.slice(0, 4)];
    for (const who of [tenant, landlord]) {
      const bell = await told(who);
      expect(bell, who.email).toHaveLength(1);
      expect(bell[0]).toMatchObject({
        title: `O contrato nº ${built.contract.numero} termina em ${day}/${month}/${year}`,
        path: `/Locacao?id=${leaseId}`,
      });
    }
    await t.settle();
    const mail = (await outboxFor(t.dataDir, tenant.email)).filter((m) =>
      subjectOf(m.raw).startsWith(`O contrato nº ${built.contract.numero} termina em`),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain("Faltam 90 dias para o fim do prazo");
    expect(mail[0]?.text).toContain("art. 46, § 1º, da Lei 8.245/91");

    // The landlord turns these off in /preferences2; 30 days before only the tenant hears of it.
    const settings = (await b.call("GET", "/api/preferences/notifications", landlord.cookie)).json<{
      canais: Record<string, string>;
      horaResumo: number;
    }>();
    const off = await b.call("PUT", "/api/preferences/notifications", landlord.cookie, {
      ...settings,
      canais: { ...settings.canais, lease: "off" },
    });
    expect(off.statusCode, off.body).toBe(200);
    clock.set(daysBefore(fim, 30));
    expect(await t.app.rent.remindTermEnd([leaseId])).toBe(1);
    expect(await told(tenant)).toHaveLength(2);
    expect(await told(landlord)).toHaveLength(1);
    expect((await told(tenant))[0]?.body).toContain("Faltam 30 dias para o fim do prazo.");

    // On the page: in term to its last day; then 30 days for the landlord's objection; then continued.
    expect((await view(daysBefore(fim, 0))).situacao).toMatchObject({ situacao: "em_vigor", diasParaFim: 0 });
    expect((await view(daysBefore(fim, -1))).situacao).toMatchObject({ situacao: "prazo_findo" });
    const continued = (await view(daysBefore(fim, -31))).situacao;
    expect(continued).toMatchObject({ situacao: "prorrogada", artigo: "46" });
    expect(await t.app.rent.remindTermEnd([leaseId])).toBe(0);
  });
});
