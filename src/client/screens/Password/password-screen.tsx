import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { requestPasswordResetInput, resetPasswordInput } from "../../../shared/contracts/auth";
import { useAuth } from "../../app/auth";
import { authApi } from "../../features/auth/api/session";
import { AuthCard } from "../../features/auth/auth-card";
import {
  ConfirmPasswordField,
  EmailField,
  NewPasswordField,
  withConfirmation,
} from "../../features/auth/password-field";
import { errorCodeOf } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";

function RequestReset() {
  const { t } = useTranslation();
  const text = useErrorText();
  const { sendPasswordReset } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(requestPasswordResetInput), defaultValues: { email: "" } });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await sendPasswordReset(email);
      setSentTo(email);
    } catch (err) {
      setFailure(text.of(err));
    }
  });

  return (
    <AuthCard title={t("auth.passwordTitle")}>
      {sentTo ? (
        <Alert color="green" role="status" data-testid="reset-sent">
          {t("auth.passwordSent", { email: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text c="dimmed">{t("auth.passwordLead")}</Text>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <EmailField control={form.control} name="email" />
            <Button type="submit" loading={isSubmitting} fullWidth>
              {t("auth.passwordSubmit")}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t("auth.backToLogin")}
      </Anchor>
    </AuthCard>
  );
}

const resetForm = withConfirmation(resetPasswordInput);

/** A link that no longer sets a password: said at once, with the way to a new one. */
function DeadLink({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("auth.resetTitle")}>
      <Alert color="orange" role="alert" data-testid="reset-error">
        {message}
      </Alert>
      <Button component={Link} to="/password">
        {t("auth.requestNewLink")}
      </Button>
    </AuthCard>
  );
}

/**
 * `/password/reset?token=`: the link is checked before anything is asked (a used, expired or
 * replaced one says so at once); a check that cannot be made shows the form, and the server
 * still decides when it is sent.
 */
function CheckedReset({ token }: { token: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<"checking" | "usable" | "dead">("checking");
  useEffect(() => {
    let isCurrent = true;
    setState("checking");
    authApi
      .checkResetToken(token)
      .then((answer) => isCurrent && setState(answer.usable ? "usable" : "dead"))
      .catch((err: unknown) => {
        if (!isCurrent) return;
        // A token the server refuses to read is no link of ours.
        setState(errorCodeOf(err) === "invalid-argument" ? "dead" : "usable");
      });
    return () => {
      isCurrent = false;
    };
  }, [token]);
  if (state === "dead") return <DeadLink message={t("auth.resetLinkDead")} />;
  if (state === "checking") {
    return (
      <AuthCard title={t("auth.resetTitle")}>
        <Stack align="center" gap="xs" role="status" data-testid="reset-checking">
          <Loader size="sm" />
          <Text c="dimmed">{t("auth.resetChecking")}</Text>
        </Stack>
      </AuthCard>
    );
  }
  return <ResetPassword token={token} />;
}

function ResetPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const text = useErrorText();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [failure, setFailure] = useState<{ message: string; isLinkDead: boolean } | null>(null);
  const form = useForm({
    resolver: zodResolver(resetForm),
    defaultValues: { token, newPassword: "", confirm: "" },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      await authApi.resetPassword(token, newPassword);
      // Every session of the account was ended, this browser's included.
      await refresh();
      await navigate("/login?reset=1", { replace: true });
    } catch (err) {
      const code = errorCodeOf(err);
      if (code.startsWith("password-")) form.setError("newPassword", { message: code });
      else setFailure({ message: text.of(err), isLinkDead: code === "invalid-reset-link" });
    }
  });

  return (
    <AuthCard title={t("auth.resetTitle")}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert" data-testid="reset-error">
              <Stack gap={4}>
                <span>{failure.message}</span>
                {failure.isLinkDead && (
                  <Anchor component={Link} to="/password" size="sm">
                    {t("auth.requestNewLink")}
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
          <NewPasswordField
            control={form.control}
            name="newPassword"
            label={t("auth.newPassword")}
            strength={{}}
          />
          <ConfirmPasswordField control={form.control} name="confirm" />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {t("auth.resetSubmit")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** `/password` asks for the e-mail; `/password/reset?token=` sets the new password. */
export function PasswordScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  if (location.pathname.replace(/\/+$/, "") === "/password/reset") {
    const token = params.get("token");
    if (!token) {
      return (
        <AuthCard title={t("auth.resetTitle")}>
          <Alert color="red" role="alert">
            {t("auth.resetMissingToken")}
          </Alert>
          <Button component={Link} to="/password">
            {t("auth.requestNewLink")}
          </Button>
        </AuthCard>
      );
    }
    return <CheckedReset token={token} />;
  }
  return <RequestReset />;
}
