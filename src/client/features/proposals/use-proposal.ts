import { useQuery } from "@tanstack/react-query";
import { proposalsApi } from "./api";

export function useProposal(id: string | null) {
  return useQuery({
    queryKey: [`/api/proposals/${id}`],
    queryFn: () => proposalsApi.get(id ?? ""),
    enabled: Boolean(id),
    retry: false,
  });
}
