import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/test-app";
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
 * document (streams), and the e-mailed confirmation link (a redirect into the app). Their errors
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
  "GET /api/auth/verify-email",
]);

let t: TestApp;
let operations: { name: string; responses: Record<string, ResponseObject> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
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

  it("declares the error body for every operation's 4xx and 5xx", () => {
    const wrong: string[] = [];
    for (const { name, responses } of operations) {
      for (const status of ["4XX", "5XX"]) {
        const schema = jsonSchema(responses[status]);
        const code = schema?.properties?.code;
        const issues = schema?.properties?.issues;
        const ok =
          schema?.type === "object" &&
          [...(schema.required ?? [])].sort().join() === "code,message" &&
          code?.type === "string" &&
          [...(code.enum ?? [])].sort().join() === Object.keys(errorStatus).sort().join() &&
          schema.properties?.message?.type === "string" &&
          issues?.type === "array" &&
          issues.items?.properties?.path?.type === "string" &&
          issues.items?.properties?.message?.type === "string";
        if (!ok) wrong.push(`${name} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
