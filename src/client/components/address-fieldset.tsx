import { Loader, SimpleGrid } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { type FieldValues, type Path, type PathValue, type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { CepAddress } from "../../shared/contracts/cep";
import { cleanCep } from "../../shared/contracts/listings";
import { UFS } from "../../shared/listing-names";
import { errorCodeOf } from "../lib/api";
import { cepQuery } from "../lib/cep";
import { SelectField } from "./fields/select-field";
import { TextField } from "./fields/text-fields";

export const ADDRESS_FIELDS = [
  "cep",
  "uf",
  "cidade",
  "logradouro",
  "numero",
  "complemento",
  "bairro",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** What a CEP fills in; the number and complement are always the person's. */
const FILLED = ["logradouro", "bairro", "cidade", "uf"] as const;

/**
 * Fills the street, bairro, city and UF from the CEP as soon as it has 8 digits (through
 * `GET /api/cep/:cep`). A field is filled only while the person has not changed it (it holds its
 * default, is empty, or holds what the previous CEP filled), so nothing typed is overwritten; every field stays editable, and a lookup
 * that fails or is slow never blocks typing. Says "looking up" and "not found" under the CEP.
 */
/** A field's name in the form's values: at the root, or under a prefix ("fiador.endereco."). */
const pathOf = <T extends FieldValues>(prefix: string, field: AddressField) => `${prefix}${field}` as Path<T>;

/** The form's default values under a prefix (a nested address, like a guarantor's). */
function defaultsAt(values: unknown, prefix: string): Record<string, unknown> | undefined {
  return prefix
    .split(".")
    .filter(Boolean)
    .reduce<Record<string, unknown> | undefined>(
      (o, key) => o?.[key] as Record<string, unknown> | undefined,
      values as Record<string, unknown> | undefined,
    );
}

function useCepFill<T extends FieldValues>(form: UseFormReturn<T>, prefix: string) {
  const { control, getValues, setValue, formState } = form;
  const typed = useWatch({ control, name: pathOf<T>(prefix, "cep") }) as unknown;
  const cep = typeof typed === "string" ? cleanCep(typed) : "";
  // The saved address's CEP is not looked up again: only a CEP the person types now.
  const saved = cleanCep(String(defaultsAt(formState.defaultValues, prefix)?.cep ?? ""));
  const lookup = useQuery({ ...cepQuery(cep), enabled: /^\d{8}$/.test(cep) && cep !== saved });
  const filled = useRef<Partial<Record<(typeof FILLED)[number], string>>>({});
  const address: CepAddress | undefined = lookup.data;
  useEffect(() => {
    if (!address) return;
    const defaults = defaultsAt(formState.defaultValues, prefix);
    for (const field of FILLED) {
      const value = address[field];
      const name = pathOf<T>(prefix, field);
      const current = getValues(name) as unknown;
      const untouched = !current || current === filled.current[field] || current === defaults?.[field];
      if (value && untouched) {
        setValue(name, value as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: false });
        filled.current[field] = value;
      }
    }
  }, [address, getValues, setValue, formState, prefix]);
  const code = lookup.isError ? errorCodeOf(lookup.error) : null;
  return {
    pending: lookup.isFetching,
    // An outage or a lookup the operator turned off is no news to the person: the form is typed.
    problem: code === "cep-not-found" || code === "cep-lookup-unavailable" ? code : null,
  };
}

/**
 * A Brazilian address (CEP, UF, city; street; number, complement, district), as the unit form and
 * the profile's address step ask for it, inside any react-hook-form form that has these fields.
 * The CEP fills the rest in when the server can look it up.
 */
export function AddressFieldset<T extends FieldValues>({
  form,
  error,
  numeroHelp,
  cepMaxLength,
  prefix = "",
}: {
  /** The form that holds the address fields (react-hook-form). */
  form: UseFormReturn<T>;
  /**
   * The text of a field's error, if any, when the form words it its own way; otherwise each field
   * says the form's error at its own name.
   */
  error?: (field: AddressField) => string | undefined;
  numeroHelp?: string;
  cepMaxLength?: number;
  /** Where the fields sit in the form's values, with its dot ("fiador.endereco."); none: at the root. */
  prefix?: string;
}) {
  const { t } = useTranslation();
  const at = (field: AddressField) => ({
    control: form.control,
    name: pathOf<T>(prefix, field),
    label: t(`units.fields.${field}`),
    error: error?.(field),
  });
  const cep = useCepFill(form, prefix);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField
          {...at("cep")}
          inputMode="numeric"
          placeholder="00000-000"
          maxLength={cepMaxLength}
          autoComplete="postal-code"
          rightSection={cep.pending ? <Loader size="xs" aria-label={t("address.lookingUp")} /> : null}
          description={cep.problem ? t(`errors.${cep.problem}`) : undefined}
        />
        <SelectField {...at("uf")} data={[...UFS]} allowDeselect={false} searchable />
        <TextField {...at("cidade")} />
      </SimpleGrid>
      <TextField {...at("logradouro")} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField {...at("numero")} description={numeroHelp} />
        <TextField {...at("complemento")} />
        <TextField {...at("bairro")} />
      </SimpleGrid>
    </>
  );
}
