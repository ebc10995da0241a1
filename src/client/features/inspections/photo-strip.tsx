import { ActionIcon, Anchor, Button, FileButton, Group, Image, Stack, Text } from "@mantine/core";
import { IconCamera, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_PHOTOS_PER_ENTRY } from "../../../shared/contracts/inspections";
import { photoPath } from "../../../shared/photos";
import { UploadProgress } from "../../components/upload-progress";
import { dismissUpload, StorageError, type UploadTask, uploadFile } from "../../lib/storage";
import { storageErrorText } from "../../lib/storage-error-text";

/**
 * A room's, an item's or a meter's photos: thumbnails at phone size (their renditions), and with
 * `onAdd` the camera or the gallery. Each photo is a resumable upload into `folder`, shown while
 * it goes; a failure is said here, where the photo was taken.
 */
export function PhotoStrip({
  ids,
  label,
  folder,
  userId,
  onAdd,
  onRemove,
  max = MAX_PHOTOS_PER_ENTRY,
}: {
  ids: string[];
  /** What the photos show ("Sala · Piso"), for their alt text and the button's name. */
  label: string;
  folder?: string;
  userId?: string | null;
  onAdd?: (id: string) => void;
  onRemove?: (id: string) => void;
  max?: number;
}) {
  const { t } = useTranslation();
  const [tasks, setTasks] = useState<UploadTask[]>([]);
  const [failures, setFailures] = useState<string[]>([]);
  const room = max - ids.length - tasks.length;

  function add(files: File[]) {
    if (!onAdd || !folder || !userId) return;
    setFailures([]);
    for (const file of files.slice(0, Math.max(0, room))) {
      const task = uploadFile(
        file,
        { filename: file.name || "foto.jpg", kind: "foto_vistoria", folder },
        userId,
      );
      setTasks((list) => [...list, task]);
      task.done.then(
        (doc) => {
          onAdd(doc.id);
          setTasks((list) => list.filter((x) => x !== task));
        },
        (e: unknown) => {
          if (!(e instanceof StorageError && e.code === "canceled"))
            setFailures((list) => [...list, t("inspection.photoFailed", { reason: storageErrorText(e, t) })]);
          dismissUpload(task.id);
          setTasks((list) => list.filter((x) => x !== task));
        },
      );
    }
    if (files.length > room) setFailures((list) => [...list, t("errors.too-many-photos")]);
  }

  return (
    <Stack gap={6}>
      {ids.length > 0 && (
        // Spaced so each photo's remove button keeps a 28 px target apart from the next (WCAG 2.5.8).
        <Group gap={14} data-testid="inspection-photos">
          {ids.map((id, n) => (
            <div key={id} style={{ position: "relative" }}>
              <Anchor href={photoPath(id)} target="_blank" rel="noopener">
                <Image
                  src={photoPath(id, 320)}
                  alt={t("inspection.photoAlt", { label, n: n + 1 })}
                  w={84}
                  h={64}
                  fit="cover"
                  radius="sm"
                  loading="lazy"
                />
              </Anchor>
              {onRemove && (
                <ActionIcon
                  size="md"
                  color="red"
                  variant="filled"
                  radius="xl"
                  style={{ position: "absolute", top: -8, right: -10 }}
                  aria-label={t("inspection.removePhoto", { label, n: n + 1 })}
                  onClick={() => onRemove(id)}
                >
                  <IconX size={16} />
                </ActionIcon>
              )}
            </div>
          ))}
        </Group>
      )}
      {tasks.map((task) => (
        <UploadProgress key={task.id} task={task} />
      ))}
      {failures.map((f) => (
        <Text key={f} size="sm" c="red" role="alert">
          {f}
        </Text>
      ))}
      {onAdd && (
        <FileButton onChange={add} accept="image/jpeg,image/png,image/webp" multiple>
          {(props) => (
            <Button
              {...props}
              size="compact-sm"
              variant="subtle"
              leftSection={<IconCamera size={16} />}
              disabled={room <= 0}
              aria-label={t("inspection.addPhotosTo", { label })}
              style={{ alignSelf: "flex-start" }}
            >
              {t("inspection.addPhotos")}
            </Button>
          )}
        </FileButton>
      )}
    </Stack>
  );
}
