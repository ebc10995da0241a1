import { Box, Group } from "@mantine/core";
import { IconRotateClockwise } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ViewerButton, ZoomControls } from "../../components/viewer-controls";

/** An image with zoom and rotation. */
export function ImageView({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const sideways = rotation % 180 !== 0;
  return (
    <Box>
      <Group justify="flex-end" mb="sm" gap={4}>
        <ViewerButton label={t("viewer.rotate")} onClick={() => setRotation((r) => (r + 90) % 360)}>
          <IconRotateClockwise size={18} />
        </ViewerButton>
        <ZoomControls
          zoom={zoom}
          canZoomOut={zoom > 0.5}
          canZoomIn={zoom < 4}
          onZoomOut={() => setZoom((z) => Math.max(0.5, z - 0.25))}
          onZoomIn={() => setZoom((z) => Math.min(4, z + 0.25))}
          onReset={() => {
            setZoom(1);
            setRotation(0);
          }}
          testId="image-zoom"
        />
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
