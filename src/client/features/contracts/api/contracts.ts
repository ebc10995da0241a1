import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "../../../../shared/api-paths";
import type { ContractView, MyLinkResult, WitnessChoice } from "../../../../shared/contracts/contracts";
import { api } from "../../../lib/api";
import { refreshPaths } from "../../../lib/query";

/** One's contracts, as either party. */
export const contractsQuery = () =>
  queryOptions({
    queryKey: [apiPaths.contracts.all],
    queryFn: () => api<ContractView[]>(apiPaths.contracts.all),
  });

/** How often a contract being sealed is read again, should its live event be missed. */
export const SEALING_RECHECK_MS = 3_000;

/**
 * One contract, for its parties; "not found" is an answer, not retried. While it is "selando" (a
 * job is sealing it) it is read again every few seconds: the live event normally says when it is
 * done, but a stream that was reconnecting at that moment would leave the screen on "Selando".
 */
export const contractQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.contracts.one(id)],
    queryFn: () => api<ContractView>(apiPaths.contracts.one(id)),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === "selando" ? SEALING_RECHECK_MS : false),
  });

/**
 * Every write on a contract answers with the contract as it now is: that becomes the cached read,
 * and the list (which shows each contract's status) refreshes.
 */
function useContractWrite<T>(write: (input: T) => Promise<ContractView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (next) => {
      queryClient.setQueryData(contractQuery(next.id).queryKey, next);
      void refreshPaths(queryClient, [apiPaths.contracts.all]);
    },
  });
}

/** Names, changes or (null) takes back one's own witness while the contract is a draft. */
export const useSaveWitness = (id: string) =>
  useContractWrite((input: WitnessChoice) =>
    api<ContractView>(apiPaths.contracts.witness(id), { method: "PUT", body: input }),
  );

/** The landlord's review (the signing order), then the envelope goes to the signers. */
export const useSendContract = (id: string) =>
  useContractWrite(async (input: { sequential: boolean }) => {
    await api<ContractView>(apiPaths.contracts.review(id), { method: "PUT", body: input });
    return api<ContractView>(apiPaths.contracts.send(id), { method: "POST" });
  });

/** A new personal link (and code) for a signer who has not signed. */
export const useResendToSigner = (id: string) =>
  useContractWrite((signerId: string) =>
    api<ContractView>(apiPaths.contracts.resend(id, signerId), { method: "POST" }),
  );

export const useCancelContract = (id: string) =>
  useContractWrite((motivo: string) =>
    api<ContractView>(apiPaths.contracts.cancel(id), { body: { motivo } }),
  );

/** A signed-in signer's fresh personal link (the e-mailed one stops working). */
export function useMyLink(id: string) {
  return useMutation({
    mutationFn: () => api<MyLinkResult>(apiPaths.contracts.myLink(id), { method: "POST" }),
  });
}
