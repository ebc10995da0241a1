import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "../../../../shared/api-paths";
import type { OfferInput, OfferUpdate, OfferView } from "../../../../shared/contracts/listings";
import { api } from "../../../lib/api";
import { refreshPaths } from "../../../lib/query";

/** One offer (published to anyone, any status to its owner); a 404 is an answer, not retried. */
export const offerQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.offers.one(id)],
    queryFn: () => api<OfferView>(apiPaths.offers.one(id)),
    retry: false,
  });

function keep(queryClient: QueryClient, offer: OfferView) {
  queryClient.setQueryData(offerQuery(offer.id).queryKey, offer);
}

/** A new offer for one's unit: the unit list shows it. */
export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfferInput) => api<OfferView>(apiPaths.offers.all, { body: input }),
    onSuccess: (created) => {
      keep(queryClient, created);
      void refreshPaths(queryClient, [apiPaths.units.all]);
    },
  });
}

/** The owner's edit: the search shows the new terms. */
export function useUpdateOffer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfferUpdate) =>
      api<OfferView>(apiPaths.offers.one(id), { method: "PUT", body: input }),
    onSuccess: (next) => {
      keep(queryClient, next);
      void refreshPaths(queryClient, [apiPaths.search]);
    },
  });
}

/** Publishing or closing changes the offer's status in the unit list and in the search. */
function useStatusChange(path: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<OfferView>(path(id), { method: "POST" }),
    onSuccess: (next) => {
      keep(queryClient, next);
      void refreshPaths(queryClient, [apiPaths.units.all]);
      void refreshPaths(queryClient, [apiPaths.search]);
    },
  });
}

export const usePublishOffer = () => useStatusChange(apiPaths.offers.publish);
export const useCloseOffer = () => useStatusChange(apiPaths.offers.close);
