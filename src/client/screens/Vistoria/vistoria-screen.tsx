import { useTranslation } from "react-i18next";
import { ByIdScreen, useIdParam } from "../../components/by-id-screen";
import { LeaseReports } from "../../features/inspections/lease-reports";
import { ReportPage } from "../../features/inspections/report-page";

/** /Vistoria?contrato=<lease>: its reports; /Vistoria?id=<report>: one report (issue 31). */
export function VistoriaScreen() {
  const { t } = useTranslation();
  const contrato = useIdParam("contrato");
  return (
    <ByIdScreen
      title={t("inspection.screenTitle")}
      badLink={t("inspection.badLink")}
      fallback={contrato ? <LeaseReports contractId={contrato} key={contrato} /> : undefined}
    >
      {(id) => <ReportPage id={id} key={id} />}
    </ByIdScreen>
  );
}
