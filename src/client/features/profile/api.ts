/**
 * Kept only for the proposals screens, which import these from here: the profile's data layer is
 * `./api/profile.ts` and the link to complete it `./profile-path.ts`. Delete once they import those.
 */
export { useProfile } from "./api/profile";
export { profilePath } from "./profile-path";
