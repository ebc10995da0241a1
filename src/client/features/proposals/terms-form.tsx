import { SimpleGrid } from "@mantine/core";
import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
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
import { formatBRL, toReais } from "../../../shared/money";
import { toCentavos } from "../../../shared/money-typed";
import { MoneyField, NumberField } from "../../components/fields/number-fields";
import { SelectField } from "../../components/fields/select-field";
import { DateField } from "../../components/fields/text-fields";

/** Terms as typed: the rent in reais, "" for a field left empty. */
export interface TermsDraft {
  aluguel: number | "";
  dataEntrada: string;
  prazoMeses: number | "";
  garantia: string | null;
  caucaoMeses: number | "";
}

export const TERM_FIELDS = ["aluguel", "dataEntrada", "prazoMeses", "garantia", "caucaoMeses"] as const;

export function draftFrom(terms: ProposalTerms): TermsDraft {
  return { ...terms, aluguel: toReais(terms.aluguel), caucaoMeses: terms.caucaoMeses ?? "" };
}

/** The draft's fields as the form holds them; the rules are the contract's, after the draft is read. */
export const termsDraftShape = {
  aluguel: z.union([z.number(), z.literal("")]),
  dataEntrada: z.string(),
  prazoMeses: z.union([z.number(), z.literal("")]),
  garantia: z.string().nullable(),
  caucaoMeses: z.union([z.number(), z.literal("")]),
};

/**
 * Each term's own message when the contract refuses it (empty, or not a number): the rule of that
 * field in this form, not the contract's generic one ("1 a 120 meses", "a partir de R$ 1,00"),
 * which is not the range the offer allows.
 */
const OWN_MESSAGE: Record<string, string> = {
  aluguel: "rent-out-of-range",
  prazoMeses: "term-out-of-range",
  dataEntrada: "invalid-date",
};

/**
 * The draft checked by the shared contract and by the offer's rules (the same ones the server
 * holds): the terms, or each field's message code. `termsIssue` names one field, so a refused rule
 * marks that field only, never the valid ones beside it.
 */
export function checkTerms(
  d: TermsDraft,
  offer: OfferRules,
  now = new Date(),
): { terms: ProposalTerms | null; errors: Record<string, string> } {
  const parsed = proposalTerms.safeParse({
    aluguel: toCentavos(d.aluguel) ?? undefined,
    dataEntrada: d.dataEntrada,
    prazoMeses: d.prazoMeses === "" ? undefined : Number(d.prazoMeses),
    garantia: d.garantia ?? undefined,
    caucaoMeses: d.garantia === "caucao" && d.caucaoMeses !== "" ? Number(d.caucaoMeses) : null,
  });
  if (!parsed.success)
    return {
      terms: null,
      errors: Object.fromEntries(
        parsed.error.issues.map((i) => {
          const field = String(i.path[0]);
          return [field, OWN_MESSAGE[field] ?? i.message];
        }),
      ),
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

/** Adds each field's message to a zod check (in a form's schema), under `prefix`. */
export function addIssues(ctx: z.RefinementCtx, errors: Record<string, string>, prefix: string[] = []) {
  for (const [path, message] of Object.entries(errors))
    ctx.addIssue({ code: "custom", path: [...prefix, ...path.split(".")], message });
}

/** The terms' fields, inside a form (FormProvider) whose values include a `TermsDraft`. */
export function TermsFields({ offer }: { offer: OfferRules }) {
  const { t } = useTranslation();
  const { control, watch } = useFormContext<TermsDraft>();
  const f = (k: string) => t(`proposal.fields.${k}`);
  const today = brazilDate(new Date());
  const rent = rentRangeFor(offer);
  const garantia = watch("garantia");
  // "R$ 1.000,00" → "1.000,00": the hint says the range in reais, without the symbol.
  const reais = (centavos: number) => formatBRL(centavos).replace(/^R\$\s*/, "");
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <MoneyField
        control={control}
        name="aluguel"
        empty=""
        label={f("aluguel")}
        // The asking rent beside the one offered, as the proposal's page shows it.
        description={`${t("proposal.askingRent", { value: formatBRL(offer.aluguel) })} · ${t(
          "proposal.rentRange",
          { min: reais(rent.min), max: reais(rent.max) },
        )}`}
      />
      <DateField
        control={control}
        name="dataEntrada"
        label={f("dataEntrada")}
        min={today}
        max={addMonths(today, ENTRY_MAX_MONTHS)}
      />
      <NumberField
        control={control}
        name="prazoMeses"
        empty=""
        label={f("prazoMeses")}
        description={t("proposal.termRange", { min: termMinFor(offer), max: PROPOSAL_TERM_MAX })}
        // Out of range is said, not silently corrected: 1 month must not become 12 unseen.
        min={termMinFor(offer)}
        max={PROPOSAL_TERM_MAX}
      />
      <SelectField
        control={control}
        name="garantia"
        label={f("garantia")}
        data={offer.garantias.map((g) => ({ value: g, label: t(`listings.guarantees.${g}`) }))}
        allowDeselect={false}
      />
      {garantia === "caucao" && (
        <NumberField
          control={control}
          name="caucaoMeses"
          empty=""
          // Left empty, the offer's months are the ones the proposal takes (checkTerms).
          shownWhenEmpty={offer.caucaoMeses ?? 1}
          label={f("caucaoMeses")}
          description={t("proposal.depositHint")}
          min={1}
          max={3}
        />
      )}
    </SimpleGrid>
  );
}
