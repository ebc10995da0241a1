import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../../src/server/app";
import type { Clock } from "../../src/server/clock";
import { type Config, loadConfig } from "../../src/server/config";
import { connectDatabase, type Database } from "../../src/server/db/client";
import { createMailer } from "../../src/server/mail/mailer";
import { mailSeal } from "../../src/server/mail/sealed";
import { type ContractCheck, contractCheckFor, type OpenApiDocument, reportAnswer } from "./openapi-check";

export const ORIGIN = "http://localhost:3000";

/** The AUTH_SECRET of every test app and spawned test server (the outbox is sealed with it). */
export const TEST_AUTH_SECRET = "test-secret-that-is-long-enough-0123456789";

/**
 * The secrets the outbox helpers try, by key id: the test apps', and any a spawned server was
 * given or made (server-process.ts adds them).
 */
export const outboxSecrets = new Set<string>([TEST_AUTH_SECRET]);

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  dataDir: string;
  /** Waits until the jobs this app's requests sent (e-mails, contracts, seals) have run. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app on the run's real database; environment overrides as the README names them.
 * `clock`: the time services decide by (a manualClock moves it instead of sleeping).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { clock?: Clock } = {},
): Promise<TestApp> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    DATABASE_URL: inject("databaseUrl"),
    CLIENT_DIR: path.join(dataDir, "no-client"),
    ...env,
  });
  const database = connectDatabase(inject("databaseUrl"), { max: 4 });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir,
    log: { info: () => undefined },
  });
  const app = await buildApp({
    config,
    database,
    dbMode: "external",
    mailer,
    authSecret: TEST_AUTH_SECRET,
    // Each test app runs its own jobs (its e-mails land in its own outbox folder).
    jobsSchema: `jobs_${randomBytes(4).toString("hex")}`,
    // Sweeps run when a test calls them, never on their own at the real time over the shared
    // database (one expired another test's proposal, made under a clock set days back).
    schedules: false,
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  checkAnswersAgainstDocument(app);
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    settle: () => app.jobs.settle(),
    async close() {
      await app.close();
      mailer.close();
      await database.close();
      await fsp.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every answer this app sends is checked against its OpenAPI document (decision 038): a mismatch
 * is a console.error, which fails the test that caused it (tests/support/console-guard.ts).
 */
function checkAnswersAgainstDocument(app: FastifyInstance) {
  let check: ContractCheck | undefined;
  app.onAnswer((request, { status, headers, payload, hijacked }) => {
    const route = request.routeOptions.url;
    // Unknown paths (the app's 404) and compressed bodies are not an operation's answer to read.
    if (!route || headers["content-encoding"]) return;
    check ??= contractCheckFor(app.swagger() as unknown as OpenApiDocument);
    const contentType = String(headers["content-type"] ?? "");
    const body = hijacked
      ? // A hijacked reply's body is read when JSON; none when it names no type or a length of 0.
        Buffer.isBuffer(payload)
        ? payload.toString("utf8")
        : contentType === "" || String(headers["content-length"]) === "0"
          ? ""
          : null
      : payload === null || payload === undefined
        ? ""
        : typeof payload === "string"
          ? payload
          : Buffer.isBuffer(payload) && /json/.test(contentType)
            ? payload.toString("utf8")
            : null;
    reportAnswer(check, {
      method: request.method,
      path: route.replace(/:([A-Za-z0-9_]+)/g, "{$1}"),
      status,
      contentType,
      body,
      hadSession: /session_token=[^;\s]/.test(request.headers.cookie ?? ""),
    });
  });
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}.${randomBytes(5).toString("hex")}@exemplo.com.br`;
}

/** A fresh test IP, so that tests do not share rate-limit counters unless they mean to. */
export function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export const GOOD_PASSWORD = "Ipê amarelo na varanda 42";

export function sessionCookie(res: LightMyRequestResponse): string {
  const raw = res.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const cookie = list.find((c) => c.startsWith("chave.session_token="));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(list)}`);
  return cookie.split(";")[0] as string;
}

export interface PostOptions {
  cookie?: string;
  ip?: string;
  origin?: string | null;
}

export function post(app: FastifyInstance, url: string, payload: unknown, opts: PostOptions = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (opts.origin !== null) headers.origin = opts.origin ?? ORIGIN;
  if (opts.cookie) headers.cookie = opts.cookie;
  return app.inject({
    method: "POST",
    url,
    payload: JSON.stringify(payload),
    headers,
    remoteAddress: opts.ip ?? uniqueIp(),
  });
}

export function get(app: FastifyInstance, url: string, opts: { cookie?: string } = {}) {
  return app.inject({ method: "GET", url, headers: opts.cookie ? { cookie: opts.cookie } : {} });
}

/**
 * The links of the e-mails recorded for `email`, newest first, opened with the secret of the app
 * that sealed them (decision 036: the outbox keeps them sealed): `outboxSecrets`, or
 * SUPPORT_AUTH_SECRET / AUTH_SECRET when a bench names its own.
 * Any app of the run shares the test database.
 */
export async function outboxLinksFor(email: string): Promise<string[]> {
  const { default: pg } = await import("pg");
  // Outside Vitest (the benchmarks use these helpers), the database they name.
  const connectionString = process.env.SUPPORT_DATABASE_URL ?? inject("databaseUrl");
  const seals = [...outboxSecrets, process.env.SUPPORT_AUTH_SECRET, process.env.AUTH_SECRET]
    .filter((s): s is string => !!s)
    .map(mailSeal);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ sealed: string | null }>(
      "SELECT sealed FROM mail_outbox WHERE recipient = $1 ORDER BY created_at DESC",
      [email],
    );
    return rows.flatMap((row) => {
      const seal = seals.find((s) => row.sealed?.split(".")[1] === s.keyId);
      return row.sealed && seal ? seal.open(row.sealed).links : [];
    });
  } finally {
    await client.end();
  }
}

/**
 * The confirmation link of the newest e-mail recorded for `email` (the outbox row the sign-up
 * wrote before answering), as a path to GET.
 */
export async function confirmationLinkFor(email: string): Promise<string> {
  const link = (await outboxLinksFor(email)).find((l) => l.includes("/api/auth/verify-email?token="));
  if (!link) throw new Error(`no confirmation e-mail for ${email}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Signs up and follows the confirmation e-mail, as a person does: the link signs the account in. */
export async function signUp(
  app: FastifyInstance,
  input: { name?: string; email?: string; password?: string } = {},
) {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? GOOD_PASSWORD;
  const res = await post(app, "/api/auth/sign-up/email", {
    name: input.name ?? "Maria da Silva",
    email,
    password,
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const confirmed = await app.inject({
    method: "GET",
    url: await confirmationLinkFor(email),
    remoteAddress: uniqueIp(),
  });
  if (confirmed.statusCode !== 302 || confirmed.headers.location !== "/")
    throw new Error(`confirmation failed: ${confirmed.statusCode} ${confirmed.headers.location}`);
  const cookie = sessionCookie(confirmed);
  const me = await get(app, "/api/me", { cookie });
  if (me.statusCode !== 200) throw new Error(`no session after confirmation: ${me.statusCode} ${me.body}`);
  return { email, password, cookie, userId: (me.json() as { id: string }).id };
}

export async function signIn(app: FastifyInstance, email: string, password: string, ip?: string) {
  return post(app, "/api/auth/sign-in/email", { email, password }, { ip });
}
