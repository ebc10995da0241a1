import { Alert, Button, Card, Group, List, Loader, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/error-text";
import { historyQuery, useRestoreVersion } from "./api/preferences";

/** Every saved version of one's searches, newest first, with what changed and a way back. */
export function HistoryList() {
  const { t, i18n } = useTranslation();
  const err = useErrorText();
  const history = useQuery(historyQuery());
  const restore = useRestoreVersion();
  if (history.isPending) return <Loader />;
  if (history.isError) return <Alert color="red">{err.of(history.error)}</Alert>;
  if (history.data.length === 0) return <Text c="dimmed">{t("history.none")}</Text>;
  return (
    <Stack gap="sm">
      {history.data.map((v, i) => (
        <Card key={v.id} withBorder padding="sm" data-testid="version">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600} size="sm">
              {t(`history.actions.${v.action}`, { defaultValue: v.action })} ·{" "}
              {new Date(v.createdAt).toLocaleString(i18n.language, {
                dateStyle: "short",
                timeStyle: "short",
              })}
            </Text>
            {i > 0 && (
              <Button
                size="xs"
                variant="light"
                loading={restore.isPending && restore.variables === v.id}
                onClick={() =>
                  restore.mutate(v.id, {
                    onSuccess: () => notifications.show({ color: "teal", message: t("history.restored") }),
                    onError: (e) => notifications.show({ color: "red", message: err.message(e) }),
                  })
                }
              >
                {t("history.restore")}
              </Button>
            )}
          </Group>
          <List size="sm" mt={4} data-testid="changes">
            {v.changes.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed" mt={4}>
            {t("history.searchCount", { count: v.searches.length })}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
