import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { vi } from "vitest";
import { apiPaths } from "../../shared/api-paths";
import { createQueryClient } from "../lib/query";
import { renderUi } from "../lib/testing";
import { AuthProvider, type AuthUser } from "./auth";

/** A fake API answer: a body (200), or a status with a body. */
export type FakeAnswer = unknown | { status: number; body: unknown };
/** Answers by "METHOD /api/path" or "/api/path" (any method); the path without its query. */
export type FakeApi = Record<string, FakeAnswer | ((body: unknown) => FakeAnswer)>;

function isStatusAnswer(a: unknown): a is { status: number; body: unknown } {
  return typeof a === "object" && a !== null && "status" in a && "body" in a;
}

/**
 * Stubs `fetch` with the session (`user`, or none) and the answers given; anything else is a
 * 404 `not-found`. Returns the stub, to look at the calls.
 */
export function stubApi(user: AuthUser | null, answers: FakeApi = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    if (url.pathname === apiPaths.auth.session)
      return json(200, user ? { user, session: { id: "s1", expiresAt: "2099-01-01", token: "t" } } : null);
    const found = answers[`${method} ${url.pathname}`] ?? answers[url.pathname];
    if (found === undefined) return json(404, { code: "not-found", message: "not-found" });
    // A JSON body is handed over parsed; a file (a Blob) as it is.
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : (init?.body ?? undefined);
    const answer = typeof found === "function" ? found(body) : found;
    return isStatusAnswer(answer) ? json(answer.status, answer.body) : json(200, answer);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** Where the router is now, for a test to read: `data-testid="location"`. */
function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * Renders a screen as the app does, at `path`, with the session and API answers given (through
 * `stubApi`): Mantine, the read cache, the auth provider and a router.
 */
export function renderScreen(
  ui: ReactNode,
  { path = "/", user = null, api = {} }: { path?: string; user?: AuthUser | null; api?: FakeApi } = {},
) {
  Element.prototype.scrollIntoView ??= () => undefined;
  const fetch = stubApi(user, api);
  const queryClient = createQueryClient({ debug: () => undefined, error: () => undefined });
  const result = renderUi(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <Location />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, fetch, queryClient };
}
