import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROPOSAL_STATUSES } from "../../src/shared/contracts/proposals";
import { type Builders, builders, type ContractStep } from "./builders";
import { createTestApp, type TestApp } from "./test-app";

/* The builders reach every state they promise, as the API reports it. */

let t: TestApp;
let b: Builders;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(() => t.close());

describe("builders", () => {
  it("make a person whose profile is complete, and a published offer", async () => {
    const landlord = await b.person("Marta");
    expect((await b.call("GET", "/api/profile", landlord.cookie)).json()).toMatchObject({ complete: true });
    const { offerId } = await b.offer({ landlord, terms: { aluguel: 300000 } });
    expect((await b.call("GET", `/api/offers/${offerId}`)).json()).toMatchObject({
      status: "publicada",
      aluguel: 300000,
    });
  });

  it.each(PROPOSAL_STATUSES)("bring a proposal to %s", async (status) => {
    const { proposal, tenant } = await b.proposal(status);
    const seen = (await b.call("GET", `/api/proposals/${proposal.id}`, tenant.cookie)).json();
    expect(seen.status).toBe(status);
  });

  const steps: ContractStep[] = ["rascunho", "enviado", "recusado", "cancelado", "assinado"];
  it.each(steps)(
    "bring a contract to %s",
    async (step) => {
      const { contract, landlord } = await b.contract(step, { garantias: ["seguro_fianca"] });
      const seen = (await b.call("GET", `/api/contracts/${contract.id}`, landlord.cookie)).json();
      expect(seen.status).toBe(step);
      if (step === "assinado") expect(seen.sealedDocumentId).toMatch(/^[0-9a-f-]{36}$/);
    },
    60_000,
  );
});
