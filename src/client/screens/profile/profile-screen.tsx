import { Alert, Badge, Card, Container, Loader, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { safeNextPath } from "../../../shared/routes";
import { useErrorText } from "../../features/auth/error-text";
import { profileApi, useProfile } from "../../features/profile/api";
import { PersonalForm } from "../../features/profile/forms";

/** /profile: personal data; then /profile2 (or `?next=`) when the address is still missing. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const err = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get("next");
  const queryClient = useQueryClient();
  const profile = useProfile();
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <div>
          <Badge variant="light">{t("profile.step", { step: 1 })}</Badge>
          <Title order={1} size="h2" mt={4}>
            {t("profile.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("profile.lead")}
          </Text>
        </div>
        {next && !profile.data?.complete && <Alert color="blue">{t("profile.needed")}</Alert>}
        {profile.isPending && <Loader />}
        {profile.isError && <Alert color="red">{err.of(profile.error)}</Alert>}
        {profile.data && (
          <Card withBorder padding="md">
            <PersonalForm
              profile={profile.data}
              onSave={async (input) => {
                const saved = await profileApi.savePersonal(input);
                queryClient.setQueryData(["/api/profile"], saved);
                notifications.show({ color: "teal", message: t("profile.saved") });
                const target = next ? safeNextPath(next) : null;
                if (!saved.address)
                  void navigate(`/profile2${next ? `?next=${encodeURIComponent(next)}` : ""}`);
                else if (target) void navigate(target);
              }}
            />
          </Card>
        )}
      </Stack>
    </Container>
  );
}
