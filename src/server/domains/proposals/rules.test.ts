import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, personWithProfile, publishedOfferOf } from "../../../../tests/support/market";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import { addMonths, brazilDate, type ProposalView } from "../../../shared/contracts/proposals";
import { type ErrorCode, errorMessage } from "../../../shared/errors";
import { manualClock } from "../../clock";

/*
 * Decision 017: every proposal and every counter-offer, from either side, meets the offer's rules
 * on the server. The clock is injected: "today" is 2026-11-23 in São Paulo whatever the machine says.
 */

const clock = manualClock(new Date("2026-11-23T15:00:00Z"));
const today = "2026-11-23";
const dayBefore = (d: string) =>
  new Date(Date.parse(`${d}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayAfter = (d: string) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
let baseUrl: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" }, { clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  call = caller(t.app);
});
afterAll(() => t.close());

/** An offer of R$ 4.000 with caução of 2 months or seguro-fiança, 30 months. */
const RENT = 400000;
const goodTerms = {
  aluguel: 380000,
  dataEntrada: "2026-12-10",
  prazoMeses: 30,
  garantia: "seguro_fianca",
};
const extras = { moradores: 2, pets: false, renda: 1_500_000 };

/** Each rule broken once: the terms changed, the code expected, the field it is about. */
const broken: [string, Record<string, unknown>, ErrorCode, string][] = [
  ["rent of R$ 1,00", { aluguel: 100 }, "rent-out-of-range", "aluguel"],
  ["rent under 50%", { aluguel: RENT / 2 - 1 }, "rent-out-of-range", "aluguel"],
  ["rent over 150%", { aluguel: (RENT * 3) / 2 + 1 }, "rent-out-of-range", "aluguel"],
  ["a 1-month term", { prazoMeses: 1 }, "term-out-of-range", "prazoMeses"],
  ["an 11-month term", { prazoMeses: 11 }, "term-out-of-range", "prazoMeses"],
  ["a 121-month term", { prazoMeses: 121 }, "term-out-of-range", "prazoMeses"],
  ["entry on 1900-01-01", { dataEntrada: "1900-01-01" }, "entry-date-out-of-range", "dataEntrada"],
  ["entry yesterday", { dataEntrada: dayBefore(today) }, "entry-date-out-of-range", "dataEntrada"],
  [
    "entry a year and a day ahead",
    { dataEntrada: dayAfter(addMonths(today, 12)) },
    "entry-date-out-of-range",
    "dataEntrada",
  ],
  ["a guarantee the offer does not accept", { garantia: "fiador" }, "guarantee-not-accepted", "garantia"],
  ["caução of 4 months", { garantia: "caucao", caucaoMeses: 4 }, "deposit-too-high", "caucaoMeses"],
];

/** The edges that hold. */
const edges: Record<string, unknown>[] = [
  { aluguel: RENT / 2 },
  { aluguel: (RENT * 3) / 2 },
  { prazoMeses: 12 },
  { prazoMeses: 120 },
  { dataEntrada: today },
  { dataEntrada: addMonths(today, 12) },
  { garantia: "caucao", caucaoMeses: 3 },
];

async function market() {
  const landlord = await personWithProfile(t.app, "Lúcia");
  const tenant = await personWithProfile(t.app, "Otávio");
  const offerId = await publishedOfferOf(t.app, baseUrl, landlord.cookie, ["seguro_fianca", "caucao"], {
    aluguel: RENT,
  });
  return { landlord, tenant, offerId };
}

/**
 * A 400 that names the rule: its code (a rule held by the service), or invalid-argument with the
 * rule's message on the field (a rule the shared contract holds), in pt-BR either way.
 */
function expectRefused(
  res: { statusCode: number; body: string },
  code: ErrorCode,
  path: string,
  label: string,
) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  const body = JSON.parse(res.body) as {
    code: string;
    message: string;
    issues?: { path: string; message: string }[];
  };
  expect([code, "invalid-argument"], `${label}: ${res.body}`).toContain(body.code);
  expect(body.issues?.[0], label).toEqual({ path, message: errorMessage(code) });
}

describe("proposal rules (decision 017)", () => {
  it("the clock says today is 2026-11-23 in Brazil", () => {
    expect(brazilDate(clock.now())).toBe(today);
  });

  it("refuses a tenant's new proposal that breaks any rule, and takes the edges", async () => {
    const { tenant, offerId } = await market();
    for (const [label, over, code, path] of broken) {
      const res = await call("POST", "/api/proposals", tenant.cookie, {
        ofertaId: offerId,
        ...goodTerms,
        ...extras,
        ...over,
      });
      expectRefused(res, code, path, label);
    }
    expect((await call("GET", "/api/proposals?role=tenant", tenant.cookie)).json()).toEqual([]);
    for (const over of edges) {
      const { tenant: other, offerId: offer } = await market();
      const res = await call("POST", "/api/proposals", other.cookie, {
        ofertaId: offer,
        ...goodTerms,
        ...extras,
        ...over,
      });
      expect(res.statusCode, `${JSON.stringify(over)}: ${res.body}`).toBe(201);
    }
  });

  it("refuses a landlord's counter and a tenant's counter that break any rule; the proposal stays as it was", async () => {
    const { landlord, tenant, offerId } = await market();
    const created = await call("POST", "/api/proposals", tenant.cookie, {
      ofertaId: offerId,
      ...goodTerms,
      ...extras,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<ProposalView>().id;
    const counter = (cookie: string, over: Record<string, unknown>) =>
      call("POST", `/api/proposals/${id}/actions`, cookie, {
        action: "counter",
        termos: { ...goodTerms, ...over },
      });
    for (const [label, over, code, path] of broken)
      expectRefused(await counter(landlord.cookie, over), code, `termos.${path}`, `landlord: ${label}`);
    // A counter the rules allow moves the turn to the tenant...
    const ok = await counter(landlord.cookie, { aluguel: 390000, garantia: "caucao", caucaoMeses: 3 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<ProposalView>().termos).toMatchObject({
      aluguel: 390000,
      garantia: "caucao",
      caucaoMeses: 3,
    });
    // ...whose counters meet the same rules.
    for (const [label, over, code, path] of broken)
      expectRefused(await counter(tenant.cookie, over), code, `termos.${path}`, `tenant: ${label}`);
    const view = (await call("GET", `/api/proposals/${id}`, tenant.cookie)).json<ProposalView>();
    expect(view).toMatchObject({ status: "contraproposta", turn: "tenant", termos: { aluguel: 390000 } });
    expect(view.events.map((e) => e.type)).toEqual(["enviada", "contraproposta"]);
  });

  it("refuses caução in a counter on a fiador-only offer, from both sides, and no contract is written with it", async () => {
    const landlord = await personWithProfile(t.app, "Lúcia");
    const tenant = await personWithProfile(t.app, "Otávio");
    const offerId = await publishedOfferOf(t.app, baseUrl, landlord.cookie, ["fiador", "seguro_fianca"]);
    const created = await call("POST", "/api/proposals", tenant.cookie, {
      ofertaId: offerId,
      ...goodTerms,
      aluguel: 440000,
      ...extras,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<ProposalView>().id;
    const caucao = { ...goodTerms, aluguel: 440000, garantia: "caucao", caucaoMeses: 1 };
    expectRefused(
      await call("POST", `/api/proposals/${id}/actions`, landlord.cookie, {
        action: "counter",
        termos: caucao,
      }),
      "guarantee-not-accepted",
      "termos.garantia",
      "landlord",
    );
    const counter = await call("POST", `/api/proposals/${id}/actions`, landlord.cookie, {
      action: "counter",
      termos: { ...goodTerms, aluguel: 450000 },
    });
    expect(counter.statusCode, counter.body).toBe(200);
    expectRefused(
      await call("POST", `/api/proposals/${id}/actions`, tenant.cookie, {
        action: "counter",
        termos: caucao,
      }),
      "guarantee-not-accepted",
      "termos.garantia",
      "tenant",
    );
    const { rows } = await t.database.pool.query("SELECT garantia FROM proposals WHERE id = $1", [id]);
    expect(rows[0]).toEqual({ garantia: "seguro_fianca" });
  });

  it("takes a term under 12 months when the offer itself asks for it", async () => {
    const landlord = await personWithProfile(t.app, "Lúcia");
    const tenant = await personWithProfile(t.app, "Otávio");
    const offerId = await publishedOfferOf(t.app, baseUrl, landlord.cookie, ["seguro_fianca"], {
      aluguel: RENT,
      prazoMeses: 6,
    });
    const body = { ofertaId: offerId, ...goodTerms, ...extras };
    expectRefused(
      await call("POST", "/api/proposals", tenant.cookie, { ...body, prazoMeses: 5 }),
      "term-out-of-range",
      "prazoMeses",
      "5 months",
    );
    const res = await call("POST", "/api/proposals", tenant.cookie, { ...body, prazoMeses: 6 });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("refuses unknown fields in proposals and counters", async () => {
    const { tenant, offerId } = await market();
    const res = await call("POST", "/api/proposals", tenant.cookie, {
      ofertaId: offerId,
      ...goodTerms,
      ...extras,
      status: "aprovada",
    });
    expect(res.statusCode, res.body).toBe(400);
  });

  it("checks the terms again on approval and on acceptance: an entry date that passed meanwhile is refused", async () => {
    const { landlord, tenant, offerId } = await market();
    const created = await call("POST", "/api/proposals", tenant.cookie, {
      ofertaId: offerId,
      ...goodTerms,
      dataEntrada: "2026-11-25",
      ...extras,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<ProposalView>().id;
    const start = clock.now();
    clock.set(new Date("2026-11-26T15:00:00Z"));
    try {
      expectRefused(
        await call("POST", `/api/proposals/${id}/actions`, landlord.cookie, { action: "approve" }),
        "entry-date-out-of-range",
        "termos.dataEntrada",
        "approve",
      );
      const counter = await call("POST", `/api/proposals/${id}/actions`, landlord.cookie, {
        action: "counter",
        termos: { ...goodTerms, dataEntrada: "2026-11-27" },
      });
      expect(counter.statusCode, counter.body).toBe(200);
      clock.set(new Date("2026-11-28T15:00:00Z"));
      expectRefused(
        await call("POST", `/api/proposals/${id}/actions`, tenant.cookie, { action: "accept" }),
        "entry-date-out-of-range",
        "termos.dataEntrada",
        "accept",
      );
    } finally {
      clock.set(start);
    }
  });
});
