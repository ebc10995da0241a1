import { Alert, Button, Card, Progress, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { apiPaths } from "../../../shared/api-paths";
import { useErrorText } from "../../lib/error-text";
import { exportQuery, useRequestExport } from "./api/privacy";

const mb = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;

/**
 * "Baixar meus dados" (LGPD art. 18, II and V): asks for the zip, shows the job's progress live,
 * and, opened from the e-mailed link (?exportacao=…&token=…), offers the one download.
 */
export function DataExport() {
  const { t } = useTranslation();
  const err = useErrorText();
  const [params] = useSearchParams();
  const latest = useQuery(exportQuery());
  const request = useRequestExport();
  const e = latest.data;
  const linkId = params.get("exportacao");
  const token = params.get("token");
  const fromLink = e && linkId === e.id && token && e.status === "pronto";
  return (
    <Card withBorder padding="lg" data-testid="data-export">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("privacy.export.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("privacy.export.lead")}
        </Text>
        {e?.status === "preparando" && (
          <Stack gap={4}>
            <Text size="sm" id="export-progress-label">
              {t("privacy.export.preparing", { progress: e.progress })}
            </Text>
            <Progress value={e.progress} aria-labelledby="export-progress-label" animated />
          </Stack>
        )}
        {e?.status === "pronto" && !fromLink && <Alert color="teal">{t("privacy.export.ready")}</Alert>}
        {fromLink && (
          <Button
            component="a"
            href={`${apiPaths.privacy.download(e.id)}?token=${encodeURIComponent(token)}`}
            download
            data-testid="download-export"
          >
            {t("privacy.export.download", { size: mb(e.size ?? 0) })}
          </Button>
        )}
        {e?.status === "baixado" && <Text size="sm">{t("privacy.export.downloaded")}</Text>}
        {linkId && e && e.id === linkId && e.status !== "pronto" && e.status !== "preparando" && (
          <Alert color="yellow">{t("errors.invalid-export-link")}</Alert>
        )}
        {e?.status === "falhou" && <Alert color="red">{t("privacy.export.failed")}</Alert>}
        {request.error && (
          <Alert color="red" role="alert">
            {err.message(request.error)}
          </Alert>
        )}
        {e?.status !== "preparando" && !fromLink && (
          <Button
            variant="default"
            onClick={() => request.mutate()}
            loading={request.isPending}
            disabled={latest.isPending}
          >
            {t("privacy.export.ask")}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
