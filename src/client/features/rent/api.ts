import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiPaths } from "../../../shared/api-paths";
import type { LeaseNotices, leaseNoticeInput } from "../../../shared/contracts/lease";
import type {
  ChargeView,
  chargeLineAdd,
  LeaseList,
  LeaseView,
  paymentConfirm,
  YearStatement,
} from "../../../shared/contracts/rent";
import { api } from "../../lib/api";
import { refreshPaths } from "../../lib/query";

/** One's signed leases (home, history): live events refresh them when a charge moves. */
export const leasesQuery = () =>
  queryOptions({ queryKey: [apiPaths.rent.leases], queryFn: () => api<LeaseList>(apiPaths.rent.leases) });

/** A lease's terms, charges and account; "not found" is an answer. */
export const leaseQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.rent.lease(id)],
    queryFn: () => api<LeaseView>(apiPaths.rent.lease(id)),
    retry: false,
  });

/** A lease's year of payments (the informe for the IRPF and the carnê-leão). */
export const statementQuery = (id: string, ano: number) =>
  queryOptions({
    queryKey: [apiPaths.rent.statement(id, ano)],
    queryFn: () => api<YearStatement>(apiPaths.rent.statement(id, ano)),
    retry: false,
  });

/** One charge with what it costs today and its Pix. */
export const chargeQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.rent.charge(id)],
    queryFn: () => api<ChargeView>(apiPaths.rent.charge(id)),
    retry: false,
  });

/** Every write answers with the charge as it now is: that becomes the cached read. */
function useChargeWrite<T>(write: (input: T) => Promise<ChargeView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (next) => {
      queryClient.setQueryData(chargeQuery(next.id).queryKey, next);
      void refreshPaths(queryClient, [apiPaths.rent.lease(next.locacaoId), apiPaths.rent.leases]);
    },
  });
}

export const useAddLine = (id: string) =>
  useChargeWrite((body: z.input<typeof chargeLineAdd>) =>
    api<ChargeView>(apiPaths.rent.lines(id), { method: "POST", body }),
  );

export const useRemoveLine = (id: string) =>
  useChargeWrite((lineId: string) => api<ChargeView>(apiPaths.rent.line(id, lineId), { method: "DELETE" }));

export const useConfirmPayment = (id: string) =>
  useChargeWrite((body: z.input<typeof paymentConfirm>) =>
    api<ChargeView>(apiPaths.rent.payment(id), { method: "POST", body }),
  );

export const useAttachProof = (id: string) =>
  useChargeWrite((documentoId: string) =>
    api<ChargeView>(apiPaths.rent.proof(id), { method: "PUT", body: { documentoId } }),
  );

/** A lease's notices to leave, and whether the reader may give one today (issue 33). */
export const noticesQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.rent.notices(id)],
    queryFn: () => api<LeaseNotices>(apiPaths.rent.notices(id)),
    retry: false,
  });

/** Gives notice: the answer is the notices as they now are. */
export function useGiveNotice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof leaseNoticeInput>) =>
      api<LeaseNotices>(apiPaths.rent.notices(id), { method: "POST", body }),
    onSuccess: (next) => {
      queryClient.setQueryData(noticesQuery(id).queryKey, next);
      void refreshPaths(queryClient, [apiPaths.rent.lease(id), apiPaths.contracts.all]);
    },
  });
}
