import { NumberInput, type NumberInputProps } from "@mantine/core";

/**
 * An amount in reais as a Brazilian types it ("R$ 2.500,50"): comma for the centavos, dot for the
 * thousands, never negative, the numeric keypad on a phone. The value is reais as a number, or ""
 * while the field is empty (a NaN, as some forms keep an empty number, shows empty too); turning
 * it into centavos is lib/money's.
 */
export function MoneyInput({
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, "value" | "onChange"> & {
  value: number | "";
  onChange: (reais: number | "") => void;
}) {
  return (
    <NumberInput
      {...props}
      value={typeof value === "number" && Number.isNaN(value) ? "" : value}
      onChange={(v) => onChange(v === "" ? "" : Number(v))}
      decimalSeparator=","
      thousandSeparator="."
      // Only the comma starts the centavos: react-number-format also takes a typed "." as the
      // decimal separator by default, so "1.500" (how a Brazilian writes R$ 1.500) became R$ 1,50.
      allowedDecimalSeparators={[","]}
      decimalScale={2}
      prefix="R$ "
      min={0}
      allowNegative={false}
      inputMode="decimal"
    />
  );
}
