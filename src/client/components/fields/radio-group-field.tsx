import { Radio, type RadioGroupProps } from "@mantine/core";
import type { FieldValues, Path } from "react-hook-form";
import { type BoundField, useFormField, type Wired } from "./use-form-field";

/** One of a few options shown at once, bound to its form as the option's value. */
export function RadioGroupField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
  ...props
}: BoundField<T, N, Out> & Omit<RadioGroupProps, Wired>) {
  const { field, error } = useFormField({ control, name });
  return (
    <Radio.Group
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value as string}
      onChange={field.onChange}
      error={error}
    />
  );
}
