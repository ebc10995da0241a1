import { Button, Card, Group, Loader, Stack, Text } from "@mantine/core";
import { IconFileText } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ChargeView } from "../../../shared/contracts/rent";
import { formatBRL } from "../../../shared/money";
import { useChargeFormat } from "./charge-format";

/** The payments recorded, with the fees each carried, and the receipt once it is sealed. */
export function ChargePaid({ charge }: { charge: ChargeView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const recibo = charge.recibo;
  const receiptId = recibo?.selado ? recibo.documentoId : null;
  return (
    <Card withBorder padding="md" data-testid="charge-paid">
      <Stack gap="sm">
        {charge.pagamentos.length > 0 && (
          <Stack gap="xs">
            <Text fw={700}>{t("charge.payments.title")}</Text>
            {charge.pagamentos.map((p) => (
              <Stack key={p.id} gap={0} data-testid="charge-payment">
                <Text size="sm" fw={600}>
                  {t("charge.payments.item", { valor: formatBRL(p.valor), data: f.day(p.pagoEm) })}
                </Text>
                {p.multa + p.juros > 0 ? (
                  <Text size="sm">
                    {t("charge.payments.fees", {
                      count: p.diasAtraso,
                      multa: formatBRL(p.multa),
                      juros: formatBRL(p.juros),
                    })}
                  </Text>
                ) : (
                  p.dispensados && (
                    <Text size="sm">{t("charge.payments.waived", { count: p.diasAtraso })}</Text>
                  )
                )}
                <Text size="xs" c="dimmed">
                  {t(`charge.payments.forma.${p.forma}`)}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
        {charge.status === "paga" && (
          <Stack gap="xs" data-testid="charge-receipt">
            <Text fw={700}>
              {recibo
                ? t("charge.receipt.titleNumber", { numero: recibo.numero })
                : t("charge.receipt.title")}
            </Text>
            {receiptId ? (
              <Button
                component={Link}
                to={`/ViewDocument?id=${receiptId}`}
                leftSection={<IconFileText size={18} />}
                fullWidth
              >
                {t("charge.receipt.open")}
              </Button>
            ) : (
              // A live event refreshes the charge once the receipt is sealed.
              <Group gap="xs" role="status">
                <Loader size="xs" aria-hidden />
                <Text size="sm">{t("charge.receipt.sealing")}</Text>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
