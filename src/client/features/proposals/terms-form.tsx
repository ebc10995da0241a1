import { NumberInput, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  addMonths,
  brazilDate,
  ENTRY_MAX_MONTHS,
  type OfferRules,
  PROPOSAL_TERM_MAX,
  type ProposalTerms,
  proposalTerms,
  rentRangeFor,
  termMinFor,
  termsIssue,
} from "../../../shared/contracts/proposals";
import { useErrorText } from "../../lib/error-text";

/** Terms as typed: the rent in reais. */
export interface TermsDraft {
  aluguel: number | "";
  dataEntrada: string;
  prazoMeses: number | "";
  garantia: string | null;
  caucaoMeses: number | "";
}

export function draftFrom(terms: ProposalTerms): TermsDraft {
  return { ...terms, aluguel: terms.aluguel / 100, caucaoMeses: terms.caucaoMeses ?? "" };
}

/**
 * The draft checked by the shared contract and by the offer's rules (the same ones the server
 * holds): the terms, or each field's message code.
 */
export function checkTerms(
  d: TermsDraft,
  offer: OfferRules,
  now = new Date(),
): { terms: ProposalTerms | null; errors: Record<string, string> } {
  const parsed = proposalTerms.safeParse({
    aluguel: d.aluguel === "" ? undefined : Math.round(Number(d.aluguel) * 100),
    dataEntrada: d.dataEntrada,
    prazoMeses: d.prazoMeses === "" ? undefined : Number(d.prazoMeses),
    garantia: d.garantia ?? undefined,
    caucaoMeses: d.garantia === "caucao" && d.caucaoMeses !== "" ? Number(d.caucaoMeses) : null,
  });
  if (!parsed.success)
    return {
      terms: null,
      errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])),
    };
  const issue = termsIssue(parsed.data, offer, brazilDate(now));
  if (issue) return { terms: null, errors: { [issue.path]: issue.code } };
  return {
    terms: {
      ...parsed.data,
      caucaoMeses:
        parsed.data.garantia === "caucao" ? (parsed.data.caucaoMeses ?? offer.caucaoMeses ?? 1) : null,
    },
    errors: {},
  };
}

export function TermsFields({
  value,
  onChange,
  offer,
  errors,
}: {
  value: TermsDraft;
  onChange: (v: TermsDraft) => void;
  offer: OfferRules;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const f = (k: string) => t(`proposal.fields.${k}`);
  const today = brazilDate(new Date());
  const rent = rentRangeFor(offer);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <NumberInput
        label={f("aluguel")}
        description={t("proposal.rentRange", {
          min: (rent.min / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2 }),
          max: (rent.max / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2 }),
        })}
        value={value.aluguel}
        onChange={(v) => onChange({ ...value, aluguel: v === "" ? "" : Number(v) })}
        decimalSeparator=","
        thousandSeparator="."
        decimalScale={2}
        prefix="R$ "
        min={0}
        inputMode="decimal"
        error={err.field(errors.aluguel)}
      />
      <TextInput
        type="date"
        label={f("dataEntrada")}
        value={value.dataEntrada}
        min={today}
        max={addMonths(today, ENTRY_MAX_MONTHS)}
        onChange={(e) => onChange({ ...value, dataEntrada: e.currentTarget.value })}
        error={err.field(errors.dataEntrada)}
      />
      <NumberInput
        label={f("prazoMeses")}
        description={t("proposal.termRange", { min: termMinFor(offer), max: PROPOSAL_TERM_MAX })}
        value={value.prazoMeses}
        onChange={(v) => onChange({ ...value, prazoMeses: v === "" ? "" : Number(v) })}
        min={termMinFor(offer)}
        max={PROPOSAL_TERM_MAX}
        // Out of range is said, not silently corrected: 1 month must not become 12 unseen.
        clampBehavior="none"
        allowDecimal={false}
        inputMode="numeric"
        error={err.field(errors.prazoMeses)}
      />
      <Select
        label={f("garantia")}
        data={offer.garantias.map((g) => ({ value: g, label: t(`listings.guarantees.${g}`) }))}
        value={value.garantia}
        onChange={(v) => onChange({ ...value, garantia: v })}
        allowDeselect={false}
        error={err.field(errors.garantia)}
      />
      {value.garantia === "caucao" && (
        <NumberInput
          label={f("caucaoMeses")}
          description={t("proposal.depositHint")}
          value={value.caucaoMeses === "" ? (offer.caucaoMeses ?? 1) : value.caucaoMeses}
          onChange={(v) => onChange({ ...value, caucaoMeses: v === "" ? "" : Number(v) })}
          min={1}
          max={3}
          clampBehavior="none"
          allowDecimal={false}
          inputMode="numeric"
          error={err.field(errors.caucaoMeses)}
        />
      )}
    </SimpleGrid>
  );
}
