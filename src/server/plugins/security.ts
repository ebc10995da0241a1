import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
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

/** Security headers, the per-node flood ceiling, and the same-origin rule for mutating API calls. */
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

  // Mutating API calls must come from our own pages; better-auth checks its routes too.
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    if (origin ? origin !== config.publicOrigin : site === "cross-site")
      throw new AppError("forbidden-origin");
  });
});
