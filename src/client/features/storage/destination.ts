import { safeNextPath } from "../../../shared/routes";

/**
 * Where Camera and Convert return when they were opened by another flow (`?destino=`), with the
 * new document's id added as `documento`. Only paths of this site are followed.
 */
export function returnPath(destino: string | null, documentId: string): string | null {
  if (!destino) return null;
  const safe = safeNextPath(destino);
  if (!safe || safe === "/") return null;
  const url = new URL(safe, "http://x");
  url.searchParams.set("documento", documentId);
  return `${url.pathname}${url.search}`;
}

/** The upload options that Camera and Convert take from their query string. */
export function flowParams(search: URLSearchParams) {
  return {
    kind: search.get("tipo"),
    folder: search.get("pasta"),
    replaces: search.get("substitui"),
    destino: search.get("destino"),
  };
}
