import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, SimpleGrid, Stack } from "@mantine/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatCep } from "../../../shared/contracts/listings";
import { addressWithPixInput } from "../../../shared/contracts/pix-key";
import {
  type AddressInput,
  formatCpf,
  GENDERS,
  MARITAL_STATUSES,
  OCCUPATIONS,
  type PersonalInput,
  type ProfileView,
  personalInput,
} from "../../../shared/contracts/profile";
import { genderContext } from "../../../shared/gender";
import { reaisToCentavos, toReais } from "../../../shared/money";
import { AddressFieldset } from "../../components/address-fieldset";
import { MoneyField } from "../../components/fields/number-fields";
import { SelectField } from "../../components/fields/select-field";
import { CpfCnpjField, DateField, TextField } from "../../components/fields/text-fields";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";

function useSubmit<T>(save: (v: T) => Promise<unknown>, setError: never, fields: string[]) {
  const err = useErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  return {
    problem,
    run: async (values: T) => {
      setProblem(null);
      try {
        await save(values);
      } catch (e) {
        applyIssues(e, setError, fields as never);
        setProblem(err.message(e));
      }
    },
  };
}

export function PersonalForm({
  profile,
  defaultName = "",
  onSave,
}: {
  profile: ProfileView;
  /** The full name to start from while the profile has none (the account's name, given at sign-up). */
  defaultName?: string;
  onSave: (v: PersonalInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const p = profile.personal;
  const form = useForm<PersonalInput>({
    resolver: zodResolver(personalInput) as never,
    mode: "onTouched",
    defaultValues: p
      ? { ...p, cpf: formatCpf(p.cpf) }
      : {
          nomeCompleto: defaultName,
          cpf: "",
          rg: "",
          rgOrgaoEmissor: "",
          // "Prefiro não dizer" until the person says: the contract then keeps the "(a)" forms.
          genero: "nao_informado",
          dataNascimento: "",
          // Not pre-filled either: a default "solteiro" would print a marital status nobody chose
          // in the lease. The schema refuses it empty ("Escolha o estado civil.").
          estadoCivil: undefined as never,
          profissao: "",
          // Not pre-filled: "brasileira" typed for him read "JOÃO …, brasileira" in the contract.
          nacionalidade: "",
          telefone: "",
        },
  });
  const { control, handleSubmit, formState, setError } = form;
  const submit = useSubmit(onSave, setError as never, Object.keys(personalInput.shape));
  const field = (k: keyof PersonalInput) => ({ control, name: k, label: t(`profile.fields.${k}`) });
  // The marital status in the person's words as chosen just below: "Casada", "Casado", or
  // "Casado ou casada" while they prefer not to say (issue 29: never "Casado(a)").
  const context = genderContext(form.watch("genero"));
  return (
    <form onSubmit={handleSubmit(submit.run)} noValidate>
      <Stack gap="sm">
        <TextField {...field("nomeCompleto")} autoComplete="name" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {/* No length limit, as before: the contract's message says what a CPF is. */}
          <CpfCnpjField {...field("cpf")} maxLength={undefined} />
          <TextField {...field("rg")} />
          <TextField {...field("rgOrgaoEmissor")} placeholder="SSP/SP" />
          <DateField {...field("dataNascimento")} />
          <SelectField
            {...field("estadoCivil")}
            data={MARITAL_STATUSES.map((v) => ({
              value: v,
              label: t(`profile.marital.${v}`, { context }),
            }))}
            allowDeselect={false}
            placeholder={t("profile.chooseMarital")}
          />
          <SelectField
            {...field("genero")}
            data={GENDERS.map((v) => ({ value: v, label: t(`profile.gender.${v}`) }))}
            allowDeselect={false}
          />
          <TextField {...field("profissao")} />
          <TextField
            {...field("nacionalidade")}
            description={t("profile.nationalityHint")}
            // Under the field, so it lines up with the one beside it.
            inputWrapperOrder={["label", "input", "description", "error"]}
          />
          <TextField {...field("telefone")} type="tel" autoComplete="tel" placeholder="(11) 98765-4321" />
        </SimpleGrid>
        {submit.problem && (
          <Alert color="red" role="alert">
            {submit.problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {t("profile.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type AddressForm = Omit<AddressInput, "rendaMensal"> & { rendaMensal: number };

export function AddressFormView({
  profile,
  onSave,
}: {
  profile: ProfileView;
  onSave: (v: AddressInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const a = profile.address;
  const form = useForm<AddressForm>({
    mode: "onTouched",
    resolver: (async (values: AddressForm, ctx: unknown, opts: never) => {
      const r = await (
        zodResolver(addressWithPixInput) as unknown as (
          v: unknown,
          c: unknown,
          o: never,
        ) => Promise<{ errors: Record<string, unknown> }>
      )({ ...values, rendaMensal: reaisToCentavos(values.rendaMensal ?? Number.NaN) }, ctx, opts);
      return Object.keys(r.errors).length > 0 ? { values: {}, errors: r.errors } : { values, errors: {} };
    }) as never,
    defaultValues: a
      ? { ...a, cep: formatCep(a.cep), rendaMensal: toReais(a.rendaMensal) }
      : {
          cep: "",
          logradouro: "",
          numero: "",
          complemento: "",
          bairro: "",
          cidade: "",
          uf: "SP",
          rendaMensal: Number.NaN,
          ocupacao: "clt",
          chavePix: "",
        },
  });
  const { control, handleSubmit, formState, setError } = form;
  const submit = useSubmit(
    (v: AddressForm) => onSave({ ...v, rendaMensal: reaisToCentavos(v.rendaMensal) }),
    setError as never,
    Object.keys(addressWithPixInput.shape),
  );
  return (
    <form onSubmit={handleSubmit(submit.run)} noValidate>
      <Stack gap="sm">
        <AddressFieldset form={form} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MoneyField control={control} name="rendaMensal" label={t("profile.fields.rendaMensal")} />
          <SelectField
            control={control}
            name="ocupacao"
            label={t("profile.fields.ocupacao")}
            data={OCCUPATIONS.map((v) => ({
              value: v,
              // "Aposentada" for her, "Aposentado" for him, "Aposentadoria" when not said.
              label: t(`profile.occupation.${v}`, { context: genderContext(profile.personal?.genero) }),
            }))}
            allowDeselect={false}
          />
        </SimpleGrid>
        <TextField
          control={control}
          name="chavePix"
          label={t("profile.fields.chavePix")}
          description={t("profile.fields.chavePixHelp")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        {submit.problem && (
          <Alert color="red" role="alert">
            {submit.problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {t("profile.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
