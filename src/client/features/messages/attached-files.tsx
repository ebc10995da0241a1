import { ActionIcon, Badge, Group } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The files attached to the message being written, each with a way to take it off. */
export function AttachedFiles({
  files,
  onRemove,
}: {
  files: { id: string; name: string }[];
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Group gap={6}>
      {files.map((a) => (
        <Badge
          key={a.id}
          variant="light"
          rightSection={
            <ActionIcon
              size="xs"
              variant="transparent"
              aria-label={t("messages.removeAttachment")}
              onClick={() => onRemove(a.id)}
            >
              <IconX size={12} />
            </ActionIcon>
          }
        >
          {a.name}
        </Badge>
      ))}
    </Group>
  );
}
