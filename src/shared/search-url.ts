import { reaisToCentavos } from "./money";

/*
 * The home search's filters as a URL carries them (`/?cidade=…&precoMax=2500`), read the same way
 * by the screens and by the server's snapshot of `/` (decision 025). Plain code, no zod: the home's
 * first download reads it.
 */

/** The filters a search URL may carry; any other parameter (a campaign's utm_*) is ignored. */
export const SEARCH_URL_KEYS = [
  "uf",
  "cidade",
  "bairro",
  "precoMin",
  "precoMax",
  "quartos",
  "tipo",
  "pets",
  "mobiliado",
  "q",
  "sort",
  // "1": the place and words exactly as typed, never read as the closest place (decision 042).
  "exato",
] as const;
export type SearchUrlKey = (typeof SEARCH_URL_KEYS)[number];

/**
 * The URL's filters as the search API's query: these keys only, the first value of each, empty
 * ones left out, prices from reais (as people share them) to centavos. Not checked: the API's
 * contract (or the server's, for the snapshot) decides what it accepts.
 */
export function searchFromUrl(url: URLSearchParams): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const key of SEARCH_URL_KEYS) {
    const value = url.get(key);
    if (value === null || value === "") continue;
    out[key] = key === "precoMin" || key === "precoMax" ? reaisToCentavos(Number(value)) : value;
  }
  return out;
}
