import type { NumberInputProps } from "@mantine/core";
import type { FieldValues, Path } from "react-hook-form";
import { MoneyInput } from "../money-input";
import { WholeNumberInput } from "../whole-number-input";
import { type BoundField, useFormField, type Wired } from "./use-form-field";

type NumberProps<T extends FieldValues, N extends Path<T>, Out> = BoundField<T, N, Out> &
  Omit<NumberInputProps, Wired> & {
    /**
     * What the form holds while the field is empty: NaN (the default) for a number the schema
     * requires, so it says "missing" rather than taking 0; "" for an optional one ("any").
     */
    empty?: number | "";
    /** The number shown while the form holds nothing: the one the form will take for it. */
    shownWhenEmpty?: number;
  };

/** An amount in reais ("R$ 2.500,50") bound to its form as a number of reais. */
export function MoneyField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
  empty = Number.NaN,
  ...props
}: NumberProps<T, N, Out>) {
  const { field, error } = useFormField({ control, name });
  return (
    <MoneyInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value as number | ""}
      onChange={(v) => field.onChange(v === "" ? empty : v)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** A whole number (months, rooms, m²) bound to its form. */
export function NumberField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
  empty = Number.NaN,
  shownWhenEmpty,
  ...props
}: NumberProps<T, N, Out>) {
  const { field, error } = useFormField({ control, name });
  const value = field.value as number | "";
  return (
    <WholeNumberInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={value === "" && shownWhenEmpty !== undefined ? shownWhenEmpty : value}
      onChange={(v) => field.onChange(v === "" ? empty : v)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
