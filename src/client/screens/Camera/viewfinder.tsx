import {
  ActionIcon,
  Alert,
  AspectRatio,
  Box,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconCamera, IconCameraRotate, IconPhoto } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { Camera } from "../../lib/use-camera";

const IMAGES = "image/jpeg,image/png,image/webp";

/**
 * The live picture with its buttons (switch camera, capture, pick photos); without a camera, why
 * not and a way to pick photos instead.
 */
export function Viewfinder({
  camera,
  retaking,
  saving,
  onCapture,
  onFiles,
}: {
  camera: Camera;
  retaking: number | null;
  saving: boolean;
  onCapture: () => void;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  if (camera.problem !== null)
    return (
      <Alert color="orange" role="alert" data-testid="camera-problem">
        <Stack gap="sm">
          <Text size="sm">{t(`camera.${camera.problem}`)}</Text>
          <FileButton onChange={onFiles} accept={IMAGES} multiple>
            {(props) => (
              <Button {...props} leftSection={<IconPhoto size={16} />} variant="light" w="fit-content">
                {t("camera.pickFiles")}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Alert>
    );
  return (
    <Card withBorder padding={0}>
      <AspectRatio ratio={4 / 3}>
        <Box bg="dark.7" pos="relative">
          {camera.starting && (
            <Loader color="white" pos="absolute" top="45%" left="45%" aria-label={t("camera.starting")} />
          )}
          <video
            ref={camera.video}
            playsInline
            muted
            autoPlay
            data-testid="camera-video"
            style={{ width: "100%", height: "100%", objectFit: "contain" }}
          />
        </Box>
      </AspectRatio>
      <Group p="sm" justify="space-between">
        <Tooltip label={t("camera.switchCamera")}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t("camera.switchCamera")}
            onClick={camera.switchCamera}
            disabled={!camera.live}
          >
            <IconCameraRotate size={20} />
          </ActionIcon>
        </Tooltip>
        <Button
          size="md"
          leftSection={<IconCamera size={20} />}
          onClick={onCapture}
          disabled={!camera.live || saving}
        >
          {retaking !== null ? t("camera.retaking", { page: retaking + 1 }) : t("camera.capture")}
        </Button>
        <FileButton onChange={onFiles} accept={IMAGES} multiple>
          {(props) => (
            <Tooltip label={t("camera.pickFiles")}>
              <ActionIcon {...props} variant="default" size="lg" aria-label={t("camera.pickFiles")}>
                <IconPhoto size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
      </Group>
    </Card>
  );
}
