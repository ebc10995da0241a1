import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { OpenAPIV3 } from "openapi-types";
import { z } from "zod";
import { ACCEPTED_TYPES, storedDocument } from "../../shared/contracts/storage";

/*
 * The OpenAPI document is the API's contract (decision 038): every operation says who may call it
 * (`security`) and every answer it gives, success and errors, with its schema. The JSON answers
 * come from the routes' zod schemas (`schema.response`, which Fastify also serialises through);
 * what a route cannot say in zod is said here, once: who may call it (by how its handler checks the
 * caller), and the successes that are not JSON (bytes, a stream, a page, a redirect, the tus
 * protocol). The test suites check every answer they receive against this document
 * (tests/support/openapi-check.ts) and Redocly's recommended rules against its shape.
 */

/** A session cookie (better-auth's), what `requireSession`/`requireUserId` check (src/server/auth/guard.ts). */
const SESSION: OpenAPIV3.SecurityRequirementObject[] = [{ session: [] }];
/** Anyone: no session asked (the link, the token or the signature in the request is its permission, if any). */
const ANYONE: OpenAPIV3.SecurityRequirementObject[] = [];
/** With or without a session: the answer differs for the signed-in caller (`{}` is OpenAPI's "none needed"). */
const OPTIONAL_SESSION: OpenAPIV3.SecurityRequirementObject[] = [{}, { session: [] }];

/**
 * Who may call each operation that does not need a session. Every other operation needs one: the
 * hook on every /api route (auth/guard.ts, `requireSessionsUnder`) answers 401 `unauthenticated`
 * without one, before its handler (the suites' check fails an operation listed here that answers
 * that, and one not listed that succeeds without a session cookie; openapi-security.test.ts
 * calls every operation without one).
 */
export const CALLERS: Record<string, OpenAPIV3.SecurityRequirementObject[]> = {
  // Accounts: before there is a session, or the e-mailed link is the permission.
  "POST /api/auth/sign-up/email": ANYONE,
  "POST /api/auth/sign-in/email": ANYONE,
  "POST /api/auth/request-password-reset": ANYONE,
  "POST /api/auth/reset-password": ANYONE,
  "POST /api/auth/reset-password/check": ANYONE,
  "POST /api/auth/send-verification-email": ANYONE,
  "GET /api/auth/verify-email": ANYONE,
  "GET /api/auth/get-session": OPTIONAL_SESSION,
  // Ends the caller's session if there is one; succeeds either way.
  "POST /api/auth/sign-out": OPTIONAL_SESSION,
  // Operators and balancers.
  "GET /api/health": ANYONE,
  "GET /api/health/live": ANYONE,
  "GET /api/health/ready": ANYONE,
  // The market is public; an owner also sees their own drafts and photos.
  "GET /api/search": ANYONE,
  "GET /api/search/places": ANYONE,
  "GET /api/offers/{id}": OPTIONAL_SESSION,
  "GET /api/photos/{id}": OPTIONAL_SESSION,
  // A signed, expiring link to a document's bytes.
  "GET /api/storage/files/{id}": ANYONE,
  // tus discovery (OPTIONS) asks for no session (tus 1.0.0, "OPTIONS").
  "OPTIONS /api/storage/uploads": ANYONE,
  "OPTIONS /api/storage/uploads/{id}": ANYONE,
  // The unsubscribe link's signed token (RFC 8058: a mail client posts without cookies).
  "GET /api/preferences/unsubscribe": ANYONE,
  "POST /api/preferences/unsubscribe": ANYONE,
  "GET /api/privacy": ANYONE,
  "GET /api/privacy/home-layout": OPTIONAL_SESSION,
  // A signer's personal link (its token, in the query or the body) is the credential.
  "GET /api/signing/{id}": ANYONE,
  "POST /api/signing/{id}/code": ANYONE,
  "POST /api/signing/{id}/sign": ANYONE,
  "POST /api/signing/{id}/refuse": ANYONE,
  "POST /api/signing/webhooks/clicksign": [{ clicksignHmac: [] }],
  "POST /api/public/verify": ANYONE,
  // The PSP's Pix webhook (PIX_PROVIDER=psp): the secret path segment is its only credential
  // OpenAPI can name; what it says is read back from the PSP before anything is recorded.
  "POST /api/rent/pix/webhook/{token}/pix": ANYONE,
};

/**
 * Who may call an operation: the list above, else what its route declares, else a session. The
 * document says it (completeDocument) and the session hook on /api enforces it (auth/guard.ts), from
 * this one function. `path` is OpenAPI's (`/api/offers/{id}`).
 */
export function securityOf(
  method: string,
  path: string,
  declared?: OpenAPIV3.SecurityRequirementObject[],
): OpenAPIV3.SecurityRequirementObject[] {
  return CALLERS[`${method.toUpperCase()} ${path}`] ?? declared ?? SESSION;
}

/** Whether every way of calling an operation includes a session (not so for `[]` or `[{}, …]`). */
export function needsSession(security: OpenAPIV3.SecurityRequirementObject[]): boolean {
  return security.length > 0 && security.every((requirement) => "session" in requirement);
}

/** Where the OpenAPI document and its browser are served, to anyone (not operations themselves). */
export const DOCS_PREFIX = "/api/docs";

/**
 * Whether a request to a Fastify route (`/api/offers/:id`) needs a session. A HEAD that Fastify
 * answers for a GET route is that GET's operation without its body.
 */
export function routeNeedsSession(
  method: string,
  url: string,
  declared?: OpenAPIV3.SecurityRequirementObject[],
): boolean {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
  const upper = method.toUpperCase();
  const asGet = upper === "HEAD" && !CALLERS[`HEAD ${path}`] ? CALLERS[`GET ${path}`] : undefined;
  return needsSession(asGet ?? securityOf(upper, path, declared));
}

const binary = { type: "string", format: "binary" } as const;

/** A response schema as zod's OpenAPI 3.0 output, for an answer a route does not serialise itself. */
function outputSchema(schema: z.ZodType): OpenAPIV3.SchemaObject {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: "openapi-3.0", io: "output" }) as Record<
    string,
    unknown
  >;
  return json as OpenAPIV3.SchemaObject;
}

/**
 * The successes that are not a JSON body, which a zod response schema cannot state: the tus
 * protocol (answered by @tus/server, tus 1.0.0), streams of bytes, the live events, pages and a
 * redirect. Their errors come from the routes (ErrorBody).
 */
const NON_JSON_ANSWERS: Record<string, OpenAPIV3.ResponsesObject> = {
  "POST /api/storage/uploads": {
    "201": {
      description:
        "Upload created (tus creation; with creation-with-upload, its first bytes taken). A POST that carried every byte answers the new document; otherwise no body",
      content: { "application/json": { schema: outputSchema(storedDocument) } },
      headers: {
        Location: { description: "The upload's URL", schema: { type: "string" } },
        "Upload-Offset": {
          description: "Bytes received (creation-with-upload)",
          schema: { type: "integer" },
        },
      },
    },
  },
  "HEAD /api/storage/uploads/{id}": {
    "200": {
      description: "The upload's offset and length (tus HEAD)",
      headers: {
        "Upload-Offset": { description: "Bytes received", schema: { type: "integer" } },
        "Upload-Length": { description: "Bytes announced, once known", schema: { type: "integer" } },
      },
    },
  },
  "PATCH /api/storage/uploads/{id}": {
    "204": {
      description: "Bytes appended (tus PATCH); the last ones make the document",
      headers: { "Upload-Offset": { description: "Bytes received", schema: { type: "integer" } } },
    },
  },
  "DELETE /api/storage/uploads/{id}": { "204": { description: "Upload ended (tus termination)" } },
  "OPTIONS /api/storage/uploads": {
    "204": { description: "tus discovery: version, extensions, size limit" },
  },
  "OPTIONS /api/storage/uploads/{id}": {
    "204": { description: "tus discovery: version, extensions, size limit" },
  },
  "GET /api/storage/files/{id}": {
    "200": {
      description: "The document's bytes, with its type",
      content: Object.fromEntries(ACCEPTED_TYPES.map((type) => [type, { schema: binary }])),
    },
  },
  "GET /api/photos/{id}": {
    "200": {
      description: "The photo (its rendition for the screen, or the file as sent)",
      content: Object.fromEntries(
        ACCEPTED_TYPES.filter((type) => type.startsWith("image/")).map((type) => [type, { schema: binary }]),
      ),
    },
    "304": { description: "Not modified: If-None-Match names its ETag (RFC 9110, 13.1.2)" },
  },
  "GET /api/privacy/exports/{id}/download": {
    "200": { description: "The export (zip)", content: { "application/zip": { schema: binary } } },
  },
  "GET /api/inspections/{id}/fotos.zip": {
    "200": {
      description: "The laudo's original photos (zip); its SHA-256 is the ETag and is printed in the laudo",
      content: { "application/zip": { schema: binary } },
    },
  },
  "GET /api/events": {
    "200": {
      description: "Server-sent events (text/event-stream): proposals, signers, messages, notices",
      content: { "text/event-stream": { schema: { type: "string" } } },
    },
  },
  "GET /api/auth/verify-email": {
    "302": {
      description: "Into the app (signed in), or to the sign-in screen saying what happened",
      headers: { Location: { description: "Where the link leads", schema: { type: "string" } } },
    },
  },
  "GET /api/preferences/unsubscribe": {
    "200": {
      description: "A page with one button",
      content: { "text/html": { schema: { type: "string" } } },
    },
  },
  "POST /api/preferences/unsubscribe": {
    "200": {
      description: "A page saying the e-mails stopped",
      content: { "text/html": { schema: { type: "string" } } },
    },
  },
};

/**
 * Methods a multi-method route registers but the protocol has no operation for (tus: an upload is
 * created on the collection and read, appended or ended at its own URL): not in the document.
 */
const NOT_OPERATIONS = new Set([
  "HEAD /api/storage/uploads",
  "PATCH /api/storage/uploads",
  "DELETE /api/storage/uploads",
  "POST /api/storage/uploads/{id}",
]);

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** `getApiContractsById`, `postApiContractsByIdSignersBySignerIdResend`: stable, from the route. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const word = param ? `by-${param[1]}` : segment;
      return word
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0]?.toUpperCase() + w.slice(1))
        .join("");
    });
  return method.toLowerCase() + words.join("");
}

/** Every `$ref` a value holds. */
function refsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value && typeof value === "object")
    for (const [key, v] of Object.entries(value)) {
      if (key === "$ref" && typeof v === "string") into.add(v);
      else refsIn(v, into);
    }
  return into;
}

function nullInEnums(value: unknown): void {
  if (Array.isArray(value)) for (const v of value) nullInEnums(v);
  else if (value && typeof value === "object") {
    const schema = value as { nullable?: unknown; enum?: unknown[] };
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
      schema.enum.push(null);
    for (const v of Object.values(value)) nullInEnums(v);
  }
}

/** Who may call, the non-JSON answers and the operation ids, on the document zod's transform made. */
export function completeDocument(doc: OpenAPIV3.Document): OpenAPIV3.Document {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    for (const method of METHODS) {
      const shared = item[method];
      if (!shared) continue;
      const name = `${method.toUpperCase()} ${path}`;
      if (NOT_OPERATIONS.has(name)) {
        delete item[method];
        continue;
      }
      // The methods of one route (tus's) share one operation object: each gets its own.
      const op: OpenAPIV3.OperationObject = { ...shared, responses: { ...shared.responses } };
      item[method] = op;
      op.operationId ??= operationIdOf(method, path);
      // The list above wins over a route's own declaration (tus's methods share one schema).
      op.security = securityOf(method, path, op.security);
      const extra = NON_JSON_ANSWERS[name];
      if (extra) op.responses = { ...extra, ...op.responses };
    }
  }
  // OpenAPI 3.0.3: `nullable` does not add null to an `enum`, which must list it itself (zod's
  // 3.0 output of a nullable enum leaves it out, so a client generated from it refused null).
  nullInEnums(doc);
  // Components no operation uses (zod's input copy of the error body) are left out.
  const schemas = doc.components?.schemas ?? {};
  for (;;) {
    const used = refsIn({ paths: doc.paths, schemas }, new Set());
    const unused = Object.keys(schemas).filter((id) => !used.has(`#/components/schemas/${id}`));
    if (unused.length === 0) break;
    for (const id of unused) delete schemas[id];
  }
  return doc;
}

/** An answer as it leaves. */
export interface SentAnswer {
  status: number;
  /** Its headers, names in lower case. */
  headers: Record<string, unknown>;
  /** The body Fastify sends (text, bytes or a stream); undefined when the route hijacked the reply. */
  payload: unknown;
  /** Whether the route answered on the raw response itself (tus, the live events). */
  hijacked: boolean;
}

/** What sees each answer before it leaves (the test suites' contract check); none in production. */
export type AnswerListener = (request: FastifyRequest, answer: SentAnswer) => void;

/** The headers `writeHead(status, [message], [headers])` was given, names in lower case. */
function headersGiven(args: unknown[]): Record<string, unknown> {
  const given = args.find((a) => a !== null && typeof a === "object") as
    | Record<string, unknown>
    | unknown[]
    | undefined;
  const out: Record<string, unknown> = {};
  if (Array.isArray(given))
    for (let i = 0; i + 1 < given.length; i += 2) out[String(given[i]).toLowerCase()] = given[i + 1];
  else if (given) for (const [k, v] of Object.entries(given)) out[k.toLowerCase()] = v;
  return out;
}

/** The OpenAPI document, generated from the routes' zod schemas, and its browsable page. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string; version: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.0.3",
        info: {
          title: "Chave API",
          version: opts.version,
          description:
            "Rental offers, proposals and e-signed lease contracts. Errors answer `{ code, message, issues? }` with a pt-BR message.",
        },
        servers: [{ url: opts.publicUrl }],
        components: {
          securitySchemes: {
            session: { type: "apiKey", in: "cookie", name: "chave.session_token" },
            clicksignHmac: {
              type: "apiKey",
              in: "header",
              name: "Content-Hmac",
              description: "`sha256=` and the HMAC-SHA256 of the raw body with the webhook's secret",
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      // Schemas with an id in zod's registry (the error body) become components, referred to.
      transformObject: (input) => completeDocument(jsonSchemaTransformObject(input) as OpenAPIV3.Document),
    });
    // The tests' contract check sees every answer here, before compression (registered before the
    // routes, so it reaches every route of the app): Fastify's in onSend, a hijacked reply's when
    // its head is written. Without a listener (production) both return at once.
    const listeners: AnswerListener[] = [];
    const sentByFastify = new WeakSet<FastifyRequest>();
    app.decorate("onAnswer", (listener: AnswerListener) => {
      listeners.push(listener);
    });
    app.addHook("onRequest", (request, reply, done) => {
      if (listeners.length > 0) watchRawHead(request, reply);
      done();
    });
    // A hijacked reply: its head when written; a JSON body once ended (tus's 201 with the new
    // document), read from what the route wrote.
    const watchRawHead = (request: FastifyRequest, reply: FastifyReply) => {
      const raw = reply.raw;
      const { writeHead, write, end } = raw;
      const chunks: Buffer[] = [];
      let pending: SentAnswer | undefined;
      const hijacked = () => !sentByFastify.has(request);
      const keep = (chunk: unknown) => {
        if (typeof chunk === "string" || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      };
      raw.writeHead = function (this: typeof raw, ...args: unknown[]) {
        if (hijacked()) {
          const answer: SentAnswer = {
            status: Number(args[0]),
            headers: { ...raw.getHeaders(), ...headersGiven(args.slice(1)) },
            payload: undefined,
            hijacked: true,
          };
          if (/json/.test(String(answer.headers["content-type"] ?? ""))) pending = answer;
          else for (const listener of listeners) listener(request, answer);
        }
        return (writeHead as (...a: unknown[]) => typeof raw).apply(this, args);
      } as typeof raw.writeHead;
      raw.write = function (this: typeof raw, ...args: unknown[]) {
        if (hijacked()) keep(args[0]);
        return (write as (...a: unknown[]) => boolean).apply(this, args);
      } as typeof raw.write;
      raw.end = function (this: typeof raw, ...args: unknown[]) {
        if (hijacked()) keep(args[0]);
        const result = (end as (...a: unknown[]) => typeof raw).apply(this, args);
        if (pending) {
          const answer = { ...pending, payload: Buffer.concat(chunks) };
          pending = undefined;
          for (const listener of listeners) listener(request, answer);
        }
        return result;
      } as typeof raw.end;
    };
    app.addHook("onSend", (request, reply, payload, done) => {
      if (listeners.length > 0) {
        sentByFastify.add(request);
        const answer = { status: reply.statusCode, headers: reply.getHeaders(), payload, hijacked: false };
        for (const listener of listeners) listener(request, answer);
      }
      done(null, payload);
    });
    // swagger-ui's CSP asks the browser to upgrade every request to https, which on a plain-http
    // installation (PUBLIC_URL http://…) breaks the page's own scripts and styles.
    const isSecure = opts.publicUrl.startsWith("https://");
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: true,
      ...(isSecure
        ? {}
        : {
            transformStaticCSP: (header: string) =>
              header
                .split(";")
                .map((d) => d.trim())
                .filter((d) => d !== "" && d !== "upgrade-insecure-requests")
                .join("; "),
          }),
    });
  },
);

declare module "fastify" {
  interface FastifyInstance {
    /** Adds a listener of every answer (tests/support/openapi-check.ts); production adds none. */
    onAnswer(listener: AnswerListener): void;
  }
}
