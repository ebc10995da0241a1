import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Builders, builders } from "../../../../tests/support/builders";
import { type FakePostHog, startFakePostHog } from "../../../../tests/support/fake-posthog";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import type { ConsentView, PrivacyInfo } from "../../../shared/contracts/privacy";

/*
 * Product analytics on the server (issue 17), against a fake PostHog written from its public API:
 * nothing for people who did not say yes; the funnel's steps under an opaque id for those who
 * did; withdrawing asks PostHog to delete the person; the CSP names the host only when set.
 */

let posthog: FakePostHog;
let t: TestApp;
let b: Builders;
beforeAll(async () => {
  posthog = await startFakePostHog({ flags: { "home-layout": "v2" } });
  t = await createTestApp({
    POSTHOG_KEY: "phc_test_project_key",
    POSTHOG_HOST: posthog.url,
    POSTHOG_PERSONAL_API_KEY: posthog.personalApiKey,
    POSTHOG_PROJECT_ID: String(posthog.projectId),
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(async () => {
  await t.close();
  await posthog.close();
});

const yes = async (cookie: string) =>
  (await b.call("PUT", "/api/privacy/consent", cookie, { analytics: true })).json<ConsentView>();

describe("analytics on the server", () => {
  it("tells the browser the project's key and host, and the CSP lets it reach that host only", async () => {
    const info = (await b.call("GET", "/api/privacy")).json<PrivacyInfo>();
    expect(info).toMatchObject({
      analytics: true,
      posthog: { key: "phc_test_project_key", host: posthog.url },
    });
    const page = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(String(page.headers["content-security-policy"])).toContain(`connect-src 'self' ${posthog.url}`);
  });

  it("sends the funnel under an opaque id only for people who said yes, and forgets them when they withdraw", async () => {
    const { landlord, tenant, contract } = await b.contract("rascunho", { garantias: ["seguro_fianca"] });
    // The tenant never answered; the landlord says yes, then acts.
    const consent = await yes(landlord.cookie);
    const id = consent.analyticsId as string;
    expect(id).toMatch(/^u_[A-Za-z0-9_-]{24}$/);
    const sent = await b.call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    await b.offer({ landlord });
    await t.app.analytics.flush();
    const got = await posthog.waitFor((e) => e.distinct_id === id && e.event === "offer_published");
    expect(got.properties).not.toHaveProperty("email");
    const mine = posthog
      .events()
      .filter((e) => e.distinct_id === id)
      .map((e) => e.event);
    expect(mine).toEqual(expect.arrayContaining(["contract_sent", "offer_published"]));
    // Nothing names the person, and nothing was sent for the tenant, who never said yes.
    const all = JSON.stringify(posthog.requests.map((r) => r.body));
    for (const secret of [landlord.email, landlord.cpf, tenant.email, tenant.cpf, tenant.userId])
      expect(all).not.toContain(secret);
    const tenantId = t.app.analytics.idOf(tenant.userId);
    expect(posthog.events().filter((e) => e.distinct_id === tenantId)).toEqual([]);

    // Withdrawn: PostHog is asked to delete the person; later steps are not sent.
    const no = await b.call("PUT", "/api/privacy/consent", landlord.cookie, { analytics: false });
    expect(no.json<ConsentView>()).toMatchObject({ analytics: false, analyticsId: null });
    expect(posthog.deletions()).toContainEqual({ distinctIds: [id], personIds: [] });
    const before = posthog.events().length;
    await b.offer({ landlord });
    await t.app.analytics.flush();
    expect(posthog.events().filter((e) => e.distinct_id === id).length).toBe(
      mine.length +
        posthog
          .events()
          .slice(before)
          .filter((e) => e.distinct_id === id).length,
    );
    expect(
      posthog
        .events()
        .slice(before)
        .filter((e) => e.distinct_id === id),
    ).toEqual([]);
  });

  it("sends each step of a negotiation for the party who took it, if that party said yes", async () => {
    const landlord = await b.person("Valéria");
    const tenant = await b.person("Wagner");
    await yes(landlord.cookie);
    await yes(tenant.cookie);
    await b.proposal("contraproposta", { landlord, tenant });
    await b.proposal("aprovada", { landlord, tenant: await b.person("Xavier") });
    await t.app.analytics.flush();
    const of = (who: { userId: string }) => t.app.analytics.idOf(who.userId);
    await posthog.waitFor((e) => e.distinct_id === of(landlord) && e.event === "proposal_approved");
    const steps = (who: { userId: string }) =>
      posthog
        .events()
        .filter((e) => e.distinct_id === of(who))
        .map((e) => e.event);
    expect(steps(tenant)).toContain("proposal_sent");
    expect(steps(landlord)).toEqual(
      expect.arrayContaining(["offer_published", "counter_offer", "proposal_approved"]),
    );
    // Xavier never answered: nothing of his.
    expect(steps(tenant)).not.toContain("counter_offer");
  });

  it("sends the contract's signature and its seal for the party who said yes, and nothing for the one who did not", async () => {
    const { landlord, tenant, contract, signers } = await b.contract("enviado", {
      garantias: ["seguro_fianca"],
    });
    // The tenant says yes before signing; the landlord never answers.
    await yes(tenant.cookie);
    for (const signer of signers) await b.sign(contract.id, signer);
    await t.settle();
    const sealed = await b.call("GET", `/api/contracts/${contract.id}`, tenant.cookie);
    expect(sealed.json().status).toBe("assinado");
    await t.app.analytics.flush();
    const tenantId = t.app.analytics.idOf(tenant.userId);
    await posthog.waitFor((e) => e.distinct_id === tenantId && e.event === "contract_sealed");
    const steps = (who: { userId: string }) =>
      posthog
        .events()
        .filter((e) => e.distinct_id === t.app.analytics.idOf(who.userId))
        .map((e) => e.event)
        .filter((event) => event.startsWith("contract_"));
    expect(steps(tenant)).toEqual(["contract_signed", "contract_sealed"]);
    expect(steps(landlord)).toEqual([]);
  });

  it("evaluates a flag for a person who said yes, never for one who did not", async () => {
    const who = await b.person("Úrsula");
    const userId = who.userId;
    expect(await t.app.analytics.flag(userId, "home-layout")).toBeUndefined();
    await yes(who.cookie);
    expect(await t.app.analytics.flag(userId, "home-layout")).toBe("v2");
    const asked = posthog.flagRequests().map((r) => r.distinct_id);
    expect(asked).toContain(t.app.analytics.idOf(userId));
    // The home's layout follows the flag over the person's own choice while they take part.
    await b.call("PUT", "/api/privacy/home-layout", who.cookie, { layout: "v4" });
    expect((await b.call("GET", "/api/privacy/home-layout", who.cookie)).json()).toEqual({
      layout: "v2",
      source: "flag",
      choice: "v4",
    });
  });
});
