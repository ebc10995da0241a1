import { execFile } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../tests/support/builders";
import { expectConsoleError } from "../../tests/support/console";
import { ContractCheck, type OpenApiDocument } from "../../tests/support/openapi-check";
import {
  createTestApp,
  GOOD_PASSWORD,
  get,
  post,
  sessionCookie,
  signIn,
  signUp,
  type TestApp,
} from "../../tests/support/test-app";
import { apiPaths } from "../shared/api-paths";
import { errorStatus } from "../shared/errors";

/*
 * The OpenAPI document describes every answer (issue 14) and is the contract (issue 28, decision
 * 038): each operation declares who may call it, the schema of its success and the error body for
 * its 4xx and 5xx, from src/shared/contracts. Every answer of the API tests is checked against it
 * (tests/support/openapi-check.ts, from createTestApp); here, the document's own shape.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
}
interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: JsonSchema }>;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
}

/**
 * The operations whose success is not a JSON body, by name: the tus protocol (hijacked, answered
 * by @tus/server; tus's collection answers only POST, whose creation-with-upload that carries
 * every byte answers the new document), the live events (a server-sent-events stream), the bytes
 * of a photo or a document (streams), the e-mailed confirmation link (a redirect into the app) and
 * the unsubscribe link's page (HTML). Their errors are still declared.
 */
const NO_JSON_SUCCESS = new Set([
  ...["HEAD", "PATCH", "DELETE", "OPTIONS"].map((m) => `${m} /api/storage/uploads/{id}`),
  "OPTIONS /api/storage/uploads",
  "GET /api/events",
  "GET /api/photos/{id}",
  "GET /api/storage/files/{id}",
  "GET /api/privacy/exports/{id}/download",
  "GET /api/inspections/{id}/fotos.zip",
  "GET /api/auth/verify-email",
  // The one-click unsubscribe's page and its answer are HTML, for a person without the app.
  "GET /api/preferences/unsubscribe",
  "POST /api/preferences/unsubscribe",
]);

let t: TestApp;
let operations: { name: string; op: Operation; responses: Record<string, ResponseObject> }[] = [];
let doc: OpenApiDocument & { paths: Record<string, Record<string, Operation>> };
let documentText = "";
let components: Record<string, JsonSchema> = {};
let documentBytes = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  documentBytes = res.rawPayload.length;
  documentText = res.body;
  doc = res.json() as typeof doc;
  components = (doc.components?.schemas ?? {}) as Record<string, JsonSchema>;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      op,
      responses: op.responses ?? {},
    })),
  );
}, 60_000);
afterAll(() => t?.close());

const jsonSchema = (r: ResponseObject | undefined) => r?.content?.["application/json"]?.schema;
const isSuccess = (status: string) => /^2(\d\d|XX)$/i.test(status);
const isSuccessOrRedirect = (status: string) => /^[23](\d\d|XX)$/i.test(status);

describe("the OpenAPI document", () => {
  it("lists the API's operations", () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const name of NO_JSON_SUCCESS) expect(operations.map((o) => o.name)).toContain(name);
  });

  it("declares a success schema for every operation but the named streams and redirects", () => {
    const missing: string[] = [];
    for (const { name, responses } of operations) {
      if (NO_JSON_SUCCESS.has(name)) continue;
      const successes = Object.entries(responses).filter(([status]) => isSuccess(status));
      // 204 has no body: its declaration is the schema.
      const described = successes.some(([status, r]) => status === "204" || jsonSchema(r) !== undefined);
      if (!described) missing.push(name);
    }
    expect(missing).toEqual([]);
  });

  it("declares no JSON success for the named streams and redirects (the list stays true)", () => {
    const stale = operations
      .filter((o) => NO_JSON_SUCCESS.has(o.name))
      .filter((o) => Object.entries(o.responses).some(([s, r]) => isSuccess(s) && jsonSchema(r)))
      .map((o) => o.name);
    expect(stale).toEqual([]);
  });

  it("describes the error body once and refers every operation's 4xx and 5xx to it", () => {
    const schema = components.ErrorBody;
    const code = schema?.properties?.code;
    const issues = schema?.properties?.issues;
    expect(schema?.type).toBe("object");
    expect([...(schema?.required ?? [])].sort()).toEqual(["code", "message"]);
    expect(code?.type).toBe("string");
    expect([...(code?.enum ?? [])].sort()).toEqual(Object.keys(errorStatus).sort());
    expect(schema?.properties?.message?.type).toBe("string");
    expect(issues?.type).toBe("array");
    expect(issues?.items?.properties?.path?.type).toBe("string");
    expect(issues?.items?.properties?.message?.type).toBe("string");
    const wrong: string[] = [];
    for (const { name, responses } of operations) {
      for (const status of ["4XX", "5XX"]) {
        if (jsonSchema(responses[status])?.$ref !== "#/components/schemas/ErrorBody")
          wrong.push(`${name} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
    // Before, each answer carried its own copy of the 70-code enum: about 570 KB in all.
    console.info(
      `OpenAPI document: ${(documentBytes / 1024).toFixed(0)} KiB, ${operations.length} operations`,
    );
  });
});

describe("the OpenAPI document as a contract (issue 28)", () => {
  it("declares a success or a redirect for every operation, streams and protocols included", () => {
    // Redocly counted 17 operations without one (the tus methods, bytes, events, pages).
    const missing = operations
      .filter(({ responses }) => !Object.keys(responses).some(isSuccessOrRedirect))
      .map((o) => o.name);
    expect(missing).toEqual([]);
  });

  it("says who may call every operation, as the handlers check it", async () => {
    // Redocly: 29 operations (30 by now) without `security`.
    const undeclared = operations.filter(({ op }) => op.security === undefined).map((o) => o.name);
    expect(undeclared).toEqual([]);
    const schemes = Object.keys(
      (doc.components as { securitySchemes?: Record<string, unknown> }).securitySchemes ?? {},
    );
    for (const { name, op } of operations)
      for (const requirement of op.security ?? [])
        for (const scheme of Object.keys(requirement)) expect(schemes, name).toContain(scheme);
    // Each operation the document says needs a session refuses a caller without one: asked with
    // placeholder parameters and no body, it answers 401 unauthenticated, or refuses the input
    // before its handler runs (400, 410 or 415: the body or a query token missing), never
    // anything the handler decides (a 2xx, a 403, a 404).
    const needsSession = operations.filter(
      ({ op }) => op.security?.length === 1 && "session" in (op.security[0] ?? {}),
    );
    expect(needsSession.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const { name } of needsSession) {
      const [method, template] = name.split(" ") as [string, string];
      const url = template
        .replace("{cep}", "01310100")
        .replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
      const res = await t.app.inject({
        method: method as "GET",
        url,
        headers: { origin: "http://localhost:3000", "tus-resumable": "1.0.0" },
      });
      const code = String(res.headers["content-type"] ?? "").includes("json")
        ? (res.json() as { code?: string }).code
        : "";
      if (res.statusCode === 401 && code === "unauthenticated") continue;
      if ([400, 410, 415].includes(res.statusCode)) continue;
      wrong.push(`${name}: ${res.statusCode} ${code}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it("gives every operation an id, unique", () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("passes Redocly's recommended rules with no error", async () => {
    // The document as an installation serves it: its PUBLIC_URL (the test app's is localhost,
    // which the rule no-server-example.com rightly flags for a real installation).
    const served = JSON.parse(documentText) as { servers: { url: string }[] };
    served.servers = [{ url: "https://chave.exemplo.com.br" }];
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-openapi-"));
    const file = path.join(dir, "openapi.json");
    await fsp.writeFile(file, JSON.stringify(served));
    try {
      const run = await promisify(execFile)(
        path.resolve("node_modules/.bin/redocly"),
        [
          "lint",
          file,
          "--config",
          path.resolve("redocly.yaml"),
          "--format",
          "json",
          "--max-problems",
          "10000",
        ],
        { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: "off", NO_COLOR: "1" } },
      ).catch((error: { stdout?: string; stderr?: string }) => error);
      const stdout = run.stdout ?? "";
      const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems.filter((p) => p.severity === "error");
      expect(errors.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
      // The warnings left, each for a reason (decision 038): /api/contracts/verify/{id} beside
      // /api/contracts/{id}/review and its kin (ids are UUIDs: "verify" is never one), and the
      // e-mailed confirmation link, whose success is a redirect (302), not a 2XX.
      const warnings = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
      const accepted = (w: string) =>
        w.startsWith("no-ambiguous-paths #/paths/~1api~1contracts~1{id}~1") ||
        w === "operation-2xx-response #/paths/~1api~1auth~1verify-email/get/responses";
      expect(warnings.filter((w) => !accepted(w))).toEqual([]);
      console.info(
        `Redocly (recommended): ${report.totals.errors} errors, ${report.totals.warnings} warnings`,
      );
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the answers' check (tests/support/openapi-check.ts)", () => {
  const check = () => new ContractCheck(doc);
  const json = "application/json; charset=utf-8";

  it("finds what Redocly cannot: extra fields, nulls, statuses and media types not declared, security untrue", () => {
    const c = check();
    const me = { method: "GET", path: "/api/me", contentType: json, hadSession: true };
    expect(
      c.check({ ...me, status: 200, body: JSON.stringify({ id: "u", name: "Ana", email: "a@b.c" }) }),
    ).toEqual([]);
    expect(
      c.check({
        ...me,
        status: 200,
        body: JSON.stringify({ id: "u", name: "Ana", email: "a@b.c", image: null }),
      }),
    ).toEqual([expect.stringContaining("must NOT have additional properties")]);
    expect(
      c.check({ ...me, status: 200, body: JSON.stringify({ id: "u", name: null, email: "a@b.c" }) }),
    ).toEqual([expect.stringContaining("/name must be string")]);
    expect(c.check({ ...me, status: 302, body: "" })).toEqual([
      expect.stringContaining("status not declared"),
    ]);
    expect(c.check({ ...me, status: 200, contentType: "text/html", body: "<p>" })).toEqual([
      expect.stringContaining("answered text/html"),
    ]);
    expect(
      c.check({
        ...me,
        status: 200,
        hadSession: false,
        body: JSON.stringify({ id: "u", name: "A", email: "e" }),
      }),
    ).toEqual([expect.stringContaining("needing a session")]);
    const unauthenticated = JSON.stringify({ code: "unauthenticated", message: "Entre na sua conta." });
    expect(
      c.check({ method: "GET", path: "/api/search", status: 401, contentType: json, body: unauthenticated }),
    ).toEqual([expect.stringContaining("open without a session")]);
    expect(
      c.check({ method: "GET", path: "/api/nowhere", status: 200, contentType: json, body: "{}" }),
    ).toEqual([expect.stringContaining("no such operation")]);
    // The end-to-end suite sees concrete paths: a static segment wins over a parameter.
    expect(
      c.check({
        method: "GET",
        path: "/api/contracts/verify/abc",
        concrete: true,
        status: 200,
        contentType: json,
        body: "{}",
      }),
    ).toEqual([expect.stringContaining("GET /api/contracts/verify/{id} → 200: body does not match")]);
  });

  it("fails the test whose answer does not match (console.error, the console guard)", async () => {
    const c = check();
    expectConsoleError(/OpenAPI contract: GET \/api\/me → 200: body does not match/);
    const { reportAnswer } = await import("../../tests/support/openapi-check");
    reportAnswer(c, {
      method: "GET",
      path: "/api/me",
      status: 200,
      contentType: json,
      body: "{}",
      hadSession: true,
    });
  });

  it("finds better-auth's live answers as documented (extra fields and nulls included)", async () => {
    // The probe found 10 of 49 live answers off their schemas, most of them better-auth's.
    const c = check();
    const answers: string[] = [];
    const record = (name: string, res: Awaited<ReturnType<typeof get>>, hadSession: boolean) => {
      const [method, url] = name.split(" ") as [string, string];
      for (const problem of c.check({
        method,
        path: url,
        status: res.statusCode,
        contentType: String(res.headers["content-type"] ?? ""),
        body: res.body,
        hadSession,
      }))
        answers.push(problem);
    };
    const user = await signUp(t.app);
    const signedIn = await signIn(t.app, user.email, user.password);
    expect(signedIn.statusCode).toBe(200);
    record("POST /api/auth/sign-in/email", signedIn, false);
    const cookie = sessionCookie(signedIn);
    record("GET /api/auth/get-session", await get(t.app, "/api/auth/get-session", { cookie }), true);
    record("GET /api/auth/get-session", await get(t.app, "/api/auth/get-session"), false);
    const sessions = await get(t.app, "/api/auth/list-sessions", { cookie });
    record("GET /api/auth/list-sessions", sessions, true);
    const other = (sessions.json() as { token: string }[]).find((s) => !cookie.includes(s.token));
    expect(other).toBeDefined();
    record(
      "POST /api/auth/revoke-session",
      await post(t.app, "/api/auth/revoke-session", { token: other?.token }, { cookie }),
      true,
    );
    const changed = await post(
      t.app,
      "/api/auth/change-password",
      { currentPassword: GOOD_PASSWORD, newPassword: `${GOOD_PASSWORD} e mais`, revokeOtherSessions: true },
      { cookie },
    );
    expect(changed.statusCode).toBe(200);
    record("POST /api/auth/change-password", changed, true);
    const after = sessionCookie(changed);
    record(
      "POST /api/auth/revoke-other-sessions",
      await post(t.app, "/api/auth/revoke-other-sessions", {}, { cookie: after }),
      true,
    );
    record("POST /api/auth/sign-out", await post(t.app, "/api/auth/sign-out", {}, { cookie: after }), true);
    expect(answers).toEqual([]);
  });
});

describe("the response schemas", () => {
  // A response schema strips what it does not name: a view the services build must cross it
  // whole, or a screen would silently lose a field.
  it("drop nothing the services answer", async () => {
    const b = builders(t);
    const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    const { contract, landlord, tenant } = await b.contract("enviado");
    const message = await b.call("POST", apiPaths.messages.thread(contract.proposalId), tenant.cookie, {
      texto: "Olá, tudo certo com o contrato?",
    });
    expect(message.statusCode).toBe(201);

    const answers = {
      contract: b.call("GET", apiPaths.contracts.one(contract.id), landlord.cookie),
      contracts: b.call("GET", apiPaths.contracts.all, landlord.cookie),
      proposal: b.call("GET", apiPaths.proposals.one(contract.proposalId), landlord.cookie),
      thread: b.call("GET", apiPaths.messages.thread(contract.proposalId), landlord.cookie),
      conversations: b.call("GET", apiPaths.messages.all, landlord.cookie),
    };
    const served = async (key: keyof typeof answers) => {
      const res = await answers[key];
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
      return res.json() as unknown;
    };
    const id = landlord.userId;
    expect(await served("contract")).toEqual(plain(await t.app.contracts.get(id, contract.id)));
    expect(await served("contracts")).toEqual(plain(await t.app.contracts.listFor(id)));
    expect(await served("proposal")).toEqual(plain(await t.app.proposals.get(id, contract.proposalId)));
    expect(await served("thread")).toEqual(plain(await t.app.messages.thread(id, contract.proposalId)));
    expect(await served("conversations")).toEqual(plain(await t.app.messages.conversations(id)));

    // A draft shows who will sign (the guarantor with the relationship the tenant gave).
    const draft = await b.contract("rascunho");
    const res = await b.call("GET", apiPaths.contracts.one(draft.contract.id), draft.tenant.cookie);
    expect(res.json()).toEqual(plain(await t.app.contracts.get(draft.tenant.userId, draft.contract.id)));
    expect(res.json()).toMatchObject({
      plannedSigners: expect.arrayContaining([expect.objectContaining({ role: "fiador" })]),
    });
  }, 120_000);
});
