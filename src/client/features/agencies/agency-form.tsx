import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { type Control, type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCnpj } from "../../../shared/cnpj";
import { type AgencyInput, type AgencyView, agencyInput } from "../../../shared/contracts/agencies";
import { formatCep } from "../../../shared/contracts/listings";
import { UFS } from "../../../shared/listing-names";
import { ADDRESS_FIELDS, AddressFieldset } from "../../components/address-fieldset";
import { SelectField } from "../../components/fields/select-field";
import { TextField } from "../../components/fields/text-fields";
import { useFormField } from "../../components/fields/use-form-field";
import { ApiError, errorCodeOf } from "../../lib/api";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";

const EMPTY: AgencyInput = {
  razaoSocial: "",
  nomeFantasia: "",
  cnpj: "",
  endereco: { cep: "", logradouro: "", numero: "", complemento: "", bairro: "", cidade: "", uf: "SP" },
  // Not pre-filled: the council is the agency's, not where its office happens to be.
  creci: { numero: "", uf: undefined as never },
};

/** Every field the server may name in a refusal's issues. */
const FIELDS = [
  "razaoSocial",
  "nomeFantasia",
  "cnpj",
  ...ADDRESS_FIELDS.map((f) => `endereco.${f}` as const),
  "creci",
  "creci.numero",
  "creci.uf",
] as Path<AgencyInput>[];

/** Refusals of the server that belong under one field rather than at the foot of the form. */
const FIELD_OF_CODE: Partial<Record<string, Path<AgencyInput>>> = {
  "agency-cnpj-taken": "cnpj",
  "invalid-cnpj": "cnpj",
  "invalid-creci": "creci.numero",
};

function agencyToInput(a: AgencyView): AgencyInput {
  return {
    razaoSocial: a.razaoSocial,
    nomeFantasia: a.nomeFantasia ?? "",
    cnpj: formatCnpj(a.cnpj),
    endereco: { ...a.endereco, cep: formatCep(a.endereco.cep) },
    creci: { numero: a.creci.numero, uf: a.creci.uf as AgencyInput["creci"]["uf"] },
  };
}

/**
 * A CNPJ as it is typed: digits or, since July 2026, letters and digits, the letters in upper case
 * as they are typed (as the company form takes it). The shared contract cleans and checks it.
 */
function CnpjField({ control }: { control: Control<AgencyInput> }) {
  const { t } = useTranslation();
  const { field, error } = useFormField({ control, name: "cnpj" });
  return (
    <TextInput
      ref={field.ref}
      name={field.name}
      label={t("agencies.form.fields.cnpj")}
      description={t("agencies.form.cnpjHelp")}
      value={field.value ?? ""}
      onChange={(e) => field.onChange(e.currentTarget.value.toUpperCase())}
      onBlur={field.onBlur}
      error={error}
      placeholder="00.000.000/0000-00"
      maxLength={18}
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
    />
  );
}

/**
 * An agency's data (issue 34): its names and CNPJ, its head office and its CRECI. `onSave` gets the
 * input as the shared contract reads it (the CNPJ's 14 characters, the CRECI in upper case).
 */
export function AgencyForm({
  initial,
  onSave,
  onCancel,
}: {
  initial?: AgencyView;
  onSave: (input: AgencyInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const form = useForm<AgencyInput>({
    resolver: zodResolver(agencyInput) as never,
    defaultValues: initial ? agencyToInput(initial) : EMPTY,
    mode: "onTouched",
  });
  const { control, handleSubmit, formState, setError } = form;
  const [problem, setProblem] = useState<unknown>(null);

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onSave(values);
    } catch (e) {
      const field = FIELD_OF_CODE[errorCodeOf(e)];
      if (field && e instanceof ApiError) setError(field, { message: e.message });
      else applyIssues(e, setError, FIELDS);
      setProblem(e);
    }
  });

  const label = (name: string) => t(`agencies.form.fields.${name}`);
  const profileIncomplete = errorCodeOf(problem) === "profile-incomplete";

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t("agencies.form.sections.company")}
            </Title>
            <TextField
              control={control}
              name="razaoSocial"
              label={label("razaoSocial")}
              description={t("agencies.form.razaoSocialHelp")}
              autoComplete="organization"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField control={control} name="nomeFantasia" label={label("nomeFantasia")} />
              <CnpjField control={control} />
            </SimpleGrid>
          </Stack>
        </Card>

        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t("agencies.form.sections.address")}
            </Title>
            <AddressFieldset
              form={form}
              prefix="endereco."
              numeroHelp={t("units.numeroHelp")}
              cepMaxLength={9}
            />
          </Stack>
        </Card>

        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t("agencies.form.sections.creci")}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField
                control={control}
                name="creci.numero"
                label={label("creciNumero")}
                description={t("agencies.form.creciHelp")}
                placeholder="12345-J"
                maxLength={10}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
              />
              <SelectField
                control={control}
                name="creci.uf"
                label={label("creciUf")}
                data={[...UFS]}
                allowDeselect={false}
                searchable
                placeholder={t("agencies.form.choose")}
              />
            </SimpleGrid>
          </Stack>
        </Card>

        {problem !== null && (
          <Alert color={profileIncomplete ? "orange" : "red"} role="alert" data-testid="agency-problem">
            <Stack gap={4} align="flex-start">
              {profileIncomplete && <Text size="sm">{t("agencies.form.profileIncomplete")}</Text>}
              <Text size="sm">{err.message(problem)}</Text>
              {profileIncomplete && (
                <Anchor component={Link} to={`/profile?next=${encodeURIComponent("/Imobiliaria")}`} size="sm">
                  {t("agencies.form.completeProfile")}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t("common.cancel")}
            </Button>
          )}
          <Button
            type="submit"
            size="md"
            loading={formState.isSubmitting}
            h="auto"
            mih={42}
            py={8}
            styles={{ label: { whiteSpace: "normal" } }}
          >
            {initial ? t("agencies.form.save") : t("agencies.form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
