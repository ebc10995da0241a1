import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ORIGIN, signUp, type TestApp, uniqueIp } from "../../../tests/support/test-app";
import { needsSession } from "./openapi";

/*
 * Authentication by the document (issue 30): every operation the OpenAPI document says needs a
 * session answers 401 `unauthenticated` without one — whatever else is wrong with the request,
 * since the /api hook refuses it before the body is read — and an operation open to anyone (or
 * to anyone, differently when signed in) never answers 401 `unauthenticated`.
 */

type Security = Record<string, string[]>[];
interface Document {
  paths: Record<string, Record<string, { security?: Security }>>;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"];
const SOME_ID = "00000000-0000-4000-8000-000000000000";

let t: TestApp;
let operations: { method: string; path: string; security: Security }[];

beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as unknown as Document;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({
      method: m.toUpperCase(),
      path,
      security: item[m]?.security ?? [],
    })),
  );
});
afterAll(() => t.close());

/** The operation called without a cookie, its parameters any well-formed value, its body `{}`. */
function callWithoutSession(method: string, path: string) {
  const url = path.replace(/\{cep\}/g, "01001000").replace(/\{[^}]+\}/g, SOME_ID);
  const withBody = ["POST", "PUT", "PATCH", "DELETE"].includes(method);
  return t.app.inject({
    method: method as "GET",
    url,
    remoteAddress: uniqueIp(),
    headers: { origin: ORIGIN, ...(withBody ? { "content-type": "application/json" } : {}) },
    ...(withBody ? { payload: "{}" } : {}),
  });
}

describe("who may call each operation, as the document says", () => {
  it("refuses every session-required operation without a session: 401 unauthenticated", async () => {
    const required = operations.filter((op) => needsSession(op.security));
    expect(required.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const { method, path } of required) {
      const res = await callWithoutSession(method, path);
      const code = method === "HEAD" ? "unauthenticated" : res.json().code;
      if (res.statusCode !== 401 || code !== "unauthenticated")
        wrong.push(`${method} ${path}: ${res.statusCode} ${code}`);
    }
    expect(wrong).toEqual([]);
  });

  it("never asks a session of an operation open without one", async () => {
    const open = operations.filter(
      (op) => op.security.length === 0 || op.security.some((s) => Object.keys(s).length === 0),
    );
    expect(open.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const { method, path } of open) {
      const res = await callWithoutSession(method, path);
      // A 401 for wrong credentials (sign-in's) is that operation's answer, not a session asked.
      if (res.statusCode === 401 && res.json().code === "unauthenticated")
        wrong.push(`${method} ${path}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it("lets a signed-in caller through to the handler, which knows who asks", async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/storage/objects",
      headers: { origin: ORIGIN, cookie: u.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [] });
  });
});
