import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiPaths, queryString } from "../../../../shared/api-paths";
import type { SearchParams, SearchResult } from "../../../../shared/contracts/listings";
import { api } from "../../../lib/api";

/** The published offers matching `params`, a page per cursor ("load more"). */
export const searchQuery = (params: SearchParams) => {
  const path = `${apiPaths.search}${queryString(params)}`;
  return infiniteQueryOptions({
    queryKey: [path],
    queryFn: ({ pageParam }) =>
      api<SearchResult>(`${apiPaths.search}${queryString({ ...params, cursor: pageParam || undefined })}`),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
};

/** A unit photo's address (an <img> source, served by the API). */
export const photoUrl = (id: string) => apiPaths.photo(id);
