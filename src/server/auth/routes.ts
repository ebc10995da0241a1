import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  changePasswordInput,
  requestPasswordResetInput,
  resetPasswordInput,
  revokeSessionInput,
  signInInput,
  signUpInput,
} from "../../shared/contracts/auth";
import { codeForStatus, type ErrorCode, errorMessage } from "../../shared/errors";
import { type Auth, CLIENT_IP_HEADER } from "./auth";

/** better-auth's error codes, as the application's catalogue names them. */
const AUTH_CODES: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: "invalid-credentials",
  USER_ALREADY_EXISTS: "email-taken",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email-taken",
  PASSWORD_TOO_SHORT: "password-too-short",
  PASSWORD_TOO_LONG: "password-too-long",
  PASSWORD_TOO_COMMON: "password-too-common",
  INVALID_TOKEN: "invalid-reset-link",
  TOKEN_EXPIRED: "invalid-reset-link",
  INVALID_PASSWORD: "wrong-current-password",
  INVALID_EMAIL: "invalid-email",
  INVALID_ORIGIN: "forbidden-origin",
  MISSING_OR_NULL_ORIGIN: "forbidden-origin",
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: "forbidden-origin",
  SESSION_EXPIRED: "unauthenticated",
  FAILED_TO_GET_SESSION: "unauthenticated",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "invalid-credentials",
};

function translateError(status: number, text: string): { code: ErrorCode; message: string } {
  let authCode: unknown;
  try {
    authCode = (JSON.parse(text) as { code?: unknown }).code;
  } catch {
    authCode = undefined;
  }
  const code =
    status === 429
      ? "rate-limited"
      : (typeof authCode === "string" && AUTH_CODES[authCode]) || codeForStatus(status);
  return { code, message: errorMessage(code) };
}

export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER || key === "content-length") continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Hands a request to better-auth and its answer back to Fastify, with errors in the app's catalogue. */
async function forward(auth: Auth, publicUrl: string, request: FastifyRequest, reply: FastifyReply) {
  const headers = toFetchHeaders(request);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  if (hasBody) headers.set("content-type", "application/json");
  const response = await auth.handler(
    new Request(new URL(request.url, publicUrl), {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
    }),
  );
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie" && key !== "content-length" && key !== "content-encoding")
      reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const text = await response.text();
  if (response.status >= 400) {
    reply.type("application/json; charset=utf-8");
    return translateError(response.status, text);
  }
  return text;
}

const tags = ["auth"];

export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; publicUrl: string }) {
  const { auth, publicUrl } = opts;
  const handler = (request: FastifyRequest, reply: FastifyReply) => forward(auth, publicUrl, request, reply);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post("/sign-up/email", { schema: { tags, summary: "Create an account", body: signUpInput } }, handler);
  r.post(
    "/sign-in/email",
    { schema: { tags, summary: "Sign in with e-mail and password", body: signInInput } },
    handler,
  );
  r.post("/sign-out", { schema: { tags, summary: "End this session on the server" } }, handler);
  r.get("/get-session", { schema: { tags, summary: "The signed-in user and session, or null" } }, handler);
  r.post(
    "/request-password-reset",
    { schema: { tags, summary: "E-mail a single-use password reset link", body: requestPasswordResetInput } },
    handler,
  );
  r.post(
    "/reset-password",
    { schema: { tags, summary: "Set a new password with the e-mailed token", body: resetPasswordInput } },
    handler,
  );
  r.post(
    "/change-password",
    {
      schema: { tags, summary: "Change the password and end the other sessions", body: changePasswordInput },
    },
    handler,
  );
  r.get("/list-sessions", { schema: { tags, summary: "The user's open sessions" } }, handler);
  r.post(
    "/revoke-session",
    { schema: { tags, summary: "End one session", body: revokeSessionInput } },
    handler,
  );
  r.post("/revoke-other-sessions", { schema: { tags, summary: "End every session but this one" } }, handler);
  // Anything else better-auth serves (its own health check, future plugins), not in the public contract.
  r.route({
    method: ["GET", "POST"],
    url: "/*",
    schema: { hide: true },
    handler,
  });
}
