import { Container } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { LeasePage } from "../../features/rent/lease-page";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /Locacao?id=<lease>: a signed lease's terms now, charges, account and documents (issue 32). */
export function LocacaoScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get("id") ?? "";
  return (
    <Container size="sm" py="lg" px="sm">
      {UUID.test(id) ? (
        <LeasePage id={id} key={id} />
      ) : (
        // Every screen has its one h1, this one too (the accessibility sweep opens it bare).
        <PageHeader title={t("lease.screenTitle")} lead={t("lease.badLink")} />
      )}
    </Container>
  );
}
