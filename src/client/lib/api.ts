import { codeForStatus, type ErrorCode, isErrorCode } from "../../shared/errors";
import { logger } from "./logger";

/** A failed API call, with the catalogue code the screens translate. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: { path: string; message: string }[];
  /** A 429's wait, from its Retry-After header (or better-auth's X-Retry-After), in seconds. */
  readonly retryAfterSeconds: number | undefined;
  /** What the refusal is about when it exists already (a duplicate proposal's id): the body's `ref`. */
  ref: string | undefined;

  constructor(
    code: ErrorCode,
    status: number,
    message: string,
    issues: { path: string; message: string }[] = [],
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
    this.issues = issues;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  // A file (a Blob) goes as its own bytes, with its own type; anything else as JSON.
  const file = init.body instanceof Blob ? init.body : null;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      // The server words its errors in the language the person chose (i18n sets <html lang>).
      headers: {
        accept: "application/json",
        "accept-language": document.documentElement.lang || "pt-BR",
        ...(init.body === undefined
          ? {}
          : { "content-type": file ? file.type || "application/octet-stream" : "application/json" }),
      },
      body: file ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      signal: init.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError")
      throw new ApiError("canceled", 0, "canceled");
    logger.error(`${method} ${path} failed`, err);
    throw new ApiError("network", 0, "network");
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    const b = (body ?? {}) as { code?: unknown; message?: unknown; issues?: unknown; ref?: unknown };
    const code = isErrorCode(b.code) ? b.code : codeForStatus(response.status);
    const issues = Array.isArray(b.issues) ? (b.issues as { path: string; message: string }[]) : [];
    logger.warn(`${method} ${path} → ${response.status} ${code}`);
    const wait = Number(response.headers.get("retry-after") ?? response.headers.get("x-retry-after") ?? "");
    const error = new ApiError(
      code,
      response.status,
      typeof b.message === "string" ? b.message : code,
      issues,
      Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : undefined,
    );
    if (typeof b.ref === "string") error.ref = b.ref;
    throw error;
  }
  return body as T;
}

/** The code of any error thrown by `api`, or `unknown` for anything else. */
export function errorCodeOf(err: unknown): ErrorCode {
  return err instanceof ApiError ? err.code : "unknown";
}
