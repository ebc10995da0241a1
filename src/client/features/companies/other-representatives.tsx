import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useId } from "react";
import { type Control, type UseFormSetValue, useFieldArray, useFormState, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type CompanyInput,
  type CompanyView,
  MAX_OTHER_REPRESENTATIVES,
  POWER_INSTRUMENTS,
} from "../../../shared/contracts/companies";
import { formatCpf, GENDERS, MARITAL_STATUSES } from "../../../shared/contracts/profile";
import { genderContext } from "../../../shared/gender";
import { SelectField } from "../../components/fields/select-field";
import { CpfCnpjField, TextField } from "../../components/fields/text-fields";
import { useErrorText } from "../../lib/error-text";
import { PowerDocument } from "./power-document";

type Representative = NonNullable<CompanyInput["outrosRepresentantes"]>[number];

/** The fields of one other representative, in the order the server may name them (`outrosRepresentantes.N.field`). */
export const REPRESENTATIVE_FIELDS = [
  "nome",
  "cpf",
  "email",
  "genero",
  "nacionalidade",
  "estadoCivil",
  "profissao",
  "rg",
  "rgOrgaoEmissor",
  "cargo",
  "instrumento",
  "documentoId",
] as const satisfies readonly (keyof Representative)[];

/** A person to fill in: the optional texts empty (the shared contract leaves them out), the choices unmade. */
export const emptyRepresentative = (): Representative => ({
  nome: "",
  cpf: "",
  email: "",
  genero: undefined,
  nacionalidade: "",
  estadoCivil: undefined,
  profissao: "",
  rg: "",
  rgOrgaoEmissor: "",
  cargo: "",
  // Not pre-filled: the contract names the instrument, so it is the person's choice.
  instrumento: undefined as never,
  documentoId: "",
});

/** A saved representative as the form holds it: the CPF written as people read it. */
export function representativeToInput(r: CompanyView["outrosRepresentantes"][number]): Representative {
  return {
    nome: r.nome,
    cpf: formatCpf(r.cpf),
    email: r.email,
    genero: r.genero,
    nacionalidade: r.nacionalidade ?? "",
    estadoCivil: r.estadoCivil,
    profissao: r.profissao ?? "",
    rg: r.rg ?? "",
    rgOrgaoEmissor: r.rgOrgaoEmissor ?? "",
    cargo: r.cargo,
    instrumento: r.instrumento,
    documentoId: r.documentoId,
  };
}

function RepresentativeFields({
  index,
  control,
  setValue,
  userId,
  onRemove,
  onBusy,
}: {
  index: number;
  control: Control<CompanyInput>;
  setValue: UseFormSetValue<CompanyInput>;
  userId: string | null;
  onRemove: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const title = useId();
  const at = `outrosRepresentantes.${index}` as const;
  // The marital status in the person's words once their gender is said ("Casada"), neutral before.
  const context = genderContext(useWatch({ control, name: `${at}.genero` }));
  const label = (f: (typeof REPRESENTATIVE_FIELDS)[number]) => t(`companies.others.fields.${f}`);
  return (
    <Card
      withBorder
      padding="sm"
      radius="sm"
      role="group"
      aria-labelledby={title}
      data-testid="other-representative"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} id={title}>
            {t("companies.others.person", { n: index + 1 })}
          </Text>
          <Button
            size="xs"
            color="red"
            variant="subtle"
            leftSection={<IconTrash size={14} />}
            onClick={onRemove}
            aria-label={t("companies.others.removeLabel", { n: index + 1 })}
          >
            {t("companies.others.remove")}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            control={control}
            name={`${at}.nome`}
            label={label("nome")}
            maxLength={150}
            autoComplete="off"
          />
          <CpfCnpjField control={control} name={`${at}.cpf`} label={label("cpf")} autoComplete="off" />
          <TextField
            control={control}
            name={`${at}.email`}
            label={label("email")}
            description={t("companies.others.emailHelp")}
            type="email"
            maxLength={254}
            autoComplete="off"
          />
          <SelectField
            control={control}
            name={`${at}.genero`}
            label={label("genero")}
            data={GENDERS.map((v) => ({ value: v, label: t(`companies.others.genderOption.${v}`) }))}
            shownWhenEmpty="nao_informado"
            allowDeselect={false}
          />
          <TextField
            control={control}
            name={`${at}.nacionalidade`}
            label={label("nacionalidade")}
            maxLength={60}
          />
          <SelectField
            control={control}
            name={`${at}.estadoCivil`}
            label={label("estadoCivil")}
            placeholder={t("profile.chooseMarital")}
            data={MARITAL_STATUSES.map((v) => ({ value: v, label: t(`profile.marital.${v}`, { context }) }))}
            allowDeselect={false}
          />
          <TextField control={control} name={`${at}.profissao`} label={label("profissao")} maxLength={100} />
          <TextField control={control} name={`${at}.rg`} label={label("rg")} maxLength={20} />
          <TextField
            control={control}
            name={`${at}.rgOrgaoEmissor`}
            label={label("rgOrgaoEmissor")}
            placeholder="SSP/SP"
            maxLength={30}
          />
          <TextField
            control={control}
            name={`${at}.cargo`}
            label={label("cargo")}
            description={t("companies.others.cargoHelp")}
            maxLength={60}
          />
          <SelectField
            control={control}
            name={`${at}.instrumento`}
            label={label("instrumento")}
            data={POWER_INSTRUMENTS.map((v) => ({ value: v, label: t(`companies.instruments.${v}`) }))}
            allowDeselect={false}
            placeholder={t("companies.choose")}
          />
        </SimpleGrid>
        <PowerDocument
          control={control}
          setValue={setValue}
          name={`${at}.documentoId`}
          userId={userId}
          lead={t("companies.others.documentLead")}
          requiredText={t("companies.others.documentRequired")}
          onBusy={onBusy}
          testId="representative-document"
        />
      </Stack>
    </Card>
  );
}

/**
 * Who else signs for the company (issue 34, decision 058): when its contrato social asks for joint
 * signatures, up to MAX_OTHER_REPRESENTATIVES people sign with the account holder, each by an
 * e-mailed link, qualified as a guarantor is and with the document that gives them the power.
 * Optional: none is the usual case.
 */
export function OtherRepresentatives({
  control,
  setValue,
  userId,
  onBusy,
}: {
  control: Control<CompanyInput>;
  setValue: UseFormSetValue<CompanyInput>;
  userId: string | null;
  /** Whether the document of the person `key` is uploading. */
  onBusy: (key: string, busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const fullId = useId();
  const people = useFieldArray({ control, name: "outrosRepresentantes" });
  const { errors } = useFormState({ control, name: "outrosRepresentantes" });
  const full = people.fields.length >= MAX_OTHER_REPRESENTATIVES;
  const listProblem = err.field(
    errors.outrosRepresentantes?.message ?? errors.outrosRepresentantes?.root?.message,
  );
  return (
    <Card withBorder padding="md" data-testid="other-representatives">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Title order={2} size="h4">
            {t("companies.others.title")}
          </Title>
          <Badge variant="light" color="gray">
            {t("companies.others.optional")}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t("companies.others.lead")}
        </Text>
        {people.fields.map((f, i) => (
          <RepresentativeFields
            key={f.id}
            index={i}
            control={control}
            setValue={setValue}
            userId={userId}
            onRemove={() => people.remove(i)}
            onBusy={(busy) => onBusy(f.id, busy)}
          />
        ))}
        {listProblem && (
          <Text c="red" size="sm" role="alert">
            {listProblem}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => people.append(emptyRepresentative())}
            disabled={full}
            aria-describedby={full ? fullId : undefined}
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: "normal" } }}
          >
            {t("companies.others.add")}
          </Button>
        </Group>
        {/* Said, not hidden in a tooltip: a phone has no hover. */}
        {full && (
          <Text size="xs" c="dimmed" id={fullId}>
            {t("companies.others.full", { max: MAX_OTHER_REPRESENTATIVES })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
