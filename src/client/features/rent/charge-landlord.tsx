import { Button, Card, Checkbox, Stack, Text, TextInput } from "@mantine/core";
import { IconCash, IconPlus } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChargeView } from "../../../shared/contracts/rent";
import { formatBRL } from "../../../shared/money";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useErrorText } from "../../lib/error-text";
import { useConfirmPayment } from "./api";
import { brazilToday, feesOn, isDay } from "./charge-format";

/** The landlord's moves on an open charge: say the money arrived, or add an amount or a discount. */
/** The add-line dialog comes when opened: few visits to a charge add a line. */
const AddLineDialog = lazy(() => import("./charge-add-line").then((m) => ({ default: m.AddLineDialog })));

export function ChargeLandlordActions({ charge }: { charge: ChargeView }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<"receive" | "line" | null>(null);
  return (
    <Card withBorder padding="md" data-testid="charge-landlord">
      <Stack gap="xs">
        <Button size="md" fullWidth leftSection={<IconCash size={18} />} onClick={() => setDialog("receive")}>
          {t("charge.receive.open")}
        </Button>
        {/* A charge registered at the PSP with its amount takes no more lines: the next one does. */}
        {charge.aceitaLancamentos && (
          <Button
            variant="light"
            fullWidth
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog("line")}
          >
            {t("charge.addLine.open")}
          </Button>
        )}
      </Stack>
      {/* Mounted while open only: each opening starts from today's date and an empty form. */}
      {dialog === "receive" && <ReceiveDialog charge={charge} onClose={() => setDialog(null)} />}
      {dialog === "line" && (
        <Suspense fallback={null}>
          <AddLineDialog charge={charge} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </Card>
  );
}

/** "Recebi": the day the money arrived (today at most), the fees of that day, or their waiver. */
function ReceiveDialog({ charge, onClose }: { charge: ChargeView; onClose: () => void }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const confirm = useConfirmPayment(charge.id);
  const today = brazilToday();
  const [pagoEm, setPagoEm] = useState(today);
  const [waive, setWaive] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A day still to come is refused: no amount is worked out for it (it read as if it could be).
  const fees = isDay(pagoEm) && pagoEm <= today ? feesOn(charge, pagoEm) : null;
  const late = fees !== null && fees.diasAtraso > 0;
  const waived = late && waive;
  const recorded = fees === null ? null : waived ? charge.valor : fees.total;

  function submit() {
    if (!isDay(pagoEm)) return setProblem(errors.field("invalid-date") ?? null);
    if (pagoEm > today) return setProblem(errors.field("rent-payment-future") ?? null);
    setProblem(null);
    confirm.mutate({ pagoEm, dispensarEncargos: waived }, { onSuccess: onClose });
  }

  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      title={t("charge.receive.title")}
      confirmLabel={t("charge.receive.confirm")}
      pending={confirm.isPending}
      error={confirm.error ? errors.message(confirm.error) : null}
      onConfirm={submit}
    >
      <Text size="sm">{t("charge.receive.lead")}</Text>
      <TextInput
        type="date"
        label={t("charge.receive.date")}
        value={pagoEm}
        max={today}
        onChange={(e) => {
          setPagoEm(e.currentTarget.value);
          setProblem(null);
        }}
        error={problem}
        required
      />
      {late && (
        <Checkbox
          label={t("charge.receive.waive")}
          checked={waive}
          onChange={(e) => setWaive(e.currentTarget.checked)}
        />
      )}
      {fees && recorded !== null && (
        <Stack gap={2} data-testid="charge-receive-amount">
          <Text fw={700}>{t("charge.receive.amount", { valor: formatBRL(recorded) })}</Text>
          {late && (
            <Text size="sm" c="dimmed">
              {waived
                ? t("charge.receive.waived", { count: fees.diasAtraso })
                : t("charge.receive.breakdown", {
                    count: fees.diasAtraso,
                    base: formatBRL(charge.valor),
                    multa: formatBRL(fees.multa),
                    juros: formatBRL(fees.juros),
                  })}
            </Text>
          )}
        </Stack>
      )}
    </ConfirmDialog>
  );
}
