/**
 * Which errors mean "the database is not answering" rather than "this request is wrong": the
 * one place that knows, so every endpoint answers them alike (503 `service-unavailable`).
 */

/** Socket errors of a server that is stopped, unreachable or gone mid-conversation. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** What node-postgres and pg-pool say when a connection cannot be had or has broken. */
const CONNECTION_MESSAGES = [
  "Connection terminated", // "… unexpectedly", "… due to connection timeout", or ended by us
  "timeout exceeded when trying to connect", // no free connection in the pool in time
  "Query read timeout", // query_timeout: the server took the query and never answered
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
];

/**
 * SQLSTATEs of a server that is shutting down, starting up, out of connections or resources,
 * or that cancelled a statement for taking too long (statement_timeout).
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "57014"]);
/** Class 08 connection exception, class 53 insufficient resources (too many connections, disk full). */
const UNAVAILABLE_CLASSES = new Set(["08", "53"]);
/** Of those, the ones after which the connection itself is gone. */
const BROKEN_SQLSTATES = new Set(["57P01", "57P02", "57P03"]);

type Shape = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The error and what it wraps (`cause`, as drizzle's DrizzleQueryError does; AggregateError's list). */
function* chain(err: unknown, depth = 0): Generator<Shape> {
  if (depth > 5 || typeof err !== "object" || err === null) return;
  const e = err as Shape;
  yield e;
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
  if (e.cause !== undefined) yield* chain(e.cause, depth + 1);
}

function isLostConnection(e: Shape): boolean {
  if (typeof e.code === "string" && (SOCKET_CODES.has(e.code) || e.code.startsWith("08"))) return true;
  if (typeof e.code === "string" && BROKEN_SQLSTATES.has(e.code)) return true;
  return (
    typeof e.message === "string" && CONNECTION_MESSAGES.some((m) => (e.message as string).startsWith(m))
  );
}

/**
 * The connection this error came from cannot be used again (refused, timed out, cut, or the
 * server is going away): a client holding it must be released with the error, so the pool
 * destroys it instead of handing it to the next request.
 */
export function isConnectionBroken(err: unknown): boolean {
  for (const e of chain(err)) if (isLostConnection(e)) return true;
  return false;
}

/** The database is unreachable, frozen, restarting or overloaded: answer 503, try again later. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (isLostConnection(e)) return true;
    if (
      typeof e.code === "string" &&
      /^[0-9A-Z]{5}$/.test(e.code) &&
      (UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_CLASSES.has(e.code.slice(0, 2)))
    )
      return true;
  }
  return false;
}

/**
 * `target` with every method that fails because the database is unavailable failing with
 * `replace(err)` instead: for libraries that swallow the cause of a database error (better-auth
 * turns it into a generic 500), given an error they pass through.
 */
export function replaceUnavailable<T extends object>(target: T, replace: (err: unknown) => unknown): T {
  const rethrow = (err: unknown): never => {
    throw isDatabaseUnavailable(err) ? replace(err) : err;
  };
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver);
      if (typeof value !== "function") return value;
      return function (this: unknown, ...args: unknown[]) {
        let result: unknown;
        try {
          result = Reflect.apply(value, this === receiver ? obj : this, args);
        } catch (err) {
          return rethrow(err);
        }
        return result instanceof Promise ? result.catch(rethrow) : result;
      };
    },
  });
}
