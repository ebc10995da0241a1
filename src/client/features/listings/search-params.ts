import type { SearchParams } from "../../../shared/contracts/listings";
import { reaisToCentavos } from "../../lib/money";

/** The search's filters as the URL carries them (shared by the results and the lazy filters form). */
export const FILTER_KEYS = [
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
] as const;

/** The URL's filters (prices in reais, as people share them) as the API's query (centavos). */
export function apiParams(url: URLSearchParams): SearchParams {
  const out: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const value = url.get(key);
    if (value === null || value === "") continue;
    out[key] = key === "precoMin" || key === "precoMax" ? reaisToCentavos(Number(value)) : value;
  }
  return out as SearchParams;
}

export type FilterValues = Record<(typeof FILTER_KEYS)[number], string>;
