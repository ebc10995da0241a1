import { Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconEye, IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type Control, type Path, type UseFormSetValue, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CompanyInput } from "../../../shared/contracts/companies";
import { ACCEPT_ATTRIBUTE } from "../../../shared/contracts/storage";
import { useFieldError } from "../../components/fields/use-form-field";
import { UploadProgress } from "../../components/upload-progress";
import { documentQuery, useRefreshDocuments } from "../../lib/storage-queries";
import { useSingleUpload } from "../../lib/use-upload";

/** Where the documents that give the power to sign for a company are kept. */
export const COMPANY_FOLDER = "empresas";

/** The fields of the company form that hold a power document: the holder's and each other representative's. */
export type PowerDocumentPath = Extract<Path<CompanyInput>, "documentoId" | `${string}.documentoId`>;

/**
 * A power document (the contrato social, the procuração): uploaded here into one's own files, its
 * file's name said once it is kept. Each one uploads on its own, so the holder's and every other
 * representative's can go up together; `onBusy` tells the form while one is on its way (it waits
 * for it before saving).
 */
export function PowerDocument({
  control,
  setValue,
  name,
  userId,
  lead,
  requiredText,
  onBusy,
  testId,
}: {
  control: Control<CompanyInput>;
  setValue: UseFormSetValue<CompanyInput>;
  /** Where the document's id goes; read again when the upload ends (a person above may have been removed). */
  name: PowerDocumentPath;
  /** Whose upload it is. */
  userId: string | null;
  /** What this document is, said before the accepted formats. */
  lead?: string;
  /** Said when the form was sent without the document. */
  requiredText: string;
  onBusy: (busy: boolean) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const documentoId = useWatch({ control, name }) as string | undefined;
  const fieldError = useFieldError({ control, name });
  const upload = useSingleUpload();
  const refreshDocuments = useRefreshDocuments();
  const [uploaded, setUploaded] = useState<string | null>(null);
  // The field's name when the upload ends, and whether this block is still there to take it.
  const current = useRef<PowerDocumentPath | null>(name);
  current.current = name;
  useEffect(
    () => () => {
      current.current = null;
    },
    [],
  );
  const busy = upload.task !== null;
  const report = useRef(onBusy);
  report.current = onBusy;
  useEffect(() => {
    report.current(busy);
  }, [busy]);
  useEffect(() => () => report.current(false), []);

  // A company saved before: its document's name from the store (one's own upload).
  const saved = useQuery({
    ...documentQuery(documentoId ?? ""),
    enabled: Boolean(documentoId) && uploaded === null,
  });

  async function send(file: File | null) {
    if (!file || !userId) return;
    const doc = await upload.start(
      file,
      { filename: file.name, kind: "outro", folder: COMPANY_FOLDER },
      userId,
    );
    const target = current.current;
    if (!doc || !target) return;
    setUploaded(doc.fileName);
    setValue(target, doc.id, { shouldDirty: true, shouldValidate: true });
    await refreshDocuments();
  }

  const fileName = uploaded ?? saved.data?.fileName ?? null;
  const error = fieldError ? (documentoId ? fieldError : requiredText) : undefined;
  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm" fw={500}>
        {t("companies.document")}
      </Text>
      <Text size="xs" c="dimmed">
        {lead ? `${lead} ` : ""}
        {t("companies.documentHelp")}
      </Text>
      <Text
        size="sm"
        c={documentoId ? undefined : "dimmed"}
        style={{ overflowWrap: "anywhere" }}
        data-testid={`${testId}-status`}
      >
        {documentoId
          ? fileName
            ? t("companies.documentSent", { name: fileName })
            : t("companies.documentKept")
          : t("companies.documentMissing")}
      </Text>
      <Group gap="xs">
        <FileButton onChange={(f) => void send(f)} accept={ACCEPT_ATTRIBUTE} disabled={busy || !userId}>
          {(props) => (
            <Button
              {...props}
              size="sm"
              variant={documentoId ? "default" : "filled"}
              leftSection={<IconUpload size={16} />}
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: "normal" } }}
              data-testid={`${testId}-upload`}
            >
              {documentoId ? t("companies.replace") : t("companies.upload")}
            </Button>
          )}
        </FileButton>
        {documentoId && (
          <Button
            component={Link}
            to={`/ViewDocument?id=${documentoId}`}
            size="sm"
            variant="subtle"
            leftSection={<IconEye size={16} />}
          >
            {t("companies.view")}
          </Button>
        )}
      </Group>
      {upload.task && <UploadProgress task={upload.task} />}
      {upload.problem && (
        <Text c="red" size="sm" role="alert">
          {upload.problem}
        </Text>
      )}
      {error && (
        <Text c="red" size="sm" role="alert" data-testid={`${testId}-error`}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
