import { ActionIcon, Box, Group, Text, Tooltip } from "@mantine/core";
import { IconRotateClockwise, IconZoomIn, IconZoomOut, IconZoomReset } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** An image with zoom and rotation. */
export function ImageView({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const sideways = rotation % 180 !== 0;
  return (
    <Box>
      <Group justify="flex-end" mb="sm" gap={4}>
        <Tooltip label={t("viewer.rotate")}>
          <ActionIcon
            variant="default"
            aria-label={t("viewer.rotate")}
            onClick={() => setRotation((r) => (r + 90) % 360)}
          >
            <IconRotateClockwise size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("viewer.zoomOut")}>
          <ActionIcon
            variant="default"
            aria-label={t("viewer.zoomOut")}
            disabled={zoom <= 0.5}
            onClick={() => setZoom((z) => Math.max(0.5, z - 0.25))}
          >
            <IconZoomOut size={18} />
          </ActionIcon>
        </Tooltip>
        <Text size="sm" w={48} ta="center" data-testid="image-zoom">
          {Math.round(zoom * 100)}%
        </Text>
        <Tooltip label={t("viewer.zoomIn")}>
          <ActionIcon
            variant="default"
            aria-label={t("viewer.zoomIn")}
            disabled={zoom >= 4}
            onClick={() => setZoom((z) => Math.min(4, z + 0.25))}
          >
            <IconZoomIn size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("viewer.fitWidth")}>
          <ActionIcon
            variant="default"
            aria-label={t("viewer.fitWidth")}
            onClick={() => {
              setZoom(1);
              setRotation(0);
            }}
          >
            <IconZoomReset size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Box style={{ overflow: "auto", maxHeight: "75vh", textAlign: "center" }} bg="gray.1" py="md">
        <img
          src={url}
          alt={alt}
          data-testid="document-image"
          data-rotation={rotation}
          style={{
            maxWidth: sideways ? "75vh" : "100%",
            transform: `rotate(${rotation}deg) scale(${zoom})`,
            transformOrigin: zoom > 1 ? "top center" : "center",
            transition: "transform 120ms ease",
          }}
        />
      </Box>
    </Box>
  );
}
