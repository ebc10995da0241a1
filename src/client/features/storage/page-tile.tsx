import { ActionIcon, Card, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconRotateClockwise, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BlobImage } from "./blob-image";
import type { PageImage } from "./image-tools";

/**
 * One page of a PDF being put together (/Convert): its image as it will be turned, its name, and
 * its buttons (up, down, turn, remove), each named with the page's number.
 */
export function PageTile({
  page,
  index: i,
  count,
  disabled,
  onMove,
  onRotate,
  onRemove,
}: {
  page: PageImage;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (by: -1 | 1) => void;
  onRotate: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const button = (label: string, icon: ReactNode, onClick: () => void, off = false, color?: string) => (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={`${label} ${i + 1}`}
        disabled={off || disabled}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Card withBorder padding="xs" data-testid="convert-page">
      <Group wrap="nowrap" gap="sm">
        <BlobImage
          blob={page.blob}
          alt={t("convert.page", { page: i + 1 })}
          w={72}
          h={72}
          fit="contain"
          radius="sm"
          bg="gray.1"
          style={{ transform: `rotate(${page.rotation}deg)`, transition: "transform 120ms ease" }}
        />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500}>
            {t("convert.page", { page: i + 1 })}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {page.name}
          </Text>
        </Stack>
        <Group gap={2} wrap="nowrap">
          {button(t("convert.moveUp"), <IconArrowUp size={16} />, () => onMove(-1), i === 0)}
          {button(t("convert.moveDown"), <IconArrowDown size={16} />, () => onMove(1), i === count - 1)}
          {button(t("convert.rotate"), <IconRotateClockwise size={16} />, onRotate)}
          {button(t("convert.remove"), <IconTrash size={16} />, onRemove, false, "red")}
        </Group>
      </Group>
    </Card>
  );
}
