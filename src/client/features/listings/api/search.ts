import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiPaths, queryString } from "../../../../shared/api-paths";
import type {
  PhotoInfo,
  PlaceSuggestions,
  SearchParams,
  SearchResult,
} from "../../../../shared/contracts/listings";
import { photoPath, photoSources } from "../../../../shared/photos";
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

/**
 * A unit photo's address (an <img> source, served by the API): the original, or with `width` its
 * narrowest rendition at least that wide (decision 024).
 */
export const photoUrl = (id: string, width?: number) => photoPath(id, width);

/** An <img>'s src and srcset for a unit photo: its renditions once made, else the original. */
export const photoSrc = (id: string, info: PhotoInfo | null | undefined) => photoSources(id, info);

/**
 * The cities and bairros with published offers that begin with what is typed (ignoring case and
 * accents), for the search box's suggestions. Kept a minute; the previous list stays while the
 * next loads, so the list does not flicker as one types.
 */
export const placesQuery = (typed: string, uf?: string) => {
  const path = `${apiPaths.places}${queryString({ q: typed.trim(), uf })}`;
  return queryOptions({
    queryKey: [path],
    queryFn: ({ signal }) => api<PlaceSuggestions>(path, { signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
};
