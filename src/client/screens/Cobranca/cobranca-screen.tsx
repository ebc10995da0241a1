import { Container } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { ChargePage } from "../../features/rent/charge-page";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /Cobranca?id=<charge>: one month's rent charge (issue 32). */
export function CobrancaScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get("id") ?? "";
  return (
    <Container size="sm" py="lg" px="sm">
      {UUID.test(id) ? (
        <ChargePage id={id} key={id} />
      ) : (
        // Every screen has its one h1, this one too (the accessibility sweep opens it bare).
        <PageHeader title={t("charge.screenTitle")} lead={t("charge.badLink")} />
      )}
    </Container>
  );
}
