import {
  Checkbox,
  type CheckboxGroupProps,
  type CheckboxProps,
  MultiSelect,
  type MultiSelectProps,
  Radio,
  type RadioGroupProps,
  SegmentedControl,
  type SegmentedControlProps,
  Select,
  type SelectProps,
  TagsInput,
  type TagsInputProps,
  Text,
} from "@mantine/core";
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
  }) {
  const { field, error: formError } = useFormField({ control, name });
  const value = field.value as unknown;
  return (
    <Select
      {...props}
      ref={field.ref}
      name={field.name}
      value={value === null || value === undefined ? null : String(value)}
      onChange={(v) => {
        if (v !== null) field.onChange(parse ? parse(v) : v);
        else if (props.allowDeselect !== false) field.onChange(cleared);
      }}
      onBlur={field.onBlur}
      error={error ?? formError}
    />
  );
}

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

/**
 * One of two or three short options side by side (furnished: any, yes, no), under a label that
 * names it for a screen reader.
 */
export function SegmentedField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
  label,
  labelId,
  ...props
}: BoundField<T, N, Out> &
  Omit<SegmentedControlProps, Wired> & {
    label: string;
    /** The label's id, unique on the page. */
    labelId: string;
  }) {
  const { field } = useFormField({ control, name });
  return (
    <div>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl
        {...props}
        ref={field.ref}
        name={field.name}
        aria-labelledby={labelId}
        value={field.value as string}
        onChange={field.onChange}
      />
    </div>
  );
}
