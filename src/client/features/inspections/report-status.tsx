import { Alert, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { apiPaths } from "../../../shared/api-paths";
import type { InspectionView } from "../../../shared/contracts/inspections";
import { brazilDateTime } from "../../../shared/contracts/proposals";
import { useErrorText } from "../../lib/error-text";
import { useFinishReport, useSubmitReview, useToSign } from "./api";
import type { SaveState } from "./use-report-draft";

export interface SaveStatus {
  state: SaveState;
  problem: string | null;
  reload: () => void;
  flush: () => Promise<void>;
}

/** Where the report is and what the reader does next, and whether the draft is saved. */
export function ReportStatus({ report, save }: { report: InspectionView; save: SaveStatus | null }) {
  const { t } = useTranslation();
  const until = report.revisaoAte ? brazilDateTime(new Date(report.revisaoAte)) : "";
  const contests = Object.keys(report.contestacoes).length;
  const open = Object.values(report.contestacoes).filter((c) => !c.resposta).length;
  const key = `${report.status}.${report.papel}`;

  return (
    <Stack gap="xs" data-testid="inspection-status" data-status={report.status}>
      <Alert color={report.status === "assinada" ? "green" : "blue"} variant="light">
        <Text size="sm">
          {t(`inspection.status.${key}`, { until, count: open, contests })}
          {report.concordanciaTacita && report.status !== "rascunho" ? ` ${t("inspection.tacit")}` : ""}
        </Text>
      </Alert>
      {save && (
        <Text
          size="xs"
          c={save.state === "saved" || save.state === "saving" ? "dimmed" : "red"}
          role="status"
          data-testid="inspection-save"
        >
          {t(`inspection.save.${save.state}`)}
          {save.problem ? ` ${save.problem}` : ""}
        </Text>
      )}
      {save?.state === "stale" && (
        <Button size="compact-sm" variant="light" onClick={save.reload} style={{ alignSelf: "flex-start" }}>
          {t("inspection.reload")}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The step's button (send for review, send the review, write the laudo, open it), kept at the
 * foot of the phone's screen however far down the report one has scrolled.
 */
export function ReportActions({
  report,
  ungradedCount,
  save,
}: {
  report: InspectionView;
  ungradedCount: number;
  save: SaveStatus | null;
}) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const finish = useFinishReport(report.id);
  const submit = useSubmitReview(report.id);
  const toSign = useToSign(report.id);
  const landlord = report.papel === "landlord";
  const contests = Object.keys(report.contestacoes).length;
  const failed = finish.error ?? submit.error ?? toSign.error;
  return (
    <Stack gap={4}>
      {failed && (
        <Text size="sm" c="red" role="alert">
          {errors.message(failed)}
        </Text>
      )}
      <Group gap="xs">
        {landlord && report.status === "rascunho" && (
          <Button
            loading={finish.isPending}
            disabled={save?.state === "stale"}
            onClick={async () => {
              await save?.flush();
              finish.mutate();
            }}
          >
            {t("inspection.finish")}
          </Button>
        )}
        {landlord && report.status === "rascunho" && ungradedCount > 0 && (
          <Text size="xs" c="dimmed">
            {t("inspection.ungraded", { count: ungradedCount })}
          </Text>
        )}
        {!landlord && report.status === "revisao" && (
          <Button loading={submit.isPending} onClick={() => submit.mutate()}>
            {t("inspection.submitReview", { count: contests })}
          </Button>
        )}
        {landlord && report.status === "concluida" && (
          <Button loading={toSign.isPending} onClick={() => toSign.mutate()}>
            {t("inspection.toSign")}
          </Button>
        )}
        {report.documentoId && (report.status === "assinatura" || report.status === "assinada") && (
          <Button component={Link} to={`/Clicksign?contrato=${report.documentoId}`} variant="light">
            {t("inspection.openLaudo")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The laudo's original photos as one zip, and the SHA-256 the laudo states for it. */
export function PhotosArchive({ report }: { report: InspectionView }) {
  const { t } = useTranslation();
  if (!report.arquivoFotos) return null;
  return (
    <Card withBorder padding="sm" data-testid="inspection-archive">
      <Stack gap={4}>
        <Button
          component="a"
          href={apiPaths.inspections.photosArchive(report.id)}
          download
          variant="light"
          style={{ alignSelf: "flex-start" }}
        >
          {t("inspection.downloadPhotos")}
        </Button>
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {t("inspection.archiveHash", { hash: report.arquivoFotos.sha256 })}
        </Text>
      </Stack>
    </Card>
  );
}
