import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconStar, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { UploadProgress, useRevealed } from "../../components/upload-progress";
import { UnitPhoto } from "./unit-photo";
import type { UnitPhotos } from "./use-unit-photos";

/** The unit form's photos: add, order (the first is the cover), remove; uploads and failures. */
export function UnitPhotosCard({ photos, error }: { photos: UnitPhotos; error: string | undefined }) {
  const { t } = useTranslation();
  const { fotos } = photos;
  return (
    <Card withBorder padding="md" data-testid="unit-photos-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={3} size="h4">
              {t("units.sections.photos")}
            </Title>
            <Text size="xs" c="dimmed">
              {t("units.photosHelp")}
            </Text>
          </div>
          <FileButton onChange={photos.add} accept="image/jpeg,image/png,image/webp" multiple>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPhotoPlus size={16} />}
                disabled={photos.full}
                data-testid="unit-add-photos"
              >
                {t("units.addPhotos")}
              </Button>
            )}
          </FileButton>
        </Group>
        {error && (
          <Text c="red" size="sm">
            {error}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="unit-photos">
          {fotos.map((id, i) => (
            <PhotoTile key={id} id={id} index={i} last={i === fotos.length - 1} photos={photos} />
          ))}
        </SimpleGrid>
        {photos.uploads.map((task) => (
          <UploadProgress key={task.id} task={task} />
        ))}
        {photos.failures.map((f) => (
          <PhotoFailure key={f.key} text={f.text} onClose={() => photos.dismiss(f)} />
        ))}
      </Stack>
    </Card>
  );
}

/** One photo, with its buttons: make it the cover, move it left or right, remove it. */
function PhotoTile({
  id,
  index: i,
  last,
  photos,
}: {
  id: string;
  index: number;
  last: boolean;
  photos: UnitPhotos;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding={4}>
      <UnitPhoto id={id} alt={t("units.photoAlt", { n: i + 1 })} h={100} />
      <Group justify="space-between" gap={2} mt={4} wrap="nowrap">
        {i === 0 ? (
          <Badge size="sm" leftSection={<IconStar size={10} />}>
            {t("units.cover")}
          </Badge>
        ) : (
          <Tooltip label={t("units.makeCover")}>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`${t("units.makeCover")} ${i + 1}`}
              onClick={() => photos.move(i, 0)}
            >
              <IconStar size={14} />
            </ActionIcon>
          </Tooltip>
        )}
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`${t("units.moveLeft")} ${i + 1}`}
            disabled={i === 0}
            onClick={() => photos.move(i, i - 1)}
          >
            <IconArrowLeft size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`${t("units.moveRight")} ${i + 1}`}
            disabled={last}
            onClick={() => photos.move(i, i + 1)}
          >
            <IconArrowRight size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={t("units.removePhoto", { n: i + 1 })}
            onClick={() => photos.remove(id)}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}

/** Why a photo was not added: announced, and brought into view where the photos are. */
function PhotoFailure({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRevealed<HTMLDivElement>(true);
  return (
    <Alert
      ref={ref}
      color="red"
      variant="light"
      role="alert"
      withCloseButton
      closeButtonLabel={t("storage.dismiss")}
      onClose={onClose}
      data-testid="photo-failure"
    >
      {text}
    </Alert>
  );
}
