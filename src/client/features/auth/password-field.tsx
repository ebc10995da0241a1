import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MAX } from "../../../shared/contracts/auth";

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
