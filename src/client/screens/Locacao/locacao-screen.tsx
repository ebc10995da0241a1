import { useTranslation } from "react-i18next";
import { ByIdScreen } from "../../components/by-id-screen";
import { LeasePage } from "../../features/rent/lease-page";

/** /Locacao?id=<lease>: a signed lease's terms now, charges, account and documents (issue 32). */
export function LocacaoScreen() {
  const { t } = useTranslation();
  return (
    <ByIdScreen
      title={t("lease.screenTitle")}
      badLink={t("lease.badLink")}
      way={{ to: "/AluguelHistorico", label: t("charge.backToHistory") }}
    >
      {(id) => <LeasePage id={id} key={id} />}
    </ByIdScreen>
  );
}
