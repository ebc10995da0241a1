import { SimpleGrid, Text, TextInput } from "@mantine/core";
import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { GENDERS, type Gender, MARITAL_STATUSES } from "../../../shared/contracts/profile";
import { type Guarantor, guarantorInput } from "../../../shared/contracts/proposals";
import { genderContext } from "../../../shared/gender";
import { AddressFieldset } from "../../components/address-fieldset";
import { SelectField } from "../../components/fields/select-field";
import { useErrorText } from "../../lib/error-text";

/** The guarantor as the form holds it: every field a string, the spouse's kept while not married. */
export const guarantorDraftShape = z.object({
  nome: z.string(),
  cpf: z.string(),
  email: z.string(),
  parentesco: z.string(),
  estadoCivil: z.string(),
  genero: z.string(),
  nacionalidade: z.string(),
  profissao: z.string(),
  rg: z.string(),
  rgOrgaoEmissor: z.string(),
  conjuge: z.object({ nome: z.string(), cpf: z.string(), email: z.string() }),
  endereco: z.object({
    cep: z.string(),
    uf: z.string(),
    cidade: z.string(),
    logradouro: z.string(),
    numero: z.string(),
    complemento: z.string(),
    bairro: z.string(),
  }),
});
export type GuarantorDraft = z.infer<typeof guarantorDraftShape>;

const emptyAddress = (): GuarantorDraft["endereco"] => ({
  cep: "",
  uf: "",
  cidade: "",
  logradouro: "",
  numero: "",
  complemento: "",
  bairro: "",
});

const emptyQualification = () => ({
  genero: "",
  nacionalidade: "",
  profissao: "",
  rg: "",
  rgOrgaoEmissor: "",
});

export const emptyGuarantor = (): GuarantorDraft => ({
  nome: "",
  cpf: "",
  email: "",
  parentesco: "",
  estadoCivil: "",
  ...emptyQualification(),
  conjuge: { nome: "", cpf: "", email: "" },
  endereco: emptyAddress(),
});

/** The guarantor's draft from what the API shows of one (a counter-offer starts from it). */
export function guarantorDraftOf(g: {
  nome: string;
  cpf: string;
  email: string;
  parentesco: string;
  estadoCivil?: string;
  genero?: string;
  nacionalidade?: string;
  profissao?: string;
  rg?: string;
  rgOrgaoEmissor?: string;
  conjuge?: { nome: string; cpf: string; email: string } | null;
  endereco?: GuarantorDraft["endereco"] | null;
}): GuarantorDraft {
  return {
    nome: g.nome,
    cpf: g.cpf,
    email: g.email,
    parentesco: g.parentesco,
    estadoCivil: g.estadoCivil ?? "",
    genero: g.genero ?? "",
    nacionalidade: g.nacionalidade ?? "",
    profissao: g.profissao ?? "",
    rg: g.rg ?? "",
    rgOrgaoEmissor: g.rgOrgaoEmissor ?? "",
    conjuge: g.conjuge ? { ...g.conjuge } : { nome: "", cpf: "", email: "" },
    endereco: g.endereco ? { ...emptyAddress(), ...g.endereco } : emptyAddress(),
  };
}

/** The request's guarantor: the spouse only when married (the fields stay typed if the status changes). */
export function guarantorBody(d: GuarantorDraft) {
  return {
    nome: d.nome,
    cpf: d.cpf,
    email: d.email,
    parentesco: d.parentesco,
    estadoCivil: d.estadoCivil || undefined,
    // What qualifies the guarantor in the lease; left blank, the contract writes what was given.
    genero: d.genero || undefined,
    nacionalidade: d.nacionalidade,
    profissao: d.profissao,
    rg: d.rg,
    rgOrgaoEmissor: d.rgOrgaoEmissor,
    conjuge: d.estadoCivil === "casado" ? d.conjuge : null,
    // Nothing typed: no address (proposals made before it was asked have none either).
    endereco: Object.values(d.endereco).some((v) => v.trim())
      ? { ...d.endereco, uf: d.endereco.uf || undefined }
      : null,
  };
}

/** The guarantor checked by the shared contract: the guarantor, or each field's message code. */
export function checkGuarantor(d: GuarantorDraft): {
  fiador: Guarantor | null;
  errors: Record<string, string>;
} {
  const parsed = guarantorInput.safeParse(guarantorBody(d));
  if (parsed.success) return { fiador: parsed.data, errors: {} };
  return {
    fiador: null,
    errors: Object.fromEntries(parsed.error.issues.map((i) => [`fiador.${i.path.join(".")}`, i.message])),
  };
}

/**
 * The tenant names the guarantor: the landlord accepts this person or asks for another. A married
 * guarantor's spouse is named too: the surety needs the spouse's consent (Código Civil art. 1.647,
 * III), so the spouse signs the lease as anuente. Inside a form (FormProvider) whose values hold
 * the guarantor under `fiador`.
 */
export function GuarantorFields() {
  const { t } = useTranslation();
  const err = useErrorText();
  const form = useFormContext<{ fiador: GuarantorDraft }>();
  const { register, control, formState, watch } = form;
  const errors = formState.errors.fiador;
  const married = watch("fiador.estadoCivil") === "casado";
  // The guarantor's marital status in their words once said ("Casada"), neutral before (issue 29).
  const context = genderContext(watch("fiador.genero") as Gender | undefined);
  return (
    <div data-testid="guarantor-fields">
      <Text fw={600}>{t("proposal.guarantor")}</Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t("proposal.guarantorLead")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("proposal.guarantorName")}
          maxLength={150}
          {...register("fiador.nome")}
          error={err.field(errors?.nome?.message)}
        />
        <TextInput
          label={t("proposal.guarantorCpf")}
          maxLength={14}
          inputMode="numeric"
          {...register("fiador.cpf")}
          error={err.field(errors?.cpf?.message)}
        />
        <TextInput
          label={t("proposal.guarantorEmail")}
          type="email"
          maxLength={254}
          {...register("fiador.email")}
          error={err.field(errors?.email?.message)}
        />
        <TextInput
          label={t("proposal.guarantorRelationship")}
          placeholder={t("proposal.guarantorRelationshipHint")}
          maxLength={60}
          {...register("fiador.parentesco")}
          error={err.field(errors?.parentesco?.message ?? errors?.message)}
        />
        <SelectField
          control={control}
          name="fiador.estadoCivil"
          label={t("proposal.guarantorMarital")}
          placeholder={t("profile.chooseMarital")}
          data={MARITAL_STATUSES.map((v) => ({ value: v, label: t(`profile.marital.${v}`, { context }) }))}
          allowDeselect={false}
        />
        <TextInput
          label={t("profile.fields.nacionalidade")}
          maxLength={60}
          {...register("fiador.nacionalidade")}
          error={err.field(errors?.nacionalidade?.message)}
        />
        <TextInput
          label={t("profile.fields.profissao")}
          maxLength={100}
          {...register("fiador.profissao")}
          error={err.field(errors?.profissao?.message)}
        />
        <TextInput
          label={t("profile.fields.rg")}
          maxLength={20}
          {...register("fiador.rg")}
          error={err.field(errors?.rg?.message)}
        />
        <TextInput
          label={t("profile.fields.rgOrgaoEmissor")}
          placeholder="SSP/SP"
          maxLength={30}
          {...register("fiador.rgOrgaoEmissor")}
          error={err.field(errors?.rgOrgaoEmissor?.message)}
        />
        <SelectField
          control={control}
          name="fiador.genero"
          label={t("proposal.guarantorGender")}
          data={GENDERS.map((v) => ({ value: v, label: t(`proposal.guarantorGenderOption.${v}`) }))}
          shownWhenEmpty="nao_informado"
          allowDeselect={false}
        />
      </SimpleGrid>
      <div data-testid="guarantor-address">
        <Text fw={600} mt="sm">
          {t("proposal.guarantorAddress")}
        </Text>
        <Text size="xs" c="dimmed" mb="xs">
          {t("proposal.guarantorAddressLead")}
        </Text>
        <AddressFieldset
          form={form}
          prefix="fiador.endereco."
          cepMaxLength={9}
          error={(field) => err.field(errors?.endereco?.[field]?.message)}
        />
      </div>
      {married && (
        <div data-testid="guarantor-spouse">
          <Text fw={600} mt="sm">
            {t("proposal.spouse")}
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            {t("proposal.spouseLead")}
          </Text>
          {errors?.conjuge?.message && (
            <Text c="red" size="sm" role="alert">
              {err.field(errors.conjuge.message)}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t("proposal.spouseName")}
              maxLength={150}
              {...register("fiador.conjuge.nome")}
              error={err.field(errors?.conjuge?.nome?.message)}
            />
            <TextInput
              label={t("proposal.spouseCpf")}
              maxLength={14}
              inputMode="numeric"
              {...register("fiador.conjuge.cpf")}
              error={err.field(errors?.conjuge?.cpf?.message)}
            />
            <TextInput
              label={t("proposal.spouseEmail")}
              type="email"
              maxLength={254}
              {...register("fiador.conjuge.email")}
              error={err.field(errors?.conjuge?.email?.message)}
            />
          </SimpleGrid>
        </div>
      )}
    </div>
  );
}
