import { Button, Card, Center, Loader, Paper, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { damageTotal, type InspectionView } from "../../../shared/contracts/inspections";
import { brazilDateTime } from "../../../shared/contracts/proposals";
import { formatBRL } from "../../../shared/money";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/page-header";
import { useErrorText } from "../../lib/error-text";
import { storage } from "../../lib/storage";
import { useUploads } from "../../lib/use-upload";
import { reportQuery } from "./api";
import { newRoom, removeRoom, ungraded } from "./content";
import { InviteInspector } from "./invite-inspector";
import { MetersAndKeys } from "./meters-keys";
import { PhotosArchive, ReportActions, ReportStatus } from "./report-status";
import { type Editing, RoomCard } from "./room-card";
import { useReportDraft } from "./use-report-draft";

/** /Vistoria?id=…: one report, as the landlord fills it or the tenant reviews it. */
export function ReportPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const report = useQuery(reportQuery(id));
  if (report.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t("inspection.loading")} />
      </Center>
    );
  if (report.isError)
    return (
      <Text c="red" role="alert">
        {errors.message(report.error)}
      </Text>
    );
  return <Report report={report.data} />;
}

function Report({ report }: { report: InspectionView }) {
  const { t } = useTranslation();
  const { state } = useAuth();
  const user = state.status === "signed-in" ? state.user : null;
  // The landlord fills the draft, and so does the inspector she invited.
  const editable = report.papel !== "tenant" && report.status === "rascunho";
  const draft = useReportDraft(report, editable);
  const content = editable ? draft.content : report.conteudo;
  const editing: Editing | null = editable
    ? {
        content,
        change: draft.change,
        userId: user?.id ?? null,
        dropPhoto: (photoId) => void storage.deleteObject(photoId).catch(() => undefined),
      }
    : null;
  const turn =
    report.status === "revisao" && report.papel === "tenant"
      ? "review"
      : report.status === "respostas" && report.papel === "landlord"
        ? "answer"
        : null;
  const save = editable
    ? { state: draft.state, problem: draft.problem, reload: draft.reload, flush: draft.flush }
    : null;
  // What is still uploading to this report, said at the top as well as beside each photo.
  const uploading = useUploads().filter(
    (u) => u.folder.startsWith(`vistorias/${report.id}/`) && (u.state === "running" || u.state === "paused"),
  ).length;

  return (
    <Stack gap="md">
      <PageHeader title={t(`inspection.title.${report.tipo}`)} lead={t("inspection.lead")} />
      <ReportStatus report={report} save={save} />
      {report.papel === "landlord" && report.status === "rascunho" && <InviteInspector report={report} />}
      {uploading > 0 && (
        <Text size="sm" c="blue.8" role="status" data-testid="inspection-uploading">
          {t("inspection.uploading", { count: uploading })}
        </Text>
      )}
      {content.comodos.map((room) => (
        <RoomCard
          key={room.id}
          report={report}
          room={room}
          editing={editing}
          turn={turn}
          onRemove={() => editing?.change(removeRoom(content, room.id))}
        />
      ))}
      {editing && (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            editing.change({ ...content, comodos: [...content.comodos, newRoom(t("inspection.newRoom"))] })
          }
        >
          {t("inspection.addRoom")}
        </Button>
      )}
      <MetersAndKeys reportId={report.id} content={content} editing={editing} />
      {report.tipo === "saida" && (
        <Card withBorder padding="sm" data-testid="inspection-damage-total">
          <Text fw={600}>{t("inspection.damageTotal", { total: formatBRL(damageTotal(content)) })}</Text>
          <Text size="xs" c="dimmed">
            {t("inspection.damageTotalLead")}
          </Text>
        </Card>
      )}
      <PhotosArchive report={report} />
      <Card withBorder padding="sm">
        <Text fw={600} mb="xs">
          {t("inspection.history")}
        </Text>
        <Stack gap={4} component="ol" style={{ margin: 0, paddingLeft: 18 }}>
          {report.historico.map((h, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows; its order is its identity.
            <li key={n}>
              <Text size="sm">{t(`inspection.steps.${h.acao}`, { defaultValue: h.acao })}</Text>
              <Text size="xs" c="dimmed">
                {h.quem} · {brazilDateTime(new Date(h.em))}
              </Text>
            </li>
          ))}
        </Stack>
      </Card>
      <Paper
        withBorder
        shadow="sm"
        p="sm"
        style={{ position: "sticky", bottom: 0, zIndex: 2 }}
        data-testid="inspection-actions"
      >
        <ReportActions report={report} ungradedCount={ungraded(content)} save={save} />
      </Paper>
    </Stack>
  );
}
