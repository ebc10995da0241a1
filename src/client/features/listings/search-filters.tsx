import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Card, Checkbox, Drawer, Group, NumberInput, SimpleGrid, Stack } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { type SearchSort, searchQuery as searchContract } from "../../../shared/contracts/listings";
import { UFS, UNIT_TYPES } from "../../../shared/listing-names";
import { SEARCH_URL_KEYS, type SearchUrlKey, searchFromUrl } from "../../../shared/search-url";
import { SelectField } from "../../components/fields/select-field";
import { TextField } from "../../components/fields/text-fields";
import { useErrorText } from "../../lib/error-text";

type FilterValues = Record<SearchUrlKey, string>;

/*
 * The filters form: its own chunk (react-hook-form, the zod contract), so the home's results show
 * before it arrives (issue 18). The city is the place box's (PlaceBox), above the results; the
 * form keeps it, and the UF and bairro it may have set, as they are unless changed here.
 */
/**
 * The label of each sort in the filters' list, or null for one the filters do not offer (the
 * table's columns sort by those, and say so on their headers). Newest first, the default, leads.
 */
const SORT_LABELS: Record<SearchSort, string | null> = {
  recentes: "search.sortRecent",
  preco: "search.sortPrice",
  preco_desc: "search.sortPriceDesc",
  antigos: "search.sortOldest",
  aluguel: "search.sortRent",
  aluguel_desc: "search.sortRentDesc",
  quartos: "search.sortBedrooms",
  quartos_desc: "search.sortBedroomsDesc",
  area: "search.sortArea",
  area_desc: "search.sortAreaDesc",
};
/** The sorts the filters list: the ones with a label ("" is the default, newest first). */
const FILTER_SORTS = (Object.entries(SORT_LABELS) as [SearchSort, string | null][]).flatMap(
  ([sort, label]) => (label ? [{ value: sort === "recentes" ? "" : sort, label }] : []),
);

/** The filters as the URL carries them: the ones given, in reais. */
function filterUrl(values: FilterValues): URLSearchParams {
  const next = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) next.set(k, v);
  return next;
}

/** Checks the filters with the API's own search contract, after turning reais into centavos. */
const filterResolver = (values: FilterValues, context: unknown, options: never) =>
  (
    zodResolver(searchContract) as unknown as (
      v: unknown,
      c: unknown,
      o: never,
    ) => Promise<{ values: unknown; errors: Record<string, unknown> }>
  )(searchFromUrl(filterUrl(values)), context, options).then((r) =>
    Object.keys(r.errors).length > 0 ? { values: {}, errors: r.errors } : { values, errors: {} },
  );

/** The search's filters; `onApplied` runs after a search is applied (the phone's drawer closes). */
export function Filters({ onApplied }: { onApplied?: () => void }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [url, setUrl] = useSearchParams();
  const form = useForm<FilterValues>({
    resolver: filterResolver as never,
    defaultValues: Object.fromEntries(SEARCH_URL_KEYS.map((k) => [k, url.get(k) ?? ""])) as FilterValues,
  });
  const draft = form.watch();
  const set = (key: keyof FilterValues, value: string | null | undefined) => form.setValue(key, value ?? "");
  const fieldError = (key: keyof FilterValues) =>
    err.field(form.formState.errors[key]?.message as string | undefined);
  const apply = form.handleSubmit((values) => {
    setUrl(filterUrl(values));
    onApplied?.();
  });
  function clear() {
    form.reset(Object.fromEntries(SEARCH_URL_KEYS.map((k) => [k, ""])) as FilterValues);
    setUrl(new URLSearchParams());
  }
  const any = { value: "", label: t("search.any") };
  // "Any" is the empty string the URL leaves out; a choice undone is "any" again.
  const choice = (key: keyof FilterValues) => ({ control: form.control, name: key, cleared: "" });
  return (
    <Card
      withBorder
      padding="md"
      component="form"
      onSubmit={(e) => void apply(e)}
      aria-label={t("search.filters")}
    >
      <Stack gap="sm">
        <TextField
          control={form.control}
          name="q"
          label={t("search.q")}
          leftSection={<IconSearch size={16} />}
          maxLength={100}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <SelectField
            {...choice("uf")}
            label={t("search.uf")}
            data={[any, ...UFS.map((u) => ({ value: u, label: u }))]}
            searchable
          />
          <TextField control={form.control} name="bairro" label={t("search.bairro")} />
          <SelectField
            {...choice("tipo")}
            label={t("search.tipo")}
            data={[any, ...UNIT_TYPES.map((v) => ({ value: v, label: t(`listings.types.${v}`) }))]}
          />
          <NumberInput
            label={t("search.precoMin")}
            value={draft.precoMin}
            onChange={(v) => set("precoMin", String(v))}
            error={fieldError("precoMin")}
            min={0}
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
          />
          <NumberInput
            label={t("search.precoMax")}
            value={draft.precoMax}
            onChange={(v) => set("precoMax", String(v))}
            error={fieldError("precoMax")}
            min={0}
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
          />
          <SelectField
            {...choice("quartos")}
            label={t("search.quartos")}
            data={[any, ...["1", "2", "3", "4"].map((n) => ({ value: n, label: `${n}+` }))]}
          />
          <SelectField
            {...choice("mobiliado")}
            label={t("search.mobiliado")}
            data={[
              any,
              { value: "true", label: t("search.furnishedOnly") },
              { value: "false", label: t("search.unfurnishedOnly") },
            ]}
          />
        </SimpleGrid>
        <Group justify="space-between" align="flex-end">
          <Group align="flex-end">
            <Checkbox
              label={t("search.pets")}
              checked={draft.pets === "true"}
              onChange={(e) => set("pets", e.currentTarget.checked ? "true" : "")}
            />
            <SelectField
              {...choice("sort")}
              label={t("search.sort")}
              data={FILTER_SORTS.map((s) => ({ value: s.value, label: t(s.label) }))}
              w={170}
            />
          </Group>
          <Group>
            <Button variant="subtle" onClick={clear}>
              {t("search.clear")}
            </Button>
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              {t("search.apply")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** The phone's filters: a drawer from the bottom, so the results keep the first screen. */
export function FiltersDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} title={t("search.filtersTitle")} position="bottom" size="90%">
      {children}
    </Drawer>
  );
}
