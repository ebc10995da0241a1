import { Checkbox, type CheckboxProps } from "@mantine/core";
import type { FieldValues, Path } from "react-hook-form";
import { type BoundField, useFormField, type Wired } from "./use-form-field";

/** A yes or no, bound to its form as a boolean. */
export function CheckboxField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
  ...props
}: BoundField<T, N, Out> & Omit<CheckboxProps, Wired>) {
  const { field, error } = useFormField({ control, name });
  return (
    <Checkbox
      {...props}
      ref={field.ref}
      name={field.name}
      checked={Boolean(field.value)}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
