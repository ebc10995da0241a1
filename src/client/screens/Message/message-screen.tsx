import { zodResolver } from "@hookform/resolvers/zod";
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconArrowLeft, IconCheck, IconChecks, IconPaperclip, IconSend, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, Fragment, useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import {
  type ConversationView,
  linkify,
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
  type MessageInput,
  type MessageView,
  messageInput,
} from "../../../shared/contracts/messages";
import { ACCEPT_ATTRIBUTE } from "../../../shared/contracts/storage";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/page-header";
import { UploadProgress } from "../../components/upload-progress";
import { contractsQuery } from "../../features/contracts/api/contracts";
import {
  conversationsQuery,
  threadQuery,
  useMarkRead,
  useSendMessage,
} from "../../features/messages/api/messages";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { onLive } from "../../lib/live";
import { useSingleUpload } from "../../lib/use-upload";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function when(iso: string, locale: string): string {
  const d = new Date(iso);
  const today = new Date().toDateString() === d.toDateString();
  return d.toLocaleString(
    locale,
    today ? { timeStyle: "short" } : { dateStyle: "short", timeStyle: "short" },
  );
}

/** Text with its http(s) links as anchors that open apart and pass nothing along; never HTML. */
export function MessageText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="message-text">
      {linkify(text).map((part) =>
        part.href ? (
          <Anchor
            key={part.at}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            inherit
          >
            {part.text}
          </Anchor>
        ) : (
          <Fragment key={part.at}>{part.text}</Fragment>
        ),
      )}
    </Text>
  );
}

function ConversationList() {
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

function Bubble({ m }: { m: MessageView }) {
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

function Composer({ conversation }: { conversation: ConversationView }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const { state } = useAuth();
  const form = useForm({
    resolver: zodResolver(messageInput),
    defaultValues: { texto: "", anexos: [] as string[] },
  });
  const texto = form.watch("texto") ?? "";
  const anexoIds = form.watch("anexos") ?? [];
  // The names of the files attached, to show them; the form holds their ids.
  const [names, setNames] = useState<Record<string, string>>({});
  const anexos = anexoIds.map((id) => ({ id, name: names[id] ?? id }));
  const { task, problem, setProblem, start } = useSingleUpload();
  const send = useSendMessage(conversation.proposalId);
  const sendMessage = (input: MessageInput) =>
    send.mutate(input, {
      onSuccess: () => {
        form.reset({ texto: "", anexos: [] });
        setNames({});
        setProblem(null);
      },
      onError: (e) => setProblem(err.of(e)),
    });

  async function attach(file: File | null) {
    if (!file || state.status !== "signed-in") return;
    const doc = await start(file, { filename: file.name, kind: "outro", folder: "mensagens" }, state.user.id);
    if (!doc) return;
    setNames((prev) => ({ ...prev, [doc.id]: doc.fileName }));
    form.setValue("anexos", [...(form.getValues("anexos") ?? []), doc.id]);
  }

  const tooLong = texto.length > MESSAGE_MAX_LENGTH;
  const empty = texto.trim().length === 0 && anexos.length === 0;
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (task) return setProblem(t("messages.attachmentUploading"));
    // The button says why it cannot send (disabled, the length below); the schema still checks.
    if (!empty && !tooLong && !send.isPending) void form.handleSubmit(sendMessage)();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap={6}>
        {anexos.length > 0 && (
          <Group gap={6}>
            {anexos.map((a) => (
              <Badge
                key={a.id}
                variant="light"
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={t("messages.removeAttachment")}
                    onClick={() =>
                      form.setValue(
                        "anexos",
                        anexoIds.filter((id) => id !== a.id),
                      )
                    }
                  >
                    <IconX size={12} />
                  </ActionIcon>
                }
              >
                {a.name}
              </Badge>
            ))}
          </Group>
        )}
        {task && <UploadProgress task={task} />}
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group gap={6} align="flex-end" wrap="nowrap">
          <FileButton
            onChange={attach}
            accept={ACCEPT_ATTRIBUTE}
            disabled={anexos.length >= MESSAGE_MAX_ATTACHMENTS}
          >
            {(props) => (
              <ActionIcon
                {...props}
                size="lg"
                variant="subtle"
                aria-label={t("messages.attach")}
                title={t("messages.attach")}
                loading={Boolean(task)}
                disabled={anexos.length >= MESSAGE_MAX_ATTACHMENTS}
              >
                <IconPaperclip size={20} />
              </ActionIcon>
            )}
          </FileButton>
          <Controller
            control={form.control}
            name="texto"
            render={({ field }) => (
              <Textarea
                style={{ flex: 1 }}
                aria-label={t("messages.placeholder")}
                placeholder={t("messages.placeholder")}
                autosize
                minRows={1}
                maxRows={6}
                value={field.value ?? ""}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" && !e.shiftKey) submit(e);
                }}
                error={tooLong ? t("messages.tooLong") : undefined}
                data-testid="message-input"
              />
            )}
          />
          <Button
            type="submit"
            loading={send.isPending}
            disabled={empty || tooLong}
            leftSection={<IconSend size={16} />}
            data-testid="message-send"
          >
            {t("messages.send")}
          </Button>
        </Group>
        {texto.length > MESSAGE_MAX_LENGTH - 500 && (
          <Text size="xs" c={tooLong ? "red" : "dimmed"}>
            {t("messages.counter", { count: texto.length, max: MESSAGE_MAX_LENGTH })}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/**
 * A conversation's state in words: an approved proposal's contract step once there is a contract
 * ("Contrato assinado"), not "Aprovada" for ever (issue 29); the proposal's status otherwise.
 */
function useStatusText() {
  const { t } = useTranslation();
  const contracts = useQuery(contractsQuery());
  return (c: Pick<ConversationView, "proposalId" | "status">) => {
    const step =
      c.status === "aprovada" && contracts.data?.find((k) => k.proposalId === c.proposalId)?.status;
    return step ? t(`proposal.contractStep.${step}`) : t(`proposal.status.${c.status}`);
  };
}

function Thread({ proposalId }: { proposalId: string }) {
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
      <Stack>
        <Alert color="red">
          {thread.error instanceof ApiError && thread.error.status === 404
            ? t("messages.notFound")
            : err.of(thread.error)}
        </Alert>
        <Anchor component={Link} to="/Message">
          {t("messages.back")}
        </Anchor>
      </Stack>
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
            <Bubble key={m.id} m={m} />
          ))}
          <div ref={bottom} />
        </Stack>
      </Card>
      <Composer conversation={c} />
    </Stack>
  );
}

export function MessageScreen() {
  const { pathname } = useLocation();
  const rest = pathname.replace(/^\/Message\/?/, "").split("/")[0] ?? "";
  const { t } = useTranslation();
  return (
    <Container size="sm" py="lg">
      {rest === "" ? (
        <ConversationList />
      ) : UUID.test(rest) ? (
        <Thread proposalId={rest} key={rest} />
      ) : (
        <Stack>
          <Alert color="red">{t("messages.notFound")}</Alert>
          <Anchor component={Link} to="/Message">
            {t("messages.back")}
          </Anchor>
        </Stack>
      )}
    </Container>
  );
}
