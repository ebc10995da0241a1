import { Badge, Button, Card, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { InspectionKind } from "../../../shared/contracts/inspections";
import { PageHeader } from "../../components/page-header";
import { useErrorText } from "../../lib/error-text";
import { leaseReportsQuery, useStartReport } from "./api";

/** /Vistoria?contrato=…: a lease's reports, and the landlord's way to start the next one. */
export function LeaseReports({ contractId }: { contractId: string }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const navigate = useNavigate();
  const reports = useQuery(leaseReportsQuery(contractId));
  const start = useStartReport(contractId);
  if (reports.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t("inspection.loading")} />
      </Center>
    );
  if (reports.isError)
    return (
      <Text c="red" role="alert">
        {errors.message(reports.error)}
      </Text>
    );
  const items = reports.data.items;
  const entry = items.find((r) => r.tipo === "entrada");
  const exit = items.find((r) => r.tipo === "saida");
  // The landlord reads their role from any report; with none yet, the start is offered and the
  // server refuses the tenant (403) — so the tenant is told what waits instead, below.
  const landlord = items.length === 0 ? null : items[0]?.papel === "landlord";
  const next: InspectionKind | null = !entry
    ? "entrada"
    : !exit && entry.status !== "rascunho" && entry.status !== "revisao" && entry.status !== "respostas"
      ? "saida"
      : null;
  const startReport = (tipo: InspectionKind) =>
    start.mutate(tipo, { onSuccess: (r) => void navigate(`/Vistoria?id=${r.id}`) });

  return (
    <Stack gap="md">
      <PageHeader title={t("inspection.leaseTitle")} lead={t("inspection.leaseLead")} />
      {items.map((r) => (
        <Card key={r.id} withBorder padding="sm" data-testid="inspection-report-card">
          <Group justify="space-between">
            <Text fw={600}>{t(`inspection.title.${r.tipo}`)}</Text>
            <Badge variant="light">{t(`inspection.statusName.${r.status}`)}</Badge>
          </Group>
          <Button component={Link} to={`/Vistoria?id=${r.id}`} variant="light" mt="xs">
            {t("inspection.open")}
          </Button>
        </Card>
      ))}
      {items.length === 0 && <Text size="sm">{t("inspection.none")}</Text>}
      {next && landlord !== false && (
        <Button loading={start.isPending} onClick={() => startReport(next)}>
          {t(`inspection.start.${next}`)}
        </Button>
      )}
      {start.error && (
        <Text size="sm" c="red" role="alert">
          {errors.message(start.error)}
        </Text>
      )}
    </Stack>
  );
}
