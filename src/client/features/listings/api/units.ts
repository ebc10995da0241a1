import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "../../../../shared/api-paths";
import type { UnitInput, UnitView } from "../../../../shared/contracts/listings";
import { api } from "../../../lib/api";
import { refreshPaths } from "../../../lib/query";

/** One's units, each with its offers. */
export const unitsQuery = () =>
  queryOptions({ queryKey: [apiPaths.units.all], queryFn: () => api<UnitView[]>(apiPaths.units.all) });

/** One of one's units; a missing or foreign one is an answer, not something to retry. */
export const unitQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.units.one(id)],
    queryFn: () => api<UnitView>(apiPaths.units.one(id)),
    retry: false,
  });

/** Creates a unit (`id` null) or updates one; the list shows it and its own read is the answer. */
export function useSaveUnit(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UnitInput) =>
      id
        ? api<UnitView>(apiPaths.units.one(id), { method: "PUT", body: input })
        : api<UnitView>(apiPaths.units.all, { body: input }),
    onSuccess: (saved) => {
      void refreshPaths(queryClient, [apiPaths.units.all]);
      queryClient.setQueryData(unitQuery(saved.id).queryKey, saved);
    },
  });
}

export function useDeleteUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unit: UnitView) => api<null>(apiPaths.units.one(unit.id), { method: "DELETE" }),
    onSettled: () => refreshPaths(queryClient, [apiPaths.units.all]),
  });
}
