import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Builders, builders } from "../../../../tests/support/builders";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import type { ConsentView, PrivacyInfo } from "../../../shared/contracts/privacy";
import ptBR from "../../../shared/locales/pt-BR.json";
import { PRIVACY_POLICY_VERSION } from "../../../shared/privacy-policy";
import { manualClock } from "../../clock";

/*
 * The analytics consent through the API (issue 17): not asked means no; every answer kept with
 * its time and policy; only one's own; bad input in pt-BR.
 */

const clock = manualClock(new Date("2026-11-25T13:00:00Z"));
let t: TestApp;
let b: Builders;
beforeAll(async () => {
  t = await createTestApp(
    { PRIVACY_CONTACT: "dpo@imobiliaria.com.br", CONTRACT_RETENTION_YEARS: "12" },
    { clock },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(() => t.close());

describe("privacy", () => {
  it("tells anyone the policy's version, the contact and that analytics is not configured here", async () => {
    const r = await b.call("GET", "/api/privacy");
    expect(r.statusCode).toBe(200);
    expect(r.json<PrivacyInfo>()).toEqual({
      policyVersion: PRIVACY_POLICY_VERSION,
      contact: "dpo@imobiliaria.com.br",
      analytics: false,
      posthog: null,
      contractRetentionYears: 12,
    });
  });

  it("keeps each answer with its time and the policy's version; not answered is null", async () => {
    const who = await b.person("Olga");
    const first = await b.call("GET", "/api/privacy/consent", who.cookie);
    expect(first.json<ConsentView>()).toEqual({
      analytics: null,
      policyVersion: PRIVACY_POLICY_VERSION,
      decidedAt: null,
      analyticsId: null,
    });
    const yes = await b.call("PUT", "/api/privacy/consent", who.cookie, { analytics: true });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json<ConsentView>()).toEqual({
      analytics: true,
      policyVersion: PRIVACY_POLICY_VERSION,
      decidedAt: "2026-11-25T13:00:00.000Z",
      // Without PostHog configured there is nothing to be known by.
      analyticsId: null,
    });
    clock.advance(60_000);
    await b.call("PUT", "/api/privacy/consent", who.cookie, { analytics: false });
    expect((await b.call("GET", "/api/privacy/consent", who.cookie)).json<ConsentView>()).toMatchObject({
      analytics: false,
      decidedAt: "2026-11-25T13:01:00.000Z",
    });
    const { rows } = await t.database.pool.query(
      "SELECT analytics FROM consents c JOIN users u ON u.id = c.user_id WHERE u.email = $1 ORDER BY decided_at",
      [who.email],
    );
    expect(rows.map((r) => r.analytics)).toEqual([true, false]);
  });

  it("asks again when the answer was given under an older policy", async () => {
    const who = await b.person("Pietra");
    const me = (await b.call("GET", "/api/me", who.cookie)).json<{ id: string }>();
    await t.database.pool.query(
      "INSERT INTO consents (id, user_id, analytics, policy_version, decided_at) VALUES ($1, $2, true, '2020-01-01', now())",
      [randomUUID(), me.id],
    );
    expect(
      (await b.call("GET", "/api/privacy/consent", who.cookie)).json<ConsentView>().analytics,
    ).toBeNull();
  });

  it("is one's own: 401 signed out; bad input is refused in pt-BR", async () => {
    expect((await b.call("GET", "/api/privacy/consent")).statusCode).toBe(401);
    expect((await b.call("PUT", "/api/privacy/consent", undefined, { analytics: true })).statusCode).toBe(
      401,
    );
    const who = await b.person("Quitéria");
    for (const body of [{ analytics: "sim" }, {}, { analytics: true, extra: 1 }]) {
      const r = await b.call("PUT", "/api/privacy/consent", who.cookie, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message).toBe(ptBR.errors["invalid-argument"]);
    }
  });

  it("gives `/` the operator's layout, or the person's own choice, kept for every device", async () => {
    expect((await b.call("GET", "/api/privacy/home-layout")).json()).toEqual({
      layout: "v3",
      source: "default",
      choice: null,
    });
    const who = await b.person("Rosa");
    const chosen = await b.call("PUT", "/api/privacy/home-layout", who.cookie, { layout: "v4" });
    expect(chosen.json()).toEqual({ layout: "v4", source: "choice", choice: "v4" });
    expect((await b.call("GET", "/api/privacy/home-layout", who.cookie)).json()).toMatchObject({
      layout: "v4",
    });
    const bad = await b.call("PUT", "/api/privacy/home-layout", who.cookie, { layout: "v9" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ptBR.errors["invalid-argument"]);
    expect((await b.call("PUT", "/api/privacy/home-layout", undefined, { layout: "v1" })).statusCode).toBe(
      401,
    );
    const reset = await b.call("PUT", "/api/privacy/home-layout", who.cookie, { layout: null });
    expect(reset.json()).toEqual({ layout: "v3", source: "default", choice: null });
  });
});
