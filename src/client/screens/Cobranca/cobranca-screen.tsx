import { useTranslation } from "react-i18next";
import { ByIdScreen } from "../../components/by-id-screen";
import { ChargePage } from "../../features/rent/charge-page";

/** /Cobranca?id=<charge>: one month's rent charge (issue 32). */
export function CobrancaScreen() {
  const { t } = useTranslation();
  return (
    <ByIdScreen
      title={t("charge.screenTitle")}
      badLink={t("charge.badLink")}
      way={{ to: "/AluguelHistorico", label: t("charge.backToHistory") }}
    >
      {(id) => <ChargePage id={id} key={id} />}
    </ByIdScreen>
  );
}
