import { Textarea, TextInput } from "@mantine/core";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { refuseInput } from "../../../shared/contracts/contracts";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useErrorText } from "../../lib/error-text";

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
  const err = useErrorText();
  const errors = form.formState.errors;
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
      <TextInput
        label={t("contract.code")}
        {...form.register("codigo")}
        maxLength={6}
        error={err.field(errors.codigo?.message)}
      />
      <Textarea
        label={t("contract.reason")}
        {...form.register("motivo")}
        minRows={3}
        autosize
        maxLength={1000}
        error={err.field(errors.motivo?.message)}
      />
    </ConfirmDialog>
  );
}
