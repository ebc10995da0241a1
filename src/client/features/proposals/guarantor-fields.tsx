import { SimpleGrid, Text, TextInput } from "@mantine/core";
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

/** The tenant names the guarantor: the landlord accepts this person or asks for another. */
export function GuarantorFields({
  value,
  onChange,
  errors,
}: {
  value: GuarantorDraft;
  onChange: (v: GuarantorDraft) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const set = (patch: Partial<GuarantorDraft>) => onChange({ ...value, ...patch });
  return (
    <div data-testid="guarantor-fields">
      <Text fw={600}>{t("proposal.guarantor")}</Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t("proposal.guarantorLead")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("proposal.guarantorName")}
          value={value.nome}
          maxLength={150}
          onChange={(e) => set({ nome: e.currentTarget.value })}
          error={err.field(errors["fiador.nome"])}
        />
        <TextInput
          label={t("proposal.guarantorCpf")}
          value={value.cpf}
          maxLength={14}
          inputMode="numeric"
          onChange={(e) => set({ cpf: e.currentTarget.value })}
          error={err.field(errors["fiador.cpf"])}
        />
        <TextInput
          label={t("proposal.guarantorEmail")}
          type="email"
          value={value.email}
          maxLength={254}
          onChange={(e) => set({ email: e.currentTarget.value })}
          error={err.field(errors["fiador.email"])}
        />
        <TextInput
          label={t("proposal.guarantorRelationship")}
          placeholder={t("proposal.guarantorRelationshipHint")}
          value={value.parentesco}
          maxLength={60}
          onChange={(e) => set({ parentesco: e.currentTarget.value })}
          error={err.field(errors["fiador.parentesco"] ?? errors.fiador)}
        />
      </SimpleGrid>
    </div>
  );
}
