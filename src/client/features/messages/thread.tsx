import { ActionIcon, Anchor, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { onLive } from "../../lib/live";
import { threadQuery, useMarkRead } from "./api/messages";
import { Composer } from "./composer";
import { MessageBubble } from "./message-bubble";
import { useStatusText } from "./status-text";
import { ThreadProblem } from "./thread-problem";

/** One proposal's conversation: its header, the messages (read as they show), and the composer. */
export function Thread({ proposalId }: { proposalId: string }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const statusOf = useStatusText();
  const thread = useQuery(threadQuery(proposalId));
  const { mutateAsync: markRead } = useMarkRead(proposalId);
  const bottom = useRef<HTMLDivElement>(null);
  const unreadTheirs = thread.data?.messages.filter((m) => !m.mine && !m.readAt).length ?? 0;
  const count = thread.data?.messages.length ?? 0;

  // What the other party sent is read once it is on screen (and the tab is visible).
  useEffect(() => {
    if (unreadTheirs === 0) return;
    const mark = () => {
      if (document.visibilityState === "visible") void markRead().catch(() => undefined);
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [unreadTheirs, markRead]);
  useEffect(() => {
    if (count > 0) bottom.current?.scrollIntoView({ block: "end" });
  }, [count]);
  useEffect(
    () =>
      onLive((m) => {
        if (m.type === "message.created" && m.data.proposalId === proposalId)
          bottom.current?.scrollIntoView({ block: "end", behavior: "smooth" });
      }),
    [proposalId],
  );

  if (thread.isPending) return <Loader />;
  if (thread.data === undefined)
    return (
      <ThreadProblem>
        {thread.error instanceof ApiError && thread.error.status === 404
          ? t("messages.notFound")
          : err.of(thread.error)}
      </ThreadProblem>
    );
  const { conversation: c, messages } = thread.data;
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon component={Link} to="/Message" variant="subtle" aria-label={t("messages.back")}>
          <IconArrowLeft size={18} />
        </ActionIcon>
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h3" lineClamp={1}>
            {c.titulo}
          </Title>
          <Text size="xs" c="dimmed">
            {t("messages.with", { name: c.com })} · {statusOf(c)} ·{" "}
            <Anchor
              component={Link}
              to={
                c.role === "landlord"
                  ? `/AprovarProposta?id=${c.proposalId}`
                  : `/PropostaEnviada?id=${c.proposalId}`
              }
              inherit
            >
              {t("messages.seeProposal")}
            </Anchor>
          </Text>
        </div>
      </Group>
      <Card withBorder padding="sm" data-testid="thread">
        <Stack gap={8} mih={200}>
          {messages.length === 0 && (
            <Text c="dimmed" size="sm" ta="center">
              {t("messages.noMessages")}
            </Text>
          )}
          {messages.map((m) => (
            <MessageBubble key={m.id} m={m} />
          ))}
          <div ref={bottom} />
        </Stack>
      </Card>
      <Composer conversation={c} />
    </Stack>
  );
}
