import { MultiSelect, type MultiSelectProps, TagsInput, type TagsInputProps } from "@mantine/core";
import type { FieldValues, Path } from "react-hook-form";
import { type BoundField, useFormField, type Wired } from "./use-form-field";

/** Several choices from a list (UFs, kinds of home), bound to its form as a list of strings. */
export function MultiSelectField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
  ...props
}: BoundField<T, N, Out> & Omit<MultiSelectProps, Wired>) {
  const { field, error } = useFormField({ control, name });
  return (
    <MultiSelect
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value as string[]}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** Words typed one by one (cities, neighbourhoods), bound to its form as a list of strings. */
export function TagsField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
  ...props
}: BoundField<T, N, Out> & Omit<TagsInputProps, Wired>) {
  const { field, error } = useFormField({ control, name });
  return (
    <TagsInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value as string[]}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
