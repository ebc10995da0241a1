import type { FastifyRequest } from "fastify";
import { AppError } from "../../shared/errors";
import type { Auth } from "./auth";
import { toFetchHeaders } from "./routes";

export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** The caller's session, or an `unauthenticated` error (401). Every private endpoint starts here. */
export async function requireSession(auth: Auth, request: FastifyRequest): Promise<SessionData> {
  const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
  if (!session) throw new AppError("unauthenticated");
  return session;
}

/** The signed-in caller's user id, or an `unauthenticated` error (401). */
export async function requireUserId(auth: Auth, request: FastifyRequest): Promise<string> {
  return (await requireSession(auth, request)).user.id;
}
