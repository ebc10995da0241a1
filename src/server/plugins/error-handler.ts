import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, errorMessage, errorStatus, type FieldIssue, isErrorCode } from "../../shared/errors";
import { isDatabaseUnavailable } from "../db/unavailable";

/** A validation message is an error code when the shared contract names one; say it in pt-BR. */
function issueMessage(message: string): string {
  return isErrorCode(message) ? errorMessage(message) : message;
}

/**
 * Every error becomes `{ code, message, issues? }` with a pt-BR message: AppError by its code,
 * validation by field, a database that is away as 503, the client's malformed requests as 400,
 * and anything else as 500 `unknown`, logged, never with internals. Set on the root instance (not
 * a plugin) so it covers every route.
 */
export function setErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send(error.toBody());
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id is "not found" (or a bad link "forbidden"), not a form error.
      const special = error.validation
        .map((v) => v.message)
        .find((m) => isErrorCode(m) && errorStatus[m] !== 400);
      if (special && isErrorCode(special)) {
        const known = new AppError(special);
        return reply.status(known.status).send(known.toBody());
      }
      const issues: FieldIssue[] = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: issueMessage(v.message ?? "invalid-argument"),
      }));
      const first = issues[0]?.message;
      return reply
        .status(400)
        .send({ code: "invalid-argument", message: first ?? errorMessage("invalid-argument"), issues });
    }
    // A frozen, stopped or overloaded database: 503, whatever layer the error came through.
    if (isDatabaseUnavailable(error))
      return reply.status(503).send(new AppError("service-unavailable").toBody());
    const status = error.statusCode ?? 500;
    if (status === 429)
      return reply.status(429).send({ code: "rate-limited", message: errorMessage("rate-limited") });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      return reply
        .status(status)
        .send({ code: "invalid-argument", message: errorMessage("invalid-argument") });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ code: "unknown", message: errorMessage("unknown") });
  });
}
