import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { signInInput } from "../../../shared/contracts/auth";
import { useAuth } from "../../app/auth";
import { AuthCard } from "../../features/auth/auth-card";
import { EmailField } from "../../features/auth/password-field";
import { errorCodeOf } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";

export function LoginScreen() {
  const { t } = useTranslation();
  const text = useErrorText();
  const { signIn, resendConfirmation } = useAuth();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(signInInput), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;
  const next = params.get("next");
  const wasReset = params.get("reset") === "1";
  // Where an e-mailed confirmation link that signed no one in sends the browser.
  const confirmation = params.get("confirmacao");
  /** The e-mail of an account that must confirm first (the password was right). */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [isResending, setResending] = useState(false);
  const [resent, setResent] = useState<string | null>(null);

  const resend = async () => {
    if (!unconfirmed) return;
    setResending(true);
    try {
      await resendConfirmation(unconfirmed);
      setResent(t("auth.confirmationResent", { email: unconfirmed }));
    } catch (err) {
      setFailure(text.of(err));
    } finally {
      setResending(false);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setUnconfirmed(null);
    setResent(null);
    try {
      await signIn(values.email, values.password);
      notifications.show({ color: "green", message: t("auth.signedIn") });
      // The route guard now sends the user on to `next`.
    } catch (err) {
      if (errorCodeOf(err) === "email-not-confirmed") setUnconfirmed(values.email);
      setFailure(text.of(err));
    }
  });

  return (
    <AuthCard title={t("auth.loginTitle")}>
      {next && !wasReset && <Text c="dimmed">{t("auth.loginToContinue")}</Text>}
      {wasReset && (
        <Alert color="green" role="status">
          {t("auth.resetDone")}
        </Alert>
      )}
      {confirmation === "invalida" && (
        <Alert color="orange" role="status" data-testid="confirmation-state">
          {t("auth.confirmationInvalid")}
        </Alert>
      )}
      {confirmation === "feita" && (
        <Alert color="green" role="status" data-testid="confirmation-state">
          {t("auth.confirmationDone")}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert" data-testid="login-error">
              {failure}
            </Alert>
          )}
          {unconfirmed && (
            <Group justify="flex-start">
              <Button variant="light" loading={isResending} onClick={() => void resend()}>
                {t("auth.resendConfirmation")}
              </Button>
            </Group>
          )}
          {resent && (
            <Alert color="green" role="status" data-testid="confirmation-resent">
              {resent}
            </Alert>
          )}
          <EmailField {...form.register("email")} error={text.field(errors.email?.message)} />
          <PasswordInput
            label={t("auth.password")}
            autoComplete="current-password"
            required
            {...form.register("password")}
            error={text.field(errors.password?.message)}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/password" size="sm">
              {t("auth.forgotPassword")}
            </Anchor>
          </Group>
          <Button type="submit" loading={isSubmitting} fullWidth>
            {t("auth.loginSubmit")}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t("auth.loginNoAccount")}{" "}
        <Anchor component={Link} to={next ? `/signup?next=${encodeURIComponent(next)}` : "/signup"}>
          {t("nav.signup")}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
