import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "../../../../shared/api-paths";
import type { AddressInput, PersonalInput, ProfileView } from "../../../../shared/contracts/profile";
import { api } from "../../../lib/api";

/** One's profile: personal data, address and whether it is complete enough for a proposal. */
export const profileQuery = () =>
  queryOptions({ queryKey: [apiPaths.profile.all], queryFn: () => api<ProfileView>(apiPaths.profile.all) });

export function useProfile(enabled = true) {
  return useQuery({ ...profileQuery(), enabled });
}

/** Saving a step answers with the whole profile, which becomes the cached read. */
function useSaveStep<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => api<ProfileView>(path, { method: "PUT", body: input }),
    onSuccess: (profile) => queryClient.setQueryData(profileQuery().queryKey, profile),
  });
}

export const useSavePersonal = () => useSaveStep<PersonalInput>(apiPaths.profile.personal);
export const useSaveAddress = () => useSaveStep<AddressInput>(apiPaths.profile.address);

/** The name others see; the session holds it, so the caller re-reads the session afterwards. */
export function useSaveDisplayName() {
  return useMutation({
    mutationFn: (name: string) => api(apiPaths.profile.name, { method: "PUT", body: { name } }),
  });
}
