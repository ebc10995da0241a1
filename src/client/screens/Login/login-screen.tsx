import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { signInInput } from "../../../shared/contracts/auth";
import { useAuth } from "../../app/auth";
import { PasswordField } from "../../components/fields/password-field";
import { AuthCard } from "../../features/auth/auth-card";
import { EmailField } from "../../features/auth/password-field";
import { RetryCountdown, useSecondsLeft } from "../../features/auth/retry-countdown";
import { ApiError, errorCodeOf } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";

export function LoginScreen() {
  const { t } = useTranslation();
  const text = useErrorText();
  const { signIn, resendConfirmation } = useAuth();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  /** A refusal that says how long to wait (429 with Retry-After): its words, and when the wait ends. */
  const [delay, setDelay] = useState<{ text: string; until: number } | null>(null);
  const secondsLeft = useSecondsLeft(delay?.until ?? null);
  const form = useForm({ resolver: zodResolver(signInInput), defaultValues: { email: "", password: "" } });
  const { isSubmitting } = form.formState;
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
      await resendConfirmation(unconfirmed, next ?? undefined);
      setResent(t("auth.confirmationResent", { email: unconfirmed }));
    } catch (err) {
      setFailure(text.of(err));
    } finally {
      setResending(false);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setDelay(null);
    setUnconfirmed(null);
    setResent(null);
    try {
      await signIn(values.email, values.password);
      notifications.show({ color: "green", message: t("auth.signedIn") });
      // The route guard now sends the user on to `next`.
    } catch (err) {
      const code = errorCodeOf(err);
      if (code === "email-not-confirmed") setUnconfirmed(values.email);
      const wait = err instanceof ApiError ? err.retryAfterSeconds : undefined;
      if (wait !== undefined && (code === "sign-in-delayed" || code === "rate-limited")) {
        setDelay({
          text: t(code === "sign-in-delayed" ? "auth.signInDelayed" : "auth.tooManyTries"),
          until: Date.now() + wait * 1000,
        });
      } else setFailure(text.of(err));
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
          {delay && (
            <Alert color={secondsLeft > 0 ? "orange" : "green"} role="alert" data-testid="login-error">
              {delay.text} <RetryCountdown seconds={secondsLeft} />
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
          <EmailField control={form.control} name="email" />
          <PasswordField
            control={form.control}
            name="password"
            label={t("auth.password")}
            autoComplete="current-password"
            required
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/password" size="sm">
              {t("auth.forgotPassword")}
            </Anchor>
          </Group>
          <Button type="submit" loading={isSubmitting} disabled={secondsLeft > 0} fullWidth>
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
