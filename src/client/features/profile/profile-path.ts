import type { ProfileView } from "../../../shared/contracts/profile";

/** Where to complete the profile, coming back to `next` afterwards. */
export function profilePath(profile: ProfileView | undefined, next: string): string {
  const step = profile?.personal ? "/profile2" : "/profile";
  return `${step}?next=${encodeURIComponent(next)}`;
}
