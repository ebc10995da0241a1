import { PasswordInput, type PasswordInputProps, Text, TextInput, type TextInputProps } from "@mantine/core";
import { forwardRef, useEffect, useState } from "react";
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

/**
 * Mantine's PasswordInput with its show/hide button named in the reader's language (its own
 * label is the English "Toggle password visibility"). The name says what a press does, so the
 * button is not also announced as pressed.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(
  { visibilityToggleButtonProps, ...props },
  ref,
) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      ref={ref}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        ...visibilityToggleButtonProps,
        "aria-label": visible ? t("auth.hidePassword") : t("auth.showPassword"),
        "aria-pressed": undefined,
      }}
      {...props}
    />
  );
});

type Strength = { state: "idle" } | { state: "checking" } | { state: "done"; problem: string | null };

/**
 * The server's strength rule, run in the browser while the user types. zxcvbn and its pt-BR
 * dictionaries are big: they load (once) only when someone types a new password, never with the
 * pages that do not ask for one.
 */
export function usePasswordStrength(password: string, person: { email?: string; name?: string }): Strength {
  const [strength, setStrength] = useState<Strength>({ state: "idle" });
  const { email, name } = person;
  useEffect(() => {
    if (password.length < 8) {
      setStrength({ state: "idle" });
      return;
    }
    let isCurrent = true;
    setStrength((prev) => (prev.state === "idle" ? { state: "checking" } : prev));
    const timer = setTimeout(() => {
      void import("../../../shared/password-strength")
        .then(({ passwordProblem }) => {
          if (isCurrent) setStrength({ state: "done", problem: passwordProblem(password, { email, name }) });
        })
        // Without the checker the server still decides: say nothing rather than something wrong.
        .catch(() => isCurrent && setStrength({ state: "idle" }));
    }, 250);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [password, email, name]);
  return strength;
}

/** A new password, with the rules said up front instead of after a refusal. */
export const NewPasswordField = forwardRef<
  HTMLInputElement,
  PasswordInputProps & { strength?: { password: string; email?: string; name?: string } }
>(function NewPasswordField({ strength, ...props }, ref) {
  const { t } = useTranslation();
  const verdict = usePasswordStrength(strength?.password ?? "", {
    email: strength?.email,
    name: strength?.name,
  });
  const description =
    verdict.state === "done" && verdict.problem === null ? (
      <Text component="span" size="xs" c="green.8" data-testid="password-strength">
        {t("auth.passwordStrong")}
      </Text>
    ) : verdict.state === "done" && verdict.problem && !props.error ? (
      // Once the field shows its error, the same reason is not said a second time above it.
      <Text component="span" size="xs" c="orange.9" data-testid="password-strength">
        {t(`errors.${verdict.problem}`)}
      </Text>
    ) : (
      t("auth.passwordHint")
    );
  return (
    <PasswordField
      ref={ref}
      autoComplete="new-password"
      maxLength={PASSWORD_MAX}
      description={description}
      required
      {...props}
    />
  );
});

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
      <PasswordField
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
