import fs from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsImport from "ajv-formats";

/*
 * The OpenAPI document is the contract (decision 038): every answer the test suites receive is
 * checked against it — the status is declared for its operation, the media type is one the
 * document names, a JSON body matches the schema (ajv), and who may call agrees with `security`.
 * The API tests check what their app sends (createTestApp, tests/support/test-app.ts); the
 * end-to-end tests what the browser receives (tests/e2e/fixtures.ts).
 */

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ??
  addFormatsImport) as typeof addFormatsImport;

interface MediaObject {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: Record<string, unknown>;
  security?: Record<string, string[]>[];
}

/** One answer as the suites saw it. */
export interface Answer {
  method: string;
  /** The route's template (`/api/offers/{id}`), or the concrete path when `concrete` is set. */
  path: string;
  concrete?: boolean;
  status: number;
  contentType?: string;
  /** The body as text; `null` when it is bytes or a stream the check does not read. */
  body: string | null;
  /** Whether the request carried a session cookie (undefined: not known, not checked). */
  hadSession?: boolean;
}

const isJson = (media: string) => media === "application/json" || media.endsWith("+json");

/** The document's operation matching a concrete path: static segments win over parameters. */
function matchTemplate(templates: string[], path: string): string | undefined {
  const parts = path.split("/");
  let best: { template: string; score: number } | undefined;
  for (const template of templates) {
    const tParts = template.split("/");
    if (tParts.length !== parts.length) continue;
    let score = 0;
    let ok = true;
    for (let i = 0; i < tParts.length && ok; i++) {
      const t = tParts[i] as string;
      if (/^\{.+\}$/.test(t)) continue;
      if (t === parts[i]) score++;
      else ok = false;
    }
    if (ok && (!best || score > best.score)) best = { template, score };
  }
  return best?.template;
}

function mediaMatches(declared: string, actual: string): boolean {
  if (declared === "*/*" || declared === actual) return true;
  const [type, subtype] = declared.split("/");
  return subtype === "*" && actual.startsWith(`${type}/`);
}

export class ContractCheck {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: string[];

  constructor(private readonly doc: OpenApiDocument) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addFormat("binary", true);
    this.ajv.addSchema({ components: doc.components ?? {} }, "openapi");
    this.templates = Object.keys(doc.paths);
  }

  private validator(key: string, schema: unknown): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      // The document's own references, resolved against its components.
      const local = JSON.parse(JSON.stringify(schema), (k, v) =>
        k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `openapi${v}` : v,
      ) as object;
      validate = this.ajv.compile(local);
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** What is wrong with an answer, as lines for a person (empty: it matches the document). */
  check(answer: Answer): string[] {
    const method = answer.method.toLowerCase();
    const template = answer.concrete ? matchTemplate(this.templates, answer.path) : answer.path;
    const op = template ? this.doc.paths[template]?.[method] : undefined;
    const name = `${answer.method.toUpperCase()} ${template ?? answer.path}`;
    if (!op) {
      // HEAD of a GET route (Fastify adds them) is that GET without a body.
      if (method === "head" && template && this.doc.paths[template]?.get) return [];
      const documented = answer.path.startsWith("/api/") && !answer.path.startsWith("/api/docs");
      return documented ? [`${name}: answered ${answer.status}, but the document has no such operation`] : [];
    }
    const status = String(answer.status);
    const responses = op.responses ?? {};
    const declared = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    const problems: string[] = [];
    const where = `${name} → ${status}`;
    if (!declared)
      problems.push(`${where}: status not declared (declared: ${Object.keys(responses).join(", ")})`);

    const security = op.security ?? this.doc.security ?? [];
    const anyone = security.length === 0 || security.some((s) => Object.keys(s).length === 0);
    const body = answer.body;
    const media = (answer.contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    let parsed: unknown;
    if (body !== null && body !== "" && isJson(media)) {
      try {
        parsed = JSON.parse(body);
      } catch {
        problems.push(`${where}: ${media} that is not JSON: ${body.slice(0, 80)}`);
      }
    }
    // Open to anyone (`[]`): never asks for a session. Optional (`{}` beside `session`): may ask
    // for one for what only a signed-in caller sees (an unpublished unit's photo).
    if (
      security.length === 0 &&
      answer.status === 401 &&
      (parsed as { code?: unknown })?.code === "unauthenticated"
    )
      problems.push(
        `${where}: documented as open without a session, but asked for one (401 unauthenticated)`,
      );
    if (!anyone && answer.hadSession === false && answer.status < 300 && security.some((s) => "session" in s))
      problems.push(`${where}: documented as needing a session, but answered without one`);
    if (!declared || body === "" || answer.status === 204 || answer.status === 304 || method === "head")
      return problems;

    const content = declared.content;
    if (!content) {
      problems.push(`${where}: answered a body (${media || "no type"}), the document declares none`);
      return problems;
    }
    const key = Object.keys(content).find((k) => mediaMatches(k.toLowerCase(), media));
    if (!key) {
      problems.push(
        `${where}: answered ${media || "no type"}, the document declares ${Object.keys(content).join(", ")}`,
      );
      return problems;
    }
    if (parsed === undefined || !isJson(media)) return problems;
    const schema = content[key]?.schema;
    if (!schema) return problems;
    const validate = this.validator(`${name} ${status} ${key}`, schema);
    if (!validate(parsed)) {
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map(
          (e) =>
            `${e.instancePath || "(body)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
        );
      problems.push(
        `${where}: body does not match its schema: ${errors.join("; ")} — body: ${body?.slice(0, 300)}`,
      );
    }
    return problems;
  }
}

const checks = new Map<string, ContractCheck>();

/** One check per document (every test app of a run serves the same one): ajv compiles once. */
export function contractCheckFor(doc: OpenApiDocument): ContractCheck {
  const key = JSON.stringify(doc);
  let check = checks.get(key);
  if (!check) {
    check = new ContractCheck(doc);
    checks.set(key, check);
  }
  return check;
}

/** When set, each answer checked is written there (`ok` or `mismatch`, the operation): the run's figures. */
const LOG = process.env.OPENAPI_CHECK_LOG;

/** Reports an answer's problems with console.error, which fails the test that caused them (console-guard.ts). */
export function reportAnswer(check: ContractCheck, answer: Answer): string[] {
  const problems = checkAndLog(check, answer);
  for (const problem of problems) console.error(`OpenAPI contract: ${problem}`);
  return problems;
}

/** The answer's problems, counted in OPENAPI_CHECK_LOG when set. */
export function checkAndLog(check: ContractCheck, answer: Answer): string[] {
  const problems = check.check(answer);
  if (LOG)
    fs.appendFileSync(
      LOG,
      `${problems.length === 0 ? "ok" : "mismatch"} ${answer.method} ${answer.path} ${answer.status}\n`,
    );
  return problems;
}
