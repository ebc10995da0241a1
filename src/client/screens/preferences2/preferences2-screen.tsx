import { Alert, Anchor, Container, Loader, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { notificationSettingsQuery } from "../../features/preferences/api/preferences";
import { NotificationSettingsForm } from "../../features/preferences/notification-settings-form";
import { useErrorText } from "../../lib/error-text";

/** /preferences2: how I am told of new offers and price drops; what is always sent, and why. */
export function Preferences2Screen() {
  const { t } = useTranslation();
  const err = useErrorText();
  const settings = useQuery(notificationSettingsQuery());
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <PageHeader title={t("notify.title")} lead={t("notify.lead")} />
        <Anchor component={Link} to="/preferences" size="sm">
          {t("history.back")}
        </Anchor>
        {settings.isPending && <Loader />}
        {settings.isError && <Alert color="red">{err.of(settings.error)}</Alert>}
        {settings.data && <NotificationSettingsForm initial={settings.data} />}
      </Stack>
    </Container>
  );
}
