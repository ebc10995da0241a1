import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "../../../shared/api-paths";
import type { InspectionKind, InspectionView } from "../../../shared/contracts/inspections";
import { api } from "../../lib/api";
import { refreshPaths } from "../../lib/query";

/** A lease's reports (entry, exit), for its two parties; "not found" is an answer. */
export const leaseReportsQuery = (contractId: string) =>
  queryOptions({
    queryKey: [apiPaths.inspections.ofLease(contractId)],
    queryFn: () => api<{ items: InspectionView[] }>(apiPaths.inspections.ofLease(contractId)),
    retry: false,
  });

/** One report; live events refresh it when the other party acts. */
export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.inspections.one(id)],
    queryFn: () => api<InspectionView>(apiPaths.inspections.one(id)),
    retry: false,
  });

/** Every write answers with the report as it now is: that becomes the cached read. */
export function useReportWrite<T>(write: (input: T) => Promise<InspectionView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (next) => {
      queryClient.setQueryData(reportQuery(next.id).queryKey, next);
      void refreshPaths(queryClient, [apiPaths.inspections.ofLease(next.contractId)]);
    },
  });
}

export const useStartReport = (contractId: string) =>
  useReportWrite((tipo: InspectionKind) =>
    api<InspectionView>(apiPaths.inspections.ofLease(contractId), { method: "POST", body: { tipo } }),
  );

const post = (path: string) => api<InspectionView>(path, { method: "POST" });

export const useFinishReport = (id: string) => useReportWrite(() => post(apiPaths.inspections.finish(id)));
export const useSubmitReview = (id: string) =>
  useReportWrite(() => post(apiPaths.inspections.submitReview(id)));
export const useToSign = (id: string) => useReportWrite(() => post(apiPaths.inspections.sign(id)));
export const useInviteInspector = (id: string) =>
  useReportWrite((email: string) =>
    api<InspectionView>(apiPaths.inspections.inspector(id), { method: "PUT", body: { email } }),
  );
export const useUninviteInspector = (id: string) =>
  useReportWrite(() => api<InspectionView>(apiPaths.inspections.inspector(id), { method: "DELETE" }));

export type ReviewInput =
  | { decisao: "concorda" }
  | { decisao: "contesta"; estado: string | null; observacao: string; fotos: string[] };

export const useReviewItem = (id: string) =>
  useReportWrite(({ itemId, body }: { itemId: string; body: ReviewInput }) =>
    api<InspectionView>(apiPaths.inspections.review(id, itemId), { method: "PUT", body }),
  );

export type AnswerInput = { decisao: "aceita" } | { decisao: "mantem"; motivo: string };

export const useAnswerContest = (id: string) =>
  useReportWrite(({ itemId, body }: { itemId: string; body: AnswerInput }) =>
    api<InspectionView>(apiPaths.inspections.answer(id, itemId), { method: "PUT", body }),
  );
