import { randomInt } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { z } from "zod";
import { type Clock, systemClock } from "../../clock";

/*
 * A client of the Pix API that a PSP exposes to its receiving customers (Banco Central's
 * bacen/pix-api, release 2.9.0): charges with a due date (`/cobv`) for the monthly rent, and the
 * webhook through which the PSP reports each Pix paid into a charge.
 *
 * Where the specification is wrong, we follow what it evidently means and say so:
 * - The CPF pattern is written with slashes, "/^\d{11}$/", a JavaScript literal pasted into a
 *   JSON-Schema string: taken literally it matches no CPF. We use ^\d{11}$.
 * - Its patterns are unanchored ("[a-zA-Z0-9]{26,35}", "\d{1,10}\.\d{2}"): JSON Schema matches
 *   anywhere in the string, so "2500.000" or a 40-character txid would pass. Ours are anchored.
 * - Examples send `modalidade` as strings ("2") where the schema says integer: we send integers
 *   and, reading, accept either.
 * - CobrancaStatus describes REMOVIDO_PELO_… while its enum says REMOVIDA_PELO_…: we read both
 *   and answer the enum's spelling.
 * - CobVGerada requires a top-level `location` but its examples carry only `loc.location`: we
 *   take whichever is present.
 */

/** PEM texts. Brazilian PSPs authenticate their API clients with a certificate (mutual TLS). */
export interface PspTls {
  cert: string;
  key: string;
  /** The PSP's CA, when it is not in the system's store (homologation environments, tests). */
  ca?: string;
}

export interface PspConfig {
  /** Where the API's paths start, e.g. https://pix.psp.example/api/v2 (the major version is in the path). */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  tls?: PspTls;
  /** The receiver's Pix key registered at the PSP: the charges' `chave` and the webhook's. */
  pixKey: string;
  /** OAuth2 scopes to ask for; without them the PSP grants what the client is registered for. */
  scopes?: string[];
}

const TXID_COBV = /^[a-zA-Z0-9]{26,35}$/;
const MONEY = /^\d{1,10}\.\d{2}$/;
const E2E = /^[a-zA-Z0-9]{32}$/;

const money = z.string().regex(MONEY, "um valor com duas casas decimais, como 2500.00");
const txid = z.string().regex(TXID_COBV, "de 26 a 35 caracteres [a-zA-Z0-9]");
/** The specification's examples put integers in strings; its schema says integer. */
const modalidade = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

const STATUSES = ["ATIVA", "CONCLUIDA", "REMOVIDA_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_PSP"] as const;
export type CobvStatus = (typeof STATUSES)[number];
const status = z
  .enum([...STATUSES, "REMOVIDO_PELO_USUARIO_RECEBEDOR", "REMOVIDO_PELO_PSP"])
  .transform(
    (s): CobvStatus =>
      s.startsWith("REMOVIDO_") ? (s.replace("REMOVIDO_", "REMOVIDA_") as CobvStatus) : (s as CobvStatus),
  );

const pessoa = z.union([
  z.object({ cpf: z.string(), nome: z.string() }),
  z.object({ cnpj: z.string(), nome: z.string() }),
]);

const multaRequest = z.object({ modalidade: z.union([z.literal(1), z.literal(2)]), valorPerc: money });
const jurosRequest = z.object({ modalidade: z.number().int().min(1).max(8), valorPerc: money });

/** CobVSolicitada, the body of PUT /cobv/{txid}, as this client sends it. */
export const cobvRequestSchema = z.object({
  calendario: z.object({
    dataDeVencimento: z.iso.date(),
    /** Calendar days after the due date in which the charge can still be paid (the spec's default: 30). */
    validadeAposVencimento: z.number().int().min(0).optional(),
  }),
  devedor: pessoa,
  valor: z.object({
    original: money,
    multa: multaRequest.optional(),
    juros: jurosRequest.optional(),
    desconto: z
      .object({
        modalidade: z.number().int().min(1).max(6),
        valorPerc: money.optional(),
        descontoDataFixa: z.array(z.object({ data: z.iso.date(), valorPerc: money })).optional(),
      })
      .optional(),
    abatimento: z.object({ modalidade: z.union([z.literal(1), z.literal(2)]), valorPerc: money }).optional(),
  }),
  chave: z.string().max(77),
  solicitacaoPagador: z.string().max(140).optional(),
  infoAdicionais: z.array(z.object({ nome: z.string().max(50), valor: z.string().max(200) })).optional(),
  loc: z.object({ id: z.number().int() }).optional(),
});
export type CobvRequest = z.infer<typeof cobvRequestSchema>;

/** CobVRevisada, the body of PATCH /cobv/{txid}: any part of the charge, or its removal. */
export type CobvPatch = {
  calendario?: Partial<CobvRequest["calendario"]>;
  devedor?: CobvRequest["devedor"];
  valor?: Partial<CobvRequest["valor"]>;
  solicitacaoPagador?: string;
  infoAdicionais?: CobvRequest["infoAdicionais"];
  loc?: { id: number };
  status?: "REMOVIDA_PELO_USUARIO_RECEBEDOR";
};

const pixRecebido = z.object({
  endToEndId: z.string().regex(E2E),
  txid: z.string().optional(),
  valor: money,
  horario: z.iso.datetime({ offset: true }),
  chave: z.string().optional(),
  infoPagador: z.string().optional(),
  componentesValor: z.record(z.string(), z.unknown()).optional(),
  devolucoes: z.array(z.record(z.string(), z.unknown())).optional(),
});

/** CobVCompleta as read; fields the PSP adds beyond these are dropped, not refused. */
const cobvResponseSchema = z
  .object({
    calendario: z.object({
      criacao: z.string(),
      dataDeVencimento: z.iso.date(),
      validadeAposVencimento: z.number().int().default(30),
    }),
    txid: z.string(),
    revisao: z.number().int(),
    loc: z.object({ id: z.number().int(), location: z.string(), tipoCob: z.string().optional() }).optional(),
    location: z.string().optional(),
    status,
    devedor: z.object({
      cpf: z.string().optional(),
      cnpj: z.string().optional(),
      nome: z.string().optional(),
    }),
    recebedor: z
      .object({ cpf: z.string().optional(), cnpj: z.string().optional(), nome: z.string().optional() })
      .optional(),
    valor: z.object({
      original: money,
      multa: z.object({ modalidade, valorPerc: money }).optional(),
      juros: z.object({ modalidade, valorPerc: money }).optional(),
      desconto: z.object({ modalidade }).loose().optional(),
      abatimento: z.object({ modalidade, valorPerc: money }).optional(),
    }),
    chave: z.string(),
    solicitacaoPagador: z.string().optional(),
    pix: z.array(pixRecebido).default([]),
  })
  .refine((c) => (c.loc?.location ?? c.location) !== undefined, {
    message: "the charge has neither location nor loc.location",
    path: ["location"],
  })
  .transform(({ location, ...c }) => ({ ...c, location: c.loc?.location ?? (location as string) }));
export type Cobv = z.output<typeof cobvResponseSchema>;

const violacao = z.object({
  razao: z.string().optional(),
  propriedade: z.string().optional(),
  valor: z.string().optional(),
});
/** The specification's Problema (RFC 7807 with `violacoes`). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  correlationId: z.string().optional(),
  violacoes: z.array(violacao).optional(),
});
export type PspProblem = z.infer<typeof problemSchema>;

/** An OAuth2 error (RFC 6749 §5.2): token endpoints answer these, not problem details. */
const oauthError = z.object({ error: z.string(), error_description: z.string().optional() });

const tokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === "bearer", "token_type Bearer"),
  // Some PSPs send expires_in as a string; RFC 6749 means a number of seconds.
  expires_in: z.coerce.number().int().positive(),
  scope: z.string().optional(),
});

/**
 * A failed exchange with the PSP. `status` is the HTTP status, or 0 when no answer came (network,
 * TLS refusal, time-out). `problem` is the PSP's problem-details body when it sent one.
 */
export class PspError extends Error {
  readonly status: number;
  readonly problem: PspProblem | null;
  constructor(message: string, status: number, problem: PspProblem | null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PspError";
    this.status = status;
    this.problem = problem;
  }
}

interface RawAnswer {
  status: number;
  text: string;
}

const MAX_ANSWER_BYTES = 1 << 20;
const DEFAULT_TIMEOUT_MS = 15_000;
/** Refresh this long before the PSP says the token expires: clocks drift and requests take time. */
const TOKEN_MARGIN_MS = 60_000;

export class PspPixClient {
  readonly #cfg: PspConfig;
  readonly #clock: Clock;
  readonly #timeoutMs: number;
  readonly #agents = new Map<string, http.Agent>();
  #token: { value: string; refreshAt: number } | null = null;
  #tokenInFlight: Promise<string> | null = null;

  constructor(cfg: PspConfig, deps: { clock?: Clock; timeoutMs?: number } = {}) {
    this.#cfg = cfg;
    this.#clock = deps.clock ?? systemClock;
    this.#timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Creates the charge, or revises it while it is ATIVA (PUT is idempotent). */
  putCobv(id: string, body: CobvRequest): Promise<Cobv> {
    return this.#call("PUT", `/cobv/${encodeURIComponent(id)}`, body, [200, 201], cobvResponseSchema);
  }

  getCobv(id: string): Promise<Cobv> {
    return this.#call("GET", `/cobv/${encodeURIComponent(id)}`, undefined, [200], cobvResponseSchema);
  }

  patchCobv(id: string, patch: CobvPatch): Promise<Cobv> {
    return this.#call("PATCH", `/cobv/${encodeURIComponent(id)}`, patch, [200], cobvResponseSchema);
  }

  /** The PSP will POST each Pix paid to a txid of this key to `{webhookUrl}/pix`. */
  async configureWebhook(webhookUrl: string): Promise<void> {
    await this.#call(
      "PUT",
      `/webhook/${encodeURIComponent(this.#cfg.pixKey)}`,
      { webhookUrl },
      [200, 201, 204],
      null,
    );
  }

  /** Closes the kept-alive connections (mutual TLS handshakes are worth keeping between calls). */
  close(): void {
    for (const agent of this.#agents.values()) agent.destroy();
    this.#agents.clear();
  }

  async #call<T>(
    method: string,
    path: string,
    body: unknown,
    ok: number[],
    schema: z.ZodType<T> | null,
  ): Promise<T> {
    const url = new URL(`${this.#cfg.baseUrl.replace(/\/+$/, "")}${path}`);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let answer: RawAnswer | null = null;
    // A 401 on a token we thought valid (the PSP restarted, revoked it, or its clock runs ahead):
    // one new token, one more try; a second 401 is the PSP's final word.
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = await this.#accessToken();
      answer = await this.#exchange(method, url, {
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
        },
        body: payload,
      });
      if (answer.status !== 401) break;
      if (this.#token?.value === token) this.#token = null;
    }
    const { status, text } = answer as RawAnswer;
    if (!ok.includes(status)) {
      const problem = problemOf(status, text);
      throw new PspError(
        this.#redact(`PSP ${method} ${url.pathname}: HTTP ${status}${titleOf(problem)}`),
        status,
        problem,
      );
    }
    if (schema === null) return undefined as T;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new PspError(`PSP ${method} ${url.pathname}: the answer is not JSON`, status, null, { cause });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new PspError(
        `PSP ${method} ${url.pathname}: resposta fora do esperado (${z.prettifyError(parsed.error).slice(0, 500)})`,
        status,
        null,
        { cause: parsed.error },
      );
    return parsed.data;
  }

  #accessToken(): Promise<string> {
    const now = this.#clock.now().getTime();
    if (this.#token && now < this.#token.refreshAt) return Promise.resolve(this.#token.value);
    // Calls that start together share one token request.
    this.#tokenInFlight ??= this.#fetchToken().finally(() => {
      this.#tokenInFlight = null;
    });
    return this.#tokenInFlight;
  }

  async #fetchToken(): Promise<string> {
    const url = new URL(this.#cfg.tokenUrl);
    const form = new URLSearchParams({ grant_type: "client_credentials" });
    if (this.#cfg.scopes?.length) form.set("scope", this.#cfg.scopes.join(" "));
    // RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded.
    const basic = Buffer.from(
      `${formEncode(this.#cfg.clientId)}:${formEncode(this.#cfg.clientSecret)}`,
    ).toString("base64");
    const requestedAt = this.#clock.now().getTime();
    const { status, text } = await this.#exchange("POST", url, {
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: form.toString(),
    });
    if (status !== 200) {
      const problem = problemOf(status, text);
      throw new PspError(this.#redact(`PSP token: HTTP ${status}${titleOf(problem)}`), status, problem);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new PspError("PSP token: the answer is not JSON", status, null, { cause });
    }
    const parsed = tokenResponse.safeParse(json);
    if (!parsed.success) throw new PspError("PSP token: resposta fora do esperado", status, null);
    const { access_token, expires_in } = parsed.data;
    // Counted from when we asked, not from when the answer came: never later than the PSP's own count.
    this.#token = { value: access_token, refreshAt: requestedAt + expires_in * 1000 - TOKEN_MARGIN_MS };
    return access_token;
  }

  #agent(url: URL): http.Agent {
    let agent = this.#agents.get(url.protocol);
    if (!agent) {
      const tls = this.#cfg.tls;
      agent =
        url.protocol === "https:"
          ? new https.Agent({
              keepAlive: true,
              ...(tls ? { cert: tls.cert, key: tls.key, ...(tls.ca ? { ca: tls.ca } : {}) } : {}),
            })
          : new http.Agent({ keepAlive: true });
      this.#agents.set(url.protocol, agent);
    }
    return agent;
  }

  #exchange(
    method: string,
    url: URL,
    req: { headers: Record<string, string>; body: string | undefined },
  ): Promise<RawAnswer> {
    const client = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
    if (!client) return Promise.reject(new PspError(`PSP: unsupported protocol ${url.protocol}`, 0, null));
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) headers["content-length"] = Buffer.byteLength(req.body);
    const where = `PSP ${method} ${url.pathname}`;
    return new Promise<RawAnswer>((resolve, reject) => {
      const request = client.request(url, { method, headers, agent: this.#agent(url) }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER_BYTES)
            request.destroy(new PspError(`${where}: resposta grande demais`, 0, null));
          else chunks.push(c);
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", (cause) => reject(networkError(where, cause)));
      });
      // One deadline for the whole exchange, not per socket event: a PSP that trickles bytes must
      // not hold a rent job longer than this.
      const timer = setTimeout(
        () => request.destroy(new PspError(`${where}: sem resposta em ${this.#timeoutMs} ms`, 0, null)),
        this.#timeoutMs,
      );
      request.on("close", () => clearTimeout(timer));
      request.on("error", (cause) => reject(networkError(where, cause)));
      request.end(req.body);
    });
  }

  /** Nothing we raise carries the secret or the token, even if a PSP echoes them back. */
  #redact(text: string): string {
    let out = text;
    for (const secret of [this.#cfg.clientSecret, this.#token?.value]) {
      if (secret && secret.length >= 4) out = out.split(secret).join("[omitido]");
    }
    return out;
  }
}

function networkError(where: string, cause: unknown): PspError {
  if (cause instanceof PspError) return cause;
  const code = (cause as { code?: unknown }).code;
  const detail = typeof code === "string" ? code : cause instanceof Error ? cause.message : "erro de rede";
  return new PspError(`${where}: ${detail}`, 0, null, { cause });
}

function formEncode(s: string): string {
  return new URLSearchParams({ s }).toString().slice(2);
}

function problemOf(status: number, text: string): PspProblem | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const problem = problemSchema.safeParse(json);
  if (problem.success) return problem.data;
  const oauth = oauthError.safeParse(json);
  if (oauth.success)
    return {
      type: "about:blank",
      title: oauth.data.error,
      status,
      ...(oauth.data.error_description ? { detail: oauth.data.error_description } : {}),
    };
  return null;
}

function titleOf(problem: PspProblem | null): string {
  if (!problem) return "";
  const where = problem.violacoes?.map((v) => v.propriedade).filter(Boolean) ?? [];
  return ` ${problem.title}${where.length ? ` (${where.join(", ")})` : ""}`;
}

/** 250000 → "2500.00"; 1 → "0.01". Integers only: the spec's amounts have exactly two decimals. */
function hundredths(n: number, what: string): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what}: a non-negative integer, got ${n}`);
  const s = String(n).padStart(3, "0");
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** "2500.00" → 250000, exactly: no float ever holds the amount. */
export function centavosOf(valor: string): number {
  const m = MONEY.exec(valor);
  if (!m) throw new RangeError(`amount outside the pattern \\d{1,10}\\.\\d{2}: ${valor}`);
  const [reais, cents] = valor.split(".") as [string, string];
  return Number(reais) * 100 + Number(cents);
}

/**
 * Juros modalidade 3, "Percentual ao mês (dias corridos)": the lease's "1 % ao mês pro rata die"
 * is a monthly rate accrued per calendar day, which is exactly this modality. Modality 2 (per
 * day) would need 1/30 % = 0.0333…, which two decimals cannot hold; 7 counts business days only.
 */
export const JUROS_PERCENTUAL_MES_DIAS_CORRIDOS = 3;
/** Multa modalidade 2, "Percentual": the lease states the penalty as a share of the rent. */
export const MULTA_PERCENTUAL = 2;

/** The body of PUT /cobv/{txid} for one month's rent. Basis points: 200 = 2 %, 100 = 1 %. */
export function cobvBody(input: {
  vencimento: string;
  validadeAposVencimentoDias: number;
  /** A person by CPF, or a company by CNPJ (issue 34). */
  devedor: { cpf: string; nome: string } | { cnpj: string; nome: string };
  valorCentavos: number;
  multaBp: number;
  jurosMesBp: number;
  chave: string;
  solicitacao: string;
}): CobvRequest {
  if (!Number.isSafeInteger(input.valorCentavos) || input.valorCentavos <= 0)
    throw new RangeError(`valorCentavos: um inteiro positivo, veio ${input.valorCentavos}`);
  // Checked before the zero test below, which would otherwise drop a negative rate silently.
  hundredths(input.multaBp, "multaBp");
  hundredths(input.jurosMesBp, "jurosMesBp");
  const devedor =
    "cnpj" in input.devedor
      ? { cnpj: input.devedor.cnpj.replace(/[.\-/\s]/g, "").toUpperCase(), nome: input.devedor.nome }
      : { cpf: input.devedor.cpf.replace(/[.\-\s]/g, ""), nome: input.devedor.nome };
  const body: CobvRequest = {
    calendario: {
      dataDeVencimento: input.vencimento,
      validadeAposVencimento: input.validadeAposVencimentoDias,
    },
    devedor,
    valor: {
      original: hundredths(input.valorCentavos, "valorCentavos"),
      ...(input.multaBp > 0
        ? { multa: { modalidade: MULTA_PERCENTUAL, valorPerc: hundredths(input.multaBp, "multaBp") } }
        : {}),
      ...(input.jurosMesBp > 0
        ? {
            juros: {
              modalidade: JUROS_PERCENTUAL_MES_DIAS_CORRIDOS,
              valorPerc: hundredths(input.jurosMesBp, "jurosMesBp"),
            },
          }
        : {}),
    },
    chave: input.chave,
    solicitacaoPagador: input.solicitacao,
  };
  // Our own mistakes (a 12-digit CPF, a 141-character message, 31 February) fail here, with the
  // field named, rather than as a PSP's 400 after a network round trip.
  cobvRequestSchema
    .extend({
      devedor: z.union([
        z.object({ cpf: z.string().regex(/^\d{11}$/, "11 dígitos"), nome: z.string().min(1).max(200) }),
        // 14 characters: digits, or letters and digits since July 2026 (IN RFB 2.229/2024).
        z.object({
          cnpj: z.string().regex(/^[0-9A-Z]{12}\d{2}$/, "14 caracteres"),
          nome: z.string().min(1).max(200),
        }),
      ]),
    })
    .parse(body);
  return body;
}

const TXID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** 35 characters [A-Za-z0-9], the longest a cobv txid may be: ~208 bits, unguessable. */
export function newCobvTxid(): string {
  let out = "";
  // randomInt draws without modulo bias.
  for (let i = 0; i < 35; i++) out += TXID_ALPHABET[randomInt(TXID_ALPHABET.length)];
  return out;
}

/**
 * The body the PSP POSTs to `{webhookUrl}/pix`. Only Pix with a txid are notified (PUT
 * /webhook/{chave}), so a txid is required here. The same Pix comes again when one of its
 * refunds reaches a final status, then with `devolucoes`: the endToEndId is what dedupes.
 */
export const webhookNotification = z.object({
  pix: z
    .array(
      pixRecebido.extend({
        txid,
        devolucoes: z
          .array(z.object({ id: z.string(), valor: money, status: z.string() }).loose())
          .optional(),
      }),
    )
    .min(1),
});
export type WebhookNotification = z.infer<typeof webhookNotification>;

export interface PixPayment {
  endToEndId: string;
  txid: string;
  valorCentavos: number;
  horario: string;
}

/** The payments in a webhook body; a malformed body throws a ZodError. */
export function paymentsOf(body: unknown): PixPayment[] {
  return webhookNotification.parse(body).pix.map((p) => ({
    endToEndId: p.endToEndId,
    txid: p.txid,
    valorCentavos: centavosOf(p.valor),
    horario: p.horario,
  }));
}
