import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  AppError,
  type ErrorBody,
  type ErrorCode,
  errorMessage,
  errorStatus,
  type FieldIssue,
  isErrorCode,
} from "../../shared/errors";
import en from "../../shared/locales/en.json";
import { isDatabaseUnavailable } from "../db/unavailable";
import { REQUEST_ID_HEADER } from "./request-id";
import { isValidationEntry } from "./validation";

export type Language = "pt-BR" | "en";

/**
 * The language the client asked for: the app sends the one the person chose (Accept-Language);
 * pt-BR unless English comes first among the languages it names.
 */
export function requestLanguage(request: Pick<FastifyRequest, "headers">): Language {
  const header = request.headers["accept-language"];
  if (typeof header !== "string") return "pt-BR";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase() ?? "";
    if (tag.startsWith("pt")) return "pt-BR";
    if (tag.startsWith("en")) return "en";
  }
  return "pt-BR";
}

function catalogue(code: ErrorCode, language: Language): string {
  return language === "en" ? en.errors[code] : errorMessage(code);
}

/** The catalogue's pt-BR messages, to find the English of a message a service wrote in pt-BR. */
const englishOf = new Map<string, string>(
  Object.entries(en.errors).flatMap(([code, english]) =>
    isErrorCode(code) ? [[errorMessage(code), english] as [string, string]] : [],
  ),
);

/** A code's body in the client's language; a message of the service's own (quota figures) stays. */
function bodyOf(error: AppError, language: Language): ErrorBody {
  const body = error.toBody();
  if (language !== "en") return body;
  const say = (message: string) => englishOf.get(message) ?? message;
  return {
    ...body,
    message: say(body.message),
    ...(body.issues ? { issues: body.issues.map((i) => ({ ...i, message: say(i.message) })) } : {}),
  };
}

/** Fastify's own refusals (before any handler ran) by their codes, in the catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "invalid-json",
  FST_ERR_CTP_EMPTY_JSON_BODY: "invalid-json",
  FST_ERR_CTP_BODY_TOO_LARGE: "body-too-large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported-content-type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "invalid-argument",
  FST_ERR_CTP_INVALID_TYPE: "unsupported-content-type",
  FST_ERR_BAD_URL: "malformed-url",
  FST_ERR_ASYNC_CONSTRAINT: "malformed-url",
};

/**
 * Answers `body` with the request's id in it and in `X-Request-Id` (decision 027): what a person
 * reports from an error screen leads to the server's log lines of that request. The header is
 * set here too for the refusals that come before any hook (a malformed %-escape).
 */
function answer(reply: FastifyReply, request: FastifyRequest, status: number, body: ErrorBody) {
  return reply
    .status(status)
    .header(REQUEST_ID_HEADER, request.id)
    .send({ ...body, requestId: request.id });
}

function send(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  return answer(reply, request, error.status, bodyOf(error, requestLanguage(request)));
}

/** Fastify's refusals that happen before routing (a malformed %-escape in the path). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code = FASTIFY_CODES[error.code] ?? "invalid-argument";
  return send(
    reply,
    request,
    new AppError(code, { status: error.statusCode && error.statusCode < 500 ? error.statusCode : 400 }),
  );
}

/**
 * Every error becomes `{ code, message, issues?, requestId }` in the client's language (pt-BR unless it
 * asked for English): AppError by its code, validation by field (zod's defaults in words, never
 * its English), a database that is away as 503, Fastify's refusals of malformed requests by their
 * own codes, and anything else as 500 `unknown`, logged, never with internals. Set on the root
 * instance (not a plugin) so it covers every route.
 */
export function setErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof AppError) return send(reply, request, error);
    const validation = Array.isArray(error.validation) ? error.validation : [];
    if (validation.length > 0 && validation.every(isValidationEntry)) {
      // A malformed id is "not found" (or a bad link "forbidden"), not a form error.
      const special = validation.map((v) => v.message).find((m) => isErrorCode(m) && errorStatus[m] !== 400);
      if (special && isErrorCode(special)) return send(reply, request, new AppError(special));
      const issues: FieldIssue[] = validation.map((v) => ({
        path: v.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: isErrorCode(v.message)
          ? catalogue(v.message, language)
          : language === "en"
            ? v.params.en
            : v.message,
      }));
      const first = issues[0]?.message ?? catalogue("invalid-argument", language);
      return answer(reply, request, 400, { code: "invalid-argument", message: first, issues });
    }
    // A frozen, stopped or overloaded database: 503, whatever layer the error came through.
    if (isDatabaseUnavailable(error)) return send(reply, request, new AppError("service-unavailable"));
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, request, new AppError("rate-limited"));
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      const code =
        FASTIFY_CODES[error.code] ?? (status === 404 || status === 405 ? "not-found" : "invalid-argument");
      return send(reply, request, new AppError(code, { status }));
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, request, new AppError("unknown"));
  });
}
