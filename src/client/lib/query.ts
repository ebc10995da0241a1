import {
  type Query,
  QueryCache,
  type QueryClient,
  QueryClient as TanStackQueryClient,
} from "@tanstack/react-query";
import { api } from "./api";
import { logger } from "./logger";

/**
 * The seed's read cache, done right: every read is cached per full API path (the query key is
 * `[path]`) for the whole session, and logs a hit or a miss in debug; a failed read is logged and
 * passed to the caller. It never expires by age: writes and live events refresh exactly the
 * paths they touch (`refreshPaths`), so nothing shown goes stale.
 */
export function createQueryClient(log: Pick<typeof logger, "debug" | "error"> = logger): QueryClient {
  const queryCache = new QueryCache({
    onError: (err, query) => log.error(`read ${pathOf(query)} failed`, err),
  });
  queryCache.subscribe((event) => {
    if (event.type === "observerAdded")
      log.debug(`${event.query.state.dataUpdatedAt > 0 ? "hit" : "miss"} ${pathOf(event.query)}`);
  });
  return new TanStackQueryClient({
    queryCache,
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        retry: 1,
        queryFn: ({ queryKey, signal }) => api(String(queryKey[0]), { signal }),
      },
    },
  });
}

export function pathOf(query: Pick<Query, "queryKey">): string {
  return String(query.queryKey[0]);
}

/** Whether a cached read of `key` is a read of `path` (the path itself, with any query string). */
export function readsPath(key: string, path: string): boolean {
  return key === path || key.startsWith(`${path}?`);
}

/** Refreshes the cached reads of these API paths: the ones shown refetch, the others are marked stale. */
export function refreshPaths(client: QueryClient, paths: readonly string[]): Promise<void> {
  return client.invalidateQueries({
    predicate: (q) => {
      const key = pathOf(q);
      return paths.some((p) => readsPath(key, p));
    },
  });
}
