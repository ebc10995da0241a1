import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatCep } from "../../../shared/contracts/listings";
import {
  type AddressInput,
  addressInput,
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
import { MoneyInput } from "../../components/money-input";
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
  const err = useErrorText();
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
  const { register, control, handleSubmit, formState, setError } = form;
  const submit = useSubmit(onSave, setError as never, Object.keys(personalInput.shape));
  const f = (k: keyof PersonalInput) => t(`profile.fields.${k}`);
  const e = (k: keyof PersonalInput) => err.field(formState.errors[k]?.message as string | undefined);
  // The marital status in the person's words as chosen just below: "Casada", "Casado", or
  // "Casado ou casada" while they prefer not to say (issue 29: never "Casado(a)").
  const context = genderContext(form.watch("genero"));
  return (
    <form onSubmit={handleSubmit(submit.run)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={f("nomeCompleto")}
          autoComplete="name"
          {...register("nomeCompleto")}
          error={e("nomeCompleto")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={f("cpf")}
            inputMode="numeric"
            placeholder="000.000.000-00"
            {...register("cpf")}
            error={e("cpf")}
          />
          <TextInput label={f("rg")} {...register("rg")} error={e("rg")} />
          <TextInput
            label={f("rgOrgaoEmissor")}
            placeholder="SSP/SP"
            {...register("rgOrgaoEmissor")}
            error={e("rgOrgaoEmissor")}
          />
          <TextInput
            type="date"
            label={f("dataNascimento")}
            {...register("dataNascimento")}
            error={e("dataNascimento")}
          />
          <Controller
            control={control}
            name="estadoCivil"
            render={({ field }) => (
              <Select
                label={f("estadoCivil")}
                data={MARITAL_STATUSES.map((v) => ({
                  value: v,
                  label: t(`profile.marital.${v}`, { context }),
                }))}
                value={field.value ?? null}
                onChange={(v) => v && field.onChange(v)}
                onBlur={field.onBlur}
                allowDeselect={false}
                placeholder={t("profile.chooseMarital")}
                error={e("estadoCivil")}
              />
            )}
          />
          <Controller
            control={control}
            name="genero"
            render={({ field }) => (
              <Select
                label={f("genero")}
                data={GENDERS.map((v) => ({ value: v, label: t(`profile.gender.${v}`) }))}
                value={field.value ?? "nao_informado"}
                onChange={(v) => v && field.onChange(v)}
                onBlur={field.onBlur}
                allowDeselect={false}
                error={e("genero")}
              />
            )}
          />
          <TextInput label={f("profissao")} {...register("profissao")} error={e("profissao")} />
          <TextInput
            label={f("nacionalidade")}
            description={t("profile.nationalityHint")}
            // Under the field, so it lines up with the one beside it.
            inputWrapperOrder={["label", "input", "description", "error"]}
            {...register("nacionalidade")}
            error={e("nacionalidade")}
          />
          <TextInput
            label={f("telefone")}
            type="tel"
            autoComplete="tel"
            placeholder="(11) 98765-4321"
            {...register("telefone")}
            error={e("telefone")}
          />
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
  const err = useErrorText();
  const a = profile.address;
  const form = useForm<AddressForm>({
    mode: "onTouched",
    resolver: (async (values: AddressForm, ctx: unknown, opts: never) => {
      const r = await (
        zodResolver(addressInput) as unknown as (
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
        },
  });
  const { control, handleSubmit, formState, setError } = form;
  const submit = useSubmit(
    (v: AddressForm) => onSave({ ...v, rendaMensal: reaisToCentavos(v.rendaMensal) }),
    setError as never,
    Object.keys(addressInput.shape),
  );
  const f = (k: "rendaMensal" | "ocupacao") => t(`profile.fields.${k}`);
  const e = (k: keyof AddressForm) => err.field(formState.errors[k]?.message as string | undefined);
  return (
    <form onSubmit={handleSubmit(submit.run)} noValidate>
      <Stack gap="sm">
        <AddressFieldset form={form} error={e} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={control}
            name="rendaMensal"
            render={({ field }) => (
              <MoneyInput
                label={f("rendaMensal")}
                value={field.value}
                onChange={(v) => field.onChange(v === "" ? Number.NaN : v)}
                onBlur={field.onBlur}
                error={e("rendaMensal")}
              />
            )}
          />
          <Controller
            control={control}
            name="ocupacao"
            render={({ field }) => (
              <Select
                label={f("ocupacao")}
                data={OCCUPATIONS.map((v) => ({
                  value: v,
                  // "Aposentada" for her, "Aposentado" for him, "Aposentadoria" when not said.
                  label: t(`profile.occupation.${v}`, { context: genderContext(profile.personal?.genero) }),
                }))}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
                allowDeselect={false}
                error={e("ocupacao")}
              />
            )}
          />
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
