import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type SavedSearchInput,
  type SavedSearchView,
  type SearchFiltersInput,
  savedSearchInput,
} from "../../../shared/contracts/preferences";
import { UFS, UNIT_TYPES } from "../../../shared/listing-names";
import { reaisToCentavos, toReais } from "../../../shared/money";
import { CheckboxField } from "../../components/fields/checkbox-field";
import { MultiSelectField, TagsField } from "../../components/fields/list-fields";
import { MoneyField, NumberField } from "../../components/fields/number-fields";
import { SegmentedField } from "../../components/fields/segmented-field";
import { DateField, TextField } from "../../components/fields/text-fields";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";

/** The form's values: money in reais and counts as typed ("" while empty), one level deep. */
export interface SearchFormValues {
  nome: string;
  ativa: boolean;
  ufs: string[];
  cidades: string[];
  bairros: string[];
  precoMin: number | "";
  precoMax: number | "";
  quartosMin: number | "";
  banheirosMin: number | "";
  vagasMin: number | "";
  areaMin: number | "";
  tipos: string[];
  pets: boolean;
  mobiliado: "any" | "yes" | "no";
  entradaDe: string;
  entradaAte: string;
  palavras: string;
}
type Field = keyof SearchFormValues;

const count = (v: number | "") => (v === "" ? null : v);
const money = (v: number | "") => (v === "" ? null : reaisToCentavos(v));

/** The request a form's values make. */
export function toSearchInput(v: SearchFormValues): SavedSearchInput {
  return {
    nome: v.nome,
    ativa: v.ativa,
    filtros: {
      ufs: v.ufs as SearchFiltersInput["ufs"],
      cidades: v.cidades,
      bairros: v.bairros,
      precoMin: money(v.precoMin),
      precoMax: money(v.precoMax),
      quartosMin: count(v.quartosMin),
      banheirosMin: count(v.banheirosMin),
      vagasMin: count(v.vagasMin),
      areaMin: count(v.areaMin),
      tipos: v.tipos as SearchFiltersInput["tipos"],
      pets: v.pets,
      mobiliado: v.mobiliado === "any" ? null : v.mobiliado === "yes",
      entradaDe: v.entradaDe || null,
      entradaAte: v.entradaAte || null,
      palavras: v.palavras,
    },
  };
}

/** A form's values from a saved search, or from filters to start one with. */
export function searchFormValues(
  s?: Pick<SavedSearchView, "nome" | "ativa"> & { filtros: SearchFiltersInput },
): SearchFormValues {
  const f = s?.filtros ?? {};
  const reais = (c: number | null | undefined) => (c == null ? "" : toReais(c));
  const n = (c: number | null | undefined) => (c == null ? "" : c);
  return {
    nome: s?.nome ?? "",
    ativa: s?.ativa ?? true,
    ufs: f.ufs ?? [],
    cidades: f.cidades ?? [],
    bairros: f.bairros ?? [],
    precoMin: reais(f.precoMin),
    precoMax: reais(f.precoMax),
    quartosMin: n(f.quartosMin),
    banheirosMin: n(f.banheirosMin),
    vagasMin: n(f.vagasMin),
    areaMin: n(f.areaMin),
    tipos: f.tipos ?? [],
    pets: f.pets ?? false,
    mobiliado: f.mobiliado == null ? "any" : f.mobiliado ? "yes" : "no",
    entradaDe: f.entradaDe ?? "",
    entradaAte: f.entradaAte ?? "",
    palavras: f.palavras ?? "",
  };
}

/** Checks with the shared contract; its `filtros.x` messages go under the field `x`. */
const resolver = async (values: SearchFormValues, context: unknown, options: never) => {
  const r = await (
    zodResolver(savedSearchInput) as unknown as (
      v: unknown,
      c: unknown,
      o: never,
    ) => Promise<{ errors: Record<string, unknown> & { filtros?: Record<string, unknown> } }>
  )(toSearchInput(values), context, options);
  const { filtros, ...rest } = r.errors;
  const errors = { ...rest, ...(filtros ?? {}) } as FieldErrors<SearchFormValues>;
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** A saved search's name and filters; empty fields mean "any". */
export function SearchForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: SearchFormValues;
  submitLabel: string;
  onSave: (input: SavedSearchInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<SearchFormValues>({
    resolver: resolver as never,
    mode: "onTouched",
    defaultValues: initial,
  });
  const { control, handleSubmit, formState, setError } = form;
  const f = (name: string) => t(`preferences.fields.${name}`);
  const submit = handleSubmit(async (v) => {
    setProblem(null);
    try {
      await onSave(toSearchInput(v));
    } catch (e) {
      const fields = Object.keys(v) as Field[];
      // The server names `filtros.x`: the form's field is `x`.
      if (e && typeof e === "object" && "issues" in e && Array.isArray(e.issues))
        for (const issue of e.issues as { path: string }[]) issue.path = issue.path.replace(/^filtros\./, "");
      applyIssues(e, setError, fields);
      setProblem(err.message(e));
    }
  });
  const field = <N extends Field>(name: N) => ({ control, name, label: f(name) });
  return (
    <form onSubmit={submit} noValidate data-testid="search-form">
      <Stack gap="sm">
        <TextField {...field("nome")} placeholder={t("preferences.namePlaceholder")} maxLength={60} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <MultiSelectField {...field("ufs")} data={[...UFS]} searchable clearable />
          <TagsField {...field("cidades")} description={t("preferences.tagsHint")} maxTags={20} />
          <TagsField {...field("bairros")} description={t("preferences.tagsHint")} maxTags={50} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t("preferences.priceHint")}
        </Text>
        <SimpleGrid cols={{ base: 2 }}>
          <MoneyField {...field("precoMin")} empty="" />
          <MoneyField {...field("precoMax")} empty="" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {(["quartosMin", "banheirosMin", "vagasMin", "areaMin"] as const).map((name) => (
            <NumberField key={name} {...field(name)} empty="" />
          ))}
        </SimpleGrid>
        <MultiSelectField
          {...field("tipos")}
          data={UNIT_TYPES.map((v) => ({ value: v, label: t(`listings.types.${v}`) }))}
          clearable
        />
        <Group gap="lg" wrap="wrap">
          <CheckboxField {...field("pets")} />
          <SegmentedField
            {...field("mobiliado")}
            labelId="mobiliado-label"
            data={[
              { value: "any", label: t("preferences.furnished.any") },
              { value: "yes", label: t("preferences.furnished.yes") },
              { value: "no", label: t("preferences.furnished.no") },
            ]}
          />
        </Group>
        <SimpleGrid cols={{ base: 2 }}>
          <DateField {...field("entradaDe")} />
          <DateField {...field("entradaAte")} />
        </SimpleGrid>
        <TextField {...field("palavras")} placeholder={t("preferences.wordsPlaceholder")} maxLength={100} />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t("common.cancel")}
            </Button>
          )}
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
