import {
  Alert,
  Button,
  Card,
  Container,
  FileButton,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  ThemeIcon,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  IconCamera,
  IconCircleCheck,
  IconCircleDashed,
  IconEye,
  IconFileTypePdf,
  IconTrash,
  IconUpload,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  ACCEPT_ATTRIBUTE,
  type DocumentKind,
  PERSONAL_DOCUMENT_KINDS,
  PROFILE_FOLDER,
  type StoredDocument,
} from "../../../shared/contracts/storage";
import { useAuth } from "../../app/auth";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { UploadProgress, useRevealed } from "../../components/upload-progress";
import { useDeleteDocument } from "../../features/storage/api/documents";
import { formatBytes, formatDate } from "../../lib/format";
import { storageErrorText } from "../../lib/storage-error-text";
import { folderQuery, usageQuery, useRefreshDocuments } from "../../lib/storage-queries";
import { useSingleUpload } from "../../lib/use-upload";

function DocumentSlot({
  kind,
  current,
  onDelete,
}: {
  kind: DocumentKind;
  current: StoredDocument | undefined;
  onDelete: (doc: StoredDocument) => void;
}) {
  const { t, i18n } = useTranslation();
  const { state } = useAuth();
  const refreshDocuments = useRefreshDocuments();
  const { task, problem, setProblem, start } = useSingleUpload();
  const label = t(`documents.kinds.${kind}`);
  const flow = new URLSearchParams({
    tipo: kind,
    pasta: PROFILE_FOLDER,
    destino: "/profile3",
    ...(current ? { substitui: current.id } : {}),
  }).toString();

  async function upload(file: File | null) {
    if (!file || state.status !== "signed-in") return;
    const doc = await start(
      file,
      { filename: file.name, kind, folder: PROFILE_FOLDER, ...(current ? { replaces: current.id } : {}) },
      state.user.id,
    );
    if (doc) notifications.show({ color: "teal", message: t("profile3.uploaded", { kind: label }) });
    await refreshDocuments();
  }

  return (
    <Card withBorder padding="md" data-testid={`slot-${kind}`}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" color={current ? "teal" : "gray"} radius="xl">
            {current ? <IconCircleCheck size={18} /> : <IconCircleDashed size={18} />}
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{label}</Text>
            <Text size="xs" c="dimmed">
              {t(`documents.hints.${kind}`)}
            </Text>
            <Text
              size="sm"
              c={current ? undefined : "dimmed"}
              style={{ overflowWrap: "anywhere" }}
              data-testid="slot-status"
            >
              {current
                ? t("profile3.sent", {
                    name: current.fileName,
                    size: formatBytes(current.size, i18n.language),
                    date: formatDate(current.createdAt, i18n.language),
                  })
                : t("profile3.missing")}
            </Text>
          </Stack>
        </Group>
        {/* Every way to add this document, named: the camera and the converter are not hidden in a menu. */}
        <Group gap="xs" role="group" aria-label={t("profile3.actions", { kind: label })}>
          {current && (
            <Button
              component={Link}
              to={`/ViewDocument?id=${current.id}`}
              variant="light"
              size="xs"
              leftSection={<IconEye size={14} />}
            >
              {t("profile3.view")}
            </Button>
          )}
          <FileButton onChange={(f) => void upload(f)} accept={ACCEPT_ATTRIBUTE} disabled={task !== null}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                leftSection={<IconUpload size={14} />}
                data-testid={`upload-${kind}`}
              >
                {current ? t("profile3.replace") : t("profile3.upload")}
              </Button>
            )}
          </FileButton>
          <Button
            component={Link}
            to={`/Camera?${flow}`}
            variant="default"
            size="xs"
            leftSection={<IconCamera size={14} />}
          >
            {t("profile3.camera")}
          </Button>
          <Button
            component={Link}
            to={`/Convert?${flow}`}
            variant="default"
            size="xs"
            leftSection={<IconFileTypePdf size={14} />}
          >
            {t("profile3.convert")}
          </Button>
          {current && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => onDelete(current)}
            >
              {t("profile3.delete")}
            </Button>
          )}
        </Group>
        {task && <UploadProgress task={task} />}
        {problem && <UploadProblem text={problem} onClose={() => setProblem(null)} />}
      </Stack>
    </Card>
  );
}

/** Why a document was not kept: in its own card, announced, and brought into view (issue 29). */
function UploadProblem({ text, onClose }: { text: string; onClose: () => void }) {
  const ref = useRevealed<HTMLDivElement>(true);
  return (
    <Alert ref={ref} color="red" role="alert" withCloseButton onClose={onClose}>
      {text}
    </Alert>
  );
}

/** /profile3: the personal documents a proposal needs, each added, replaced, viewed or deleted. */
export function Profile3Screen() {
  const { t, i18n } = useTranslation();
  const [deleting, setDeleting] = useState<StoredDocument | null>(null);
  const documents = useQuery(folderQuery(PROFILE_FOLDER));
  const usage = useQuery(usageQuery());
  const remove = useDeleteDocument();
  const removeDocument = (doc: StoredDocument) =>
    remove.mutate(doc, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: t("profile3.deleted") });
        setDeleting(null);
      },
    });

  // The newest document of each kind is the current one (a replacement deletes the old).
  const byKind = new Map<string, StoredDocument>();
  for (const doc of documents.data?.items ?? []) if (!byKind.has(doc.kind)) byKind.set(doc.kind, doc);

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <PageHeader title={t("profile3.title")} lead={t("profile3.lead")} />
        {usage.data && (
          <Stack gap={4}>
            <Progress
              value={(usage.data.used / usage.data.quota) * 100}
              size="sm"
              aria-label={t("storage.usage", {
                used: formatBytes(usage.data.used, i18n.language),
                quota: formatBytes(usage.data.quota, i18n.language),
              })}
            />
            <Text size="xs" c="dimmed">
              {t("storage.usage", {
                used: formatBytes(usage.data.used, i18n.language),
                quota: formatBytes(usage.data.quota, i18n.language),
              })}{" "}
              · {t("storage.usageHelp", { max: formatBytes(usage.data.maxFileSize, i18n.language) })}
            </Text>
          </Stack>
        )}
        {documents.isPending && <Loader />}
        {documents.isError && (
          <Alert color="red" role="alert">
            {t("profile3.loadFailed")} {storageErrorText(documents.error, t)}
            <Button size="compact-sm" variant="light" ml="sm" onClick={() => void documents.refetch()}>
              {t("storage.retry")}
            </Button>
          </Alert>
        )}
        {documents.isSuccess &&
          PERSONAL_DOCUMENT_KINDS.map((kind) => (
            <DocumentSlot key={kind} kind={kind} current={byKind.get(kind)} onDelete={setDeleting} />
          ))}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("profile3.confirmDeleteTitle")}
        error={remove.isError ? storageErrorText(remove.error, t) : null}
        confirmLabel={t("profile3.delete")}
        confirmColor="red"
        pending={remove.isPending}
        onConfirm={() => deleting && removeDocument(deleting)}
      >
        <Text size="sm">
          {t("profile3.confirmDelete", { kind: deleting ? t(`documents.kinds.${deleting.kind}`) : "" })}
        </Text>
      </ConfirmDialog>
    </Container>
  );
}
