import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { en, ptBR } from "zod/locales";
import { isErrorCode } from "../../shared/errors";

/** The symbol fastify-type-provider-zod marks its validation entries with (kept so both read alike). */
const ZOD_VALIDATION = Symbol.for("ZodFastifySchemaValidationError");

const localePt = ptBR().localeError;
const localeEn = en().localeError;
type Issue = Parameters<typeof localePt>[0];

function say(locale: typeof localePt, issue: Issue): string {
  const said = locale(issue);
  return typeof said === "string" ? said : (said?.message ?? "");
}

/** A validation failure as the error handler reads it: pt-BR message, English beside it. */
export interface ValidationEntry {
  [ZOD_VALIDATION]: true;
  keyword: string;
  instancePath: string;
  schemaPath: string;
  /** An error code of the catalogue, or zod's own words in pt-BR. */
  message: string;
  params: { en: string };
}

export function isValidationEntry(value: unknown): value is ValidationEntry {
  return typeof value === "object" && value !== null && (value as ValidationEntry)[ZOD_VALIDATION] === true;
}

/**
 * Fastify's validator for the zod contracts, as fastify-type-provider-zod's but with zod's own
 * words in both of the app's languages: a rule without a catalogue code (zod's defaults, such as
 * "expected object, received null") says it in pt-BR, and in English for a client that asks for
 * English. The words are made while parsing, when zod still has the input (its type is named in
 * the message); the input itself is never echoed.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const english = new Map<string, string>();
    const result = schema.safeParse(data, {
      error: (issue) => {
        const pt = say(localePt, issue as Issue);
        english.set(pt, say(localeEn, issue as Issue));
        return pt;
      },
    });
    if (result.success) return { value: result.data };
    const entries: ValidationEntry[] = result.error.issues.map((issue) => {
      const path = issue.path.map(String);
      return {
        [ZOD_VALIDATION]: true,
        keyword: issue.code,
        instancePath: `/${path.join("/")}`,
        schemaPath: `#/${path.join("/")}/${issue.code}`,
        message: issue.message,
        params: {
          en: isErrorCode(issue.message) ? issue.message : (english.get(issue.message) ?? issue.message),
        },
      };
    });
    return { error: entries as unknown as Error };
  };
