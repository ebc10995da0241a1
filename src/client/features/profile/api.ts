import { useQuery } from "@tanstack/react-query";
import type { AddressInput, PersonalInput, ProfileView } from "../../../shared/contracts/profile";
import { api } from "../../lib/api";

export const profileApi = {
  get: () => api<ProfileView>("/api/profile"),
  savePersonal: (input: PersonalInput) =>
    api<ProfileView>("/api/profile/personal", { method: "PUT", body: input }),
  saveAddress: (input: AddressInput) =>
    api<ProfileView>("/api/profile/address", { method: "PUT", body: input }),
};

export function useProfile(enabled = true) {
  return useQuery({ queryKey: ["/api/profile"], queryFn: profileApi.get, enabled });
}

/** Where to complete the profile, coming back to `next` afterwards. */
export function profilePath(profile: ProfileView | undefined, next: string): string {
  const step = profile?.personal ? "/profile2" : "/profile";
  return `${step}?next=${encodeURIComponent(next)}`;
}
