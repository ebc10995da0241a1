import { zodResolver } from "@hookform/resolvers/zod";
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { type ReactNode, useRef } from "react";
import { Controller, FormProvider, type Path, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import {
  brazilDate,
  MAX_COTENANTS,
  type OfferRules,
  type ProposalView,
  proposalInput,
  termMinFor,
} from "../../../shared/contracts/proposals";
import { toReais } from "../../../shared/money";
import { toCentavos } from "../../../shared/money-typed";
import { ActingAsField, type CompanyChoice } from "../../components/acting-as-field";
import { MoneyField, NumberField } from "../../components/fields/number-fields";
import { TextareaField, TextField } from "../../components/fields/text-fields";
import { ApiError } from "../../lib/api";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";
import { revealFirstError } from "../../lib/reveal-error";
import { useCreateProposal } from "./api/proposals";
import { emptyGuarantor, GuarantorFields, guarantorBody, guarantorDraftShape } from "./guarantor-fields";
import { revealRefusal } from "./reveal-refusal";
import { addIssues, checkTerms, TERM_FIELDS, TermsFields, termsDraftShape } from "./terms-form";

const amount = z.union([z.number(), z.literal("")]);

/** The form as typed (reais, "" for empty); `newProposalSchema` reads it into the contract. */
const draftShape = z.object({
  ...termsDraftShape,
  /** One of one's companies the proposal is made in the name of (issue 34), or null: oneself. */
  empresaId: z.string().nullable(),
  moradores: amount,
  pets: z.boolean(),
  renda: amount,
  cotenants: z.array(z.object({ nome: z.string(), cpf: z.string(), email: z.string(), renda: amount })),
  documentos: z.array(z.string()),
  mensagem: z.string(),
  fiador: guarantorDraftShape,
});
export type NewProposalDraft = z.infer<typeof draftShape>;

/**
 * The new proposal as the server will check it: the terms by the offer's rules (`checkTerms`), the
 * rest by the shared contract. A term that did not pass is left out of the body, so the contract's
 * "missing field" for it is not shown: one refused term never puts errors under valid fields.
 */
export const newProposalSchema = (offerId: string, offer: OfferRules, now = new Date()) =>
  draftShape.transform((d, ctx) => {
    const checked = checkTerms(d, offer, now);
    const parsed = proposalInput.safeParse({
      ofertaId: offerId,
      empresaId: d.empresaId,
      ...(checked.terms ?? {}),
      moradores: d.moradores === "" ? undefined : d.moradores,
      pets: d.pets,
      renda: toCentavos(d.renda) ?? undefined,
      cotenants: d.cotenants.map((c) => ({ ...c, renda: toCentavos(c.renda) ?? undefined })),
      documentos: d.documentos,
      mensagem: d.mensagem,
      fiador: d.garantia === "fiador" ? guarantorBody(d.fiador) : null,
    });
    const errors: Record<string, string> = { ...checked.errors };
    const terms = new Set<string>(TERM_FIELDS);
    if (!parsed.success)
      for (const i of parsed.error.issues) {
        const path = i.path.join(".");
        if (!checked.terms && terms.has(path)) continue;
        errors[path] ??= i.message;
      }
    addIssues(ctx, errors);
    return parsed.success && checked.terms ? parsed.data : z.NEVER;
  });

/**
 * The form's first values: the offer's terms, and the income the tenant gave in the profile
 * (`renda`, centavos; null when the profile has none) so it is not typed twice.
 */
export function newProposalDraft(
  offer: OfferRules & { disponivelEm: string },
  documento: string | null,
  renda: number | null = null,
) {
  const today = brazilDate(new Date());
  return {
    aluguel: toReais(offer.aluguel),
    // The offer's date, unless it has passed: an entry date is from today on.
    dataEntrada: [today, offer.disponivelEm].sort().at(-1) ?? today,
    prazoMeses: Math.max(offer.prazoMeses, termMinFor(offer)),
    garantia: offer.garantias[0] ?? null,
    caucaoMeses: offer.caucaoMeses ?? "",
    empresaId: null,
    moradores: 1,
    pets: false,
    renda: renda === null ? "" : toReais(renda),
    cotenants: [],
    documentos: documento ? [documento] : [],
    mensagem: "",
    fiador: emptyGuarantor(),
  } satisfies NewProposalDraft;
}

/**
 * A tenant's proposal for an offer: terms, guarantor, household, co-tenants, documents, message.
 * `documents` draws the document picker (the screen composes it); `renda` is the monthly income
 * from the tenant's profile (centavos), the income field's first value.
 * Over 150 lines on purpose: one form, one submit and one refusal; its sections are the field kit's
 * fields and TermsFields/GuarantorFields, and splitting the rest would pass the form through props.
 */
export function NewProposalForm({
  offerId,
  offer,
  documento = null,
  renda = null,
  documents,
  companies = [],
  onSent,
}: {
  offerId: string;
  offer: OfferRules & { disponivelEm: string };
  documento?: string | null;
  renda?: number | null;
  /** One's companies, any of which the proposal may be made in the name of (issue 34); none: no choice. */
  companies?: readonly CompanyChoice[];
  documents?: (value: string[], onChange: (ids: string[]) => void) => ReactNode;
  onSent: (created: ProposalView) => void;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const create = useCreateProposal();
  const refusal = useRef<HTMLDivElement>(null);
  const form = useForm<NewProposalDraft, unknown, z.output<typeof proposalInput>>({
    resolver: zodResolver(newProposalSchema(offerId, offer)),
    defaultValues: newProposalDraft(offer, documento, renda),
    // As before: messages change when the user sends again, not under their fingers; the page
    // moves to the first error (revealFirstError), not RHF's focus.
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { control, register, handleSubmit, setError, watch } = form;
  const cotenants = useFieldArray({ control, name: "cotenants" });
  const garantia = watch("garantia");

  const send = handleSubmit(
    (input) =>
      // A promise, not mutate's callbacks: the live event of the new proposal can reach the screen
      // before the answer does, and the screen then shows the proposal as sent in place of this
      // form; mutate's callbacks die with the form (a CI run stayed on "already sent"), the
      // promise still resolves and the page moves on to the confirmation.
      create.mutateAsync(input).then(onSent, (e: unknown) => {
        // The server's refusal moves the page too: to the field it names, else to its message.
        const fields = e instanceof ApiError ? e.issues.map((i) => i.path as Path<NewProposalDraft>) : [];
        applyIssues(e, setError, fields);
        revealRefusal(refusal);
      }),
    () => revealFirstError(),
  );

  return (
    <FormProvider {...form}>
      {companies.length > 0 && (
        <Card withBorder padding="md">
          <ActingAsField
            control={control}
            name="empresaId"
            companies={companies}
            description={t("companies.actingAsProposalHelp")}
          />
        </Card>
      )}
      <Card withBorder padding="md">
        <Stack gap="sm">
          <TermsFields offer={offer} />
          {garantia === "fiador" && <GuarantorFields />}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberField
              control={control}
              name="moradores"
              empty=""
              label={t("proposal.fields.moradores")}
              min={1}
              max={20}
            />
            <MoneyField control={control} name="renda" empty="" label={t("proposal.fields.renda")} />
            <Checkbox mt={28} label={t("proposal.fields.pets")} {...register("pets")} />
          </SimpleGrid>
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>{t("proposal.cotenants")}</Text>
            <Button
              size="xs"
              variant="light"
              disabled={cotenants.fields.length >= MAX_COTENANTS}
              onClick={() => cotenants.append({ nome: "", cpf: "", email: "", renda: "" })}
            >
              {t("proposal.addCotenant")}
            </Button>
          </Group>
          {cotenants.fields.map((row, i) => {
            return (
              <Group key={row.id} align="flex-end" gap="xs" wrap="wrap">
                <TextField
                  control={control}
                  name={`cotenants.${i}.nome`}
                  label={t("proposal.cotenantName")}
                />
                <TextField control={control} name={`cotenants.${i}.cpf`} label={t("proposal.cotenantCpf")} />
                <TextField
                  control={control}
                  name={`cotenants.${i}.email`}
                  type="email"
                  label={t("proposal.cotenantEmail")}
                />
                <MoneyField
                  control={control}
                  name={`cotenants.${i}.renda`}
                  empty=""
                  label={t("proposal.cotenantIncome")}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t("proposal.removeCotenant")} ${i + 1}`}
                  onClick={() => cotenants.remove(i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      </Card>
      {documents && (
        <Card withBorder padding="md">
          <Text fw={600} mb="xs">
            {t("proposal.documents")}
          </Text>
          <Controller
            control={control}
            name="documentos"
            render={({ field }) => <>{documents(field.value, field.onChange)}</>}
          />
        </Card>
      )}
      <TextareaField
        control={control}
        name="mensagem"
        label={t("proposal.fields.mensagem")}
        maxLength={2000}
        autosize
        minRows={3}
      />
      {create.error && (
        <Alert color="red" role="alert" ref={refusal} tabIndex={-1} data-testid="proposal-refusal">
          {create.error instanceof ApiError && create.error.code === "network"
            ? // Offline: what was typed stays in the form, and sending again is the retry.
              t("proposal.offline")
            : err.message(create.error)}
          {create.error instanceof ApiError &&
            create.error.code === "duplicate-proposal" &&
            create.error.ref && (
              <>
                {" "}
                <Anchor component={Link} to={`/PropostaEnviada?id=${create.error.ref}`} inherit>
                  {t("proposal.seeSent")}
                </Anchor>
              </>
            )}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button size="md" loading={create.isPending} onClick={() => void send()}>
          {create.error instanceof ApiError && create.error.code === "network"
            ? t("proposal.tryAgain")
            : t("proposal.send")}
        </Button>
      </Group>
    </FormProvider>
  );
}
