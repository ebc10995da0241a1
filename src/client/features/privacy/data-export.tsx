import { Alert, Button, Card, Progress, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { apiPaths } from "../../../shared/api-paths";
import { useErrorText } from "../../lib/error-text";
import { exportQuery, useRequestExport } from "./api/privacy";

/** A size as people read it: 1,5 KB, 3,2 MB. */
function sizeOf(bytes: number, locale: string): string {
  const [value, unit] = bytes < 1024 * 1024 ? [Math.max(bytes, 1) / 1024, "KB"] : [bytes / 1024 / 1024, "MB"];
  return `${value.toLocaleString(locale, { maximumFractionDigits: 1 })} ${unit}`;
}

/**
 * "Baixar meus dados" (LGPD art. 18, II and V): asks for the zip, shows the job's progress live,
 * and, opened from the e-mailed link (?exportacao=…&token=…), offers the one download.
 */
export function DataExport() {
  const { t, i18n } = useTranslation();
  const err = useErrorText();
  const [params] = useSearchParams();
  const card = useRef<HTMLDivElement>(null);
  const latest = useQuery(exportQuery());
  const request = useRequestExport();
  const e = latest.data;
  const linkId = params.get("exportacao");
  const token = params.get("token");
  const fromLink = e && linkId === e.id && token && e.status === "pronto";
  // Opened from the e-mailed link: the card (and its one button) is what the person came for.
  useEffect(() => {
    if (linkId) card.current?.scrollIntoView({ block: "start" });
  }, [linkId]);
  return (
    <Card withBorder padding="lg" data-testid="data-export" ref={card} id="meus-dados">
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
            {t("privacy.export.download", { size: sizeOf(e.size ?? 0, i18n.language) })}
          </Button>
        )}
        {e?.status === "baixado" && <Text size="sm">{t("privacy.export.downloaded")}</Text>}
        {linkId && e && e.id === linkId && (e.status === "expirado" || e.status === "falhou") && (
          <Alert color="yellow">{t("errors.invalid-export-link")}</Alert>
        )}
        {linkId && e && e.id !== linkId && <Alert color="yellow">{t("privacy.export.replaced")}</Alert>}
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
            {e && e.status !== "falhou" ? t("privacy.export.askAgain") : t("privacy.export.ask")}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
