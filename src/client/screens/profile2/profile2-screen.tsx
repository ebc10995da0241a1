import { Alert, Badge, Card, Container, Loader, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { safeNextPath } from "../../../shared/routes";
import { useErrorText } from "../../features/auth/error-text";
import { profileApi, useProfile } from "../../features/profile/api";
import { AddressFormView } from "../../features/profile/forms";

/** /profile2: address, income and occupation; then back to `?next=` (or to /profile if it is missing). */
export function Profile2Screen() {
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
          <Badge variant="light">{t("profile.step", { step: 2 })}</Badge>
          <Title order={1} size="h2" mt={4}>
            {t("profile.title2")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("profile.lead2")}
          </Text>
        </div>
        {profile.isPending && <Loader />}
        {profile.isError && <Alert color="red">{err.of(profile.error)}</Alert>}
        {profile.data && (
          <Card withBorder padding="md">
            <AddressFormView
              profile={profile.data}
              onSave={async (input) => {
                const saved = await profileApi.saveAddress(input);
                queryClient.setQueryData(["/api/profile"], saved);
                notifications.show({ color: "teal", message: t("profile.saved") });
                if (!saved.personal)
                  void navigate(`/profile${next ? `?next=${encodeURIComponent(next)}` : ""}`);
                else if (next) void navigate(safeNextPath(next));
              }}
            />
          </Card>
        )}
      </Stack>
    </Container>
  );
}
