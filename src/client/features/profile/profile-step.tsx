import { Alert, Badge, Card, Container, Loader, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { ProfileView } from "../../../shared/contracts/profile";
import { safeNextPath } from "../../../shared/routes";
import { PageHeader } from "../../components/page-header";
import { useErrorText } from "../../lib/error-text";
import { useProfile } from "./api/profile";

const STEPS = {
  1: {
    title: "profile.title",
    lead: "profile.lead",
    other: "/profile2",
    otherDone: (p: ProfileView) => p.address,
  },
  2: {
    title: "profile.title2",
    lead: "profile.lead2",
    other: "/profile",
    otherDone: (p: ProfileView) => p.personal,
  },
} as const;

/**
 * One of the two profile steps (/profile, /profile2): the heading, the profile loaded, and what
 * follows a save (the save itself keeps the cached profile): the other step while it is missing, else back to `?next=`.
 */
export function ProfileStep({
  step,
  form,
  after,
}: {
  step: 1 | 2;
  form: (profile: ProfileView, saved: (next: ProfileView) => void) => ReactNode;
  /** What the screen adds below the form (a way elsewhere from the profile). */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get("next");
  const profile = useProfile();
  const s = STEPS[step];
  // Every save moves on (here or in the screen), and moving on is the confirmation: a toast would
  // sit over the next step's button on a phone, and stay there while a mouse rests on it.
  const saved = (result: ProfileView) => {
    if (!s.otherDone(result)) void navigate(`${s.other}${next ? `?next=${encodeURIComponent(next)}` : ""}`);
    else if (next) void navigate(safeNextPath(next));
  };
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <PageHeader
          above={<Badge variant="light">{t("profile.step", { step })}</Badge>}
          title={t(s.title)}
          lead={t(s.lead)}
        />
        {next && profile.data && !profile.data.complete && <Alert color="blue">{t("profile.needed")}</Alert>}
        {profile.isPending && <Loader />}
        {profile.data === undefined && profile.isError && <Alert color="red">{err.of(profile.error)}</Alert>}
        {profile.data && (
          <Card withBorder padding="md">
            {form(profile.data, saved)}
          </Card>
        )}
        {after}
      </Stack>
    </Container>
  );
}
