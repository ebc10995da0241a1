import path from "node:path";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError, errorMessage } from "../../shared/errors";
import type { Config } from "../config";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The powerful features a page of ours may use: the camera (the /camera screen photographs
 * documents), and only in our own pages, never in a frame of another origin; everything else
 * that touches the person or the device is off, whatever script ends up running. Features that
 * plain pages use (fullscreen, autoplay, clipboard writes, sharing) keep the browser's defaults.
 * Only features Chromium knows are named: an unknown one is a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  "camera=(self)",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "midi=()",
  "accelerometer=()",
  "gyroscope=()",
  "magnetometer=()",
  "display-capture=()",
  "screen-wake-lock=()",
  "idle-detection=()",
  "local-fonts=()",
  "otp-credentials=()",
  "publickey-credentials-get=()",
  "xr-spatial-tracking=()",
  "browsing-topics=()",
  "window-management=()",
].join(", ");

/**
 * Whether a request asks for a page (issue 28): anything outside the API that is not a file — the
 * server-rendered `/` and `/AluguelOferta` (each a search or an offer read from the database) and
 * every client route the not-found handler answers with index.html. Built assets (`/assets/*`, and
 * any path with an extension: the icons, the manifest, the boot script) are files a page pulls in,
 * never counted; nor are the routes that opt out of rate limits (`/metrics`).
 */
export function isPageRequest(request: FastifyRequest): boolean {
  const pathname = request.url.split("?")[0] ?? "/";
  if (pathname.startsWith("/api/") || pathname.startsWith("/assets/")) return false;
  if (path.extname(pathname)) return false;
  return request.routeOptions.config?.rateLimit !== false;
}

/** The answer to a page asked for too often: short, in pt-BR, readable without the app. */
export function tooManyPagesHtml(retryAfterSeconds: number): string {
  const wait = retryAfterSeconds <= 1 ? "um segundo" : `${retryAfterSeconds} segundos`;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Muitos acessos em pouco tempo · Chave</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1b1e}</style></head><body><main><h1>Muitos acessos em pouco tempo</h1><p>Recebemos muitos pedidos de páginas vindos da sua conexão. Aguarde ${wait} e recarregue a página.</p></main></body></html>`;
}

/** Security headers, the per-node flood ceilings, and the same-origin rule for mutating API calls. */
export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets styles at run time (CSS variables and style attributes).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        // PostHog (issue 17) only when the operator configured it; it is reached only after consent.
        connectSrc: ["'self'", ...(config.POSTHOG_KEY ? [new URL(config.POSTHOG_HOST).origin] : [])],
        mediaSrc: ["'self'", "blob:"],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.isSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  // On the raw response, like helmet's headers, so answers written past Fastify (tus, live
  // events) carry it too.
  app.addHook("onRequest", async (_request, reply) => {
    reply.raw.setHeader("permissions-policy", PERMISSIONS_POLICY);
  });

  // A per-node ceiling against floods. The limits that must hold across nodes (sign-in, reset)
  // are better-auth's, counted in PostgreSQL.
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: 60_000,
    allowList: (request) => !request.url.startsWith("/api/"),
    errorResponseBuilder: () => ({
      statusCode: 429,
      code: "rate-limited",
      message: errorMessage("rate-limited"),
    }),
  });

  // Pages have a ceiling of their own, as large, per address (issue 28): a server-rendered `/`
  // costs a search like `/api/search`, and was outside every limit (1,182 a second from one
  // address). A person's visit asks for a page per navigation, its assets not counted, so never
  // comes near it. The address is Fastify's request.ip: the socket's, or with TRUST_PROXY the one
  // the balancer wrote in X-Forwarded-For (nginx replaces the client's, deploy/nginx/chave.conf).
  // Refused with 429, Retry-After (RFC 9110 §10.2.3, RFC 6585 §4) and a page a person can read.
  const pageLimit = app.createRateLimit({
    max: config.RATE_LIMIT_MAX,
    timeWindow: 60_000,
    allowList: () => false,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!isPageRequest(request)) return;
    const limit = await pageLimit(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    const retryAfter = Math.max(1, limit.ttlInSeconds);
    return reply
      .code(429)
      .header("retry-after", String(retryAfter))
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(tooManyPagesHtml(retryAfter));
  });

  // Mutating API calls must come from our own pages; better-auth checks its routes too.
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    if (origin ? origin !== config.publicOrigin : site === "cross-site")
      throw new AppError("forbidden-origin");
  });
});
