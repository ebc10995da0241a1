import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

/**
 * A stand-in for PostHog Cloud, written from what the installed clients send and read
 * (posthog-js 1.449 with @posthog/browser-common, posthog-node 5.70 with @posthog/core) and from
 * PostHog's public API documentation:
 * - ingestion (`/e/`, `/i/v0/e/`, `/capture/`, `/track/`, `/engage/`, `/batch/`, `/s/` for
 *   replay, posthog-node's `/i/v0/ai/batch/` and Capture V1 `/i/v1/analytics/events`): one event,
 *   an array, or `{ api_key?, batch: [...] }`; gzipped (posthog-node sets `Content-Encoding:
 *   gzip`, posthog-js 1.449 sends a bare gzip body as text/plain with no `compression` param),
 *   or the legacy `data=<base64>` form (`?compression=base64`, sendBeacon and the /flags fallback);
 * - `/flags/` (`v=2` answers the `flags` detail map) and the legacy `/decide/`;
 * - remote config `/array/:token/config` (JSON) and `config.js` (sets
 *   `window._POSTHOG_REMOTE_CONFIG[token]`), which is where posthog-js 1.449 learns that replay
 *   and surveys are on, and `/api/surveys/` (the surveys given; each one's internal targeting flag,
 *   which PostHog creates for a survey, answers true in /flags until the person sends or dismisses
 *   it, so a survey is shown once, as there);
 * - the private persons API (personal API key as a Bearer token): `bulk_delete` and DELETE.
 * Every request is recorded, unknown ones too (they get a 404).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The body as text once gzip and the base64 `data=` form are undone ("" when there is none). */
  body: string;
}

export interface CapturedEvent {
  event: string;
  distinct_id: string;
  properties: Record<string, unknown>;
  /** `recording` for `/s/`, `batch` for the batch endpoints, `capture` for the others. */
  source: "capture" | "batch" | "recording";
}

export interface FlagRequest {
  distinct_id: string;
  body: Record<string, unknown>;
}

export interface PersonDeletion {
  distinctIds: string[];
  personIds: string[];
}

export interface FakePostHog {
  url: string;
  projectId: number;
  /** The personal API key the persons API accepts (as `Authorization: Bearer <key>`). */
  personalApiKey: string;
  requests: RecordedRequest[];
  events(): CapturedEvent[];
  flagRequests(): FlagRequest[];
  deletions(): PersonDeletion[];
  setFlags(flags: Record<string, string | boolean>): void;
  /** What `/api/surveys/` answers from now on. */
  setSurveys(surveys: unknown[]): void;
  /** The first event, already received or still to come, that matches. */
  waitFor(pred: (e: CapturedEvent) => boolean, timeoutMs?: number): Promise<CapturedEvent>;
  /** Forgets what was received (requests, events, flag requests, deletions); flags stay. */
  reset(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const INGESTION: Record<string, CapturedEvent["source"]> = {
  "/e": "capture",
  "/i/v0/e": "capture",
  "/capture": "capture",
  "/track": "capture",
  "/engage": "capture",
  "/batch": "batch",
  "/i/v0/ai/batch": "batch",
  "/i/v1/analytics/events": "batch",
  "/s": "recording",
};

/** OTLP endpoints posthog-js (logs, metrics) and posthog-node may post to: accepted, not events. */
const OTLP = new Set(["/i/v1/logs", "/i/v1/metrics", "/i/v1/traces"]);

class BadRequest extends Error {}

/** Undoes what the clients do to a body: gzip (by header or by its magic bytes), then the base64 form. */
function decodeBody(raw: Buffer, headers: http.IncomingHttpHeaders, query: Record<string, string>): string {
  let bytes = raw;
  const encoding = String(headers["content-encoding"] ?? "").toLowerCase();
  const gzipped = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  try {
    if (encoding === "gzip" || gzipped) bytes = gunzipSync(bytes);
    else if (encoding === "deflate") bytes = inflateSync(bytes);
    else if (encoding === "br") bytes = brotliDecompressSync(bytes);
  } catch {
    throw new BadRequest("the body is not valid gzip");
  }
  if ((query.compression === "gzip-js" || query.compression === "gzip") && bytes === raw && raw.length > 0)
    throw new BadRequest(`compression=${query.compression} but the body is not gzip`);
  const text = bytes.toString("utf8");
  const form =
    query.compression === "base64" ||
    String(headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded") ||
    text.startsWith("data=");
  if (!form) return text;
  const data = new URLSearchParams(text).get("data");
  if (data === null) return text;
  if (query.compression !== "base64" && /^\s*[[{]/.test(data)) return data;
  // A `+` left unescaped in the form reads back as a space; base64 has no spaces.
  return Buffer.from(data.replace(/ /g, "+"), "base64").toString("utf8");
}

function parseJson(text: string): unknown {
  if (text.trim() === "") throw new BadRequest("empty body");
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest("the body is not JSON");
  }
}

/** Events the way PostHog's ingestion sees them: distinct_id from wherever the client put it,
 * top-level `$set`/`$set_once` merged into the properties. */
function eventsIn(payload: unknown, path: string, source: CapturedEvent["source"]): CapturedEvent[] {
  const items = Array.isArray(payload)
    ? payload
    : isRecord(payload) && Array.isArray(payload.batch)
      ? payload.batch
      : [payload];
  const events: CapturedEvent[] = [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const properties: Json = isRecord(item.properties) ? { ...item.properties } : {};
    for (const key of ["$set", "$set_once"]) {
      const top = item[key];
      if (isRecord(top)) properties[key] = { ...(isRecord(properties[key]) ? properties[key] : {}), ...top };
    }
    // Capture V1 lifts these out of the properties; the server puts them back.
    if (typeof item.session_id === "string") properties.$session_id ??= item.session_id;
    if (typeof item.window_id === "string") properties.$window_id ??= item.window_id;
    const id = item.distinct_id ?? item.$distinct_id ?? properties.distinct_id ?? properties.$distinct_id;
    events.push({
      // PostHog names the legacy `/engage/` (people) calls `$identify`.
      event: typeof item.event === "string" ? item.event : path === "/engage" ? "$identify" : "",
      distinct_id: typeof id === "string" || typeof id === "number" ? String(id) : "",
      properties,
      source,
    });
  }
  return events;
}

/** Strings from a JSON array, a comma list (a query parameter) or a single value. */
function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v));
  if (typeof value !== "string" || value === "") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map((v) => String(v));
  } catch {
    // not JSON: a comma list
  }
  return value.split(",").map((v) => v.trim());
}

/** The project settings posthog-js reads from remote config (and /decide, /flags?config=true). */
function remoteConfig(token: string) {
  return {
    token,
    supportedCompression: ["gzip", "gzip-js"],
    // Always true: with false posthog-js never asks /flags, and a test may set flags later.
    hasFeatureFlags: true,
    captureDeadClicks: false,
    capturePerformance: false,
    autocapture_opt_out: false,
    autocaptureExceptions: false,
    // PostHog Cloud moves posthog-js from `/e/` to this endpoint.
    analytics: { endpoint: "/i/v0/e/" },
    elementsChainAsString: true,
    errorTracking: { autocaptureExceptions: false, suppressionRules: [] },
    logs: { captureConsoleLogs: false },
    sessionRecording: {
      endpoint: "/s/",
      consoleLogRecordingEnabled: true,
      recorderVersion: "v2",
      sampleRate: null,
      minimumDurationMilliseconds: null,
      linkedFlag: null,
      networkPayloadCapture: null,
      masking: null,
      urlTriggers: [],
      urlBlocklist: [],
      eventTriggers: [],
      triggerMatchType: null,
      scriptConfig: null,
      recordCanvas: false,
      canvasFps: null,
      canvasQuality: null,
    },
    heatmaps: false,
    surveys: true,
    productTours: false,
    conversations: false,
    defaultIdentifiedOnly: true,
    siteApps: [],
  };
}

export async function startFakePostHog(
  opts: {
    flags?: Record<string, string | boolean>;
    surveys?: unknown[];
    projectId?: number;
    personalApiKey?: string;
  } = {},
): Promise<FakePostHog> {
  const projectId = opts.projectId ?? 1;
  const personalApiKey = opts.personalApiKey ?? "phx_fake_personal_api_key";
  let flags: Record<string, string | boolean> = { ...(opts.flags ?? {}) };
  let surveys: unknown[] = [...(opts.surveys ?? [])];
  const requests: RecordedRequest[] = [];
  const events: CapturedEvent[] = [];
  const flagRequests: FlagRequest[] = [];
  const deletions: PersonDeletion[] = [];
  const waiters = new Set<{
    pred: (e: CapturedEvent) => boolean;
    settle: (e: CapturedEvent | Error) => void;
  }>();

  const receive = (received: CapturedEvent[]) => {
    for (const e of received) {
      events.push(e);
      for (const w of [...waiters]) {
        try {
          if (w.pred(e)) w.settle(e);
        } catch (error) {
          w.settle(error instanceof Error ? error : new Error(String(error)));
        }
      }
    }
  };

  /**
   * Each survey's internal targeting flag, as PostHog evaluates it: true for a person who has not
   * answered or dismissed that survey (PostHog keeps that as a person property from those events).
   */
  const surveyFlags = (distinctId: string): Record<string, boolean> => {
    const out: Record<string, boolean> = {};
    for (const survey of surveys) {
      if (!isRecord(survey) || typeof survey.internal_targeting_flag_key !== "string") continue;
      const done = events.some(
        (e) =>
          e.distinct_id === distinctId &&
          (e.event === "survey sent" || e.event === "survey dismissed") &&
          e.properties.$survey_id === survey.id,
      );
      out[survey.internal_targeting_flag_key] = !done;
    }
    return out;
  };

  const flagsAnswer = (body: Json, version: number, token: string) => {
    const only = stringList(body.flag_keys_to_evaluate ?? body.flag_keys);
    const who = body.distinct_id;
    const all = {
      ...surveyFlags(typeof who === "string" || typeof who === "number" ? String(who) : ""),
      ...flags,
    };
    const entries = Object.entries(all).filter(([key]) => only.length === 0 || only.includes(key));
    const ids = new Map(Object.keys(all).map((key, i) => [key, i + 1]));
    const answer: Json = {
      ...remoteConfig(token),
      // Kept in v2 answers too: browser-common reads featureFlagPayloads from a /flags?v=2 answer.
      featureFlags: Object.fromEntries(entries),
      featureFlagPayloads: {},
      errorsWhileComputingFlags: false,
      quotaLimited: [],
      requestId: randomUUID(),
      evaluatedAt: Date.now(),
    };
    if (version >= 2)
      answer.flags = Object.fromEntries(
        entries.map(([key, value]) => [
          key,
          {
            key,
            enabled: value !== false,
            variant: typeof value === "string" ? value : null,
            reason:
              value === false
                ? {
                    code: "no_condition_match",
                    condition_index: null,
                    description: "No matching condition set",
                  }
                : { code: "condition_match", condition_index: 0, description: "Matched condition set 1" },
            metadata: { id: ids.get(key), version: 1 },
          },
        ]),
      );
    return answer;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const method = req.method ?? "GET";
      const query = Object.fromEntries(url.searchParams);
      const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
      const origin = req.headers.origin;
      // posthog-js runs on the app's origin, so every answer carries CORS (credentials included).
      const cors: Record<string, string> = {
        "access-control-allow-origin": origin ?? "*",
        "access-control-allow-credentials": "true",
        vary: "Origin",
      };
      const send = (status: number, body?: unknown, contentType = "application/json") => {
        const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
        res.writeHead(status, { ...cors, ...(text ? { "content-type": contentType } : {}) });
        res.end(text);
      };
      const apiError = (status: number, type: string, code: string, detail: string) =>
        send(status, { type, code, detail, attr: null });

      const recorded: RecordedRequest = { method, path: url.pathname, query, headers: req.headers, body: "" };
      requests.push(recorded);
      try {
        recorded.body = decodeBody(Buffer.concat(chunks), req.headers, query);
      } catch (error) {
        recorded.body = Buffer.concat(chunks).toString("utf8");
        apiError(
          400,
          "validation_error",
          "invalid_payload",
          error instanceof Error ? error.message : String(error),
        );
        return;
      }

      try {
        if (method === "OPTIONS") {
          res.writeHead(204, {
            ...cors,
            "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
            // With credentials a literal `*` is not a wildcard, so echo what the browser asks for.
            "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
            "access-control-max-age": "600",
            ...(req.headers["access-control-request-private-network"]
              ? { "access-control-allow-private-network": "true" }
              : {}),
          });
          res.end();
          return;
        }

        const source = INGESTION[path];
        if (source && method === "POST") {
          const payload = parseJson(recorded.body);
          const received = eventsIn(payload, path, source);
          receive(received);
          if (path === "/i/v1/analytics/events") {
            // Capture V1 answers per event uuid.
            const items = isRecord(payload) && Array.isArray(payload.batch) ? payload.batch : [];
            const results = Object.fromEntries(
              items.filter(isRecord).map((item) => [String(item.uuid ?? ""), { result: "ok" }]),
            );
            send(200, { results });
          } else send(200, { status: 1 });
          return;
        }
        if (OTLP.has(path) && method === "POST") {
          send(200, {});
          return;
        }

        if ((path === "/flags" || path === "/decide") && method === "POST") {
          const payload = parseJson(recorded.body);
          const body = isRecord(payload) ? payload : {};
          const id = body.distinct_id;
          flagRequests.push({
            distinct_id: typeof id === "string" || typeof id === "number" ? String(id) : "",
            body,
          });
          // /flags?v=2 (both clients) and /decide?v=4 answer the `flags` map; older versions the plain values.
          const v = Number(query.v ?? "1");
          const version = path === "/decide" ? (v >= 4 ? 2 : 1) : v;
          send(200, flagsAnswer(body, version, typeof body.token === "string" ? body.token : ""));
          return;
        }

        const config = /^\/array\/([^/]+)\/config(\.js)?$/.exec(path);
        if (config && method === "GET") {
          const token = decodeURIComponent(config[1] as string);
          const json = remoteConfig(token);
          if (!config[2]) {
            send(200, json);
            return;
          }
          // What PostHog serves: the config (and site apps, none here) under the project token.
          const { siteApps, ...rest } = json;
          const script =
            "(function() {\n" +
            "  window._POSTHOG_REMOTE_CONFIG = window._POSTHOG_REMOTE_CONFIG || {};\n" +
            `  window._POSTHOG_REMOTE_CONFIG[${JSON.stringify(token)}] = ${JSON.stringify({ config: rest, siteApps })};\n` +
            "})();\n";
          send(200, script, "application/javascript");
          return;
        }

        if (path === "/api/surveys" && method === "GET") {
          send(200, { surveys });
          return;
        }

        // Chave bundles posthog-js's extensions (recorder, surveys), so a request for a lazy
        // script means the bundle is missing one: fail it as a blocked CDN would.
        if (path.startsWith("/static/") && path.endsWith(".js")) {
          send(404, "Not Found", "text/plain");
          return;
        }

        const persons = /^\/api\/(?:projects|environments)\/([^/]+)\/persons\/([^/]+)$/.exec(path);
        if (persons) {
          const authorization = req.headers.authorization;
          if (!authorization?.startsWith("Bearer ")) {
            apiError(
              401,
              "authentication_error",
              "not_authenticated",
              "Authentication credentials were not provided.",
            );
            return;
          }
          if (authorization.slice("Bearer ".length).trim() !== personalApiKey) {
            apiError(
              401,
              "authentication_error",
              "authentication_failed",
              "Personal API key found in request Authorization header is invalid.",
            );
            return;
          }
          if (persons[1] !== String(projectId) && persons[1] !== "@current") {
            apiError(404, "invalid_request", "not_found", "Project not found.");
            return;
          }
          const target = decodeURIComponent(persons[2] as string);
          if (target === "bulk_delete" && method === "POST") {
            const payload = recorded.body.trim() === "" ? {} : parseJson(recorded.body);
            const body = isRecord(payload) ? payload : {};
            const distinctIds = stringList(
              body.distinct_ids ?? url.searchParams.getAll("distinct_ids").join(","),
            );
            const personIds = stringList(body.ids ?? url.searchParams.getAll("ids").join(","));
            if (distinctIds.length === 0 && personIds.length === 0) {
              apiError(
                400,
                "validation_error",
                "invalid_input",
                "You must provide either ids or distinct_ids",
              );
              return;
            }
            deletions.push({ distinctIds, personIds });
            // Deletion is queued at PostHog, hence 202 Accepted.
            send(202, {
              persons_found: distinctIds.length + personIds.length,
              persons_deleted: distinctIds.length + personIds.length,
              events_queued_for_deletion: body.delete_events === true || query.delete_events === "true",
              recordings_queued_for_deletion:
                body.delete_recordings === true || query.delete_recordings === "true",
            });
            return;
          }
          if (target !== "bulk_delete" && method === "DELETE") {
            deletions.push({ distinctIds: [], personIds: [target] });
            send(204);
            return;
          }
        }

        apiError(404, "invalid_request", "not_found", `The fake PostHog has no ${method} ${url.pathname}`);
      } catch (error) {
        if (error instanceof BadRequest) apiError(400, "validation_error", "invalid_payload", error.message);
        // A bug in the fake answers 500 rather than crashing the test run.
        else apiError(500, "server_error", "error", error instanceof Error ? error.message : String(error));
      }
    });
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });

  return {
    url: `http://127.0.0.1:${port}`,
    projectId,
    personalApiKey,
    requests,
    events: () => [...events],
    flagRequests: () => [...flagRequests],
    deletions: () => [...deletions],
    setFlags(next) {
      flags = { ...next };
    },
    setSurveys(next) {
      surveys = [...next];
    },
    waitFor(pred, timeoutMs = 10_000) {
      const found = events.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise<CapturedEvent>((resolve, reject) => {
        const waiter = {
          pred,
          settle: (outcome: CapturedEvent | Error) => {
            waiters.delete(waiter);
            clearTimeout(timer);
            if (outcome instanceof Error) reject(outcome);
            else resolve(outcome);
          },
        };
        const timer = setTimeout(() => {
          const seen = events.map((e) => `${e.event}(${e.distinct_id})`).join(", ") || "none";
          waiter.settle(
            new Error(`no matching PostHog event arrived within ${timeoutMs} ms; received: ${seen}`),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    reset() {
      requests.length = 0;
      events.length = 0;
      flagRequests.length = 0;
      deletions.length = 0;
    },
    close() {
      for (const w of [...waiters])
        w.settle(new Error("the fake PostHog was closed before a matching event"));
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
      });
    },
  };
}
