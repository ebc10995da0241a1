import { zodResolver } from "@hookform/resolvers/zod";
import { ActionIcon, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconPaperclip, IconSend } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type ConversationView,
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
  type MessageInput,
  messageInput,
} from "../../../shared/contracts/messages";
import { ACCEPT_ATTRIBUTE } from "../../../shared/contracts/storage";
import { useAuth } from "../../app/auth";
import { TextareaField } from "../../components/fields/text-fields";
import { UploadProgress } from "../../components/upload-progress";
import { useErrorText } from "../../lib/error-text";
import { useSingleUpload } from "../../lib/use-upload";
import { useSendMessage } from "./api/messages";
import { AttachedFiles } from "./attached-files";

/** Writing to the other party: text (Enter sends, Shift+Enter a new line) and attached files. */
export function Composer({ conversation }: { conversation: ConversationView }) {
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
  const full = anexos.length >= MESSAGE_MAX_ATTACHMENTS;
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (task) return setProblem(t("messages.attachmentUploading"));
    // The button says why it cannot send (disabled, the length below); the schema still checks.
    if (!empty && !tooLong && !send.isPending) void form.handleSubmit(sendMessage)();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap={6}>
        <AttachedFiles
          files={anexos}
          onRemove={(id) =>
            form.setValue(
              "anexos",
              anexoIds.filter((other) => other !== id),
            )
          }
        />
        {task && <UploadProgress task={task} />}
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group gap={6} align="flex-end" wrap="nowrap">
          <FileButton onChange={attach} accept={ACCEPT_ATTRIBUTE} disabled={full}>
            {(props) => (
              <ActionIcon
                {...props}
                size="lg"
                variant="subtle"
                aria-label={t("messages.attach")}
                title={t("messages.attach")}
                loading={Boolean(task)}
                disabled={full}
              >
                <IconPaperclip size={20} />
              </ActionIcon>
            )}
          </FileButton>
          <TextareaField
            control={form.control}
            name="texto"
            style={{ flex: 1 }}
            aria-label={t("messages.placeholder")}
            placeholder={t("messages.placeholder")}
            autosize
            minRows={1}
            maxRows={6}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) submit(e);
            }}
            error={tooLong ? t("messages.tooLong") : undefined}
            data-testid="message-input"
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
