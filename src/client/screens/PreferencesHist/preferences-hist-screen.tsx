import { Anchor, Container, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { HistoryList } from "../../features/preferences/history-list";

/** /PreferencesHist: every version of one's saved searches, what changed, and "restaurar". */
export function PreferencesHistScreen() {
  const { t } = useTranslation();
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <PageHeader title={t("history.title")} lead={t("history.lead")} />
        <Anchor component={Link} to="/preferences" size="sm">
          {t("history.back")}
        </Anchor>
        <HistoryList />
      </Stack>
    </Container>
  );
}
