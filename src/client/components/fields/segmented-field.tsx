import { SegmentedControl, type SegmentedControlProps, Text } from "@mantine/core";
import type { FieldValues, Path } from "react-hook-form";
import { type BoundField, useFormField, type Wired } from "./use-form-field";

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
