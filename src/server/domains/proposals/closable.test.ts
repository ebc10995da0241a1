import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proposalBodyOf } from "../../../../tests/support/bodies";
import { builders } from "../../../../tests/support/builders";
import { addressProfileOf, personalProfileOf } from "../../../../tests/support/profiles";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import type { OfferView } from "../../../shared/contracts/listings";
import type { ProposalView } from "../../../shared/contracts/proposals";

/*
 * Decision 041: nothing is published, nor proposed to, that cannot close. Publishing and
 * proposing need the profile the contract needs; the refusal names what is missing.
 */

let t: TestApp;
let b: ReturnType<typeof builders>;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(() => t.close());

describe("what a contract needs, asked before it is needed", () => {
  it("refuses to publish for an owner without a profile, naming the personal data and the address", async () => {
    const agency = await b.newUser("Imobiliária Horizonte");
    const offerId = await b.draftOffer(agency);
    const res = await b.call("POST", `/api/offers/${offerId}/publish`, agency.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "profile-incomplete",
      message: "Complete seus dados pessoais e seu endereço e renda antes: o contrato precisa deles.",
      issues: [
        { path: "personal", message: expect.stringContaining("CPF") },
        { path: "address", message: expect.stringContaining("endereço e sua renda") },
      ],
    });
    // Nobody sees it: it stayed a draft.
    expect((await b.call("GET", `/api/offers/${offerId}`)).statusCode).toBe(404);
  });

  it("names only the half still missing, and publishes once the profile is complete", async () => {
    const owner = await b.newUser("Helena");
    const offerId = await b.draftOffer(owner);
    await b.call("PUT", "/api/profile/personal", owner.cookie, personalProfileOf("Helena"));
    const half = await b.call("POST", `/api/offers/${offerId}/publish`, owner.cookie);
    expect(half.statusCode).toBe(409);
    expect(half.json().message).toBe("Complete seu endereço e sua renda antes: o contrato precisa deles.");
    expect(half.json().issues).toEqual([{ path: "address", message: half.json().message }]);
    await b.call("PUT", "/api/profile/address", owner.cookie, addressProfileOf());
    const published = await b.call("POST", `/api/offers/${offerId}/publish`, owner.cookie);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().status).toBe("publicada");
  });

  it("says it in English to an English client", async () => {
    const owner = await b.newUser("Helena");
    const offerId = await b.draftOffer(owner);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/offers/${offerId}/publish`,
      headers: { cookie: owner.cookie, origin: "http://localhost:3000", "accept-language": "en" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().issues[0].message).toMatch(/^Complete your personal data/);
  });

  it("refuses a proposal from a tenant without a profile, naming what is missing", async () => {
    const { offerId } = await b.offer();
    const tenant = await b.newUser("Bruno");
    const res = await b.call(
      "POST",
      "/api/proposals",
      tenant.cookie,
      proposalBodyOf(offerId, "seguro_fianca"),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "profile-incomplete",
      issues: [{ path: "personal" }, { path: "address" }],
    });
  });

  it("refuses a proposal to an offer whose owner lost the profile it was published with", async () => {
    const landlord = await b.person("Marta");
    const { offerId } = await b.offer({ landlord, garantias: ["seguro_fianca"] });
    const before = (await b.call("GET", `/api/offers/${offerId}`, undefined)).json<OfferView>();
    expect(before.recebePropostas).toBe(true);
    await t.database.pool.query("DELETE FROM profiles WHERE user_id = $1", [landlord.userId]);
    const tenant = await b.person("Bruno");
    // The offer's page says it before anyone fills a proposal.
    const page = (await b.call("GET", `/api/offers/${offerId}`, tenant.cookie)).json<OfferView>();
    expect(page.recebePropostas).toBe(false);
    const res = await b.call(
      "POST",
      "/api/proposals",
      tenant.cookie,
      proposalBodyOf(offerId, "seguro_fianca"),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "offer-owner-incomplete",
      message:
        "Esta oferta ainda não recebe propostas: quem anunciou precisa completar os dados que o contrato pede.",
    });
  });

  it("tells both parties whether each profile is complete, so the screens offer only what the server takes", async () => {
    const { landlord, proposal } = await b.proposal("enviada", { garantia: "seguro_fianca" });
    expect(proposal.dadosCompletos).toEqual({ inquilino: true, locador: true });
    await t.database.pool.query("DELETE FROM profiles WHERE user_id = $1", [landlord.userId]);
    const seen = (await b.call("GET", `/api/proposals/${proposal.id}`, landlord.cookie)).json<ProposalView>();
    expect(seen.dadosCompletos).toEqual({ inquilino: true, locador: false });
    const approve = await b.call("POST", `/api/proposals/${proposal.id}/actions`, landlord.cookie, {
      action: "approve",
    });
    expect(approve.statusCode).toBe(409);
  });
});

describe("a second proposal for the same offer", () => {
  it("is refused with the id of the one in progress, so the screen can link to it", async () => {
    const { tenant, offerId, proposal } = await b.proposal("enviada", { garantia: "seguro_fianca" });
    const again = await b.call(
      "POST",
      "/api/proposals",
      tenant.cookie,
      proposalBodyOf(offerId, "seguro_fianca"),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "duplicate-proposal",
      message: "Você já tem uma proposta em andamento para esta oferta.",
      ref: proposal.id,
    });
  });
});
