import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { PostHog } from "posthog-node";
import { describe, expect, it } from "vitest";
import { startFakePostHog } from "./fake-posthog";

const TOKEN = "phc_fake_project_token";

describe("fake PostHog", () => {
  it("takes posthog-node's gzipped batches and answers its /flags requests", async () => {
    const fake = await startFakePostHog({
      flags: { "checkout-layout": "two-columns", "dark-mode": true, "old-search": false },
    });
    const client = new PostHog(TOKEN, { host: fake.url, flushAt: 1, flushInterval: 0 });
    try {
      client.capture({
        distinctId: "user-42",
        event: "proposal_sent",
        properties: { listing_id: "lst_1", rent_cents: 250_000, city: "São Paulo" },
      });
      const sent = await fake.waitFor((e) => e.event === "proposal_sent");
      expect(sent.distinct_id).toBe("user-42");
      expect(sent.source).toBe("batch");
      expect(sent.properties).toMatchObject({
        listing_id: "lst_1",
        rent_cents: 250_000,
        city: "São Paulo",
        $lib: "posthog-node",
      });
      const batch = fake.requests.find((r) => r.path === "/batch/");
      expect(batch?.headers["content-encoding"]).toBe("gzip");
      expect(JSON.parse(batch?.body ?? "{}")).toMatchObject({ api_key: TOKEN });

      expect(await client.getFeatureFlag("checkout-layout", "user-42")).toBe("two-columns");
      expect(await client.getFeatureFlag("old-search", "user-42")).toBe(false);
      expect(await client.isFeatureEnabled("dark-mode", "user-42")).toBe(true);
      // A flag the answer lacks stays undefined, as with PostHog.
      expect(await client.getFeatureFlag("unknown-flag", "user-42")).toBeUndefined();
      // The non-deprecated path: one /flags request for every flag.
      const evaluated = await client.evaluateFlags("user-43");
      expect(evaluated.getFlag("checkout-layout")).toBe("two-columns");
      expect(evaluated.isEnabled("old-search")).toBe(false);
      const asked = fake.flagRequests();
      expect(asked.map((r) => r.distinct_id)).toEqual([
        "user-42",
        "user-42",
        "user-42",
        "user-42",
        "user-43",
      ]);
      expect(asked[0]?.body).toMatchObject({ token: TOKEN, flag_keys_to_evaluate: ["checkout-layout"] });
      expect(asked[4]?.body.flag_keys_to_evaluate).toBeUndefined();
      expect(fake.requests.find((r) => r.path === "/flags/")?.query.v).toBe("2");

      fake.setFlags({ "checkout-layout": "one-column" });
      expect(await client.getFeatureFlag("checkout-layout", "user-7")).toBe("one-column");

      const called = await fake.waitFor(
        (e) => e.event === "$feature_flag_called" && e.properties.$feature_flag === "checkout-layout",
      );
      expect(called.distinct_id).toBe("user-42");
      expect(called.properties.$feature_flag_response).toBe("two-columns");
    } finally {
      await client.shutdown();
      await fake.close();
    }
  });

  it("decodes a gzip-js body, a base64 form body and plain JSON to the same events", async () => {
    const fake = await startFakePostHog();
    try {
      // What posthog-js's request queue sends: `{ api_key, batch, sent_at }`, `$set` at the top level.
      const payload = {
        api_key: TOKEN,
        batch: [
          {
            uuid: "0190a0c0-0000-7000-8000-000000000001",
            event: "$pageview",
            properties: { distinct_id: "anon-1", token: TOKEN, $current_url: "http://app.test/imóveis" },
            timestamp: "2026-01-02T03:04:05.000Z",
          },
          {
            uuid: "0190a0c0-0000-7000-8000-000000000002",
            event: "$identify",
            properties: { distinct_id: "user-9", $anon_distinct_id: "anon-1", token: TOKEN },
            $set: { email: "ana@example.com" },
            timestamp: "2026-01-02T03:04:06.000Z",
          },
        ],
        sent_at: "2026-01-02T03:04:07.000Z",
      };
      const json = JSON.stringify(payload);
      const origin = "http://localhost:5173";
      const post = (path: string, body: BodyInit, contentType: string) =>
        fetch(`${fake.url}${path}`, {
          method: "POST",
          headers: { "content-type": contentType, origin },
          body,
        });

      // posthog-js 1.449 drops `compression=gzip-js` from the URL and sends the gzip as text/plain.
      const gzipped = await post("/i/v0/e/?ver=1.449.2", new Uint8Array(gzipSync(json)), "text/plain");
      expect(gzipped.status).toBe(200);
      expect(await gzipped.json()).toEqual({ status: 1 });
      expect(gzipped.headers.get("access-control-allow-origin")).toBe(origin);
      expect(gzipped.headers.get("access-control-allow-credentials")).toBe("true");

      const base64 = Buffer.from(json, "utf8").toString("base64");
      const form = await post(
        "/e/?compression=base64&ver=1.449.2",
        `data=${encodeURIComponent(base64)}`,
        "application/x-www-form-urlencoded",
      );
      expect(form.status).toBe(200);

      const plain = await post("/e/", json, "application/json");
      expect(plain.status).toBe(200);

      const events = fake.events();
      const expected = [
        {
          event: "$pageview",
          distinct_id: "anon-1",
          properties: { distinct_id: "anon-1", token: TOKEN, $current_url: "http://app.test/imóveis" },
          source: "capture",
        },
        {
          event: "$identify",
          distinct_id: "user-9",
          properties: {
            distinct_id: "user-9",
            $anon_distinct_id: "anon-1",
            token: TOKEN,
            $set: { email: "ana@example.com" },
          },
          source: "capture",
        },
      ];
      expect(events).toEqual([...expected, ...expected, ...expected]);
      expect(fake.requests.map((r) => r.body)).toEqual([json, json, json]);

      // Replay: posthog-js posts `$snapshot` arrays (sent_at on each) to /s/, gzipped.
      const snapshot = [
        {
          event: "$snapshot",
          properties: {
            distinct_id: "user-9",
            $session_id: "sess-1",
            $window_id: "win-1",
            $snapshot_data: [{ type: 4, data: { href: "http://app.test/" }, timestamp: 1 }],
          },
          sent_at: "2026-01-02T03:04:08.000Z",
        },
      ];
      const replay = await post("/s/", new Uint8Array(gzipSync(JSON.stringify(snapshot))), "text/plain");
      expect(replay.status).toBe(200);
      const recorded = await fake.waitFor((e) => e.event === "$snapshot");
      expect(recorded).toMatchObject({ distinct_id: "user-9", source: "recording" });
      expect(recorded.properties.$session_id).toBe("sess-1");

      const broken = await post("/e/", "not json", "application/json");
      expect(broken.status).toBe(400);
      await expect(fake.waitFor((e) => e.event === "never", 50)).rejects.toThrow(
        /no matching PostHog event arrived within 50 ms; received: \$pageview\(anon-1\)/,
      );
    } finally {
      await fake.close();
    }
  });

  it("serves posthog-js's preflight, remote config, /flags, surveys and 404s", async () => {
    const surveys = [{ id: "srv_1", name: "NPS", type: "popover", questions: [] }];
    const fake = await startFakePostHog({ flags: { "new-onboarding": "test", beta: false }, surveys });
    try {
      const origin = "http://localhost:5173";
      const preflight = await fetch(`${fake.url}/flags/?v=2`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
      expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");

      const config = await (await fetch(`${fake.url}/array/${TOKEN}/config`)).json();
      expect(config).toMatchObject({
        sessionRecording: { endpoint: "/s/" },
        surveys: true,
        supportedCompression: ["gzip", "gzip-js"],
        autocapture_opt_out: false,
      });
      // config.js must leave the config where posthog-js's RemoteConfigLoader looks for it.
      const script = await (await fetch(`${fake.url}/array/${TOKEN}/config.js`)).text();
      const window: { _POSTHOG_REMOTE_CONFIG?: Record<string, { config: unknown; siteApps: unknown[] }> } =
        {};
      vm.runInNewContext(script, { window });
      expect(window._POSTHOG_REMOTE_CONFIG?.[TOKEN]?.config).toMatchObject({
        sessionRecording: { endpoint: "/s/" },
        surveys: true,
      });
      expect(window._POSTHOG_REMOTE_CONFIG?.[TOKEN]?.siteApps).toEqual([]);

      // posthog-js without gzip sends /flags as the base64 form.
      const flagsBody = { token: TOKEN, distinct_id: "anon-3", person_properties: {} };
      const base64 = Buffer.from(JSON.stringify(flagsBody)).toString("base64");
      const flags = await fetch(`${fake.url}/flags/?v=2&compression=base64`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: `data=${encodeURIComponent(base64)}`,
      });
      expect(flags.status).toBe(200);
      const answer = await flags.json();
      expect(answer.flags["new-onboarding"]).toMatchObject({
        key: "new-onboarding",
        enabled: true,
        variant: "test",
      });
      expect(answer.flags.beta).toMatchObject({ key: "beta", enabled: false, variant: null });
      expect(answer.featureFlags).toEqual({ "new-onboarding": "test", beta: false });
      expect(fake.flagRequests()).toEqual([{ distinct_id: "anon-3", body: flagsBody }]);

      const legacy = await (
        await fetch(`${fake.url}/decide/?v=3`, { method: "POST", body: JSON.stringify(flagsBody) })
      ).json();
      expect(legacy.featureFlags).toEqual({ "new-onboarding": "test", beta: false });
      expect(legacy.flags).toBeUndefined();

      const listed = await fetch(`${fake.url}/api/surveys/?token=${TOKEN}&_=1`);
      expect(await listed.json()).toEqual({ surveys });

      expect((await fetch(`${fake.url}/static/lazy-recorder.js?v=1.449.2`)).status).toBe(404);
      const unknown = await fetch(`${fake.url}/api/unknown/`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ code: "not_found" });
      expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: "/api/unknown/" });

      fake.reset();
      expect([fake.requests.length, fake.events().length, fake.flagRequests().length]).toEqual([0, 0, 0]);
    } finally {
      await fake.close();
    }
  });

  it("deletes persons only with the personal API key", async () => {
    const fake = await startFakePostHog({ projectId: 321, personalApiKey: "phx_secret" });
    try {
      const bulk = (auth: string | null, project = 321, base = "projects") =>
        fetch(`${fake.url}/api/${base}/${project}/persons/bulk_delete/`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
          body: JSON.stringify({ distinct_ids: ["user-42", "anon-1"], delete_events: true }),
        });

      const anonymous = await bulk(null);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ code: "not_authenticated" });
      expect((await bulk("Bearer phx_wrong")).status).toBe(401);
      expect(fake.deletions()).toEqual([]);

      expect((await bulk("Bearer phx_secret", 999)).status).toBe(404);
      const accepted = await bulk("Bearer phx_secret");
      expect(accepted.status).toBe(202);
      expect(await accepted.json()).toMatchObject({ events_queued_for_deletion: true });
      expect((await bulk("Bearer phx_secret", 321, "environments")).status).toBe(202);

      const single = await fetch(
        `${fake.url}/api/projects/321/persons/0190a0c0-aaaa-7000-8000-000000000009/`,
        {
          method: "DELETE",
          headers: { authorization: "Bearer phx_secret" },
        },
      );
      expect(single.status).toBe(204);

      expect(fake.deletions()).toEqual([
        { distinctIds: ["user-42", "anon-1"], personIds: [] },
        { distinctIds: ["user-42", "anon-1"], personIds: [] },
        { distinctIds: [], personIds: ["0190a0c0-aaaa-7000-8000-000000000009"] },
      ]);
    } finally {
      await fake.close();
    }
  });
});

describe("fake PostHog surveys", () => {
  it("serves a survey triggered by an event, and its internal targeting flag until the person answers it", async () => {
    // The shape PostHog's /api/surveys/ gives posthog-js for a popover survey with an event trigger.
    const survey = {
      id: "0190a0c0-5555-7000-8000-000000000001",
      name: "Como foi alugar com a Chave?",
      type: "popover",
      questions: [
        {
          id: "q-nota",
          type: "rating",
          display: "number",
          scale: 10,
          question: "Como foi alugar com a Chave?",
        },
        { id: "q-comentario", type: "open", question: "Quer contar mais?", optional: true },
      ],
      conditions: { events: { repeatedActivation: false, values: [{ name: "contract_sealed_viewed" }] } },
      internal_targeting_flag_key: "survey-targeting-0190a0c0",
      start_date: "2026-11-01T00:00:00Z",
      end_date: null,
    };
    const fake = await startFakePostHog({ flags: { "home-layout": "v2" } });
    try {
      const flagsOf = async (distinctId: string) =>
        (
          await (
            await fetch(`${fake.url}/flags/?v=2`, {
              method: "POST",
              body: JSON.stringify({ token: TOKEN, distinct_id: distinctId }),
            })
          ).json()
        ).featureFlags as Record<string, unknown>;
      expect(await (await fetch(`${fake.url}/api/surveys/?token=${TOKEN}`)).json()).toEqual({ surveys: [] });
      expect(await flagsOf("u_1")).toEqual({ "home-layout": "v2" });

      fake.setSurveys([survey]);
      expect(await (await fetch(`${fake.url}/api/surveys/?token=${TOKEN}`)).json()).toEqual({
        surveys: [survey],
      });
      expect(await flagsOf("u_1")).toEqual({ "home-layout": "v2", "survey-targeting-0190a0c0": true });

      // u_1 answers (what posthog-js sends on submit): the survey's flag turns off for u_1 only.
      const sent = await fetch(`${fake.url}/e/`, {
        method: "POST",
        body: JSON.stringify({
          event: "survey sent",
          properties: { distinct_id: "u_1", $survey_id: survey.id, $survey_response_q_nota: "9" },
        }),
      });
      expect(sent.status).toBe(200);
      expect(await flagsOf("u_1")).toEqual({ "home-layout": "v2", "survey-targeting-0190a0c0": false });
      expect(await flagsOf("u_2")).toEqual({ "home-layout": "v2", "survey-targeting-0190a0c0": true });
    } finally {
      await fake.close();
    }
  });
});
