import { Alert, Badge, Button, Card, Container, Group, Loader, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { PdfView } from "../../components/pdf-view";
import { LeaseDocuments } from "../../features/contracts/lease-documents";
import { SealVerdict } from "../../features/contracts/seal-verdict";
import { captureEvent, SEALED_CONTRACT_VIEWED } from "../../features/privacy/analytics";
import { attachmentUrl, inlineUrlQuery, verificationQuery } from "../../features/storage/api/documents";
import { formatBytes, formatDate } from "../../lib/format";
import { StorageError } from "../../lib/storage";
import { documentQuery } from "../../lib/storage-queries";
import { ImageView } from "./image-view";

function problemText(err: unknown, t: (k: string) => string): string {
  const code = err instanceof StorageError ? err.code : "unknown";
  if (code === "object-not-found") return t("viewer.notFound");
  if (code === "unauthorized") return t("viewer.forbidden");
  if (code === "retry-limit-exceeded" || code === "network") return t(`errors.${code}`);
  return t("viewer.loadFailed");
}

/** /ViewDocument?id= : a PDF or an image of one's own, or shared with one, to read and download. */
export function ViewDocumentScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get("id");
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const meta = useQuery({ ...documentQuery(id ?? ""), enabled: Boolean(id) });
  const inline = useQuery({ ...inlineUrlQuery(id ?? ""), enabled: meta.isSuccess });
  const verification = useQuery({
    ...verificationQuery(id ?? ""),
    enabled: meta.isSuccess && meta.data.kind === "contrato",
  });
  // A party opens the sealed contract: the survey after a rental triggers on it (only with a yes).
  const sealed = verification.data?.sealed === true;
  useEffect(() => {
    if (sealed) captureEvent(SEALED_CONTRACT_VIEWED);
  }, [sealed]);

  async function download() {
    if (!id) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      const { url } = await attachmentUrl(id);
      const a = document.createElement("a");
      a.href = url;
      a.rel = "noopener";
      document.body.append(a);
      a.click();
      a.remove();
    } catch (err) {
      setDownloadError(problemText(err, t));
    } finally {
      setDownloading(false);
    }
  }

  let body: React.ReactNode;
  if (!id) body = <Alert color="yellow">{t("viewer.missingId")}</Alert>;
  else if (meta.isPending) body = <Loader aria-label={t("viewer.loading")} />;
  else if (meta.data === undefined)
    body = (
      <Alert color="red" role="alert" data-testid="viewer-error">
        {problemText(meta.error, t)}
      </Alert>
    );
  else {
    const doc = meta.data;
    body = (
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <PageHeader
              title={doc.fileName}
              size="h3"
              titleProps={{ style: { overflowWrap: "anywhere" }, "data-testid": "document-name" }}
            />
            <Text size="sm" c="dimmed">
              {t(`documents.kinds.${doc.kind}`)} ·{" "}
              {t("viewer.details", {
                type:
                  doc.contentType === "application/pdf"
                    ? "PDF"
                    : doc.contentType.replace("image/", "").toUpperCase(),
                size: formatBytes(doc.size, i18n.language),
                date: formatDate(doc.createdAt, i18n.language),
              })}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" title={doc.sha256}>
              {t("viewer.sha256", { hash: `${doc.sha256.slice(0, 16)}…` })}
            </Text>
            {doc.access === "reader" && (
              <Badge variant="light" w="fit-content">
                {t("viewer.sharedWithYou")}
              </Badge>
            )}
          </Stack>
          <Group gap="xs">
            <Button variant="default" onClick={() => void navigate(-1)}>
              {t("viewer.back")}
            </Button>
            <Button leftSection={<IconDownload size={16} />} onClick={download} loading={downloading}>
              {t("viewer.download")}
            </Button>
          </Group>
        </Group>
        {verification.data?.sealed && <SealVerdict verdict={verification.data} />}
        {/* A lease's file: the documents signed on it since (its laudos de vistoria), beside it. */}
        {doc.kind === "contrato" && doc.contractId && <LeaseDocuments leaseId={doc.contractId} />}
        {downloadError && (
          <Alert color="red" role="alert">
            {downloadError}
          </Alert>
        )}
        {inline.isError && (
          <Alert color="red" role="alert">
            {problemText(inline.error, t)}
          </Alert>
        )}
        {inline.data &&
          (doc.contentType === "application/pdf" ? (
            <PdfView url={inline.data.url} />
          ) : (
            <ImageView url={inline.data.url} alt={doc.fileName} />
          ))}
      </Stack>
    );
  }

  return (
    <Container size="md" py="xl">
      <Card withBorder padding="lg">
        {/* The document's name is the page's h1 once it is known; until then, or without it, "Documento". */}
        {meta.data === undefined && (
          <PageHeader title={t("viewer.title")} size="h3" titleProps={{ mb: "sm" }} />
        )}
        {body}
      </Card>
    </Container>
  );
}
