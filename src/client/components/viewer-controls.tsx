import { ActionIcon, Group, Text, Tooltip } from "@mantine/core";
import { IconZoomIn, IconZoomOut, IconZoomReset } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One control of a document viewer: an icon button named for screen readers, with its tooltip. */
export function ViewerButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Zoom out, the zoom in percent, zoom in, and back to the width of the screen (PDF and image alike). */
export function ZoomControls({
  zoom,
  canZoomOut,
  canZoomIn,
  onZoomOut,
  onZoomIn,
  onReset,
  testId,
}: {
  zoom: number;
  canZoomOut: boolean;
  canZoomIn: boolean;
  onZoomOut: () => void;
  onZoomIn: () => void;
  onReset: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <ViewerButton label={t("viewer.zoomOut")} disabled={!canZoomOut} onClick={onZoomOut}>
        <IconZoomOut size={18} />
      </ViewerButton>
      <Text size="sm" w={48} ta="center" data-testid={testId}>
        {Math.round(zoom * 100)}%
      </Text>
      <ViewerButton label={t("viewer.zoomIn")} disabled={!canZoomIn} onClick={onZoomIn}>
        <IconZoomIn size={18} />
      </ViewerButton>
      <ViewerButton label={t("viewer.fitWidth")} onClick={onReset}>
        <IconZoomReset size={18} />
      </ViewerButton>
    </Group>
  );
}
