import { ActionIcon, Alert, Button, Group, Progress, Stack, Text } from "@mantine/core";
import { IconPlayerPause, IconPlayerPlay, IconRefresh, IconX } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../lib/format";
import { isRetryableStatus, type StorageError, type UploadTask } from "../lib/storage";
import { useUploadTask } from "../lib/use-upload";

/*
 * The icon buttons say what they do by their aria-label and, on a desktop, by the native `title` on
 * hover: a tooltip shows nothing on a touch screen and its floating layer cost every upload screen
 * 3 KiB of JavaScript.
 */

/** Refusals of the file itself: sending the same bytes again can only be refused again. */
const FINAL_REFUSALS = new Set<string>([
  "image-too-large",
  "invalid-format",
  "file-too-large",
  "empty-file",
  "invalid-file-name",
  "invalid-document-kind",
]);

/**
 * Whether trying again can succeed: no answer (the network), a server error (5xx), a timeout or
 * too many requests, as the upload's own retries judge it. A refusal of the file (too large, of
 * a type not accepted), of the account (quota, permission) or of the request cannot.
 */
export function canRetryUpload(error: Pick<StorageError, "code" | "status">): boolean {
  if (FINAL_REFUSALS.has(error.code)) return false;
  return error.code === "retry-limit-exceeded" || isRetryableStatus(error.status);
}

/**
 * A ref for something the person must see when it appears (an upload's failure): it is scrolled
 * into view while `when` turns true, so a phone does not keep it below the fold (issue 29).
 */
export function useRevealed<T extends HTMLElement>(when: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [when]);
  return ref;
}

/** One upload: bar with percent and speed, state, and the buttons that make sense in it. */
export function UploadProgress({
  task,
  onDismiss,
  inPanel = false,
}: {
  task: UploadTask;
  onDismiss?: () => void;
  /** The uploads panel shows uploads no screen is showing; it does not count as one. */
  inPanel?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const snap = useUploadTask(task);
  useEffect(() => (inPanel ? undefined : task.watch()), [task, inPanel]);
  // On a screen, a failure is brought into view where the file is (the panel stays a corner).
  const failedRef = useRevealed<HTMLDivElement>(!inPanel && snap?.state === "error");
  if (!snap) return null;
  const { state, progress, error } = snap;
  const retryable = error !== null && canRetryUpload(error);
  const errorText = error ? (error.message !== error.code ? error.message : t(`errors.${error.code}`)) : "";
  const retryButton = retryable && (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconRefresh size={14} />}
      onClick={() => task.resume()}
      style={{ flexShrink: 0 }}
    >
      {t("storage.retry")}
    </Button>
  );
  const percent =
    progress.totalBytes > 0 ? Math.floor((progress.bytesTransferred / progress.totalBytes) * 100) : 0;
  const active = state === "running" || state === "pausing";
  const color =
    state === "error" ? "red" : state === "success" ? "teal" : state === "paused" ? "yellow" : "blue";
  return (
    <Stack gap={4} data-testid="upload-progress" data-state={state}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} truncate maw="60%">
          {snap.fileName}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed" data-testid="upload-state">
            {t(`storage.state.${state}`)}
          </Text>
          {state === "running" && (
            <ActionIcon
              title={t("storage.pause")}
              variant="subtle"
              size="sm"
              onClick={() => task.pause()}
              aria-label={t("storage.pause")}
            >
              <IconPlayerPause size={16} />
            </ActionIcon>
          )}
          {state === "paused" && (
            <ActionIcon
              title={t("storage.resume")}
              variant="subtle"
              size="sm"
              onClick={() => task.resume()}
              aria-label={t("storage.resume")}
            >
              <IconPlayerPlay size={16} />
            </ActionIcon>
          )}
          {(active || state === "paused" || (state === "error" && retryable)) && (
            <ActionIcon
              title={t("storage.cancel")}
              variant="subtle"
              color="red"
              size="sm"
              onClick={() => task.cancel()}
              aria-label={t("storage.cancel")}
            >
              <IconX size={16} />
            </ActionIcon>
          )}
          {onDismiss &&
            (state === "success" || state === "canceled" || (state === "error" && !retryable)) && (
              <ActionIcon variant="subtle" size="sm" onClick={onDismiss} aria-label={t("storage.dismiss")}>
                <IconX size={16} />
              </ActionIcon>
            )}
        </Group>
      </Group>
      <Progress
        value={percent}
        color={color}
        animated={state === "running"}
        aria-label={t("storage.uploadProgressLabel", { name: snap.fileName })}
        size="md"
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" data-testid="upload-percent">
          {t("storage.progress", {
            percent,
            sent: formatBytes(progress.bytesTransferred, i18n.language),
            total: formatBytes(progress.totalBytes, i18n.language),
          })}
        </Text>
        {state === "running" && progress.speed > 0 && (
          <Text size="xs" c="dimmed" data-testid="upload-speed">
            {t("storage.speed", { speed: formatBytes(progress.speed, i18n.language) })}
          </Text>
        )}
      </Group>
      {snap.restored && state !== "success" && (
        <Text size="xs" c="dimmed">
          {t("storage.restored")}
        </Text>
      )}
      {state === "error" &&
        error &&
        (inPanel ? (
          // In the corner panel, one short line: the panel must not cover the page.
          <Group justify="space-between" gap="xs" wrap="nowrap" role="alert">
            <Text size="xs" c="red" lineClamp={2}>
              {errorText}
            </Text>
            {retryButton}
          </Group>
        ) : (
          <Alert ref={failedRef} color="red" variant="light" p="xs" role="alert">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{errorText}</Text>
              {retryButton}
            </Group>
          </Alert>
        ))}
    </Stack>
  );
}
