import { ActionIcon, Anchor, Card, Group, ScrollArea, Stack, Text } from "@mantine/core";
import { useElementSize, useMediaQuery } from "@mantine/hooks";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { UploadProgress } from "../../components/upload-progress";
import { dismissUpload, resumePendingUploads, type UploadTask } from "../../lib/storage";
import { useUploads } from "../../lib/use-upload";

/**
 * The panel itself: a title that folds the list away, and the list, never taller than a third of
 * the screen on a phone (it scrolls inside), so the page under it stays usable. The page ends
 * with as much room as the panel takes, so whatever would lie under it (the camera's "Salvar
 * documento" on a phone, issue 29) scrolls up above it.
 */
export function UploadsPanelView({
  tasks,
  onDismiss,
}: {
  tasks: UploadTask[];
  onDismiss: (task: UploadTask) => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery("(max-width: 36em)") ?? false;
  const [open, setOpen] = useState(true);
  const listId = useId();
  const failed = tasks.filter((task) => task.getSnapshot().state === "error").length;
  const { ref, height } = useElementSize();
  const bottom = phone ? 8 : 16;
  return (
    <>
      {/* Room at the foot of the page for the panel (its height is its content's, borders aside). */}
      <div
        aria-hidden
        data-testid="uploads-panel-room"
        style={{ height: height > 0 ? height + 2 * bottom + 2 * 10 : 0 }}
      />
      <Card
        ref={ref}
        withBorder
        shadow="md"
        padding="xs"
        pos="fixed"
        bottom={bottom}
        right={phone ? 8 : 16}
        left={phone ? 8 : undefined}
        w={phone ? undefined : 340}
        style={{ zIndex: 200, maxHeight: phone ? "33vh" : "60vh", display: "flex", flexDirection: "column" }}
        aria-label={t("storage.panelTitle")}
        role="region"
        data-testid="uploads-panel"
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm">
            {t("storage.panelCount", { count: tasks.length })}
            {failed > 0 && (
              <Text span c="red" size="sm" fw={500}>
                {" · "}
                {t("storage.panelFailed", { count: failed })}
              </Text>
            )}
          </Text>
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-controls={listId}
            aria-label={open ? t("storage.panelHide") : t("storage.panelShow")}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronUp size={16} />}
          </ActionIcon>
        </Group>
        {open && (
          <ScrollArea.Autosize id={listId} mah={phone ? "calc(33vh - 48px)" : "calc(60vh - 48px)"} mt={6}>
            <Stack gap="sm">
              {tasks.map((task) => {
                const doc = task.getSnapshot().document;
                return (
                  <Stack key={task.id} gap={2}>
                    <UploadProgress task={task} onDismiss={() => onDismiss(task)} inPanel />
                    {doc && (
                      <Anchor component={Link} to={`/ViewDocument?id=${doc.id}`} size="sm">
                        {t("storage.open")}
                      </Anchor>
                    )}
                  </Stack>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Card>
    </>
  );
}

/**
 * Uploads that outlived the screen that started them (a reload, or the user moved on while one
 * was going): resumed on sign-in and shown in a corner until they finish and are closed.
 */
export function UploadsPanel({ userId }: { userId: string | null }) {
  const tasks = useUploads().filter((task) => {
    const snap = task.getSnapshot();
    return snap.restored || snap.orphaned;
  });

  useEffect(() => {
    if (userId) void resumePendingUploads(userId);
  }, [userId]);

  if (!userId || tasks.length === 0) return null;
  return <UploadsPanelView tasks={tasks} onDismiss={(task) => dismissUpload(task.id)} />;
}
