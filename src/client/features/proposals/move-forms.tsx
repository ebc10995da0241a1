import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  rejectFields,
  requestDocumentsFields,
  requestGuarantorFields,
  sendDocumentsFields,
} from "../../../shared/contracts/proposals";
import { TextareaField } from "../../components/fields/text-fields";

/**
 * The form of one move with fields (the reason to reject, the documents to ask for), validated by
 * that move's shared schema, the one the server applies.
 */
function useMoveForm<S extends z.ZodObject>(fields: S, defaultValues: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(fields),
    defaultValues,
    reValidateMode: "onSubmit",
  });
}

/** The forms of the moves with fields, kept while their panels or dialogs close and open again. */
export function useMoveForms() {
  return {
    rejecting: useMoveForm(rejectFields, { motivo: "" }),
    replacing: useMoveForm(requestGuarantorFields, { motivo: "" }),
    requesting: useMoveForm(requestDocumentsFields, { documentos: [], mensagem: "" }),
    sending: useMoveForm(sendDocumentsFields, { documentos: [] }),
  };
}

export type MoveForms = ReturnType<typeof useMoveForms>;

/** The reason a move asks for (rejecting, asking for another guarantor), under its schema's rule. */
export function ReasonField({
  form,
}: {
  form: UseFormReturn<{ motivo: string }, unknown, { motivo: string }>;
}) {
  const { t } = useTranslation();
  return (
    <TextareaField
      control={form.control}
      name="motivo"
      label={t("proposal.reason")}
      minRows={3}
      autosize
      maxLength={1000}
    />
  );
}
