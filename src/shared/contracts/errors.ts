import { z } from "zod";
import { type ErrorCode, errorStatus } from "../errors";

/*
 * What every failed API call answers (src/server/plugins/error-handler.ts), as a response schema:
 * each route declares it for its 4xx and 5xx answers, so Fastify serialises errors through it and
 * the OpenAPI document describes them.
 */

const ERROR_CODES = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const fieldIssue = z.object({
  /** The field, dotted ("cotenants.0.cpf"). */
  path: z.string(),
  message: z.string(),
});

export const errorBody = z
  .object({
    /** A code of the catalogue (src/shared/errors.ts). */
    code: z.enum(ERROR_CODES),
    /** In the client's language (Accept-Language; pt-BR by default). */
    message: z.string(),
    /** Per field, for a refused form. */
    issues: z.array(fieldIssue).optional(),
    /** What the refusal is about, when it exists already: the open proposal of duplicate-proposal. */
    ref: z.string().optional(),
    /** The request's id, as in its X-Request-Id header and the server's log lines. */
    requestId: z.string().optional(),
  })
  // One id: the OpenAPI document describes it once (components.schemas.ErrorBody) and every
  // operation refers to it, instead of a copy of the 70-code enum in each answer.
  .meta({
    id: "ErrorBody",
    description: "An error: a catalogue code and its message in the client's language",
  });
export type ErrorBodyView = z.infer<typeof errorBody>;

/** The error answers every route declares beside its own. */
export const errorResponses = { "4xx": errorBody, "5xx": errorBody } as const;

/** No body (204). */
export const noContent = z.null().describe("No content");
