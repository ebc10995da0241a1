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
  keepMinus = false,
  ...props
}: Omit<NumberInputProps, "value" | "onChange" | "allowNegative" | "min"> & {
  value: number | "";
  onChange: (reais: number | "") => void;
  /**
   * Keeps a typed minus sign for the form to refuse with a message, where a person may think of
   * one (a discount), instead of dropping it silently and taking the amount as positive.
   */
  keepMinus?: boolean;
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
      min={keepMinus ? undefined : 0}
      allowNegative={keepMinus}
      inputMode="decimal"
    />
  );
}
