import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "../../../../shared/api-paths";
import type {
  AgencyInput,
  AgencyView,
  InvitationInput,
  MemberUpdate,
  MyAgencies,
} from "../../../../shared/contracts/agencies";
import { api } from "../../../lib/api";
import { refreshPaths } from "../../../lib/query";

/*
 * Imobiliárias (issue 34, decision 059): the agencies one works in and the invitations to one's
 * e-mail, one agency with its team, and the team's changes. Every change answers with the agency
 * as it now is, which goes into the cache as it came; the list of one's agencies is read again.
 */

/** One's agencies (name, role) and the invitations addressed to one's e-mail. */
export const myAgenciesQuery = () =>
  queryOptions({
    queryKey: [apiPaths.agencies.all],
    queryFn: () => api<MyAgencies>(apiPaths.agencies.all),
  });

/** One agency as its member sees it (404 for anyone outside it). */
export const agencyQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.agencies.one(id)],
    queryFn: () => api<AgencyView>(apiPaths.agencies.one(id)),
  });

/** Keeps the agency the server answered with, and reads one's list again (names, roles). */
function useKeepAgency() {
  const queryClient = useQueryClient();
  return (agency: AgencyView) => {
    queryClient.setQueryData(agencyQuery(agency.id).queryKey, agency);
    return refreshPaths(queryClient, [apiPaths.agencies.all]);
  };
}

/** Creates an agency (its creator its first administrador) or, with `id`, changes its data. */
export function useSaveAgency(id: string | null) {
  const keep = useKeepAgency();
  return useMutation({
    mutationFn: (input: AgencyInput) =>
      id
        ? api<AgencyView>(apiPaths.agencies.one(id), { method: "PUT", body: input })
        : api<AgencyView>(apiPaths.agencies.all, { body: input }),
    onSuccess: keep,
  });
}

/**
 * Accepts or declines an invitation to one's e-mail. The answer is one's agencies as they now are,
 * and `joined` the one an accepted invitation brought one into (to show it next).
 */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, aceitar }: { id: string; aceitar: boolean }) => {
      const before = queryClient.getQueryData(myAgenciesQuery().queryKey)?.agencias.map((a) => a.id) ?? [];
      const mine = await api<MyAgencies>(apiPaths.agencies.answer(id), { body: { aceitar } });
      const joined = aceitar ? (mine.agencias.find((a) => !before.includes(a.id))?.id ?? null) : null;
      return { mine, joined };
    },
    onSuccess: ({ mine }) => queryClient.setQueryData(myAgenciesQuery().queryKey, mine),
    // Expired or withdrawn meanwhile: the list says what is left.
    onError: () => refreshPaths(queryClient, [apiPaths.agencies.all]),
  });
}

/** Invites an e-mail with a role (administradores); inviting the same e-mail again replaces it. */
export function useInvite(agencyId: string) {
  const keep = useKeepAgency();
  return useMutation({
    mutationFn: (input: InvitationInput) =>
      api<AgencyView>(apiPaths.agencies.invitations(agencyId), { body: input }),
    onSuccess: keep,
  });
}

/** Withdraws an invitation not yet answered (administradores). */
export function useCancelInvitation(agencyId: string) {
  const keep = useKeepAgency();
  return useMutation({
    mutationFn: (invitationId: string) =>
      api<AgencyView>(apiPaths.agencies.invitation(agencyId, invitationId), { method: "DELETE" }),
    onSuccess: keep,
  });
}

/** Changes a member's role, and a corretor's own CRECI (administradores). */
export function useUpdateMember(agencyId: string) {
  const keep = useKeepAgency();
  return useMutation({
    mutationFn: ({ userId, update }: { userId: string; update: MemberUpdate }) =>
      api<AgencyView>(apiPaths.agencies.member(agencyId, userId), { method: "PUT", body: update }),
    onSuccess: keep,
  });
}

/**
 * Removes a member (administradores), or, with one's own id, leaves. Once one has left, the agency's
 * cached view is only marked stale, not read again: it is no longer one's to see (a 404).
 */
export function useRemoveMember(agencyId: string, selfId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<null>(apiPaths.agencies.member(agencyId, userId), { method: "DELETE" }),
    onSuccess: async (_, userId) => {
      if (userId !== selfId) {
        await refreshPaths(queryClient, [apiPaths.agencies.all, apiPaths.agencies.one(agencyId)]);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: agencyQuery(agencyId).queryKey, refetchType: "none" });
      await refreshPaths(queryClient, [apiPaths.agencies.all]);
    },
  });
}
