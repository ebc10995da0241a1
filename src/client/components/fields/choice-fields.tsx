import { Checkbox, type CheckboxGroupProps } from "@mantine/core";
import type { FieldValues, Path } from "react-hook-form";
import { type BoundField, useFormField, type Wired } from "./use-form-field";

/*
 * One field a file (select-field, list-fields, checkbox-field, …): a screen's chunk then takes only
 * the Mantine inputs its own forms use.
 */

/** Several boxes ticked from a set (the guarantees accepted), bound as a list of their values. */
export function CheckboxGroupField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
  ...props
}: BoundField<T, N, Out> & Omit<CheckboxGroupProps, Wired>) {
  const { field, error } = useFormField({ control, name });
  return (
    <Checkbox.Group
      {...props}
      ref={field.ref}
      value={field.value as string[]}
      onChange={field.onChange}
      error={error}
    />
  );
}
