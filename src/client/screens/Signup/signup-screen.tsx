import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { signUpInput } from "../../../shared/contracts/auth";
import { useAuth } from "../../app/auth";
import { applyIssues } from "../../features/auth/apply-issues";
import { AuthCard } from "../../features/auth/auth-card";
import { useErrorText } from "../../features/auth/error-text";
import { EmailField, NewPasswordField } from "../../features/auth/password-field";
import { errorCodeOf } from "../../lib/api";

export function SignupScreen() {
  const { t } = useTranslation();
  const text = useErrorText();
  const { signUp } = useAuth();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(signUpInput),
    defaultValues: { name: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const next = params.get("next");

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signUp(values.name, values.email, values.password);
      notifications.show({ color: "green", message: t("auth.signedUp") });
    } catch (err) {
      const code = errorCodeOf(err);
      if (code === "email-taken") form.setError("email", { message: code });
      else if (code.startsWith("password-")) form.setError("password", { message: code });
      else if (!applyIssues(err, form.setError, ["name", "email", "password"])) setFailure(text.of(err));
    }
  });

  return (
    <AuthCard title={t("auth.signupTitle")}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t("auth.name")}
            autoComplete="name"
            required
            {...form.register("name")}
            error={text.field(errors.name?.message)}
          />
          <EmailField {...form.register("email")} error={text.field(errors.email?.message)} />
          <NewPasswordField
            label={t("auth.password")}
            {...form.register("password")}
            error={text.field(errors.password?.message)}
          />
          <Button type="submit" loading={isSubmitting} fullWidth mt="xs">
            {t("auth.signupSubmit")}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t("auth.signupHaveAccount")}{" "}
        <Anchor component={Link} to={next ? `/login?next=${encodeURIComponent(next)}` : "/login"}>
          {t("nav.login")}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
