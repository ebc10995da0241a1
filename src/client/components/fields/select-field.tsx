import { Select, type SelectProps } from "@mantine/core";
import type { FieldValues, Path } from "react-hook-form";
import { type BoundField, useFormField, type Wired } from "./use-form-field";

/**
 * One choice from a list, bound to its form. The options' values are strings; a form that keeps
 * a number (an hour, a count of months) says how to read one back with `parse`. A list that lets
 * the choice be undone (allowDeselect, the default) sets the field to `cleared` (null unless the
 * form says); one that does not never empties it.
 */
export function SelectField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
  parse,
  cleared = null,
  shownWhenEmpty = null,
  error,
  ...props
}: BoundField<T, N, Out> &
  Omit<SelectProps, Wired> & {
    /** The form's value for an option's (a string by default). */
    parse?: (value: string) => unknown;
    /** The form's value once the choice is undone (the option "any" may be ""). */
    cleared?: unknown;
    /** An error said instead of the form's (one a field words its own way). */
    error?: string;
    /** The option shown while the form holds nothing ("" or null): the one it stands for. */
    shownWhenEmpty?: string | null;
  }) {
  const { field, error: formError } = useFormField({ control, name });
  const value = field.value as unknown;
  return (
    <Select
      {...props}
      ref={field.ref}
      name={field.name}
      value={value === null || value === undefined || value === "" ? shownWhenEmpty : String(value)}
      onChange={(v) => {
        if (v !== null) field.onChange(parse ? parse(v) : v);
        else if (props.allowDeselect !== false) field.onChange(cleared);
      }}
      onBlur={field.onBlur}
      error={error ?? formError}
    />
  );
}
