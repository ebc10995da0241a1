import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { type Control, Controller, type FieldValues, type Path, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { UFS } from "../../shared/contracts/listings";

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

/**
 * A Brazilian address (CEP, UF, city; street; number, complement, district), as the unit form and
 * the profile's address step ask for it, inside any react-hook-form form that has these fields.
 */
export function AddressFieldset<T extends FieldValues>({
  register,
  control,
  error,
  numeroHelp,
  cepMaxLength,
}: {
  register: UseFormRegister<T>;
  control: Control<T>;
  /** The text of a field's error, if any. */
  error: (field: AddressField) => string | undefined;
  numeroHelp?: string;
  cepMaxLength?: number;
}) {
  const { t } = useTranslation();
  const name = (field: AddressField) => field as Path<T>;
  const label = (field: AddressField) => t(`units.fields.${field}`);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={label("cep")}
          inputMode="numeric"
          placeholder="00000-000"
          maxLength={cepMaxLength}
          {...register(name("cep"))}
          error={error("cep")}
        />
        <Controller
          control={control}
          name={name("uf")}
          render={({ field }) => (
            <Select
              label={label("uf")}
              data={[...UFS]}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
              allowDeselect={false}
              searchable
              error={error("uf")}
            />
          )}
        />
        <TextInput label={label("cidade")} {...register(name("cidade"))} error={error("cidade")} />
      </SimpleGrid>
      <TextInput label={label("logradouro")} {...register(name("logradouro"))} error={error("logradouro")} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={label("numero")}
          description={numeroHelp}
          {...register(name("numero"))}
          error={error("numero")}
        />
        <TextInput
          label={label("complemento")}
          {...register(name("complemento"))}
          error={error("complemento")}
        />
        <TextInput label={label("bairro")} {...register(name("bairro"))} error={error("bairro")} />
      </SimpleGrid>
    </>
  );
}
