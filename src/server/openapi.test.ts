import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../tests/support/builders";
import { createTestApp, type TestApp } from "../../tests/support/test-app";
import { apiPaths } from "../shared/api-paths";
import { errorStatus } from "../shared/errors";

/*
 * The OpenAPI document describes every answer (issue 14): each operation declares the schema of
 * its success and the error body for its 4xx and 5xx, from src/shared/contracts. Fastify
 * serialises through the same schemas, so what the document says is what the API answers.
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
  responses?: Record<string, ResponseObject>;
}

/**
 * The operations whose success is not a JSON body, by name: the tus protocol (hijacked, answered
 * by @tus/server), the live events (a server-sent-events stream), the bytes of a photo or a
 * document (streams), the e-mailed confirmation link (a redirect into the app) and the unsubscribe
 * link's page (HTML). Their errors
 * are still declared.
 */
const NO_JSON_SUCCESS = new Set([
  ...["POST", "HEAD", "PATCH", "DELETE", "OPTIONS"].flatMap((m) => [
    `${m} /api/storage/uploads`,
    `${m} /api/storage/uploads/{id}`,
  ]),
  "GET /api/events",
  "GET /api/photos/{id}",
  "GET /api/storage/files/{id}",
  "GET /api/privacy/exports/{id}/download",
  "GET /api/auth/verify-email",
  // The one-click unsubscribe's page and its answer are HTML, for a person without the app.
  "GET /api/preferences/unsubscribe",
  "POST /api/preferences/unsubscribe",
]);

let t: TestApp;
let operations: { name: string; responses: Record<string, ResponseObject> }[] = [];
let components: Record<string, JsonSchema> = {};
let documentBytes = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  documentBytes = res.rawPayload.length;
  const doc = res.json() as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  components = doc.components?.schemas ?? {};
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      responses: op.responses ?? {},
    })),
  );
}, 60_000);
afterAll(() => t?.close());

const jsonSchema = (r: ResponseObject | undefined) => r?.content?.["application/json"]?.schema;
const isSuccess = (status: string) => /^2(\d\d|XX)$/i.test(status);

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
