import type { FastifyInstance } from "fastify";

/**
 * A stand-in for the in-process app that sends each `inject` over real HTTP to a server process,
 * so the API helpers (signUp, caller, personWithProfile…) drive a process a test can kill.
 */
export function remoteApp(baseUrl: string): FastifyInstance {
  return {
    async inject(opts: {
      method: string;
      url: string;
      headers?: Record<string, string>;
      payload?: string;
      remoteAddress?: string;
    }) {
      const res = await fetch(`${baseUrl}${opts.url}`, {
        method: opts.method,
        // The server trusts the proxy header (TRUST_PROXY=true): each caller keeps its own
        // address, so one test's sign-ups do not use up the shared per-address auth limit.
        headers: {
          ...opts.headers,
          ...(opts.remoteAddress ? { "x-forwarded-for": opts.remoteAddress } : {}),
        },
        body: opts.payload,
        redirect: "manual",
      });
      const body = await res.text();
      const headers: Record<string, string | string[]> = {};
      res.headers.forEach((v, k) => {
        headers[k] = v;
      });
      headers["set-cookie"] = res.headers.getSetCookie();
      return { statusCode: res.status, body, headers, json: () => JSON.parse(body) };
    },
  } as unknown as FastifyInstance;
}
