import { Anchor, Group, Paper, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconChecks, IconPaperclip } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MessageView } from "../../../shared/contracts/messages";
import { MessageText } from "./message-text";
import { when } from "./when";

/** One message: one's own on the right with its receipt, the other party's on the left. */
export function MessageBubble({ m }: { m: MessageView }) {
  const { t, i18n } = useTranslation();
  return (
    <Group
      justify={m.mine ? "flex-end" : "flex-start"}
      data-testid={m.mine ? "message-mine" : "message-theirs"}
    >
      <Paper
        radius="lg"
        px="sm"
        py={6}
        maw="85%"
        bg={m.mine ? "var(--mantine-color-blue-light)" : "var(--mantine-color-default-hover)"}
      >
        {m.texto && <MessageText text={m.texto} />}
        {m.anexos.map((a) => (
          <Anchor key={a.id} component={Link} to={`/ViewDocument?id=${a.id}`} size="sm" display="block">
            <IconPaperclip size={14} /> {a.fileName}
          </Anchor>
        ))}
        <Group gap={4} justify="flex-end">
          <Text size="xs" c="dimmed">
            {when(m.createdAt, i18n.language)}
          </Text>
          {m.mine &&
            (m.readAt ? (
              <Tooltip label={t("messages.read")}>
                <IconChecks
                  size={14}
                  color="var(--mantine-color-blue-6)"
                  aria-label={t("messages.read")}
                  data-testid="read-receipt"
                />
              </Tooltip>
            ) : (
              <IconCheck size={14} aria-label={t("messages.sent")} />
            ))}
        </Group>
      </Paper>
    </Group>
  );
}
