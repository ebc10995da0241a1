import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths, queryString } from "../../../../shared/api-paths";
import type { ContractView } from "../../../../shared/contracts/contracts";
import type {
  ProposalAction,
  ProposalInput,
  ProposalStatus,
  ProposalView,
} from "../../../../shared/contracts/proposals";
import { api } from "../../../lib/api";
import { refreshPaths } from "../../../lib/query";

/** One proposal, for its parties; a stranger's "not found" is an answer, not retried. */
export const proposalQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.proposals.one(id)],
    queryFn: () => api<ProposalView>(apiPaths.proposals.one(id)),
    retry: false,
  });

export interface ProposalFilter {
  role?: "tenant" | "landlord";
  oferta?: string;
  status?: ProposalStatus;
}

/**
 * One's contracts, read to say where an approved proposal stands (its contract's step): the same
 * read (path and cache) as the contracts' own list.
 */
export const contractStepsQuery = () =>
  queryOptions({
    queryKey: [apiPaths.contracts.all],
    queryFn: () => api<ContractView[]>(apiPaths.contracts.all),
  });

/** One's proposals (as tenant, as landlord or both), newest first. */
export const proposalsQuery = (filter: ProposalFilter = {}) => {
  const path = `${apiPaths.proposals.all}${queryString({ ...filter })}`;
  return queryOptions({ queryKey: [path], queryFn: () => api<ProposalView[]>(path) });
};

/**
 * A new proposal: it is cached as read, and every list of proposals refreshes. Sent even when the
 * browser says it is offline (networkMode "always"): a paused send was a spinner for as long as the
 * connection stayed away; now it fails at once, and the form says so and keeps what was typed.
 */
export function useCreateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: (input: ProposalInput) => api<ProposalView>(apiPaths.proposals.all, { body: input }),
    onSuccess: (created) => {
      queryClient.setQueryData(proposalQuery(created.id).queryKey, created);
      void refreshPaths(queryClient, [apiPaths.proposals.all]);
    },
  });
}

/**
 * A move in the negotiation. The answer is the proposal as it now is; the lists change too, and an
 * approval reserves the offer (its page and the search).
 */
export function useProposalAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline, a move fails at once and says so, as a new proposal does (not a paused spinner).
    networkMode: "always",
    mutationFn: (action: ProposalAction) =>
      api<ProposalView>(apiPaths.proposals.actions(id), { body: action }),
    onSuccess: (next) => {
      queryClient.setQueryData(proposalQuery(next.id).queryKey, next);
      void refreshPaths(queryClient, [
        apiPaths.proposals.all,
        apiPaths.offers.one(next.oferta.id),
        apiPaths.search,
      ]);
    },
  });
}
