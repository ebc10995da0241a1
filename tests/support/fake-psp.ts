import { execFile } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { isBusinessDay } from "@brazilian-utils/brazilian-utils";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsImport from "ajv-formats";
import { parse as parseYaml } from "yaml";
import { type Clock, systemClock } from "../../src/server/clock";

/*
 * A stand-in for a PSP's Pix API (Banco Central's bacen/pix-api 2.9.0), written from the
 * specification and checked against it: every request body and path parameter it receives is
 * validated with the specification's own schemas (ajv), loaded from the YAML at start, and every
 * charge it answers and every webhook it sends is validated too, so the fake cannot drift from
 * the document. What it covers: OAuth2 client credentials (HTTP Basic, tokens of 3600 s on the
 * injected clock, scopes), PUT/GET/PATCH /cobv/{txid}, PUT/GET/DELETE /webhook/{chave}, and the
 * callback POST {webhookUrl}/pix. Errors are problem details with `violacoes`, as the spec's.
 *
 * The specification's defects are patched in memory, never in the file, and listed in
 * `specPatches`:
 * - patterns written as JavaScript literals with slashes ("/^\d{11}$/" for CPF, "/^\d{7}$/" for
 *   codMun) lose their slashes — taken literally, no CPF matches;
 * - unanchored patterns ("[a-zA-Z0-9]{26,35}", "\d{1,10}\.\d{2}") are anchored — JSON Schema
 *   matches anywhere in the string, so a 40-character txid or "2500.000" would pass;
 * - `maximum: 50` on the infoAdicionais array becomes `maxItems` (maximum applies to numbers);
 * - `location` loses `format: uri`: the spec's examples ("pix.example.com/qr/v2/…") and PSPs give
 *   it without a scheme, as the BR Code carries it, which is not an absolute URI;
 * - DadosRecebedor's `required: [logradouro, cidade, uf, cep]` sits on the charge instead of on
 *   `recebedor`: dropped, or no charge the spec describes (its own examples included) would pass.
 * Left as the spec says: `modalidade` is an integer (its examples send strings; a strict PSP
 * refuses them, and so does this fake), and PayloadLocationCob requires a `tipoCob` it does not
 * define (its own example cobBody1 omits it).
 *
 * Real PSPs call the webhook back over mutual TLS; this fake POSTs with plain fetch, over http in
 * the tests.
 */

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ??
  addFormatsImport) as typeof addFormatsImport;

export const PIX_SPEC_PATH = "/work/shared/spec/bacen-pix-api-2.9.0.openapi.yaml";
const SPEC_ID = "bacen-pix-api";
const ERR = "https://pix.bcb.gov.br/api/v2/error/";
const TOKEN_SECONDS = 3600;
const SCOPES = ["cobv.write", "cobv.read", "webhook.write", "webhook.read"];

export interface FakePspRequest {
  method: string;
  /** Path and query, as received. */
  path: string;
  /** The parsed JSON or form body; `null` when there was none. Never the Authorization header. */
  body: unknown;
  /** What the fake answered. */
  status: number;
}

export interface FakePix {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  componentesValor?: Record<string, { valor: string }>;
}

export interface FakeCobvState {
  txid: string;
  status: string;
  revisao: number;
  location: string;
  pix: readonly FakePix[];
  /** Whether the test declared its validity over (`expire`). */
  expired: boolean;
  /** The CobVCompleta that GET /cobv/{txid} answers. */
  json: Record<string, unknown>;
}

export interface FakePsp {
  /** The API's base: paths such as /cobv/{txid} follow it. */
  url: string;
  tokenUrl: string;
  requests: FakePspRequest[];
  /** Each webhook POST: where, what, and the status the receiver answered (null: unreachable). */
  deliveries: { url: string; body: unknown; status: number | null }[];
  /** The in-memory fixes applied to the specification's schemas. */
  specPatches: readonly string[];
  /**
   * A payer pays `valorCentavos` (default: the amount due on the clock's day, multa and juros
   * included) into the charge, and the PSP POSTs the callback. Throws, as the payer's PSP would
   * refuse, when the charge is not ATIVA or its validity is over.
   */
  pay(txid: string, valorCentavos?: number): Promise<{ endToEndId: string; webhookStatus: number | null }>;
  /** The same callback again, as a PSP that retries or sends twice does. */
  deliverAgain(endToEndId: string): Promise<{ webhookStatus: number | null }>;
  /** The last day to pay (dataDeVencimento + validadeAposVencimento) has passed. */
  expire(txid: string): void;
  /** The PSP removes the charge on its own: status REMOVIDA_PELO_PSP. */
  removeByPsp(txid: string): void;
  /** Every token issued so far stops working (a PSP restart, a revocation). */
  revokeTokens(): void;
  /** Amount due in centavos on the clock's day (Brasília). */
  amountDue(txid: string): number;
  cobv(txid: string): FakeCobvState | undefined;
  close(): Promise<void>;
}

export interface FakePspOptions {
  clientId: string;
  clientSecret: string;
  /** Serve HTTPS and require a client certificate issued by `ca`. PEM texts. */
  tls?: { cert: string; key: string; ca: string };
  clock?: Clock;
  /** The receiver's key: charges and webhooks for any other key are refused. Any key when absent. */
  pixKey?: string;
  specPath?: string;
}

interface StoredCobv {
  txid: string;
  revisao: number;
  criacao: string;
  locId: number;
  location: string;
  status: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP";
  body: CobvBody;
  pix: FakePix[];
  expired: boolean;
}

type Money = { modalidade: number; valorPerc: string };
interface CobvBody {
  calendario: { dataDeVencimento: string; validadeAposVencimento?: number };
  devedor: Record<string, unknown>;
  valor: { original: string; multa?: Money; juros?: Money; desconto?: unknown; abatimento?: Money };
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: unknown[];
  loc?: { id: number };
  status?: string;
}

interface Violacao {
  razao: string;
  propriedade: string;
  valor?: string;
}

class Problem extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.title));
  }
}

const problem = (status: number, type: string, title: string, detail: string, violacoes?: Violacao[]) =>
  new Problem(status, {
    type: type.startsWith("about:") ? type : `${ERR}${type}`,
    title,
    status,
    detail,
    ...(violacoes?.length ? { violacoes } : {}),
  });

const COBV_INVALIDA_DETAIL =
  "A requisição que busca alterar ou criar uma cobrança com vencimento não respeita o _schema_ ou está semanticamente errada.";
const cobvInvalida = (violacoes: Violacao[], detail = COBV_INVALIDA_DETAIL) =>
  problem(400, "CobVOperacaoInvalida", "Cobrança inválida.", detail, violacoes);
const violacao = (propriedade: string, razao: string, valor?: unknown): Violacao => ({
  razao,
  propriedade,
  ...(valor === undefined ? {} : { valor: typeof valor === "string" ? valor : JSON.stringify(valor) }),
});

/** The schemas this fake checks, compiled from the specification with its defects patched. */
function compileSpec(specPath: string, text: string) {
  const doc = parseYaml(text) as { components: { schemas: Record<string, unknown>; requestBodies: unknown } };
  const patches = new Set<string>();
  const walk = (node: unknown, where: string): void => {
    if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) walk(n, `${where}/${i}`);
      return;
    }
    if (!node || typeof node !== "object") return;
    const o = node as Record<string, unknown>;
    if (typeof o.pattern === "string") {
      let p = o.pattern;
      const slashed = /^\/(.*)\/$/.exec(p);
      if (slashed?.[1] !== undefined) {
        p = slashed[1];
        patches.add(`slashes removed from pattern ${JSON.stringify(o.pattern)}`);
      }
      if (!p.startsWith("^") || !p.endsWith("$")) {
        patches.add(`pattern ${JSON.stringify(p)} anchored`);
        p = `^(?:${p.replace(/^\^/, "").replace(/\$$/, "")})$`;
      }
      o.pattern = p;
    }
    const location = isRecord(o.properties) ? o.properties.location : undefined;
    if (isRecord(location) && location.format === "uri") {
      delete location.format;
      patches.add(`format uri dropped from location at ${where}`);
    }
    if (o.type === "array" && typeof o.maximum === "number") {
      o.maxItems = o.maximum;
      delete o.maximum;
      patches.add(`maximum → maxItems on the array at ${where}`);
    }
    for (const [k, v] of Object.entries(o)) if (k !== "example" && k !== "examples") walk(v, `${where}/${k}`);
  };
  const components = { schemas: doc.components.schemas, requestBodies: doc.components.requestBodies };
  walk(components, "#/components");

  const recebedor = components.schemas.DadosRecebedor as { required?: string[] } | undefined;
  if (recebedor?.required) {
    delete recebedor.required;
    patches.add(
      "DadosRecebedor: required [logradouro, cidade, uf, cep] applies to recebedor, not to the charge",
    );
  }

  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: SPEC_ID, components });
  const get = (pointer: string): ValidateFunction => {
    const fn = ajv.getSchema(`${SPEC_ID}#${pointer}`);
    if (!fn) throw new Error(`${specPath}: no schema at ${pointer}`);
    return fn;
  };
  return {
    patches: [...patches],
    txid: get("/components/schemas/TxId"),
    cobvSolicitada: get("/components/schemas/CobVSolicitada"),
    cobvRevisada: get("/components/schemas/CobVRevisada"),
    cobvCompleta: get("/components/schemas/CobVCompleta"),
    webhookSolicitado: get("/components/schemas/WebhookSolicitado"),
    webhookPixBody: get("/components/requestBodies/WebhookPixBody/content/application~1json/schema"),
  };
}

/** ajv's errors as a PSP's `violacoes`, named as the spec's examples name them ("cobv.valor.original"). */
function violacoesOf(errors: ErrorObject[] | null | undefined, prefix: string, data: unknown): Violacao[] {
  const seen = new Set<string>();
  const out: Violacao[] = [];
  for (const e of errors ?? []) {
    const segments = e.instancePath.split("/").filter(Boolean);
    if (e.keyword === "required") segments.push(String(e.params.missingProperty));
    const propriedade = [prefix, ...segments].join(".");
    const razao = `O campo ${propriedade} não respeita o _schema_ (${e.message ?? e.keyword}).`;
    if (seen.has(razao)) continue;
    seen.add(razao);
    let value: unknown = data;
    for (const s of e.instancePath.split("/").filter(Boolean))
      value = value && typeof value === "object" ? (value as Record<string, unknown>)[s] : undefined;
    out.push(
      violacao(propriedade, razao, typeof value === "object" || e.keyword === "required" ? undefined : value),
    );
  }
  return out;
}

// Dates are the payer's, in Brasília (UTC−3 all year since 2019).
const brDate = (d: Date) => new Date(d.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (later: string, earlier: string) =>
  Math.round((Date.parse(`${later}T12:00:00Z`) - Date.parse(`${earlier}T12:00:00Z`)) / 86_400_000);
/** National holidays and weekends; `isBusinessDay` reads local date parts, hence the local Date. */
const businessDay = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return isBusinessDay(new Date(y, m - 1, d, 12));
};
const nextBusinessDay = (day: string) => {
  let d = day;
  while (!businessDay(d)) d = addDays(d, 1);
  return d;
};

/**
 * The last day a charge can be paid, as calendario.validadeAposVencimento's examples A–G show: a
 * due date on a weekend or holiday moves to the next business day, the validity's calendar days
 * count from there, and a last day that is not a business day moves to the next one.
 */
export function lastPayableDay(dataDeVencimento: string, validadeAposVencimento: number): string {
  return nextBusinessDay(addDays(nextBusinessDay(dataDeVencimento), validadeAposVencimento));
}

const centavos = (valor: string) => {
  const [reais, cents] = valor.split(".") as [string, string];
  return Number(reais) * 100 + Number(cents);
};
const reais = (c: number) => {
  const s = String(c).padStart(3, "0");
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};
/** round(a / b), halves up, in integers: a percentage of a large amount times days overflows 2^53. */
const divRound = (a: bigint, b: bigint) => Number((2n * a + b) / (2n * b));

/**
 * The amount due on `day` (centavos) and its parts. Late charges start the day after the due date
 * moved to a business day, and then count from the due date as written (as boletos do). Juros
 * modalidade 3 (percent a month, calendar days) takes a month as 30 days — the spec does not say;
 * the app should take the Pix's `valor` as the truth, not recompute it.
 */
function dueOn(c: CobvBody, day: string) {
  const original = centavos(c.valor.original);
  if (c.valor.desconto !== undefined || c.valor.abatimento !== undefined)
    throw new Error("fake PSP: desconto and abatimento are not modelled; pass valorCentavos to pay()");
  if (day <= nextBusinessDay(c.calendario.dataDeVencimento))
    return { total: original, original, multa: 0, juros: 0 };
  const late = BigInt(daysBetween(day, c.calendario.dataDeVencimento));
  const o = BigInt(original);
  let multa = 0;
  if (c.valor.multa) {
    const v = BigInt(centavos(c.valor.multa.valorPerc));
    multa = c.valor.multa.modalidade === 1 ? Number(v) : divRound(o * v, 10_000n);
  }
  let juros = 0;
  if (c.valor.juros) {
    const v = BigInt(centavos(c.valor.juros.valorPerc));
    const m = c.valor.juros.modalidade;
    if (m === 1) juros = Number(v * late);
    else if (m === 2) juros = divRound(o * v * late, 10_000n);
    else if (m === 3) juros = divRound(o * v * late, 10_000n * 30n);
    else if (m === 4) juros = divRound(o * v * late, 10_000n * 365n);
    else throw new Error(`fake PSP: juros modalidade ${m} (dias úteis) is not modelled; pass valorCentavos`);
  }
  return { total: original + multa + juros, original, multa, juros };
}

function endToEndId(now: Date): string {
  // E + the payer PSP's ISPB + yyyyMMddHHmm (UTC) + 11 characters: 32 in all.
  const stamp = now.toISOString().replace(/[-:T]/g, "").slice(0, 12);
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  let tail = "";
  for (let i = 0; i < 11; i++) tail += alphabet[randomInt(alphabet.length)];
  return `E99999999${stamp}${tail}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** RFC 7396-style merge for PATCH: objects merge, everything else replaces. `devedor` is replaced whole. */
function merge(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    const current = out[k];
    out[k] = k !== "devedor" && isRecord(v) && isRecord(current) ? merge(current, v) : v;
  }
  return out;
}

/** Compiling the specification takes seconds; a test file starts many fakes. */
const compiled = new Map<string, ReturnType<typeof compileSpec>>();

export async function startFakePsp(opts: FakePspOptions): Promise<FakePsp> {
  const specPath = opts.specPath ?? PIX_SPEC_PATH;
  const spec = compiled.get(specPath) ?? compileSpec(specPath, await readFile(specPath, "utf8"));
  compiled.set(specPath, spec);
  const clock = opts.clock ?? systemClock;
  const tokens = new Map<string, { expiresAt: number; scopes: Set<string> }>();
  const cobvs = new Map<string, StoredCobv>();
  const webhooks = new Map<string, { webhookUrl: string; criacao: string }>();
  const requests: FakePspRequest[] = [];
  const deliveries: FakePsp["deliveries"] = [];
  let nextLocId = 1;
  let host = "";

  const answer = (status: number, json: unknown) => {
    if (json === undefined) return { status, type: null, text: "" };
    const type = status >= 400 ? "application/problem+json" : "application/json";
    return { status, type, text: JSON.stringify(json) };
  };

  const authorize = (req: http.IncomingMessage, scope: string) => {
    const m = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? "");
    const token = m?.[1] ? tokens.get(m[1]) : undefined;
    if (!token || clock.now().getTime() >= token.expiresAt)
      throw problem(401, "about:blank", "Não autorizado", "Token de acesso ausente, inválido ou expirado.");
    if (!token.scopes.has(scope))
      throw problem(
        403,
        "AcessoNegado",
        "Acesso Negado",
        `Requisição de participante autenticado que viola alguma regra de autorização (escopo ${scope}).`,
      );
  };

  const issueToken = (req: http.IncomingMessage, raw: string) => {
    const m = /^Basic (\S+)$/i.exec(req.headers.authorization ?? "");
    const decoded = m?.[1] ? Buffer.from(m[1], "base64").toString("utf8") : "";
    const colon = decoded.indexOf(":");
    const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
    let id = "";
    let secret = "";
    try {
      id = formDecode(decoded.slice(0, colon));
      secret = formDecode(decoded.slice(colon + 1));
    } catch {
      // A malformed escape is a wrong credential like any other.
    }
    if (colon < 0 || id !== opts.clientId || secret !== opts.clientSecret)
      return { status: 401, type: "application/json", text: JSON.stringify({ error: "invalid_client" }) };
    const form = new URLSearchParams(raw);
    if (form.get("grant_type") !== "client_credentials")
      return {
        status: 400,
        type: "application/json",
        text: JSON.stringify({ error: "unsupported_grant_type" }),
      };
    const asked = form.get("scope")?.split(" ").filter(Boolean);
    if (asked?.some((s) => !SCOPES.includes(s)))
      return { status: 400, type: "application/json", text: JSON.stringify({ error: "invalid_scope" }) };
    const scopes = asked ?? SCOPES;
    const value = randomBytes(24).toString("base64url");
    tokens.set(value, { expiresAt: clock.now().getTime() + TOKEN_SECONDS * 1000, scopes: new Set(scopes) });
    return answer(200, {
      access_token: value,
      token_type: "Bearer",
      expires_in: TOKEN_SECONDS,
      scope: scopes.join(" "),
    });
  };

  const cobvJson = (c: StoredCobv): Record<string, unknown> => {
    const { calendario, loc: _loc, status: _status, ...rest } = c.body;
    const json: Record<string, unknown> = {
      calendario: {
        criacao: c.criacao,
        dataDeVencimento: calendario.dataDeVencimento,
        validadeAposVencimento: calendario.validadeAposVencimento ?? 30,
      },
      txid: c.txid,
      revisao: c.revisao,
      loc: { id: c.locId, txid: c.txid, location: c.location, tipoCob: "cobv", criacao: c.criacao },
      location: c.location,
      status: c.status,
      recebedor: {
        logradouro: "Rua do Fake PSP 1",
        cidade: "São Paulo",
        uf: "SP",
        cep: "01310100",
        cnpj: "56989000019533",
        nome: "Recebedor de Teste Ltda",
      },
      ...rest,
      ...(c.pix.length ? { pix: c.pix } : {}),
    };
    // What the fake answers obeys the spec too: a mistake here is the fake's, and fails loudly.
    if (!spec.cobvCompleta(json))
      throw problem(
        500,
        "ErroInternoDoServidor",
        "Erro interno do fake",
        JSON.stringify(spec.cobvCompleta.errors),
      );
    return json;
  };

  const checkTxid = (txid: string) => {
    if (!spec.txid(txid))
      throw cobvInvalida([
        violacao("txid", "O parâmetro txid não respeita o _schema_ (26 a 35 caracteres [a-zA-Z0-9]).", txid),
      ]);
  };

  const semantic = (body: CobvBody, creating: boolean): Violacao[] => {
    const v: Violacao[] = [];
    const today = brDate(clock.now());
    if (body.calendario && creating && body.calendario.dataDeVencimento < today)
      v.push(
        violacao(
          "cobv.calendario.dataDeVencimento",
          "O campo cobv.calendario.dataDeVencimento é anterior à data de criação da cobrança.",
          body.calendario.dataDeVencimento,
        ),
      );
    if ((body.calendario?.validadeAposVencimento ?? 0) < 0)
      v.push(
        violacao(
          "cobv.calendario.validadeAposVencimento",
          "O campo cobv.calendario.validadeAposVencimento é menor do que zero.",
        ),
      );
    if (body.valor?.original !== undefined && centavos(body.valor.original) === 0)
      v.push(violacao("cobv.valor.original", "O campo cobv.valor.original apresenta o valor zero.", "0.00"));
    if (body.chave !== undefined && opts.pixKey !== undefined && body.chave !== opts.pixKey)
      v.push(
        violacao(
          "cobv.chave",
          "O campo cobv.chave corresponde a uma conta que não pertence a este usuário recebedor.",
          body.chave,
        ),
      );
    if (body.loc !== undefined)
      v.push(violacao("cobv.loc.id", "O location referenciado por cobv.loc.id inexiste.", body.loc.id));
    return v;
  };

  const putCobv = (txid: string, body: unknown) => {
    checkTxid(txid);
    if (!spec.cobvSolicitada(body)) throw cobvInvalida(violacoesOf(spec.cobvSolicitada.errors, "cobv", body));
    const b = body as CobvBody;
    const existing = cobvs.get(txid);
    const v = semantic(b, !existing);
    if (v.length) throw cobvInvalida(v);
    if (existing) {
      if (existing.status !== "ATIVA")
        throw cobvInvalida(
          [
            violacao(
              "cobv.status",
              "A cobrança já existe, não está ATIVA, e a presente requisição busca alterá-la.",
            ),
          ],
          "Cobrança não encontra-se mais com o status ATIVA, somente cobranças ativas podem ser revisadas.",
        );
      existing.body = b;
      existing.revisao++;
      return answer(201, cobvJson(existing));
    }
    const locId = nextLocId++;
    const created: StoredCobv = {
      txid,
      revisao: 0,
      criacao: clock.now().toISOString(),
      locId,
      // As PSPs give it (and the BR Code carries it): without the scheme, at most 77 characters.
      // A PSP's public payload host, as the specification's examples write it: payers' banks fetch
      // it, never Chave, and a BR Code takes a host name there, not this fake's 127.0.0.1:port.
      location: `pix.psp.example/qr/v2/cobv/${randomBytes(16).toString("hex")}`,
      status: "ATIVA",
      body: b,
      pix: [],
      expired: false,
    };
    cobvs.set(txid, created);
    return answer(201, cobvJson(created));
  };

  const patchCobv = (txid: string, body: unknown) => {
    checkTxid(txid);
    const c = cobvs.get(txid);
    if (!c)
      throw problem(
        404,
        "CobVNaoEncontrada",
        "Cobrança não encontrada.",
        "Cobrança com vencimento não encontrada para o txid informado.",
      );
    if (!spec.cobvRevisada(body)) throw cobvInvalida(violacoesOf(spec.cobvRevisada.errors, "cobv", body));
    const patch = body as Partial<CobvBody>;
    if (c.status !== "ATIVA")
      throw cobvInvalida(
        [
          violacao(
            "cobv.status",
            "A cobrança não está ATIVA, e a presente requisição busca alterá-la.",
            c.status,
          ),
        ],
        "Cobrança não encontra-se mais com o status ATIVA, somente cobranças ativas podem ser revisadas.",
      );
    if (patch.status === "REMOVIDA_PELO_USUARIO_RECEBEDOR") {
      if (Object.keys(patch).length > 1)
        throw cobvInvalida([
          violacao(
            "cobv.status",
            "A cobrança está ATIVA, e a presente requisição propõe alterar seu status para REMOVIDA_PELO_USUARIO_RECEBEDOR juntamente com outras alterações.",
          ),
        ]);
      c.status = "REMOVIDA_PELO_USUARIO_RECEBEDOR";
      c.revisao++;
      return answer(200, cobvJson(c));
    }
    const v = semantic(patch as CobvBody, false);
    if (v.length) throw cobvInvalida(v);
    const onlyLoc = Object.keys(patch).every((k) => k === "loc");
    c.body = merge(c.body as unknown as Record<string, unknown>, patch) as unknown as CobvBody;
    // Revisao: "o único campo alterado for o campo loc … não incrementa a revisão".
    if (!onlyLoc) c.revisao++;
    return answer(200, cobvJson(c));
  };

  const putWebhook = (chave: string, body: unknown) => {
    const invalida = (v: Violacao[]) =>
      problem(
        400,
        "WebhookOperacaoInvalida",
        "Webhook inválido.",
        "A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, com sentido semanticamente inválido.",
        v,
      );
    if (chave.length > 77 || (opts.pixKey !== undefined && chave !== opts.pixKey))
      throw invalida([
        violacao(
          "chave",
          "O parâmetro {chave} não corresponde a uma chave DICT pertencente a este usuário recebedor.",
          chave,
        ),
      ]);
    if (!spec.webhookSolicitado(body))
      throw invalida(violacoesOf(spec.webhookSolicitado.errors, "webhook", body));
    webhooks.set(chave, {
      webhookUrl: (body as { webhookUrl: string }).webhookUrl,
      criacao: clock.now().toISOString(),
    });
    return answer(200, undefined);
  };

  const route = (req: http.IncomingMessage, pathname: string, raw: string): ReturnType<typeof answer> => {
    const method = req.method ?? "GET";
    if (pathname === "/oauth/token") {
      if (method !== "POST") throw problem(405, "about:blank", "Method Not Allowed", "POST");
      return issueToken(req, raw);
    }
    const api = /^\/api\/v2(\/.*)$/.exec(pathname)?.[1];
    const json = () => {
      try {
        return raw === "" ? undefined : (JSON.parse(raw) as unknown);
      } catch {
        throw problem(400, "RequisicaoInvalida", "Requisição inválida.", "O corpo não é JSON.");
      }
    };
    const cobvMatch = api ? /^\/cobv\/([^/]+)$/.exec(api) : null;
    if (cobvMatch?.[1] !== undefined) {
      const txid = decodeURIComponent(cobvMatch[1]);
      if (method === "PUT") {
        authorize(req, "cobv.write");
        return putCobv(txid, json());
      }
      if (method === "PATCH") {
        authorize(req, "cobv.write");
        return patchCobv(txid, json());
      }
      if (method === "GET") {
        authorize(req, "cobv.read");
        checkTxid(txid);
        const c = cobvs.get(txid);
        if (!c)
          throw problem(
            404,
            "CobVNaoEncontrada",
            "Cobrança não encontrada.",
            "Cobrança com vencimento não encontrada para o txid informado.",
          );
        return answer(200, cobvJson(c));
      }
    }
    const webhookMatch = api ? /^\/webhook\/([^/]+)$/.exec(api) : null;
    if (webhookMatch?.[1] !== undefined) {
      const chave = decodeURIComponent(webhookMatch[1]);
      if (method === "PUT") {
        authorize(req, "webhook.write");
        return putWebhook(chave, json());
      }
      const hook = webhooks.get(chave);
      const naoEncontrado = () =>
        problem(
          404,
          "WebhookNaoEncontrado",
          "Webhook não encontrado.",
          "O webhook denotado por {chave} não encontra-se estabelecido.",
        );
      if (method === "GET") {
        authorize(req, "webhook.read");
        if (!hook) throw naoEncontrado();
        return answer(200, { webhookUrl: hook.webhookUrl, chave, criacao: hook.criacao });
      }
      if (method === "DELETE") {
        authorize(req, "webhook.write");
        if (!hook) throw naoEncontrado();
        webhooks.delete(chave);
        return answer(204, undefined);
      }
    }
    throw problem(404, "NaoEncontrado", "Não Encontrado", "Entidade não encontrada.");
  };

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://fake");
      let out: ReturnType<typeof answer>;
      try {
        out = route(req, url.pathname, raw);
      } catch (e) {
        // A bug of the fake answers 500 with its message, for the test to show, not a crashed worker.
        out =
          e instanceof Problem
            ? answer(e.status, e.body)
            : answer(500, {
                type: `${ERR}ErroInternoDoServidor`,
                title: "Erro interno do fake",
                status: 500,
                detail: String(e instanceof Error ? e.stack : e),
              });
      }
      let body: unknown = null;
      if (url.pathname === "/oauth/token") body = Object.fromEntries(new URLSearchParams(raw));
      else if (raw !== "") {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      requests.push({
        method: req.method ?? "",
        path: `${url.pathname}${url.search}`,
        body,
        status: out.status,
      });
      const headers: Record<string, string> = out.type ? { "content-type": out.type } : {};
      if (out.status === 401) headers["www-authenticate"] = 'Bearer error="invalid_token"';
      res.writeHead(out.status, headers);
      res.end(out.text);
    });
  };

  const server = opts.tls
    ? https.createServer(
        {
          cert: opts.tls.cert,
          key: opts.tls.key,
          ca: opts.tls.ca,
          requestCert: true,
          rejectUnauthorized: true,
        },
        handler,
      )
    : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;
  const origin = `${opts.tls ? "https" : "http"}://${host}`;

  const find = (txid: string) => {
    const c = cobvs.get(txid);
    if (!c) throw new Error(`fake PSP: no cobv ${txid}`);
    return c;
  };

  const deliver = async (pix: FakePix): Promise<number | null> => {
    const c = find(pix.txid);
    const hook = webhooks.get(c.body.chave);
    if (!hook) return null;
    const body = { pix: [pix] };
    if (!spec.webhookPixBody(body))
      throw new Error(
        `fake PSP: its own webhook body breaks the spec: ${JSON.stringify(spec.webhookPixBody.errors)}`,
      );
    // "{$request.body#/webhookUrl}/pix", literally: a webhookUrl ending in "/" gets "//pix", as
    // PSPs that follow the spec to the letter do.
    const url = `${hook.webhookUrl}/pix`;
    let status: number | null = null;
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5_000),
      });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = null;
    }
    deliveries.push({ url, body, status });
    return status;
  };

  return {
    url: `${origin}/api/v2`,
    tokenUrl: `${origin}/oauth/token`,
    requests,
    deliveries,
    specPatches: spec.patches,
    async pay(txid, valorCentavos) {
      const c = find(txid);
      // CobrancaStatus: CONCLUIDA "já foi paga e, por conseguinte, não pode acolher outro pagamento".
      if (c.status !== "ATIVA") throw new Error(`fake PSP: cobv ${txid} is ${c.status}, it takes no payment`);
      const now = clock.now();
      const today = brDate(now);
      const last = lastPayableDay(
        c.body.calendario.dataDeVencimento,
        c.body.calendario.validadeAposVencimento ?? 30,
      );
      if (c.expired || today > last) throw new Error(`fake PSP: cobv ${txid} could be paid until ${last}`);
      const due = dueOn(c.body, today);
      const amount = valorCentavos ?? due.total;
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`fake PSP: bad amount ${amount}`);
      const pix: FakePix = {
        endToEndId: endToEndId(now),
        txid,
        valor: reais(amount),
        horario: now.toISOString(),
        // The parts must add up to `valor` (Pix.componentesValor): given only when the amount due was paid.
        ...(amount === due.total
          ? {
              componentesValor: {
                original: { valor: reais(due.original) },
                ...(due.multa ? { multa: { valor: reais(due.multa) } } : {}),
                ...(due.juros ? { juros: { valor: reais(due.juros) } } : {}),
              },
            }
          : {}),
      };
      c.pix.push(pix);
      // A cobv's amount is not the payer's to change (CobVValor has no modalidadeAlteracao, unlike
      // cob's), and CONCLUIDA is the status of a charge that "já foi paga e … não pode acolher
      // outro pagamento": any Pix settles it. An amount short of the due is the receiver's to
      // notice by comparing pix[].valor; the spec has no "partially paid" status.
      c.status = "CONCLUIDA";
      return { endToEndId: pix.endToEndId, webhookStatus: await deliver(pix) };
    },
    async deliverAgain(id) {
      const pix = [...cobvs.values()].flatMap((c) => c.pix).find((p) => p.endToEndId === id);
      if (!pix) throw new Error(`fake PSP: no Pix ${id}`);
      return { webhookStatus: await deliver(pix) };
    },
    expire(txid) {
      // CobrancaStatus is "o estado do registro da cobrança … não guarda relação com o fato de a
      // cobrança encontrar-se vencida ou expirada": the status stays ATIVA; only paying stops.
      find(txid).expired = true;
    },
    removeByPsp(txid) {
      find(txid).status = "REMOVIDA_PELO_PSP";
    },
    revokeTokens() {
      tokens.clear();
    },
    amountDue(txid) {
      return dueOn(find(txid).body, brDate(clock.now())).total;
    },
    cobv(txid) {
      const c = cobvs.get(txid);
      if (!c) return undefined;
      return {
        txid,
        status: c.status,
        revisao: c.revisao,
        location: c.location,
        pix: [...c.pix],
        expired: c.expired,
        json: cobvJson(c),
      };
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const run = promisify(execFile);

export interface TestPki {
  /** The CA that issued both certificates: the client trusts it for the server, the server for the client. */
  ca: string;
  server: { cert: string; key: string };
  client: { cert: string; key: string };
}

/** A throwaway CA, a server certificate for 127.0.0.1/localhost and a client certificate, via openssl. */
export async function createTestPki(): Promise<TestPki> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "chave-pki-"));
  const f = (name: string) => path.join(dir, name);
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  try {
    await run("openssl", [
      "req",
      "-x509",
      ...ec,
      "-keyout",
      f("ca.key"),
      "-out",
      f("ca.crt"),
      "-days",
      "2",
      "-subj",
      "/CN=Chave test CA",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
    ]);
    const issue = async (name: string, cn: string, ext: string) => {
      await writeFile(f(`${name}.ext`), ext);
      await run("openssl", [
        "req",
        ...ec,
        "-keyout",
        f(`${name}.key`),
        "-out",
        f(`${name}.csr`),
        "-subj",
        `/CN=${cn}`,
      ]);
      await run("openssl", [
        "x509",
        "-req",
        "-in",
        f(`${name}.csr`),
        "-CA",
        f("ca.crt"),
        "-CAkey",
        f("ca.key"),
        "-CAcreateserial",
        "-out",
        f(`${name}.crt`),
        "-days",
        "2",
        "-extfile",
        f(`${name}.ext`),
      ]);
      return {
        cert: await readFile(f(`${name}.crt`), "utf8"),
        key: await readFile(f(`${name}.key`), "utf8"),
      };
    };
    const server = await issue(
      "server",
      "localhost",
      "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n",
    );
    const client = await issue("client", "chave-test-client", "extendedKeyUsage=clientAuth\n");
    return { ca: await readFile(f("ca.crt"), "utf8"), server, client };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
