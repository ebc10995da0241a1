import { Container } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { LeaseReports } from "../../features/inspections/lease-reports";
import { ReportPage } from "../../features/inspections/report-page";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /Vistoria?contrato=<lease>: its reports; /Vistoria?id=<report>: one report (issue 31). */
export function VistoriaScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get("id") ?? "";
  const contrato = search.get("contrato") ?? "";
  return (
    <Container size="sm" py="lg">
      {UUID.test(id) ? (
        <ReportPage id={id} key={id} />
      ) : UUID.test(contrato) ? (
        <LeaseReports contractId={contrato} key={contrato} />
      ) : (
        // Every screen has its one h1, this one too (the accessibility sweep opens it bare).
        <PageHeader title={t("inspection.screenTitle")} lead={t("inspection.badLink")} />
      )}
    </Container>
  );
}
