import { Alert, Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useProfile } from "../../features/profile/api/profile";
import { profilePath } from "../../features/profile/profile-path";

/**
 * Whether one may publish: the contract needs the owner's complete profile (decision 041), and
 * the server refuses to publish without it. `ready` is null while the profile loads.
 */
export function usePublishReady(signedIn: boolean): boolean | null {
  const profile = useProfile(signedIn);
  return profile.data ? profile.data.complete : null;
}

/**
 * Said up front, before an offer is written or published: what the contract still needs of the
 * owner, with the way to complete it and back to this page. Nothing when the profile is complete.
 */
export function PublishNeeds() {
  const { t } = useTranslation();
  const location = useLocation();
  const profile = useProfile();
  const p = profile.data;
  if (!p || p.complete) return null;
  return (
    <Alert color="orange" data-testid="publish-needs">
      {t(p.personal ? "offer.publishNeedsAddress" : "offer.publishNeedsProfile")}{" "}
      <Anchor component={Link} to={profilePath(p, location.pathname + location.search)} inherit>
        {t("profile.complete")}
      </Anchor>
    </Alert>
  );
}
