import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { useErrorText } from "../../lib/error-text";
import { conversationsQuery } from "./api/messages";
import { useStatusText } from "./status-text";
import { when } from "./when";

/** One's conversations, one a proposal, the unread first in bold with their count. */
export function ConversationList() {
  const { t, i18n } = useTranslation();
  const err = useErrorText();
  const statusOf = useStatusText();
  const inbox = useQuery(conversationsQuery());
  if (inbox.isPending) return <Loader />;
  if (inbox.data === undefined) return <Alert color="red">{err.of(inbox.error)}</Alert>;
  const list = inbox.data.conversations;
  return (
    <Stack gap="md">
      <PageHeader title={t("messages.title")} lead={t("messages.lead")} />
      {list.length === 0 ? (
        <Alert color="blue">
          <Stack gap="xs">
            <Text size="sm">{t("messages.empty")}</Text>
            {/* The light alert's own text colour: the anchors' blue reads 4.07:1 on its blue. */}
            <Anchor component={Link} to="/" c="var(--mantine-color-blue-light-color)">
              {t("messages.browse")}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="xs" data-testid="conversations">
          {list.map((c) => (
            <Card
              key={c.proposalId}
              component={Link}
              to={`/Message/${c.proposalId}`}
              withBorder
              padding="sm"
              data-testid="conversation"
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={c.naoLidas > 0 ? 700 : 500} truncate>
                    {c.titulo}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t("messages.with", { name: c.com })} · {statusOf(c)}
                  </Text>
                  <Text size="sm" c={c.naoLidas > 0 ? undefined : "dimmed"} lineClamp={1}>
                    {c.ultima
                      ? `${c.ultima.mine ? t("messages.you") : ""}${c.ultima.texto}`
                      : t("messages.noMessages")}
                  </Text>
                </div>
                <Stack gap={4} align="flex-end">
                  {c.ultima && (
                    <Text size="xs" c="dimmed">
                      {when(c.ultima.createdAt, i18n.language)}
                    </Text>
                  )}
                  {c.naoLidas > 0 && (
                    <Badge color="red" size="sm">
                      {t("messages.unread", { count: c.naoLidas })}
                    </Badge>
                  )}
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
