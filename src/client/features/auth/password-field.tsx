import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from "@mantine/core";
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { PASSWORD_MAX } from "../../../shared/contracts/auth";

/** The e-mail of an account: the right keyboard on phones and the browser's autofill. */
export const EmailField = forwardRef<HTMLInputElement, TextInputProps>(function EmailField(props, ref) {
  const { t } = useTranslation();
  return (
    <TextInput
      ref={ref}
      label={t("auth.email")}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      {...props}
    />
  );
});

/** A new password, with the rules said up front instead of after a refusal. */
export const NewPasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(
  function NewPasswordField(props, ref) {
    const { t } = useTranslation();
    return (
      <PasswordInput
        ref={ref}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        description={t("auth.passwordHint")}
        required
        {...props}
      />
    );
  },
);

const DIFFER = "passwordsDiffer";

/** Adds a `confirm` field that must repeat `newPassword`. */
export function withConfirmation<S extends z.ZodRawShape & { newPassword: z.ZodType<string> }>(
  schema: z.ZodObject<S>,
) {
  return schema.extend({ confirm: z.string() }).refine(
    (v) => {
      const values = v as { newPassword?: unknown; confirm?: unknown };
      return values.newPassword === values.confirm;
    },
    { path: ["confirm"], error: DIFFER },
  );
}

/** The second entry of a new password; `message` is the form's error for `confirm`. */
export const ConfirmPasswordField = forwardRef<HTMLInputElement, PasswordInputProps & { message?: string }>(
  function ConfirmPasswordField({ message, ...props }, ref) {
    const { t } = useTranslation();
    return (
      <PasswordInput
        ref={ref}
        label={t("auth.confirmPassword")}
        autoComplete="new-password"
        required
        error={message === DIFFER ? t("auth.passwordsDiffer") : message}
        {...props}
      />
    );
  },
);
