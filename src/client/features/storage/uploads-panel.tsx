import { Anchor, Card, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { UploadProgress } from "../../components/upload-progress";
import { dismissUpload, resumePendingUploads } from "../../lib/storage";
import { useUploads } from "../../lib/use-upload";

/**
 * Uploads that outlived the screen that started them (a reload, or the user moved on while one
 * was going): resumed on sign-in and shown in a corner until they finish and are closed.
 */
export function UploadsPanel({ userId }: { userId: string | null }) {
  const { t } = useTranslation();
  const tasks = useUploads().filter((task) => {
    const snap = task.getSnapshot();
    return snap.restored || snap.orphaned;
  });

  useEffect(() => {
    if (userId) void resumePendingUploads(userId);
  }, [userId]);

  if (!userId || tasks.length === 0) return null;
  return (
    <Card
      withBorder
      shadow="md"
      padding="sm"
      pos="fixed"
      bottom={16}
      right={16}
      w={340}
      maw="calc(100vw - 32px)"
      style={{ zIndex: 200 }}
      aria-label={t("storage.panelTitle")}
      role="region"
    >
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {t("storage.panelTitle")}
        </Text>
        {tasks.map((task) => {
          const doc = task.getSnapshot().document;
          return (
            <Stack key={task.id} gap={2}>
              <UploadProgress task={task} onDismiss={() => dismissUpload(task.id)} inPanel />
              {doc && (
                <Anchor component={Link} to={`/ViewDocument?id=${doc.id}`} size="sm">
                  {t("storage.open")}
                </Anchor>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}
