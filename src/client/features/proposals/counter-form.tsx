import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Card, Group, Stack, Title } from "@mantine/core";
import { FormProvider, type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { OfferRules, ProposalAction, ProposalView } from "../../../shared/contracts/proposals";
import { TextareaField } from "../../components/fields/text-fields";
import { ApiError } from "../../lib/api";
import { revealFirstError } from "../../lib/reveal-error";
import {
  checkGuarantor,
  emptyGuarantor,
  GuarantorFields,
  guarantorDraftOf,
  guarantorDraftShape,
} from "./guarantor-fields";
import { addIssues, checkTerms, draftFrom, TERM_FIELDS, TermsFields, termsDraftShape } from "./terms-form";

const counterDraft = z.object({
  ...termsDraftShape,
  mensagem: z.string(),
  fiador: guarantorDraftShape,
});
type CounterDraft = z.infer<typeof counterDraft>;
type Counter = Extract<ProposalAction, { action: "counter" }>;

/**
 * A counter-offer as the server will check it: the terms by the offer's rules, and the guarantor
 * when the tenant names one (the landlord never does: decision 017).
 */
export const counterSchema = (offer: OfferRules, tenantNamesGuarantor: boolean, now = new Date()) =>
  counterDraft.transform((d, ctx): Counter => {
    const { terms, errors } = checkTerms(d, offer, now);
    const named = tenantNamesGuarantor && d.garantia === "fiador" ? checkGuarantor(d.fiador) : null;
    addIssues(ctx, { ...errors, ...(named?.errors ?? {}) });
    if (!terms || (named && !named.fiador)) return z.NEVER;
    return {
      action: "counter",
      termos: terms,
      mensagem: d.mensagem,
      ...(named?.fiador ? { fiador: named.fiador } : {}),
    };
  });

/** The counter-offer's form, kept while its panel closes and opens again. */
export function useCounterForm(proposal: ProposalView) {
  return useForm<CounterDraft, unknown, Counter>({
    resolver: zodResolver(counterSchema(proposal.oferta, proposal.role === "tenant")),
    defaultValues: {
      ...draftFrom(proposal.termos),
      mensagem: "",
      fiador: proposal.fiador ? guarantorDraftOf(proposal.fiador) : emptyGuarantor(),
    },
    // As in the proposal form: messages change when the user sends again; the page moves to the
    // first error (revealFirstError).
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
}

/** The counter-offer: the terms (and, for the tenant with fiador, the guarantor) and a message. */
export function CounterForm({
  proposal,
  form,
  pending,
  onSend,
  onCancel,
}: {
  proposal: ProposalView;
  form: ReturnType<typeof useCounterForm>;
  pending: boolean;
  onSend: (counter: Counter) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const landlord = proposal.role === "landlord";
  // After "pedir outro fiador" the tenant's counter is, first of all, a new guarantor.
  const namingGuarantor = !landlord && proposal.termos.garantia === "fiador" && !proposal.fiador;
  const garantia = form.watch("garantia");
  const send = form.handleSubmit(onSend, () => revealFirstError());
  return (
    <FormProvider {...form}>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {namingGuarantor ? t("proposal.nameGuarantor") : t("proposal.counterTitle")}
          </Title>
          <TermsFields offer={proposal.oferta} />
          {/* The tenant names the guarantor; the landlord can only ask for another. */}
          {!landlord && garantia === "fiador" && <GuarantorFields />}
          <TextareaField
            control={form.control}
            name="mensagem"
            label={t("proposal.message")}
            maxLength={2000}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t("proposal.cancel")}
            </Button>
            <Button loading={pending} onClick={() => void send()}>
              {namingGuarantor ? t("proposal.sendGuarantor") : t("proposal.sendCounter")}
            </Button>
          </Group>
        </Stack>
      </Card>
    </FormProvider>
  );
}

/**
 * The server's per-field messages on a counter-offer ("termos.aluguel", "fiador.cpf") under the
 * counter form's own fields ("aluguel", "fiador.cpf").
 */
export function applyCounterIssues(e: unknown, form: ReturnType<typeof useCounterForm>) {
  if (!(e instanceof ApiError)) return;
  for (const issue of e.issues) {
    const path = issue.path.replace(/^termos\./, "");
    if ((TERM_FIELDS as readonly string[]).includes(path) || path.split(".")[0] === "fiador")
      form.setError(path as Path<CounterDraft>, { message: issue.message });
  }
}
