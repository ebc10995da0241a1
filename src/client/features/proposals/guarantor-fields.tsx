import { SimpleGrid, Text, TextInput } from "@mantine/core";
import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type Guarantor, guarantorInput } from "../../../shared/contracts/proposals";
import { useErrorText } from "../../lib/error-text";

export interface GuarantorDraft {
  nome: string;
  cpf: string;
  email: string;
  parentesco: string;
}

export const emptyGuarantor = (): GuarantorDraft => ({ nome: "", cpf: "", email: "", parentesco: "" });

/** The guarantor checked by the shared contract: the guarantor, or each field's message code. */
export function checkGuarantor(d: GuarantorDraft): {
  fiador: Guarantor | null;
  errors: Record<string, string>;
} {
  const parsed = guarantorInput.safeParse(d);
  if (parsed.success) return { fiador: parsed.data, errors: {} };
  return {
    fiador: null,
    errors: Object.fromEntries(parsed.error.issues.map((i) => [`fiador.${String(i.path[0])}`, i.message])),
  };
}

/**
 * The tenant names the guarantor: the landlord accepts this person or asks for another. Inside a
 * form (FormProvider) whose values hold the guarantor under `fiador`.
 */
export function GuarantorFields() {
  const { t } = useTranslation();
  const err = useErrorText();
  const { register, formState } = useFormContext<{ fiador: GuarantorDraft }>();
  const errors = formState.errors.fiador;
  return (
    <div data-testid="guarantor-fields">
      <Text fw={600}>{t("proposal.guarantor")}</Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t("proposal.guarantorLead")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("proposal.guarantorName")}
          maxLength={150}
          {...register("fiador.nome")}
          error={err.field(errors?.nome?.message)}
        />
        <TextInput
          label={t("proposal.guarantorCpf")}
          maxLength={14}
          inputMode="numeric"
          {...register("fiador.cpf")}
          error={err.field(errors?.cpf?.message)}
        />
        <TextInput
          label={t("proposal.guarantorEmail")}
          type="email"
          maxLength={254}
          {...register("fiador.email")}
          error={err.field(errors?.email?.message)}
        />
        <TextInput
          label={t("proposal.guarantorRelationship")}
          placeholder={t("proposal.guarantorRelationshipHint")}
          maxLength={60}
          {...register("fiador.parentesco")}
          error={err.field(errors?.parentesco?.message ?? errors?.message)}
        />
      </SimpleGrid>
    </div>
  );
}
