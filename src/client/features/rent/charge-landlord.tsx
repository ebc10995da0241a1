import { Button, Card, Checkbox, SegmentedControl, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconCash, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ChargeView, chargeLineAdd } from "../../../shared/contracts/rent";
import { formatBRL, reaisToCentavos } from "../../../shared/money";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { MoneyInput } from "../../components/money-input";
import { useErrorText } from "../../lib/error-text";
import { useAddLine, useConfirmPayment } from "./api";
import { brazilToday, feesOn, isDay } from "./charge-format";

/** The landlord's moves on an open charge: say the money arrived, or add an amount or a discount. */
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
      {dialog === "line" && <AddLineDialog charge={charge} onClose={() => setDialog(null)} />}
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
  const fees = feesOn(charge, pagoEm);
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

type LineKind = "avulso" | "desconto";
type LineProblems = Partial<Record<"tipo" | "valor" | "motivo", string>>;

/** A one-off amount or a discount, with the reason the tenant reads. */
function AddLineDialog({ charge, onClose }: { charge: ChargeView; onClose: () => void }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const add = useAddLine(charge.id);
  const [tipo, setTipo] = useState<LineKind>("avulso");
  const [reais, setReais] = useState<number | "">("");
  const [motivo, setMotivo] = useState("");
  const [problems, setProblems] = useState<LineProblems>({});

  function submit() {
    const parsed = chargeLineAdd.safeParse({
      tipo,
      valor: reais === "" ? Number.NaN : reaisToCentavos(reais),
      motivo,
    });
    if (!parsed.success) {
      const next: LineProblems = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof LineProblems;
        next[key] ??= errors.field(issue.message);
      }
      return setProblems(next);
    }
    setProblems({});
    add.mutate(parsed.data, { onSuccess: onClose });
  }

  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      title={t("charge.addLine.title")}
      confirmLabel={t("charge.addLine.confirm")}
      pending={add.isPending}
      error={add.error ? errors.message(add.error) : (problems.tipo ?? null)}
      onConfirm={submit}
    >
      <Text size="sm">{t("charge.addLine.lead")}</Text>
      <SegmentedControl
        aria-label={t("charge.addLine.kind")}
        fullWidth
        value={tipo}
        onChange={(v) => setTipo(v as LineKind)}
        data={[
          { value: "avulso", label: t("charge.addLine.avulso") },
          { value: "desconto", label: t("charge.addLine.desconto") },
        ]}
      />
      <MoneyInput
        label={t("charge.addLine.amount")}
        value={reais}
        onChange={(v) => {
          setReais(v);
          setProblems((p) => ({ ...p, valor: undefined }));
        }}
        error={problems.valor}
        required
      />
      <Textarea
        label={t("charge.addLine.reason")}
        description={t("charge.addLine.reasonHelp")}
        value={motivo}
        onChange={(e) => {
          setMotivo(e.currentTarget.value);
          setProblems((p) => ({ ...p, motivo: undefined }));
        }}
        error={problems.motivo}
        maxLength={200}
        rows={2}
        required
      />
    </ConfirmDialog>
  );
}
