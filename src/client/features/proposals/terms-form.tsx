import { NumberInput, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type ProposalTerms, proposalTerms } from "../../../shared/contracts/proposals";
import { useErrorText } from "../auth/error-text";

/** Terms as typed: the rent in reais. */
export interface TermsDraft {
  aluguel: number | "";
  dataEntrada: string;
  prazoMeses: number | "";
  garantia: string | null;
}

export function draftFrom(terms: ProposalTerms): TermsDraft {
  return { ...terms, aluguel: terms.aluguel / 100 };
}

/** The draft checked by the shared contract: the terms, or each field's message code. */
export function checkTerms(d: TermsDraft): { terms: ProposalTerms | null; errors: Record<string, string> } {
  const parsed = proposalTerms.safeParse({
    aluguel: d.aluguel === "" ? undefined : Math.round(Number(d.aluguel) * 100),
    dataEntrada: d.dataEntrada,
    prazoMeses: d.prazoMeses === "" ? undefined : Number(d.prazoMeses),
    garantia: d.garantia ?? undefined,
  });
  if (parsed.success) return { terms: parsed.data, errors: {} };
  return {
    terms: null,
    errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])),
  };
}

export function TermsFields({
  value,
  onChange,
  guarantees,
  errors,
}: {
  value: TermsDraft;
  onChange: (v: TermsDraft) => void;
  guarantees: string[];
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const f = (k: string) => t(`proposal.fields.${k}`);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NumberInput
        label={f("aluguel")}
        value={value.aluguel}
        onChange={(v) => onChange({ ...value, aluguel: v === "" ? "" : Number(v) })}
        decimalSeparator=","
        thousandSeparator="."
        decimalScale={2}
        prefix="R$ "
        min={0}
        error={err.field(errors.aluguel)}
      />
      <TextInput
        type="date"
        label={f("dataEntrada")}
        value={value.dataEntrada}
        onChange={(e) => onChange({ ...value, dataEntrada: e.currentTarget.value })}
        error={err.field(errors.dataEntrada)}
      />
      <NumberInput
        label={f("prazoMeses")}
        value={value.prazoMeses}
        onChange={(v) => onChange({ ...value, prazoMeses: v === "" ? "" : Number(v) })}
        min={1}
        max={120}
        allowDecimal={false}
        error={err.field(errors.prazoMeses)}
      />
      <Select
        label={f("garantia")}
        data={guarantees.map((g) => ({ value: g, label: t(`listings.guarantees.${g}`) }))}
        value={value.garantia}
        onChange={(v) => onChange({ ...value, garantia: v })}
        error={err.field(errors.garantia)}
      />
    </SimpleGrid>
  );
}
