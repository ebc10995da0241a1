import { Card, Container, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { VerifyUpload } from "../../features/contracts/verify-upload";

/** `/Verificar`: anyone, with or without an account, checks a contract's PDF (decision 033). */
export function VerificarScreen() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" px="md">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <PageHeader title={t("verify.title")} size="h3" />
          <Text size="sm">{t("verify.lead")}</Text>
          <VerifyUpload />
          <Text size="xs" c="dimmed">
            {t("verify.privacy")}
          </Text>
        </Stack>
      </Card>
    </Container>
  );
}
