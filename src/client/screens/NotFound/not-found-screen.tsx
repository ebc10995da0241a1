import { Button, Container, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PageHeader } from "../../components/page-header";

export function NotFoundScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={64} fw={800} c="blue" aria-hidden>
          404
        </Text>
        <PageHeader title={t("notFound.title")} size="h1" />
        <Text c="dimmed" style={{ wordBreak: "break-word" }}>
          {t("notFound.text", { path: location.pathname })}
        </Text>
        <Button component={Link} to="/">
          {t("notFound.home")}
        </Button>
      </Stack>
    </Container>
  );
}
