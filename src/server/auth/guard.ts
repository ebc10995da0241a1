import type { FastifyInstance, FastifyRequest } from "fastify";
import type { OpenAPIV3 } from "openapi-types";
import { AppError } from "../../shared/errors";
import { DOCS_PREFIX, routeNeedsSession } from "../plugins/openapi";
import type { Auth } from "./auth";
import { toFetchHeaders } from "./routes";

export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** Who made each request that named its caller (the funnel's events read it once answered). */
const callers = new WeakMap<FastifyRequest, string>();
export const callerOf = (request: FastifyRequest): string | undefined => callers.get(request);

/** The session a request carries, looked up once (the /api hook's lookup serves its handler too). */
const sessions = new WeakMap<FastifyRequest, Promise<SessionData | null>>();
function sessionOf(auth: Auth, request: FastifyRequest): Promise<SessionData | null> {
  let session = sessions.get(request);
  if (!session) {
    session = auth.api.getSession({ headers: toFetchHeaders(request) });
    sessions.set(request, session);
  }
  return session;
}

/** The caller's session, or an `unauthenticated` error (401). */
export async function requireSession(auth: Auth, request: FastifyRequest): Promise<SessionData> {
  const session = await sessionOf(auth, request);
  if (!session) throw new AppError("unauthenticated");
  callers.set(request, session.user.id);
  return session;
}

/** The signed-in caller's user id, or an `unauthenticated` error (401). */
export async function requireUserId(auth: Auth, request: FastifyRequest): Promise<string> {
  return (await requireSession(auth, request)).user.id;
}

/** The signed-in caller's user id, or null for a visitor (public endpoints that differ per person). */
export async function optionalUserId(auth: Auth, request: FastifyRequest): Promise<string | null> {
  const session = await sessionOf(auth, request);
  if (session) callers.set(request, session.user.id);
  return session?.user.id ?? null;
}

/**
 * Authentication by prefix and by the OpenAPI document: every route under `prefix` (/api, every
 * part's routes and better-auth's) whose operation needs a session (plugins/openapi.ts: `CALLERS`,
 * a session unless listed) is refused with 401 `unauthenticated` before its body is read or
 * validated (preParsing), and otherwise carries the caller's id in `request.userId`. Added on the
 * root before any route, so a part's routes cannot escape it; openapi-security.test.ts walks every
 * operation against it. `auth` is read when a request comes (the auth plugin makes it later).
 */
export function requireSessionsUnder(app: FastifyInstance, prefix: string, auth: () => Auth): void {
  app.decorateRequest("userId", null);
  // preParsing: after every onRequest hook — the per-node rate limit's, added to each route, and
  // main.ts's count of requests in flight — and still before the body is read or validated.
  app.addHook("preParsing", async (request, _reply, payload) => {
    const { url, schema } = request.routeOptions;
    // No route (a 404), not the API's, or the public document itself: nothing to protect.
    if (url === undefined || !url.startsWith(`${prefix}/`) || url.startsWith(DOCS_PREFIX)) return payload;
    const declared = (schema as { security?: OpenAPIV3.SecurityRequirementObject[] } | undefined)?.security;
    if (!routeNeedsSession(request.method, url, declared)) return payload;
    request.userId = await requireUserId(auth(), request);
    return payload;
  });
}

/** The caller's id on a route whose operation needs a session (set by requireSessionsUnder). */
export function userIdOf(request: FastifyRequest): string {
  if (!request.userId) throw new AppError("unauthenticated");
  return request.userId;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in caller, on a route whose operation needs a session; null elsewhere. */
    userId: string | null;
  }
}
