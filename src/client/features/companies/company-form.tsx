import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useCallback, useRef, useState } from "react";
import { type Control, type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCnpj } from "../../../shared/cnpj";
import {
  type CompanyInput,
  type CompanyView,
  companyInput,
  MAX_OTHER_REPRESENTATIVES,
  POWER_INSTRUMENTS,
} from "../../../shared/contracts/companies";
import { formatCep } from "../../../shared/contracts/listings";
import { ADDRESS_FIELDS, AddressFieldset } from "../../components/address-fieldset";
import { SelectField } from "../../components/fields/select-field";
import { TextField } from "../../components/fields/text-fields";
import { useFormField } from "../../components/fields/use-form-field";
import { ApiError, errorCodeOf } from "../../lib/api";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";
import { OtherRepresentatives, REPRESENTATIVE_FIELDS, representativeToInput } from "./other-representatives";
import { PowerDocument } from "./power-document";

const EMPTY: CompanyInput = {
  razaoSocial: "",
  nomeFantasia: "",
  cnpj: "",
  endereco: { cep: "", logradouro: "", numero: "", complemento: "", bairro: "", cidade: "", uf: "SP" },
  cargo: "",
  // Not pre-filled: the contract names the instrument, so it is the person's choice.
  instrumento: undefined as never,
  documentoId: "",
  chavePix: "",
  outrosRepresentantes: [],
};

/** Every field the server may name in a refusal's issues (`outrosRepresentantes.1.email`). */
const FIELDS = [
  "razaoSocial",
  "nomeFantasia",
  "cnpj",
  "cargo",
  "instrumento",
  "documentoId",
  "chavePix",
  ...ADDRESS_FIELDS.map((f) => `endereco.${f}` as const),
  "outrosRepresentantes",
  ...Array.from({ length: MAX_OTHER_REPRESENTATIVES }, (_, i) =>
    REPRESENTATIVE_FIELDS.map((f) => `outrosRepresentantes.${i}.${f}` as const),
  ).flat(),
] as Path<CompanyInput>[];

/** Refusals of the server that belong under one field rather than at the foot of the form. */
const FIELD_OF_CODE: Partial<Record<string, Path<CompanyInput>>> = {
  "cnpj-taken": "cnpj",
  "company-in-use": "cnpj",
  "invalid-document": "documentoId",
  "pix-key-invalid": "chavePix",
};

/** A saved company as the form holds it; the other representatives kept, or saving would drop them. */
export function companyToInput(c: CompanyView): CompanyInput {
  return {
    razaoSocial: c.razaoSocial,
    nomeFantasia: c.nomeFantasia ?? "",
    cnpj: formatCnpj(c.cnpj),
    endereco: { ...c.endereco, cep: formatCep(c.endereco.cep) },
    cargo: c.cargo,
    instrumento: c.instrumento,
    documentoId: c.documentoId,
    // Always sent back: "" clears the key, what is there keeps or changes it.
    chavePix: c.chavePix ?? "",
    outrosRepresentantes: c.outrosRepresentantes.map(representativeToInput),
  };
}

/**
 * A CNPJ as it is typed: digits or, since July 2026, letters and digits; letters in upper case as
 * they are typed (the Receita writes them so). The shared contract cleans and checks it.
 */
function CnpjField({ control, locked }: { control: Control<CompanyInput>; locked: boolean }) {
  const { t } = useTranslation();
  const { field, error } = useFormField({ control, name: "cnpj" });
  return (
    <TextInput
      ref={field.ref}
      name={field.name}
      label={t("companies.fields.cnpj")}
      description={locked ? t("companies.cnpjLocked") : t("companies.cnpjHelp")}
      value={field.value ?? ""}
      onChange={(e) => field.onChange(e.currentTarget.value.toUpperCase())}
      onBlur={field.onBlur}
      error={error}
      disabled={locked}
      placeholder="00.000.000/0000-00"
      maxLength={18}
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
    />
  );
}

/**
 * A company one acts for (issue 34): its name and CNPJ, its registered office, and what gives one
 * the power to sign for it (role, instrument, the document itself), and the Pix key its rents are
 * paid to. `onSave` gets the input as the shared contract reads it (the CNPJ's 14 characters, upper
 * case; the Pix key canonical, "" for none).
 */
export function CompanyForm({
  initial,
  userId,
  onSave,
  onCancel,
}: {
  initial?: CompanyView;
  /** Whose upload the power document is. */
  userId: string | null;
  onSave: (input: CompanyInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const form = useForm<CompanyInput>({
    resolver: zodResolver(companyInput) as never,
    defaultValues: initial ? companyToInput(initial) : EMPTY,
    mode: "onTouched",
  });
  const { control, handleSubmit, formState, setError, setValue } = form;
  const [problem, setProblem] = useState<unknown>(null);
  // The power documents on their way (the holder's, each other representative's): saved after them.
  const uploading = useRef(new Set<string>());
  const onBusy = useCallback((key: string, busy: boolean) => {
    if (busy) uploading.current.add(key);
    else uploading.current.delete(key);
  }, []);
  const onHolderBusy = useCallback((busy: boolean) => onBusy("holder", busy), [onBusy]);

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    if (uploading.current.size > 0) {
      setProblem(new Error(t("companies.waitUpload")));
      return;
    }
    try {
      await onSave(values);
    } catch (e) {
      // Said under its field too when it is one field's (a CNPJ already registered, say).
      const field = FIELD_OF_CODE[errorCodeOf(e)];
      if (field && e instanceof ApiError) setError(field, { message: e.message });
      else applyIssues(e, setError, FIELDS);
      setProblem(e);
    }
  });

  const field = (name: "razaoSocial" | "nomeFantasia" | "cargo" | "instrumento") => ({
    control,
    name,
    label: t(`companies.fields.${name}`),
  });
  const problemText =
    problem instanceof ApiError
      ? err.message(problem)
      : problem instanceof Error
        ? problem.message
        : problem
          ? err.of(problem)
          : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("companies.sections.company")}
            </Title>
            <TextField
              {...field("razaoSocial")}
              description={t("companies.razaoSocialHelp")}
              autoComplete="organization"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField {...field("nomeFantasia")} />
              <CnpjField control={control} locked={initial?.emUso ?? false} />
            </SimpleGrid>
            <TextField
              control={control}
              name="chavePix"
              label={t("companies.fields.chavePix")}
              description={t("companies.chavePixHelp")}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          </Stack>
        </Card>

        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("companies.sections.address")}
            </Title>
            <AddressFieldset
              form={form}
              prefix="endereco."
              numeroHelp={t("units.numeroHelp")}
              cepMaxLength={9}
            />
          </Stack>
        </Card>

        <Card withBorder padding="md" data-testid="power-card">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("companies.sections.power")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("companies.powerLead")}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField {...field("cargo")} description={t("companies.cargoHelp")} />
              <SelectField
                {...field("instrumento")}
                data={POWER_INSTRUMENTS.map((v) => ({ value: v, label: t(`companies.instruments.${v}`) }))}
                allowDeselect={false}
                placeholder={t("companies.choose")}
              />
            </SimpleGrid>
            <PowerDocument
              control={control}
              setValue={setValue}
              name="documentoId"
              userId={userId}
              requiredText={t("companies.documentRequired")}
              onBusy={onHolderBusy}
              testId="power-document"
            />
          </Stack>
        </Card>

        <OtherRepresentatives control={control} setValue={setValue} userId={userId} onBusy={onBusy} />

        {problemText && (
          <Alert color="red" role="alert" data-testid="company-problem">
            <Stack gap={4} align="flex-start">
              <Text size="sm">{problemText}</Text>
              {errorCodeOf(problem) === "profile-incomplete" && (
                <Anchor component={Link} to={`/profile?next=${encodeURIComponent("/Empresas")}`} size="sm">
                  {t("companies.completeProfile")}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" size="md" loading={formState.isSubmitting}>
            {t("companies.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
