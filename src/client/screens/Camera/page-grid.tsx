import { ActionIcon, Card, Group, SimpleGrid, Text, Tooltip } from "@mantine/core";
import { IconRefresh, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { BlobImage } from "../../features/storage/blob-image";
import type { PageImage } from "../../features/storage/image-tools";

/** The pages taken so far, each to retake (with a camera) or remove. */
export function PageGrid({
  pages,
  retaking,
  canRetake,
  saving,
  onRetake,
  onRemove,
}: {
  pages: PageImage[];
  retaking: number | null;
  canRetake: boolean;
  saving: boolean;
  onRetake: (index: number) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (pages.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {/* Without a camera the way to add a page is picking photos, not the shutter. */}
        {t(canRetake ? "camera.noPages" : "camera.noPagesPicked")}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" data-testid="camera-pages">
      {pages.map((page, i) => (
        <Card key={page.id} withBorder padding={4}>
          <BlobImage
            blob={page.blob}
            alt={t("camera.pageAlt", { page: i + 1 })}
            radius="sm"
            fit="contain"
            h={120}
            bg="gray.1"
          />
          <Group justify="center" gap={4} mt={4}>
            <Tooltip label={t("camera.retake")}>
              <ActionIcon
                variant={retaking === i ? "filled" : "subtle"}
                aria-label={`${t("camera.retake")} ${i + 1}`}
                onClick={() => onRetake(i)}
                disabled={!canRetake || saving}
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("camera.remove")}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t("camera.remove")} ${i + 1}`}
                onClick={() => onRemove(page.id)}
                disabled={saving}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
