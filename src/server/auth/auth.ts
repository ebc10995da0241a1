import { type BetterAuthOptions, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { accounts, rateLimits, sessions, users, verifications } from "../db/schema/auth";
import { replaceUnavailable } from "../db/unavailable";
import type { MailOutbox } from "../mail/outbox";
import { passwordChangedMail, passwordResetMail } from "../mail/templates";
import { hashPassword, isCommonPassword, verifyPassword } from "./passwords";

/** The header the Fastify bridge sets from the socket (or the trusted proxy); never taken from clients. */
export const CLIENT_IP_HEADER = "x-chave-client-ip";

const PASSWORD_PATHS = new Set(["/sign-up/email", "/reset-password", "/change-password"]);

export interface AuthDeps {
  config: Config;
  db: Db;
  /** Every account e-mail is recorded in the outbox and sent by its job (retried if SMTP fails). */
  mail: Pick<MailOutbox, "send">;
  secret: string;
  log: Pick<FastifyBaseLogger, "error" | "warn" | "info" | "debug">;
}

/**
 * better-auth answers a failed database call with a generic 500 and drops its cause (get-session
 * turns it into FAILED_TO_GET_SESSION), but lets an APIError through as it is: a database that is
 * away becomes a 503 APIError, whose cause the Fastify error handler recognises too.
 */
function serviceUnavailable(cause: unknown): APIError {
  const error = new APIError("SERVICE_UNAVAILABLE", {
    code: "SERVICE_UNAVAILABLE",
    message: "Database unavailable",
  });
  Object.defineProperty(error, "cause", { value: cause });
  return error;
}

export function createAuth({ config, db, mail, secret, log }: AuthDeps) {
  const resetUrl = (token: string) =>
    `${config.PUBLIC_URL}/password/reset?token=${encodeURIComponent(token)}`;
  const authRule = { window: config.AUTH_RATE_LIMIT_WINDOW, max: config.AUTH_RATE_LIMIT_MAX };

  return betterAuth({
    appName: "Chave",
    baseURL: config.PUBLIC_URL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicOrigin],
    // A database that is away reaches the routes as a 503 (see serviceUnavailable).
    database: (options: BetterAuthOptions) =>
      replaceUnavailable(
        drizzleAdapter(db, {
          provider: "pg",
          schema: {
            user: users,
            session: sessions,
            account: accounts,
            verification: verifications,
            rateLimit: rateLimits,
          },
        })(options),
        serviceUnavailable,
      ),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: config.PASSWORD_RESET_TTL,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        await mail.send(
          user.email,
          passwordResetMail({
            name: user.name,
            url: resetUrl(token),
            minutes: Math.round(config.PASSWORD_RESET_TTL / 60),
          }),
        );
      },
      async onPasswordReset({ user }) {
        await mail.send(
          user.email,
          passwordChangedMail({
            name: user.name,
            when: new Date(),
            resetUrl: `${config.PUBLIC_URL}/password`,
          }),
        );
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      // Only guessing and e-mail sending need a shared counter; a read of one's own session does
      // not, and counting it would cost two writes on every page load.
      customRules: {
        "/get-session": false,
        "/list-sessions": false,
        "/sign-out": false,
        "/sign-in/email": authRule,
        "/sign-up/email": authRule,
        "/request-password-reset": authRule,
        "/reset-password": authRule,
        "/change-password": authRule,
      },
    },
    advanced: {
      useSecureCookies: config.isSecure,
      cookiePrefix: "chave",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.isSecure, path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // better-auth's messages go to the server's own log (a failed sign-in is a warning there).
    logger: {
      log: (level, message, ...args) => {
        const target = level === "error" ? log.error : level === "warn" ? log.warn : log.info;
        target.call(log, { args }, `[auth] ${message}`);
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!PASSWORD_PATHS.has(ctx.path)) return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const candidate = body.password ?? body.newPassword;
        if (typeof candidate === "string" && isCommonPassword(candidate)) {
          throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: "Password too common" });
        }
        // Changing the password always ends the other sessions: a thief keeping one open is the case it is for.
        if (ctx.path === "/change-password") {
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/change-password") return;
        const returned = ctx.context.returned;
        const session = ctx.context.session ?? ctx.context.newSession;
        if (!session || returned instanceof Error) return;
        await mail.send(
          session.user.email,
          passwordChangedMail({
            name: session.user.name,
            when: new Date(),
            resetUrl: `${config.PUBLIC_URL}/password`,
          }),
        );
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
