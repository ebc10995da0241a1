import { NumberInput, type NumberInputProps } from "@mantine/core";

/**
 * A count typed as a whole number (months, residents, bedrooms): no decimals, no sign, the numeric
 * keypad on a phone. The value is the number, or "" while the field is empty (a NaN, as some forms
 * keep an empty number, shows empty too); the form's schema says what is out of range, so nothing
 * is silently corrected (clampBehavior none).
 */
export function WholeNumberInput({
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, "value" | "onChange"> & {
  value: number | "";
  onChange: (value: number | "") => void;
}) {
  return (
    <NumberInput
      clampBehavior="none"
      {...props}
      value={typeof value === "number" && Number.isNaN(value) ? "" : value}
      onChange={(v) => onChange(v === "" ? "" : Number(v))}
      allowDecimal={false}
      allowNegative={false}
      inputMode="numeric"
    />
  );
}
