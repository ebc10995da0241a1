import { Anchor, Center, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ChargeView } from "../../../shared/contracts/rent";
import { PageHeader } from "../../components/page-header";
import { useErrorText } from "../../lib/error-text";
import { chargeQuery } from "./api";
import { ChargeLandlordActions } from "./charge-landlord";
import { ChargePaid } from "./charge-paid";
import { ChargePix } from "./charge-pix";
import { ChargeProof } from "./charge-proof";
import { ChargeAmount, ChargeHeader } from "./charge-summary";

/**
 * /Cobranca?id=…: one month's rent charge, as the tenant pays it from a phone (the amount of the
 * day, its Pix, the proof) and as the landlord follows it (says the money arrived, adds a line).
 */
export function ChargePage({ id }: { id: string }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const charge = useQuery(chargeQuery(id));
  if (charge.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t("charge.loading")} />
      </Center>
    );
  if (charge.isError)
    return (
      <Stack gap="md">
        <PageHeader title={t("charge.screenTitle")} />
        <Text c="red" role="alert">
          {errors.message(charge.error)}
        </Text>
        <Anchor component={Link} to="/AluguelHistorico">
          {t("charge.backToHistory")}
        </Anchor>
      </Stack>
    );
  return <Charge charge={charge.data} />;
}

function Charge({ charge }: { charge: ChargeView }) {
  const { t } = useTranslation();
  const open = charge.status === "aberta";
  const landlord = charge.papel === "locador";
  return (
    <Stack gap="md" data-testid="charge-page">
      <ChargeHeader charge={charge} />
      <ChargeAmount charge={charge} />
      {charge.status === "cancelada" && (
        <Text size="sm" data-testid="charge-cancelled">
          {t("charge.cancelled")}
        </Text>
      )}
      {open && landlord && <ChargeLandlordActions charge={charge} />}
      {(charge.pagamentos.length > 0 || charge.status === "paga") && <ChargePaid charge={charge} />}
      {/* The tenant pays first and sends the proof after; the landlord looks for the proof first. */}
      {open && !landlord && <ChargePix charge={charge} />}
      <ChargeProof charge={charge} />
      {open && landlord && <ChargePix charge={charge} />}
    </Stack>
  );
}
