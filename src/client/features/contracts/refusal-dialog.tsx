import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { refuseInput } from "../../../shared/contracts/contracts";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { TextareaField, TextField } from "../../components/fields/text-fields";

export type RefuseForm = UseFormReturn<z.input<typeof refuseInput>, unknown, z.output<typeof refuseInput>>;

/** Refusing to sign: the e-mailed code and the reason the other signers read. */
export function RefusalDialog({
  form,
  opened,
  onClose,
  onConfirm,
  pending,
  error,
}: {
  form: RefuseForm;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title={t("contract.refuseTitle")}
      error={error}
      confirmLabel={t("contract.refuse")}
      confirmColor="red"
      pending={pending}
      onConfirm={onConfirm}
    >
      <TextField control={form.control} name="codigo" label={t("contract.code")} maxLength={6} />
      <TextareaField
        control={form.control}
        name="motivo"
        label={t("contract.reason")}
        minRows={3}
        autosize
        maxLength={1000}
      />
    </ConfirmDialog>
  );
}
