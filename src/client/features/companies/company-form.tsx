import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconEye, IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type Control, type Path, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type CompanyInput,
  type CompanyView,
  companyInput,
  formatCnpj,
  POWER_INSTRUMENTS,
} from "../../../shared/contracts/companies";
import { formatCep } from "../../../shared/contracts/listings";
import { ACCEPT_ATTRIBUTE } from "../../../shared/contracts/storage";
import { ADDRESS_FIELDS, AddressFieldset } from "../../components/address-fieldset";
import { SelectField } from "../../components/fields/select-field";
import { TextField } from "../../components/fields/text-fields";
import { useFormField } from "../../components/fields/use-form-field";
import { UploadProgress } from "../../components/upload-progress";
import { ApiError, errorCodeOf } from "../../lib/api";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";
import { documentQuery, useRefreshDocuments } from "../../lib/storage-queries";
import { useSingleUpload } from "../../lib/use-upload";

/** Where the documents that give the power to sign for a company are kept. */
export const COMPANY_FOLDER = "empresas";

const EMPTY: CompanyInput = {
  razaoSocial: "",
  nomeFantasia: "",
  cnpj: "",
  endereco: { cep: "", logradouro: "", numero: "", complemento: "", bairro: "", cidade: "", uf: "SP" },
  cargo: "",
  // Not pre-filled: the contract names the instrument, so it is the person's choice.
  instrumento: undefined as never,
  documentoId: "",
};

const FIELDS = [
  "razaoSocial",
  "nomeFantasia",
  "cnpj",
  "cargo",
  "instrumento",
  "documentoId",
  ...ADDRESS_FIELDS.map((f) => `endereco.${f}` as const),
] as Path<CompanyInput>[];

/** Refusals of the server that belong under one field rather than at the foot of the form. */
const FIELD_OF_CODE: Partial<Record<string, Path<CompanyInput>>> = {
  "cnpj-taken": "cnpj",
  "company-in-use": "cnpj",
  "invalid-document": "documentoId",
};

export function companyToInput(c: CompanyView): CompanyInput {
  return {
    razaoSocial: c.razaoSocial,
    nomeFantasia: c.nomeFantasia ?? "",
    cnpj: formatCnpj(c.cnpj),
    endereco: { ...c.endereco, cep: formatCep(c.endereco.cep) },
    cargo: c.cargo,
    instrumento: c.instrumento,
    documentoId: c.documentoId,
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

/** The power document: uploaded here, its file's name said once it is kept. */
function PowerDocument({
  control,
  userId,
  uploaded,
  upload,
  error,
}: {
  control: Control<CompanyInput>;
  userId: string | null;
  uploaded: string | null;
  upload: ReturnType<typeof useSingleUpload> & { send: (file: File | null) => void };
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const documentoId = useWatch({ control, name: "documentoId" });
  // A company saved before: its document's name from the store (one's own upload).
  const saved = useQuery({
    ...documentQuery(documentoId),
    enabled: Boolean(documentoId) && uploaded === null,
  });
  const name = uploaded ?? saved.data?.fileName ?? null;
  return (
    <Stack gap={6} data-testid="power-document">
      <Text size="sm" fw={500}>
        {t("companies.document")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("companies.documentHelp")}
      </Text>
      <Text
        size="sm"
        c={documentoId ? undefined : "dimmed"}
        style={{ overflowWrap: "anywhere" }}
        data-testid="power-document-status"
      >
        {documentoId
          ? name
            ? t("companies.documentSent", { name })
            : t("companies.documentKept")
          : t("companies.documentMissing")}
      </Text>
      <Group gap="xs">
        <FileButton
          onChange={upload.send}
          accept={ACCEPT_ATTRIBUTE}
          disabled={upload.task !== null || !userId}
        >
          {(props) => (
            <Button
              {...props}
              size="sm"
              variant={documentoId ? "default" : "filled"}
              leftSection={<IconUpload size={16} />}
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: "normal" } }}
              data-testid="power-document-upload"
            >
              {documentoId ? t("companies.replace") : t("companies.upload")}
            </Button>
          )}
        </FileButton>
        {documentoId && (
          <Button
            component={Link}
            to={`/ViewDocument?id=${documentoId}`}
            size="sm"
            variant="subtle"
            leftSection={<IconEye size={16} />}
          >
            {t("companies.view")}
          </Button>
        )}
      </Group>
      {upload.task && <UploadProgress task={upload.task} />}
      {upload.problem && (
        <Text c="red" size="sm" role="alert">
          {upload.problem}
        </Text>
      )}
      {error && (
        <Text c="red" size="sm" role="alert" data-testid="power-document-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A company one acts for (issue 34): its name and CNPJ, its registered office, and what gives one
 * the power to sign for it (role, instrument, the document itself). `onSave` gets the input as the
 * shared contract reads it (the CNPJ's 14 characters, upper case).
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
  const { control, handleSubmit, formState, setError, setValue, getValues } = form;
  const [problem, setProblem] = useState<unknown>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const singleUpload = useSingleUpload();
  const refreshDocuments = useRefreshDocuments();

  async function send(file: File | null) {
    if (!file || !userId) return;
    const doc = await singleUpload.start(
      file,
      { filename: file.name, kind: "outro", folder: COMPANY_FOLDER },
      userId,
    );
    if (!doc) return;
    setUploaded(doc.fileName);
    setValue("documentoId", doc.id, { shouldDirty: true, shouldValidate: true });
    await refreshDocuments();
  }

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    if (singleUpload.task) {
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
  const documentError = formState.errors.documentoId
    ? getValues("documentoId")
      ? err.field(formState.errors.documentoId.message)
      : t("companies.documentRequired")
    : undefined;
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

        <Card withBorder padding="md">
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
              userId={userId}
              uploaded={uploaded}
              upload={{ ...singleUpload, send: (f) => void send(f) }}
              error={documentError}
            />
          </Stack>
        </Card>

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
