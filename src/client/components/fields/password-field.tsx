import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { useState } from "react";
import type { FieldValues, Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type BoundField, useFormField, type Wired } from "./use-form-field";

/**
 * A password bound to its form, with its show/hide button named in the reader's language
 * (Mantine's own label is the English "Toggle password visibility"). The name says what a press
 * does, so the button is not also announced as pressed.
 */
export function PasswordField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
  error,
  visibilityToggleButtonProps,
  ...props
}: BoundField<T, N, Out> &
  Omit<PasswordInputProps, Wired> & {
    /** An error said instead of the form's (one a field words its own way). */
    error?: string;
  }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const { field, error: formError } = useFormField({ control, name });
  return (
    <PasswordInput
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        ...visibilityToggleButtonProps,
        "aria-label": visible ? t("auth.hidePassword") : t("auth.showPassword"),
        "aria-pressed": undefined,
      }}
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ""}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      error={error ?? formError}
    />
  );
}
