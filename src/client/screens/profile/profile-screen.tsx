import { Anchor, Card, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconBuilding } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useAuth } from "../../app/auth";
import { useSavePersonal } from "../../features/profile/api/profile";
import { PersonalForm } from "../../features/profile/forms";
import { ProfileStep } from "../../features/profile/profile-step";

/** The way to one's companies (issue 34): renting or letting as a company starts from one's own data. */
function CompaniesCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="companies-card">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" aria-hidden>
          <IconBuilding size={18} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{t("companies.profileCardTitle")}</Text>
          <Text size="sm" c="dimmed">
            {t("companies.profileCardLead")}
          </Text>
          <Anchor component={Link} to="/Empresas" size="sm">
            {t("companies.profileCardLink")}
          </Anchor>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * /profile: personal data, the full name started from the account's name; then /profile2 (the
 * next step, even when the address is already there to review), or `?next=` once both are done.
 */
export function ProfileScreen() {
  const save = useSavePersonal();
  const { state } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get("next");
  return (
    <ProfileStep
      step={1}
      after={<CompaniesCard />}
      form={(profile, saved) => (
        <PersonalForm
          profile={profile}
          defaultName={state.status === "signed-in" ? state.user.name : ""}
          onSave={async (input) => {
            const result = await save.mutateAsync(input);
            saved(result);
            // ProfileStep moves on while something is missing or `next` waits; else the next step.
            if (!next && result.address) void navigate("/profile2");
          }}
        />
      )}
    />
  );
}
