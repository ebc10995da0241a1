import { Anchor, Button, Checkbox, FileButton, Group, Select, Stack, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import {
  ACCEPT_ATTRIBUTE,
  type DocumentKind,
  PERSONAL_DOCUMENT_KINDS,
  PROFILE_FOLDER,
} from "../../../shared/contracts/storage";
import { UploadProgress } from "../../components/upload-progress";
import { folderQuery, useRefreshDocuments } from "../../lib/storage-queries";
import { useSingleUpload } from "../../lib/use-upload";

/**
 * One's personal documents to attach, by checkbox; a new one can be uploaded here, or taken with
 * the camera or converted, coming back to this page with it chosen.
 */
export function DocumentPicker({
  value,
  onChange,
  userId,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  /** Whose uploads these are (the signed-in user); none, no upload. */
  userId: string | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const refreshDocuments = useRefreshDocuments();
  const [kind, setKind] = useState<DocumentKind>("comprovante_renda");
  const { task, problem, start } = useSingleUpload();
  const docs = useQuery(folderQuery(PROFILE_FOLDER));
  const here = location.pathname + location.search;
  const flow = new URLSearchParams({ tipo: kind, pasta: PROFILE_FOLDER, destino: here }).toString();

  async function upload(file: File | null) {
    if (!file || !userId) return;
    const doc = await start(file, { filename: file.name, kind, folder: PROFILE_FOLDER }, userId);
    if (!doc) return;
    onChange([...value, doc.id]);
    await refreshDocuments();
  }

  const items = docs.data?.items ?? [];
  return (
    <Stack gap="xs" data-testid="document-picker">
      <Text size="xs" c="dimmed">
        {t("proposal.documentsHelp")}
      </Text>
      {items.length === 0 && !docs.isPending && (
        <Text size="sm" c="dimmed">
          {t("proposal.noDocuments")}
        </Text>
      )}
      <Checkbox.Group value={value} onChange={onChange}>
        <Stack gap={4}>
          {items.map((d) => (
            <Checkbox key={d.id} value={d.id} label={`${t(`documents.kinds.${d.kind}`)} — ${d.fileName}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group gap="xs" align="flex-end">
        <Select
          label={t("camera.kindLabel")}
          data={PERSONAL_DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`documents.kinds.${k}`) }))}
          value={kind}
          onChange={(v) => v && setKind(v as DocumentKind)}
          allowDeselect={false}
          w={240}
        />
        <FileButton onChange={(f) => void upload(f)} accept={ACCEPT_ATTRIBUTE} disabled={task !== null}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={14} />}
              data-testid="proposal-upload"
            >
              {t("proposal.uploadNow")}
            </Button>
          )}
        </FileButton>
        <Anchor component={Link} to={`/Camera?${flow}`} size="sm">
          {t("proposal.useCamera")}
        </Anchor>
        <Anchor component={Link} to={`/Convert?${flow}`} size="sm">
          {t("proposal.useConvert")}
        </Anchor>
      </Group>
      {task && <UploadProgress task={task} />}
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
