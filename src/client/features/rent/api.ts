import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiPaths } from "../../../shared/api-paths";
import type {
  LeaseAmendmentAnswer,
  LeaseAmendmentInput,
  LeaseAmendments,
  LeaseNotices,
  LeaseSettlement,
  leaseNoticeInput,
  SettlementContestAnswer,
  SettlementContestInput,
  SettlementDamageInput,
} from "../../../shared/contracts/lease";
import type { OfferInput, OfferView } from "../../../shared/contracts/listings";
import { brazilDate } from "../../../shared/contracts/proposals";
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

/** A lease's amendments (termo aditivo), the terms in force, and whether the reader may propose one. */
export const amendmentsQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.rent.amendments(id)],
    queryFn: () => api<LeaseAmendments>(apiPaths.rent.amendments(id)),
    retry: false,
  });

/**
 * Every amendment write answers with the amendments as they now are: that becomes the cached read.
 * An accepted one writes the termo aditivo, so the lease (its documents) and the contracts refresh.
 */
function useAmendmentWrite<T>(id: string, write: (input: T) => Promise<LeaseAmendments>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (next) => {
      queryClient.setQueryData(amendmentsQuery(id).queryKey, next);
      void refreshPaths(queryClient, [apiPaths.rent.lease(id), apiPaths.contracts.all]);
    },
  });
}

/** Proposes an amendment, or (with `contra`, the other party's open one) counters it. */
export const useProposeAmendment = (id: string) =>
  useAmendmentWrite(id, ({ contra, body }: { contra: string | null; body: LeaseAmendmentInput }) =>
    api<LeaseAmendments>(
      contra === null ? apiPaths.rent.amendments(id) : apiPaths.rent.amendmentCounter(id, contra),
      { method: "POST", body },
    ),
  );

/** Accepts or refuses the other party's amendment, or withdraws one's own. */
export const useAnswerAmendment = (id: string) =>
  useAmendmentWrite(id, ({ amendmentId, body }: { amendmentId: string; body: LeaseAmendmentAnswer }) =>
    api<LeaseAmendments>(apiPaths.rent.amendmentAnswer(id, amendmentId), { method: "POST", body }),
  );

/** A lease's termination settlement ("acerto de contas"): null until a notice to leave is signed. */
export const settlementQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.rent.settlement(id)],
    queryFn: () => api<LeaseSettlement>(apiPaths.rent.settlement(id)),
    retry: false,
  });

/**
 * Every settlement write answers with the settlement as it now is: that becomes the cached read.
 * Once both parties agree the termo de rescisão is written, and once it is sealed the lease ends,
 * so the lease (its documents) and the contracts refresh.
 */
function useSettlementWrite<T>(id: string, write: (input: T) => Promise<LeaseSettlement>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (next) => {
      queryClient.setQueryData(settlementQuery(id).queryKey, next);
      void refreshPaths(queryClient, [apiPaths.rent.lease(id), apiPaths.contracts.all]);
    },
  });
}

/** The landlord adds a damage found at the exit inspection. */
export const useAddSettlementDamage = (id: string) =>
  useSettlementWrite(id, (body: SettlementDamageInput) =>
    api<LeaseSettlement>(apiPaths.rent.settlementDamages(id), { method: "POST", body }),
  );

/** Either party contests a line, proposing another value. */
export const useContestSettlementLine = (id: string) =>
  useSettlementWrite(id, (body: SettlementContestInput) =>
    api<LeaseSettlement>(apiPaths.rent.settlementContests(id), { method: "POST", body }),
  );

/** The other party accepts or refuses a line's open contest. */
export const useAnswerSettlementContest = (id: string) =>
  useSettlementWrite(id, (body: SettlementContestAnswer) =>
    api<LeaseSettlement>(apiPaths.rent.settlementAnswer(id), { method: "POST", body }),
  );

/** The reader agrees to the settlement's lines as they now are. */
export const useAgreeSettlement = (id: string) =>
  useSettlementWrite(id, () =>
    api<LeaseSettlement>(apiPaths.rent.settlementAgree(id), { method: "POST", body: {} }),
  );

/** An ended lease's offer, copied: the same amounts and terms, available from today. */
function offerAgain(old: OfferView, today: string): OfferInput {
  return {
    unidadeId: old.unidade.id,
    aluguel: old.aluguel,
    condominio: old.condominio,
    iptu: old.iptu,
    seguroIncendio: old.seguroIncendio,
    garantias: old.garantias,
    caucaoMeses: old.caucaoMeses,
    prazoMeses: old.prazoMeses,
    reajuste: old.reajuste,
    descricao: old.descricao,
    disponivelEm: old.disponivelEm > today ? old.disponivelEm : today,
  };
}

/**
 * The landlord offers the unit of an ended lease again: its old offer's terms in a new draft,
 * which the answer is (the offer's screen reads it from the cache at once).
 */
export function useOfferUnitAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ofertaId: string) => {
      const old = await api<OfferView>(apiPaths.offers.one(ofertaId));
      return api<OfferView>(apiPaths.offers.all, {
        method: "POST",
        body: offerAgain(old, brazilDate(new Date())),
      });
    },
    onSuccess: (created) => {
      queryClient.setQueryData([apiPaths.offers.one(created.id)], created);
      void refreshPaths(queryClient, [apiPaths.units.all]);
    },
  });
}
