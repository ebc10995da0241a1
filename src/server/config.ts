import path from "node:path";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "use true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const port = z.coerce
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .min(1, { error: "must be between 1 and 65535" })
  .max(65535, { error: "must be between 1 and 65535" });

const positiveInt = z.coerce
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .positive({ error: "must be greater than zero" });

const postgresUrl = z
  .url({ error: "must be a URL such as postgres://user:password@host:5432/database" })
  .refine((u) => /^postgres(ql)?:\/\//.test(u), { error: "must start with postgres:// or postgresql://" });

/**
 * Every environment variable the server reads. README.md documents each one; keep the two in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: z.url({ error: "must be a URL such as https://chave.example.com" }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  // Unset (not defaulted here): the embedded database keeps 5439 or, when another program holds
  // it, picks and remembers a free port; set, it is that port or a clear failure.
  EMBEDDED_DB_PORT: port.optional(),
  // A frozen or unreachable PostgreSQL must be answered with 503 in seconds, not waited on.
  DB_STATEMENT_TIMEOUT_MS: positiveInt.default(5000),
  DB_CONNECT_TIMEOUT_MS: positiveInt.default(3000),
  SMTP_URL: z
    .url({ error: "must be a URL such as smtp://user:password@smtp.example.com:587" })
    .refine((u) => /^smtps?:\/\//.test(u), { error: "must start with smtp:// or smtps://" })
    .optional(),
  MAIL_FROM: z.string().min(3).default("Chave <nao-responda@chave.local>"),
  AUTH_SECRET: z.string().min(32, { error: "must have at least 32 characters" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool.default(false),
  // Stopping (decision 027): how long a node keeps serving, with /api/health/ready at 503 and
  // every answer closing its connection, before it closes its listener; 0 stops at once.
  DRAIN_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be between 0 and 300" })
    .max(300, { error: "must be between 0 and 300" })
    .default(5),
  // /metrics (decision 027): with a token, only `Authorization: Bearer <token>`; without one, only
  // direct (unproxied) requests from a loopback or private address.
  METRICS_TOKEN: z
    .string()
    .min(16, { error: "must have at least 16 characters" })
    .regex(/^[\x21-\x7e]+$/, { error: "use printable characters without spaces" })
    .optional(),
  RATE_LIMIT_MAX: positiveInt.default(600),
  AUTH_RATE_LIMIT_MAX: positiveInt.default(10),
  AUTH_RATE_LIMIT_WINDOW: positiveInt.default(300),
  PASSWORD_RESET_TTL: positiveInt.default(3600),
  // Per account, whatever the address (decision 015): free failures, then a doubling delay up to a cap.
  SIGN_IN_FREE_FAILURES: positiveInt.default(5),
  SIGN_IN_DELAY_BASE: positiveInt.default(30),
  SIGN_IN_DELAY_MAX: positiveInt.default(900),
  EMAIL_CONFIRMATION_TTL: positiveInt.default(86400),
  CLIENT_DIR: z.string().min(1).default("./dist/client"),
  STORAGE: z.enum(["fs", "s3"], { error: "use fs or s3" }).default("fs"),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url({ error: "must be a URL such as https://s3.example.com" }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  UPLOAD_MAX_SIZE: positiveInt.default(25 * 1024 * 1024),
  STORAGE_QUOTA: positiveInt.default(500 * 1024 * 1024),
  DOWNLOAD_URL_TTL: positiveInt.default(300),
  UPLOAD_EXPIRY_HOURS: positiveInt.default(24),
  // Width × height an image's header may declare; more is refused as a decode bomb (decision 016).
  IMAGE_MAX_PIXELS: positiveInt.default(40_000_000),
  PROPOSAL_DEADLINE_HOURS: positiveInt.default(72),
  SEAL_P12_PATH: z.string().min(1).optional(),
  SEAL_P12_PASSPHRASE: z.string().optional(),
  // PEM certificates a seal's chain must reach to be shown as trusted (e.g. ICP-Brasil's roots).
  SEAL_TRUST_ANCHORS: z.string().min(1).optional(),
  // An RFC 3161 time-stamping authority for the seal (PAdES B-T/B-LT, decision 031).
  TSA_URL: z.url({ protocol: /^https?$/, error: "use an http(s) URL" }).optional(),
  TSA_USERNAME: z.string().optional(),
  TSA_PASSWORD: z.string().optional(),
  TSA_CLIENT_CERT: z.string().min(1).optional(),
  TSA_CLIENT_KEY: z.string().min(1).optional(),
  TSA_TIMEOUT_MS: positiveInt.default(10_000),
  SIGNING_ENVELOPE_DAYS: positiveInt.default(30),
  SIGNING_CODE_INTERVAL_SECONDS: positiveInt.default(60),
  SIGNING_PROVIDER: z
    .enum(["builtin", "clicksign"], { error: "use builtin or clicksign" })
    .default("builtin"),
  CLICKSIGN_ACCESS_TOKEN: z.string().min(8, { error: "must be the account's API access token" }).optional(),
  CLICKSIGN_BASE_URL: z
    .url({ error: "must be a URL such as https://app.clicksign.com/api/v3" })
    .default("https://sandbox.clicksign.com/api/v3"),
  // The address a CEP names (decision 020): BrasilAPI, then ViaCEP; off answers 501 and the forms
  // are typed by hand.
  CEP_LOOKUP: z.enum(["on", "off"], { error: "use on or off" }).default("on"),
  CEP_BRASILAPI_URL: z
    .url({ error: "must be a URL such as https://brasilapi.com.br/api/cep/v1" })
    .default("https://brasilapi.com.br/api/cep/v1"),
  CEP_VIACEP_URL: z
    .url({ error: "must be a URL such as https://viacep.com.br/ws" })
    .default("https://viacep.com.br/ws"),
  CEP_TIMEOUT_MS: positiveInt.default(3_000),
  LIVE_HEARTBEAT_SECONDS: positiveInt.default(25),
  LIVE_MAX_STREAMS_PER_USER: positiveInt.default(8),
  LIVE_EVENTS_RETENTION_DAYS: positiveInt.default(7),
  MESSAGE_UNREAD_EMAIL_MINUTES: positiveInt.default(30),
  // The tenant's window to agree with or contest an inspection report, in calendar days (issue 31).
  INSPECTION_REVIEW_DAYS: positiveInt.default(5),
  // Rent (issue 32): how a charge is paid by Pix — "static", a BR Code for the landlord's own key,
  // or "psp", a charge with a due date at the installation's PSP (the PSP_* variables) — how many
  // days before its due date a charge is made, and how far ahead the yearly adjustment is
  // announced. The index's monthly values come from the Banco Central's SGS (SGS_URL), or from a
  // CSV the operator keeps (INDEX_PROVIDER=csv, INDEX_CSV=path) where there is no internet.
  PIX_PROVIDER: z.enum(["static", "psp"]).default("static"),
  RENT_CHARGE_LEAD_DAYS: positiveInt.default(10),
  RENT_ADJUSTMENT_NOTICE_DAYS: positiveInt.default(45),
  INDEX_PROVIDER: z.enum(["sgs", "csv"]).default("sgs"),
  SGS_URL: z.url().default("https://api.bcb.gov.br"),
  INDEX_CSV: z.string().optional(),
  // PIX_PROVIDER=psp: the PSP's Pix API (bacen/pix-api), its OAuth2 client, the client certificate
  // of the mutual TLS PSPs require (PEM files), the receiving key registered there, and the secret
  // path segment of the webhook Chave registers (PUBLIC_URL/api/rent/pix/webhook/<token>).
  PSP_BASE_URL: z.url().optional(),
  PSP_TOKEN_URL: z.url().optional(),
  PSP_CLIENT_ID: z.string().min(1).optional(),
  PSP_CLIENT_SECRET: z.string().min(1).optional(),
  PSP_CERT_PATH: z.string().optional(),
  PSP_KEY_PATH: z.string().optional(),
  PSP_CA_PATH: z.string().optional(),
  PSP_PIX_KEY: z.string().min(1).optional(),
  PSP_WEBHOOK_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,128}$/, { error: "use 32 to 128 characters [A-Za-z0-9_-]" })
    .optional(),
  // Background jobs (pg-boss): how often an idle node looks for work, the first retry's delay
  // (doubling after), how long a job may run before another node takes it back, and how often
  // such stalled jobs are looked for.
  JOB_POLL_SECONDS: positiveInt.default(2),
  JOB_RETRY_DELAY_SECONDS: positiveInt.default(5),
  JOB_RETRY_LIMIT: positiveInt.default(8),
  JOB_TIMEOUT_SECONDS: positiveInt.default(120),
  JOB_MAINTENANCE_SECONDS: positiveInt.default(30),
  // Retention (decision 036, README "Retention"): how long what only grows is kept; a scheduled
  // job (retention.prune) deletes the rest every hour.
  MAIL_RETENTION_DAYS: positiveInt
    .min(2, { error: "must be at least 2 (a message is retried for about a day)" })
    .default(7),
  MAIL_BODY_RETENTION_HOURS: positiveInt.default(24),
  NOTIFICATION_RETENTION_DAYS: positiveInt.default(180),
  RATE_LIMIT_RETENTION_HOURS: positiveInt
    .min(24, { error: "must be at least 24 (failed sign-ins count for a day)" })
    .default(24),
  JOB_HISTORY_DAYS: positiveInt.default(7),
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,40}$/, { error: "use lowercase letters, digits and _" })
    .default("pgboss"),
  CLICKSIGN_WEBHOOK_SECRET: z.string().min(16, { error: "must have at least 16 characters" }).optional(),
  // Privacy (issue 17): whom people write to about their data, shown on /privacidade; product
  // analytics through PostHog, only when a key is set and only for people who said yes; how long
  // signed contracts outlive a deleted account.
  PRIVACY_CONTACT: z.string().trim().min(3).max(200).optional(),
  POSTHOG_KEY: z.string().min(8, { error: "must be the project's API key" }).optional(),
  POSTHOG_HOST: z
    .url({ error: "must be a URL such as https://us.i.posthog.com" })
    .default("https://us.i.posthog.com"),
  // PostHog's private API (person deletion when consent is withdrawn or the account deleted).
  POSTHOG_PERSONAL_API_KEY: z.string().min(8, { error: "must be a personal API key" }).optional(),
  POSTHOG_PROJECT_ID: z.string().regex(/^\d+$/, { error: "must be the project's number" }).optional(),
  // The home layout (/, v1–v4) when neither a PostHog flag nor the person chose one.
  HOME_LAYOUT: z.enum(["v1", "v2", "v3", "v4"], { error: "use v1, v2, v3 or v4" }).default("v3"),
  CONTRACT_RETENTION_YEARS: positiveInt.default(10),
  ACCOUNT_DELETION_GRACE_DAYS: positiveInt.default(7),
  // Data exports (issue 28): how many one account may ask for in 24 hours, and the disk all
  // the zips waiting to be downloaded (and those being prepared, by their files' size) may take.
  EXPORTS_PER_DAY: positiveInt.default(3),
  EXPORTS_DISK_BUDGET_MB: z.coerce
    .number({ error: "must be a number" })
    .positive({ error: "must be greater than zero" })
    .default(2048),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, "PUBLIC_URL" | "DATA_DIR" | "CLIENT_DIR"> {
  PUBLIC_URL: string;
  /** The origin that mutating browser requests must come from. */
  publicOrigin: string;
  isSecure: boolean;
  DATA_DIR: string;
  CLIENT_DIR: string;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) => `${i.path.join(".")}=${JSON.stringify(cleaned[String(i.path[0])])}: ${i.message}`,
      ),
    );
  }
  const e = parsed.data;
  if (e.STORAGE === "s3") {
    const missing = (["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => !e[k]);
    if (missing.length > 0) throw new ConfigError(missing.map((k) => `${k}: required when STORAGE=s3`));
  }
  if (e.SIGNING_PROVIDER === "clicksign") {
    const missing = (["CLICKSIGN_ACCESS_TOKEN", "CLICKSIGN_WEBHOOK_SECRET"] as const).filter((k) => !e[k]);
    if (missing.length > 0)
      throw new ConfigError(missing.map((k) => `${k}: required when SIGNING_PROVIDER=clicksign`));
  }
  if (e.PIX_PROVIDER === "psp") {
    const needed = [
      "PSP_BASE_URL",
      "PSP_TOKEN_URL",
      "PSP_CLIENT_ID",
      "PSP_CLIENT_SECRET",
      "PSP_PIX_KEY",
      "PSP_WEBHOOK_TOKEN",
    ] as const;
    const missing = needed.filter((k) => !e[k]);
    if (missing.length > 0) throw new ConfigError(missing.map((k) => `${k}: required when PIX_PROVIDER=psp`));
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    ...e,
    PUBLIC_URL: publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    isSecure: publicUrl.startsWith("https://"),
    DATA_DIR: path.resolve(e.DATA_DIR),
    CLIENT_DIR: path.resolve(e.CLIENT_DIR),
  };
}
