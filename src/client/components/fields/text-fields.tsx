import { Textarea, type TextareaProps, TextInput, type TextInputProps } from "@mantine/core";
import type { FieldValues, Path } from "react-hook-form";
import { type BoundField, useFormField, type Wired } from "./use-form-field";

type TextProps<T extends FieldValues, N extends Path<T>, Out> = BoundField<T, N, Out> &
  Omit<TextInputProps, Wired> & {
    /** An error said instead of the form's (one a field words its own way). */
    error?: string;
  };

/** A line of text (name, e-mail, phone, code) bound to its form. */
export function TextField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
  error,
  ...props
}: TextProps<T, N, Out>) {
  const { field, error: formError } = useFormField({ control, name });
  return (
    <TextInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ""}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      disabled={props.disabled ?? field.disabled}
      error={error ?? formError}
    />
  );
}

/** A date as the browser's date input gives it: "YYYY-MM-DD", or "" while empty. */
export function DateField<T extends FieldValues, N extends Path<T>, Out = T>(props: TextProps<T, N, Out>) {
  return <TextField {...props} type="date" />;
}

/**
 * A CPF (11 digits) or a CNPJ (14), as a Brazilian writes it, with or without its dots: the numeric
 * keypad, the mask as a placeholder and room for the punctuation. What was typed is what the form
 * holds; the shared contract keeps the digits and checks them, so the form and the server agree.
 */
export function CpfCnpjField<T extends FieldValues, N extends Path<T>, Out = T>({
  kind = "cpf",
  ...props
}: TextProps<T, N, Out> & { kind?: "cpf" | "cnpj" }) {
  return (
    <TextField
      inputMode="numeric"
      placeholder={kind === "cpf" ? "000.000.000-00" : "00.000.000/0000-00"}
      maxLength={kind === "cpf" ? 14 : 18}
      {...props}
    />
  );
}

/** A few lines of text (a description, a message) bound to its form. */
export function TextareaField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
  error,
  ...props
}: BoundField<T, N, Out> & Omit<TextareaProps, Wired> & { error?: string }) {
  const { field, error: formError } = useFormField({ control, name });
  return (
    <Textarea
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ""}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      disabled={props.disabled ?? field.disabled}
      error={error ?? formError}
    />
  );
}
