import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { RoleList } from "./role-field";

/** What an imobiliária is in Chave, for someone in none: a team under a CNPJ and CRECI, by role. */
export function AgencyAbout() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="agency-about">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("agencies.about.title")}
        </Title>
        <Text size="sm">{t("agencies.about.text")}</Text>
        <RoleList />
        <Text size="sm" c="dimmed">
          {t("agencies.about.invited")}
        </Text>
      </Stack>
    </Card>
  );
}
