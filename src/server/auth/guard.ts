import type { FastifyRequest } from "fastify";
import { AppError } from "../../shared/errors";
import type { Auth } from "./auth";
import { toFetchHeaders } from "./routes";

export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** Who made each request that named its caller (the funnel's events read it once answered). */
const callers = new WeakMap<FastifyRequest, string>();
export const callerOf = (request: FastifyRequest): string | undefined => callers.get(request);

/** The caller's session, or an `unauthenticated` error (401). Every private endpoint starts here. */
export async function requireSession(auth: Auth, request: FastifyRequest): Promise<SessionData> {
  const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
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
  const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
  if (session) callers.set(request, session.user.id);
  return session?.user.id ?? null;
}
