import type { FastifyInstance } from "fastify";
import { AppError } from "../../shared/errors";

/** Deeper than any contract goes: a body nested further is an attack, not a form. */
export const MAX_INPUT_DEPTH = 16;

/** Half of a UTF-16 surrogate pair with no other half (no `u` flag: it matches code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A NUL byte, or an unpaired surrogate. */
export function isBadText(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}

/** The path (as the error body names fields) of the first bad string in `value`, or null. */
function findBadText(value: unknown, path: string, depth: number): string | null {
  if (typeof value === "string") return isBadText(value) ? path : null;
  if (value === null || typeof value !== "object") return null;
  // Raw bytes (a webhook's body, an uploaded PDF) are not text, and walking them entry by entry
  // took seconds a megabyte.
  if (ArrayBuffer.isView(value)) return null;
  if (depth > MAX_INPUT_DEPTH) throw new AppError("input-too-deep");
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const here = path ? `${path}.${key}` : String(key);
    if (typeof key === "string" && isBadText(key)) return here;
    const bad = findBadText(item, here, depth + 1);
    if (bad !== null) return bad;
  }
  return null;
}

/**
 * Before any contract runs: a NUL byte or an unpaired surrogate anywhere in a JSON body, the
 * query string or the path's parameters is refused with a 400 in the catalogue. PostgreSQL can
 * store neither (text refuses NUL, jsonb refuses both), so letting them reach a handler ended in
 * a 500 on every route that saves text. Added to the root instance so it covers every route,
 * better-auth's included.
 */
export function addInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const part of ["params", "query", "body"] as const) {
      const bad = findBadText(request[part], "", 0);
      if (bad !== null) {
        throw new AppError("invalid-text", {
          issues: [{ path: bad, message: new AppError("invalid-text").message }],
        });
      }
    }
  });
}
