import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import {
  APIError,
  createAuthMiddleware,
  createEmailVerificationToken,
  getSessionFromCtx,
} from "better-auth/api";
import { and, eq, like, lt, ne, notLike, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { API_PREFIX, apiRoutes } from "../../shared/api-paths";
import { passwordProblem } from "../../shared/password-strength";
import { safeNextPath } from "../../shared/routes";
import { type Clock, systemClock } from "../clock";
import type { Config } from "../config";
import { type Db, withTransaction } from "../db/client";
import { accounts, rateLimits, sessions, users, verifications } from "../db/schema/auth";
import { replaceUnavailable } from "../db/unavailable";
import { accountExistsMail, confirmEmailMail } from "../mail/account-templates";
import type { MailOutbox } from "../mail/outbox";
import { passwordChangedMail, passwordResetMail } from "../mail/templates";
import type { Language } from "../plugins/error-handler";
import { hashPassword, isCommonPassword, verifyPassword } from "./passwords";
import { FORGET_AFTER_MS, SignInThrottle } from "./throttle";
import { takeOverUnconfirmed } from "./users.repository";

/** The header the Fastify bridge sets from the socket (or the trusted proxy); never taken from clients. */
export const CLIENT_IP_HEADER = "x-chave-client-ip";

const PASSWORD_PATHS = new Set(["/sign-up/email", "/reset-password", "/change-password"]);

/**
 * The only better-auth endpoints Chave uses (decision 015). Everything else it ships (update-user,
 * delete-user, change-email, verify-password, list-accounts, social sign-in and linking, its HTML
 * error page…) answers 404, over HTTP and to in-process `auth.api` calls alike.
 */
export const ALLOWED_AUTH_PATHS = new Set([
  "/sign-up/email",
  "/sign-in/email",
  "/sign-out",
  "/get-session",
  "/request-password-reset",
  "/reset-password",
  "/change-password",
  "/list-sessions",
  "/revoke-session",
  "/revoke-other-sessions",
  "/verify-email",
  "/send-verification-email",
]);

/** better-auth 1.7's other endpoints, refused by its router before anything runs (a test keeps this complete). */
export const DISABLED_AUTH_PATHS = [
  "/sign-in/social",
  "/callback/:id",
  "/verify-password",
  "/change-email",
  "/set-password",
  "/update-session",
  "/update-user",
  "/delete-user",
  "/reset-password/:token",
  "/revoke-sessions",
  "/link-social",
  "/list-accounts",
  "/delete-user/callback",
  "/unlink-account",
  "/refresh-token",
  "/get-access-token",
  "/account-info",
  "/ok",
  "/error",
];

export interface AuthDeps {
  config: Config;
  db: Db;
  /** The same database's pool, for Chave's own writes through its repositories. */
  pool: pg.Pool;
  /** Every account e-mail is recorded in the outbox and sent by its job (retried if SMTP fails). */
  mail: Pick<MailOutbox, "send">;
  secret: string;
  log: Pick<FastifyBaseLogger, "error" | "warn" | "info" | "debug">;
  /** Where the per-account sign-in delay reads the time (tests move it). */
  clock?: Clock;
  /** After a successful sign-in (an account deletion in its grace period is cancelled). */
  onSignedIn?: (userId: string) => Promise<void>;
  /** A person signed in using the app in this language (decision 048: their notices' language). */
  onLanguage?: (userId: string, language: Language) => Promise<void>;
}

/** A refusal in the application's catalogue, passed through better-auth as it is (see routes.ts). */
function refuse(status: "BAD_REQUEST" | "NOT_FOUND", code: string): APIError {
  return new APIError(status, { code, message: code });
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

/**
 * Retention (decision 036): better-auth's rate-limit counters whose last request is older than
 * `rateLimitsBefore` (ms since the epoch, as it stores them), and verification rows (reset links)
 * expired before `verificationsBefore`. better-auth reads both and never sweeps them.
 */
export async function pruneAuthRows(
  db: Db,
  cutoffs: { rateLimitsBefore: number; verificationsBefore: Date },
): Promise<number> {
  const limits = await db
    .delete(rateLimits)
    .where(lt(rateLimits.lastRequest, cutoffs.rateLimitsBefore))
    .returning({ id: rateLimits.id });
  const links = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, cutoffs.verificationsBefore))
    .returning({ id: verifications.id });
  return limits.length + links.length;
}

/**
 * Where the person signing up (or asking for the link again) was going: the routes run
 * better-auth inside it, and the confirmation e-mail's link carries it (`&next=`), so that the
 * link lands there signed in. Only a path of this site is kept.
 */
const confirmationNext = new AsyncLocalStorage<string>();

export function withConfirmationNext<T>(next: string | undefined, work: () => Promise<T>): Promise<T> {
  const path = safeNextPath(next);
  return path === "/" ? work() : confirmationNext.run(path, work);
}

/**
 * The language of the request better-auth is answering (the client's chosen one, Accept-Language):
 * the routes run better-auth inside it, and the account's e-mails that request causes are in it.
 */
const requestLanguages = new AsyncLocalStorage<Language>();

export function withRequestLanguage<T>(language: Language, work: () => Promise<T>): Promise<T> {
  return requestLanguages.run(language, work);
}

const currentLanguage = (): Language => requestLanguages.getStore() ?? "pt-BR";

/** How a reset link's token is stored: better-auth's "hashed" identifier (SHA-256, base64url). */
export function resetIdentifier(token: string): string {
  return createHash("sha256").update(`reset-password:${token}`).digest("base64url");
}

export function createAuth({
  config,
  db,
  pool,
  mail,
  secret,
  log,
  clock = systemClock,
  onSignedIn,
  onLanguage,
}: AuthDeps) {
  const resetUrl = (token: string) =>
    `${config.PUBLIC_URL}/password/reset?token=${encodeURIComponent(token)}`;
  // The confirmation link goes to our bridge, which answers with a redirect into the app.
  const confirmUrl = (token: string) => {
    const next = confirmationNext.getStore();
    return `${config.PUBLIC_URL}/api/auth/verify-email?token=${encodeURIComponent(token)}${
      next ? `&next=${encodeURIComponent(next)}` : ""
    }`;
  };
  const authRule = { window: config.AUTH_RATE_LIMIT_WINDOW, max: config.AUTH_RATE_LIMIT_MAX };
  const throttle = new SignInThrottle(
    db,
    clock,
    {
      freeFailures: config.SIGN_IN_FREE_FAILURES,
      baseDelayMs: config.SIGN_IN_DELAY_BASE * 1000,
      maxDelayMs: config.SIGN_IN_DELAY_MAX * 1000,
      forgetAfterMs: FORGET_AFTER_MS,
    },
    secret,
  );
  const sendConfirmation = (user: { name: string; email: string }, token: string) =>
    mail.send(
      user.email,
      confirmEmailMail({
        name: user.name,
        url: confirmUrl(token),
        hours: Math.max(1, Math.round(config.EMAIL_CONFIRMATION_TTL / 3600)),
        language: currentLanguage(),
      }),
    );
  /**
   * A sign-up on an address whose account was never confirmed takes that account over: its
   * password and name become the ones just typed, and any session it had ends. Whoever signed up
   * first with someone else's address (pre-account takeover, OWASP ASVS 2.5) is left with a
   * password that opens nothing once the address's owner signs up and confirms from her mailbox.
   * A confirmed account is never touched here; its owner is told by e-mail instead.
   */
  async function startUnconfirmedAfresh(person: { email?: string; name?: string }, password: string) {
    const email = person.email?.trim().toLowerCase();
    if (!email) return;
    // Hashed whether or not such an account exists: the same work for every sign-up, so its
    // timing does not tell that the address has an unconfirmed account.
    const hash = await hashPassword(password);
    await withTransaction(pool, (c) => takeOverUnconfirmed(c, email, person.name?.trim() ?? "", hash));
  }

  return betterAuth({
    appName: "Chave",
    baseURL: config.PUBLIC_URL,
    basePath: `${API_PREFIX}${apiRoutes.auth.prefix}`,
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
    disabledPaths: DISABLED_AUTH_PATHS,
    // A reset link's token is kept only as its SHA-256: the database alone opens no link (decision 036).
    verification: { storeIdentifier: { default: "plain", overrides: { "reset-password:": "hashed" } } },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // A new account signs in through the link e-mailed to it, and sign-up answers the same
      // whether the e-mail had an account or not (better-auth's generic duplicate answer).
      requireEmailVerification: true,
      autoSignIn: false,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: config.PASSWORD_RESET_TTL,
      revokeSessionsOnPasswordReset: true,
      async onExistingUserSignUp({ user }) {
        // Its owner learns of it by e-mail; a never-confirmed account just gets a new link,
        // bound to this account as better-auth binds its own since 1.7.16 (decision 039): after
        // an erasure, it cannot confirm another account that takes the address.
        if (!user.emailVerified) {
          const token = await createEmailVerificationToken(
            secret,
            user.email,
            undefined,
            config.EMAIL_CONFIRMATION_TTL,
            { userId: user.id },
          );
          await sendConfirmation(user, token);
          return;
        }
        await mail.send(
          user.email,
          accountExistsMail({
            name: user.name,
            loginUrl: `${config.PUBLIC_URL}/login`,
            resetUrl: `${config.PUBLIC_URL}/password`,
            language: currentLanguage(),
          }),
        );
      },
      async sendResetPassword({ user, token }) {
        // Only the newest link works: the ones sent before it die now.
        await db.delete(verifications).where(
          and(
            eq(verifications.value, user.id),
            // Hashed (no prefix left), or from before decision 036.
            or(notLike(verifications.identifier, "%:%"), like(verifications.identifier, "reset-password:%")),
            ne(verifications.identifier, resetIdentifier(token)),
          ),
        );
        await mail.send(
          user.email,
          passwordResetMail({
            name: user.name,
            url: resetUrl(token),
            minutes: Math.round(config.PASSWORD_RESET_TTL / 60),
            language: currentLanguage(),
          }),
        );
      },
      async onPasswordReset({ user }) {
        // Whoever holds the mailbox is the owner: the per-account delay is lifted.
        await throttle.succeeded(user.email);
        await mail.send(
          user.email,
          passwordChangedMail({
            name: user.name,
            when: clock.now(),
            resetUrl: `${config.PUBLIC_URL}/password`,
            language: currentLanguage(),
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: config.EMAIL_CONFIRMATION_TTL,
      async sendVerificationEmail({ user, token }) {
        await sendConfirmation(user, token);
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
        // A signed, expiring token: nothing to guess.
        "/verify-email": false,
        "/send-verification-email": authRule,
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
        if (!ALLOWED_AUTH_PATHS.has(ctx.path)) throw refuse("NOT_FOUND", "not-found");
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === "/sign-in/email" && typeof body.email === "string") {
          const attempt = await throttle.take(body.email);
          if (!attempt.allowed) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { code: "sign-in-delayed", message: "sign-in-delayed" },
              { "Retry-After": String(attempt.retryAfterSeconds) },
            );
          }
          return;
        }
        if (!PASSWORD_PATHS.has(ctx.path)) return;
        const candidate = body.password ?? body.newPassword;
        if (typeof candidate === "string") {
          if (isCommonPassword(candidate)) {
            throw new APIError("BAD_REQUEST", {
              code: "PASSWORD_TOO_COMMON",
              message: "Password too common",
            });
          }
          // Whose password it is: the e-mail and name a guesser would try first.
          let person: { email?: string; name?: string } = {};
          if (ctx.path === "/sign-up/email") {
            person = { email: String(body.email ?? ""), name: String(body.name ?? "") };
          } else if (ctx.path === "/change-password") {
            const session = await getSessionFromCtx(ctx);
            if (session) person = session.user;
          } else if (typeof body.token === "string") {
            const link = await ctx.context.internalAdapter.findVerificationValue(
              `reset-password:${body.token}`,
            );
            const user = link ? await ctx.context.internalAdapter.findUserById(link.value) : null;
            if (user) person = user;
          }
          const problem = passwordProblem(candidate, person);
          if (problem) throw refuse("BAD_REQUEST", problem);
          if (ctx.path === "/sign-up/email") await startUnconfirmedAfresh(person, candidate);
        }
        // Changing the password always ends the other sessions: a thief keeping one open is the case it is for.
        if (ctx.path === "/change-password") {
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email") {
          const returned = ctx.context.returned;
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          // The right password (even on an account still to be confirmed) starts the account afresh.
          const rightPassword =
            !(returned instanceof Error) ||
            (returned instanceof APIError && returned.body?.code === "EMAIL_NOT_VERIFIED");
          if (rightPassword && typeof body.email === "string") await throttle.succeeded(body.email);
          // Signing in within an account deletion's grace period cancels it (decision 022).
          const signedIn = ctx.context.newSession?.user.id;
          if (signedIn && !(returned instanceof Error)) {
            await onSignedIn?.(signedIn);
            await onLanguage?.(signedIn, currentLanguage());
          }
          return;
        }
        if (ctx.path !== "/change-password") return;
        const returned = ctx.context.returned;
        const session = ctx.context.session ?? ctx.context.newSession;
        if (!session || returned instanceof Error) return;
        await mail.send(
          session.user.email,
          passwordChangedMail({
            name: session.user.name,
            when: clock.now(),
            resetUrl: `${config.PUBLIC_URL}/password`,
            language: currentLanguage(),
          }),
        );
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
