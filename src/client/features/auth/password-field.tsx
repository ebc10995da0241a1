import { type PasswordInputProps, Text, type TextInputProps } from "@mantine/core";
import { useEffect, useState } from "react";
import { type FieldValues, type Path, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { PASSWORD_MAX } from "../../../shared/contracts/auth";
import { PasswordField } from "../../components/fields/password-field";
import { TextField } from "../../components/fields/text-fields";
import { type BoundField, useFieldError, type Wired } from "../../components/fields/use-form-field";

/** The e-mail of an account: the right keyboard on phones and the browser's autofill. */
export function EmailField<T extends FieldValues, N extends Path<T>, Out = T>(
  props: BoundField<T, N, Out> & Omit<TextInputProps, Wired>,
) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("auth.email")}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      {...props}
    />
  );
}

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
export function NewPasswordField<T extends FieldValues, N extends Path<T>, Out = T>({
  strength,
  ...props
}: BoundField<T, N, Out> &
  Omit<PasswordInputProps, Wired> & {
    /** Check the password's strength as it is typed; a password naming the person is weak. */
    strength?: { email?: string; name?: string };
  }) {
  const { t } = useTranslation();
  const password = useWatch({ control: props.control, name: props.name }) as unknown;
  const error = useFieldError(props);
  // Only where the form asks for it (a new account, a reset): /Config's change leaves it to the server.
  const verdict = usePasswordStrength(strength && typeof password === "string" ? password : "", {
    email: strength?.email,
    name: strength?.name,
  });
  const description =
    verdict.state === "done" && verdict.problem === null ? (
      <Text component="span" size="xs" c="green.8" data-testid="password-strength">
        {t("auth.passwordStrong")}
      </Text>
    ) : verdict.state === "done" && verdict.problem && !error ? (
      // Once the field shows its error, the same reason is not said a second time above it.
      <Text component="span" size="xs" c="orange.9" data-testid="password-strength">
        {t(`errors.${verdict.problem}`)}
      </Text>
    ) : (
      t("auth.passwordHint")
    );
  return (
    <PasswordField
      autoComplete="new-password"
      maxLength={PASSWORD_MAX}
      description={description}
      required
      {...props}
    />
  );
}

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

/** The second entry of a new password, which must repeat it (the form's `confirm`). */
export function ConfirmPasswordField<T extends FieldValues, N extends Path<T>, Out = T>(
  props: BoundField<T, N, Out> & Omit<PasswordInputProps, Wired>,
) {
  const { t } = useTranslation();
  const message = useFieldError(props);
  return (
    <PasswordField
      label={t("auth.confirmPassword")}
      autoComplete="new-password"
      required
      {...props}
      error={message === DIFFER ? t("auth.passwordsDiffer") : message}
    />
  );
}
