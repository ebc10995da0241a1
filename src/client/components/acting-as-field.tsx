import type { FieldValues, Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatCnpj } from "../../shared/cnpj";
import type { CompanyView } from "../../shared/contracts/companies";
import { SelectField } from "./fields/select-field";
import type { BoundField } from "./fields/use-form-field";

/** What names a company in a list: its trade name (or its registered one) and its CNPJ. */
export type CompanyChoice = Pick<CompanyView, "id" | "razaoSocial" | "nomeFantasia" | "cnpj">;

export const companyLabel = (c: CompanyChoice) =>
  `${c.nomeFantasia ?? c.razaoSocial} · ${formatCnpj(c.cnpj)}`;

/** The option that stands for oneself; the form holds null for it. */
const SELF = "self";

/**
 * "Em nome de": oneself or one of one's companies (issue 34), for a unit let or a proposal made in
 * a company's name. The form holds the company's id, or null for oneself. Drawn only for someone
 * with a company: an individual's forms stay as they were.
 */
export function ActingAsField<T extends FieldValues, N extends Path<T>, Out = T>({
  companies,
  description,
  ...bound
}: BoundField<T, N, Out> & { companies: readonly CompanyChoice[]; description?: string }) {
  const { t } = useTranslation();
  if (companies.length === 0) return null;
  return (
    <SelectField
      {...bound}
      label={t("companies.actingAs")}
      description={description}
      data={[
        { value: SELF, label: t("companies.actingAsSelf") },
        ...companies.map((c) => ({ value: c.id, label: companyLabel(c) })),
      ]}
      parse={(v) => (v === SELF ? null : v)}
      shownWhenEmpty={SELF}
      allowDeselect={false}
      data-testid="acting-as"
    />
  );
}
