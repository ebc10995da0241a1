import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

export const REQUEST_ID_HEADER = "x-request-id";

/** What an id from a proxy may look like: short, and nothing a log line or a header could trip on. */
const GIVEN_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id of a request (Fastify's genReqId): a trusted proxy's `X-Request-Id` when TRUST_PROXY is
 * on and the id is well formed, so one id follows a request through the balancer and this node's
 * logs; otherwise a fresh UUID. Without a trusted proxy, anyone could write into our logs' ids.
 */
export function requestIdFor(raw: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const given = raw.headers[REQUEST_ID_HEADER];
    if (typeof given === "string" && GIVEN_ID.test(given)) return given;
  }
  return randomUUID();
}

/**
 * Every answer carries `X-Request-Id`: set on the raw response before anything else runs, so the
 * answers written past Fastify (live events, tus) and the early refusals (rate limit, origin) have it.
 */
export function addRequestIdHeader(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
  });
}
