import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A question before a move that cannot be undone (reject, withdraw, approve, close, cancel): what
 * it does, its fields if it has any, the server's refusal, and the two answers. `onConfirm` is
 * the form's submit when there are fields, so their messages show inside the dialog.
 */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  children,
  error,
  confirmLabel,
  confirmColor,
  pending,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  error?: string | null;
  confirmLabel: string;
  confirmColor?: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {children}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button color={confirmColor} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
