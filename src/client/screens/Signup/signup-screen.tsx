import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { signUpInput } from "../../../shared/contracts/auth";
import { useAuth } from "../../app/auth";
import { TextField } from "../../components/fields/text-fields";
import { AuthCard } from "../../features/auth/auth-card";
import { EmailField, NewPasswordField } from "../../features/auth/password-field";
import { errorCodeOf } from "../../lib/api";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";

/**
 * Sign-up answers the same whether the e-mail is new or already has an account (the e-mail tells
 * its owner which), so the screen always ends on "check your e-mail", with a way to resend.
 */
export function SignupScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? (
    <CheckEmail email={sentTo} next={params.get("next")} onAnotherEmail={() => setSentTo(null)} />
  ) : (
    <SignupForm onSent={setSentTo} title={t("auth.signupTitle")} />
  );
}

function SignupForm({ onSent, title }: { onSent: (email: string) => void; title: string }) {
  const { t } = useTranslation();
  const text = useErrorText();
  const { signUp } = useAuth();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(signUpInput),
    defaultValues: { name: "", email: "", password: "" },
  });
  const { isSubmitting } = form.formState;
  const next = params.get("next");
  const [name, email] = form.watch(["name", "email"]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // The confirmation link lands where the person was going (an offer, say), signed in.
      await signUp(values.name, values.email, values.password, next ?? undefined);
      onSent(values.email);
    } catch (err) {
      const code = errorCodeOf(err);
      if (code.startsWith("password-")) form.setError("password", { message: code });
      else if (!applyIssues(err, form.setError, ["name", "email", "password"])) setFailure(text.of(err));
    }
  });

  return (
    <AuthCard title={title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextField control={form.control} name="name" label={t("auth.name")} autoComplete="name" required />
          <EmailField control={form.control} name="email" />
          <NewPasswordField
            control={form.control}
            name="password"
            label={t("auth.password")}
            strength={{ email, name }}
          />
          <Text size="xs" c="dimmed">
            <Trans
              i18nKey="auth.agreeTerms"
              components={{
                terms: <Anchor component={Link} to="/termos" size="xs" />,
                policy: <Anchor component={Link} to="/privacidade" size="xs" />,
              }}
            />
          </Text>
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

function CheckEmail({
  email,
  next,
  onAnotherEmail,
}: {
  email: string;
  next: string | null;
  onAnotherEmail: () => void;
}) {
  const { t } = useTranslation();
  const text = useErrorText();
  const { resendConfirmation } = useAuth();
  const [isSending, setSending] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const resend = async () => {
    setSending(true);
    setNote(null);
    try {
      await resendConfirmation(email, next ?? undefined);
      setNote({ ok: true, text: t("auth.confirmationResent", { email }) });
    } catch (err) {
      setNote({ ok: false, text: text.of(err) });
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard title={t("auth.checkEmailTitle")}>
      <Alert color="blue" role="status" data-testid="check-email">
        <Stack gap="xs">
          <Text>{t("auth.checkEmail", { email })}</Text>
          <Text size="sm">{t("auth.checkEmailExisting")}</Text>
        </Stack>
      </Alert>
      {note && (
        <Alert color={note.ok ? "green" : "red"} role={note.ok ? "status" : "alert"}>
          {note.text}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="light" loading={isSending} onClick={() => void resend()}>
          {t("auth.resendConfirmation")}
        </Button>
        <Button variant="subtle" onClick={onAnotherEmail}>
          {t("auth.useAnotherEmail")}
        </Button>
      </Group>
      <Text size="sm" ta="center">
        {t("auth.signupHaveAccount")}{" "}
        <Anchor component={Link} to={next ? `/login?next=${encodeURIComponent(next)}` : "/login"}>
          {t("nav.login")}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
