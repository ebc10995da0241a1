import { SegmentedControl, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ChargeView, chargeLineAdd } from "../../../shared/contracts/rent";
import { reaisToCentavos } from "../../../shared/money";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { MoneyInput } from "../../components/money-input";
import { useErrorText } from "../../lib/error-text";
import { useAddLine } from "./api";

type LineKind = "avulso" | "desconto";
type LineProblems = Partial<Record<"tipo" | "valor" | "motivo", string>>;

/** A one-off amount or a discount, with the reason the tenant reads. */
export function AddLineDialog({ charge, onClose }: { charge: ChargeView; onClose: () => void }) {
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
        keepMinus
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
