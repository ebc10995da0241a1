import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "../../../../shared/api-paths";
import type { CompanyInput, CompanyList, CompanyView } from "../../../../shared/contracts/companies";
import { ApiError, api } from "../../../lib/api";
import { refreshPaths } from "../../../lib/query";

/**
 * The companies one acts for as landlord or tenant (issue 34). A refusal is an answer, not retried:
 * the unit and proposal forms wait for this read, and go on without the choice when it fails.
 */
export const companiesQuery = () =>
  queryOptions({
    queryKey: [apiPaths.companies.all],
    queryFn: () => api<CompanyList>(apiPaths.companies.all),
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

/** Registers a company (`id` null) or changes one; the list then reads it again. */
export function useSaveCompany(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyInput) =>
      id
        ? api<CompanyView>(apiPaths.companies.one(id), { method: "PUT", body: input })
        : api<CompanyView>(apiPaths.companies.all, { body: input }),
    onSuccess: () => refreshPaths(queryClient, [apiPaths.companies.all]),
  });
}

/** Deletes a company; refused (409 company-in-use) when something is in its name, which the list then shows. */
export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (company: CompanyView) => api<null>(apiPaths.companies.one(company.id), { method: "DELETE" }),
    onSettled: () => refreshPaths(queryClient, [apiPaths.companies.all]),
  });
}
