import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  authStatus,
  changePasswordInput,
  changePasswordResult,
  requestPasswordResetInput,
  resendConfirmationInput,
  resetPasswordInput,
  resetTokenCheckInput,
  resetTokenState,
  revokeSessionInput,
  sameAnswer as sameAnswerBody,
  sessionInfo,
  sessionResponse,
  signInInput,
  signInResult,
  signOutResult,
  signUpInput,
  verifyEmailQuery,
} from "../../shared/contracts/auth";
import { errorResponses } from "../../shared/contracts/errors";
import { AppError, codeForStatus, type ErrorCode, isErrorCode } from "../../shared/errors";
import { safeNextPath } from "../../shared/routes";
import { requestLanguage } from "../plugins/error-handler";
import { type Auth, CLIENT_IP_HEADER, withConfirmationNext, withRequestLanguage } from "./auth";

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
  EMAIL_NOT_VERIFIED: "email-not-confirmed",
};

/** better-auth's error as the catalogue's; our own hooks pass catalogue codes through as they are. */
function translateError(status: number, text: string): AppError {
  let authCode: unknown;
  try {
    authCode = (JSON.parse(text) as { code?: unknown }).code;
  } catch {
    authCode = undefined;
  }
  const code: ErrorCode =
    isErrorCode(authCode) && authCode !== "unknown"
      ? authCode
      : status === 429
        ? "rate-limited"
        : (typeof authCode === "string" && AUTH_CODES[authCode]) || codeForStatus(status);
  return new AppError(code, { status: status >= 500 ? undefined : status });
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

/** better-auth's answer to one forwarded request; cookies and headers already on the reply. */
interface Forwarded {
  status: number;
  text: string;
  setsSession: boolean;
}

/** Hands a request to better-auth; its cookies and headers are copied to the reply, errors thrown in the catalogue. */
async function forward(
  auth: Auth,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
  url: string = request.url,
): Promise<Forwarded> {
  const headers = toFetchHeaders(request);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  if (hasBody) headers.set("content-type", "application/json");
  const response = await withRequestLanguage(requestLanguage(request), () =>
    auth.handler(
      new Request(new URL(url, publicUrl), {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
      }),
    ),
  );
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie" && key !== "content-length" && key !== "content-encoding")
      reply.header(key, value);
  });
  // better-auth's per-address limit says its wait only in X-Retry-After; clients read Retry-After.
  const wait = response.headers.get("x-retry-after");
  if (response.status === 429 && wait && !response.headers.has("retry-after"))
    reply.header("retry-after", wait);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const text = await response.text();
  if (response.status >= 400) throw translateError(response.status, text);
  reply.status(response.status);
  return {
    status: response.status,
    text,
    setsSession: cookies.some((c) => /session_token=[^;]+/.test(c) && !/session_token=;/.test(c)),
  };
}

/**
 * How long the answers that must not tell whether an e-mail has an account take at least: the
 * known e-mail's path writes an e-mail to the outbox, the unknown one does not (decision 015).
 */
export const SAME_ANSWER_FLOOR_MS = 350;

async function atLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
  }
}

const tags = ["auth"];

export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; publicUrl: string }) {
  const { auth, publicUrl } = opts;
  const handler = async (request: FastifyRequest, reply: FastifyReply) =>
    (await forward(auth, publicUrl, request, reply)).text;
  /** One answer whatever the e-mail: `{ status: true }`, no user, no id, no English text. */
  const sameAnswer = async (request: FastifyRequest, reply: FastifyReply) => {
    await atLeast(SAME_ANSWER_FLOOR_MS, () => forward(auth, publicUrl, request, reply));
    reply.type("application/json; charset=utf-8");
    return { status: true };
  };
  /**
   * Sign-up and a new confirmation link keep where the person was going (`next`, not better-auth's)
   * for the e-mailed link; better-auth gets the rest of the body.
   */
  const keepingNext = async (request: FastifyRequest, reply: FastifyReply) => {
    const { next, ...rest } = (request.body ?? {}) as { next?: string };
    request.body = rest;
    return withConfirmationNext(next, () => sameAnswer(request, reply));
  };
  // Without the zod type provider: better-auth's answers are forwarded as the JSON text it wrote
  // (which Fastify sends as is), so the response schemas document them rather than type them.
  const r = app;
  r.post(
    "/sign-up/email",
    {
      schema: {
        tags,
        summary: "Create an account; its confirmation link is e-mailed (same answer for a known e-mail)",
        body: signUpInput,
        response: { 200: sameAnswerBody, ...errorResponses },
      },
    },
    keepingNext,
  );
  r.post(
    "/sign-in/email",
    {
      schema: {
        tags,
        summary: "Sign in with e-mail and password",
        body: signInInput,
        response: { 200: signInResult, ...errorResponses },
      },
    },
    handler,
  );
  r.post(
    "/sign-out",
    {
      schema: {
        tags,
        summary: "End this session on the server",
        response: { 200: signOutResult, ...errorResponses },
      },
    },
    handler,
  );
  r.get(
    "/get-session",
    {
      schema: {
        tags,
        summary: "The signed-in user and session, or null",
        response: { 200: sessionResponse, ...errorResponses },
      },
    },
    handler,
  );
  r.post(
    "/request-password-reset",
    {
      schema: {
        tags,
        summary: "E-mail a single-use password reset link (same answer for an unknown e-mail)",
        body: requestPasswordResetInput,
        response: { 200: sameAnswerBody, ...errorResponses },
      },
    },
    sameAnswer,
  );
  r.post(
    "/reset-password",
    {
      schema: {
        tags,
        summary: "Set a new password with the e-mailed token",
        body: resetPasswordInput,
        response: { 200: authStatus, ...errorResponses },
      },
    },
    handler,
  );
  r.post(
    "/reset-password/check",
    {
      schema: {
        tags,
        summary:
          "Whether a reset link's token still sets a password (used, expired or replaced: no); nothing is used up",
        body: resetTokenCheckInput,
        response: { 200: resetTokenState, ...errorResponses },
      },
      // A token is 32 random characters: nothing to guess, but no endpoint answers without end.
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { token } = request.body as { token: string };
      const context = await auth.$context;
      // Looked up as reset-password itself looks it up (the stored identifier is its hash).
      const link = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      reply.header("cache-control", "no-store");
      return { usable: link !== null && link !== undefined && new Date(link.expiresAt) > new Date() };
    },
  );
  r.post(
    "/change-password",
    {
      schema: {
        tags,
        summary: "Change the password and end the other sessions",
        body: changePasswordInput,
        response: { 200: changePasswordResult, ...errorResponses },
      },
    },
    handler,
  );
  r.get(
    "/list-sessions",
    {
      schema: {
        tags,
        summary: "The user's open sessions",
        response: { 200: z.array(sessionInfo), ...errorResponses },
      },
    },
    handler,
  );
  r.post(
    "/revoke-session",
    {
      schema: {
        tags,
        summary: "End one session",
        body: revokeSessionInput,
        response: { 200: authStatus, ...errorResponses },
      },
    },
    handler,
  );
  r.post(
    "/revoke-other-sessions",
    {
      schema: {
        tags,
        summary: "End every session but this one",
        response: { 200: authStatus, ...errorResponses },
      },
    },
    handler,
  );
  r.post(
    "/send-verification-email",
    {
      schema: {
        tags,
        summary:
          "E-mail a new confirmation link to an account not yet confirmed (same answer for any e-mail)",
        body: resendConfirmationInput,
        response: { 200: sameAnswerBody, ...errorResponses },
      },
    },
    keepingNext,
  );
  r.get(
    "/verify-email",
    {
      schema: {
        tags,
        summary: "The e-mailed confirmation link: confirms the e-mail, signs in and redirects into the app",
        querystring: verifyEmailQuery,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      // A link opened from an e-mail lands on a page, never on JSON: the app, or the sign-in
      // screen saying what happened.
      // Where the person was going when she signed up: there, signed in; or through the sign-in
      // screen when the link signs no one in. Only a path of this site (no open redirect).
      const { token, next } = request.query as { token: string; next?: string };
      const goal = safeNextPath(next);
      const then = goal === "/" ? "" : `&next=${encodeURIComponent(goal)}`;
      let target = `/login?confirmacao=invalida${then}`;
      try {
        const answer = await forward(
          auth,
          publicUrl,
          request,
          reply,
          `${request.url.split("?")[0]}?token=${encodeURIComponent(token)}`,
        );
        target = answer.setsSession ? goal : `/login?confirmacao=feita${then}`;
      } catch (error) {
        if (error instanceof AppError && error.status >= 500) throw error;
      }
      reply.header("cache-control", "no-store");
      return reply.redirect(target, 302);
    },
  );
  // Nothing else under /api/auth: better-auth's other endpoints answer the app's 404.
}
