import { queryOptions } from "@tanstack/react-query";
import { apiPaths } from "../../shared/api-paths";
import type { CepAddress } from "../../shared/contracts/cep";
import { api } from "./api";

/**
 * The address a CEP names, through our server (which asks BrasilAPI, then ViaCEP). Kept for the
 * session once found; never retried: a failed lookup only means the person types the address.
 */
export const cepQuery = (cep: string) =>
  queryOptions({
    queryKey: [apiPaths.cep(cep)],
    queryFn: ({ signal }) => api<CepAddress>(apiPaths.cep(cep), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
