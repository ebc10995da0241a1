import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, List, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DELETION_WORD, type DeletionInput, deletionInput } from "../../../shared/contracts/privacy";
import { announceAuthChange, useAuth } from "../../app/auth";
import { PasswordField } from "../../components/fields/password-field";
import { TextField } from "../../components/fields/text-fields";
import { errorCodeOf } from "../../lib/api";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";
import { deletionQuery, privacyInfoQuery, useRequestDeletion } from "./api/privacy";

/**
 * "Excluir minha conta" (LGPD art. 18, VI): says first what goes and what stays (the signed
 * contracts, for the legal period), then asks for the password and the typed word.
 */
export function AccountDeletion() {
  const { t } = useTranslation();
  const err = useErrorText();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const info = useQuery(privacyInfoQuery());
  const status = useQuery(deletionQuery());
  const request = useRequestDeletion();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<DeletionInput>({
    resolver: zodResolver(deletionInput),
    defaultValues: { senha: "", confirmacao: "" },
  });
  const { control, handleSubmit, formState, setError } = form;
  const graceDays = status.data?.graceDays ?? 7;
  const submit = handleSubmit(async (v) => {
    setProblem(null);
    try {
      await request.mutateAsync(v);
      // Every session ended with the request: this tab and the others go to the signed-out home.
      announceAuthChange();
      notifications.show({
        color: "teal",
        autoClose: false,
        message: t("privacy.deletion.done", { days: graceDays }),
      });
      // Home first (it is public), then the session is read again: signed out.
      await navigate("/", { replace: true });
      await refresh();
    } catch (e) {
      if (errorCodeOf(e) === "wrong-current-password")
        setError("senha", { message: "wrong-current-password" });
      else if (!applyIssues(e, setError, ["senha", "confirmacao"])) setProblem(err.message(e));
    }
  });
  return (
    <Card withBorder padding="lg" data-testid="account-deletion">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("privacy.deletion.title")}
          </Title>
          <Text size="sm">{t("privacy.deletion.lead", { days: graceDays })}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t("privacy.deletion.goes")}</List.Item>
            <List.Item>
              {t("privacy.deletion.stays", { years: info.data?.contractRetentionYears ?? 10 })}
            </List.Item>
            <List.Item>{t("privacy.deletion.cancel", { days: graceDays })}</List.Item>
          </List>
          <PasswordField
            control={control}
            name="senha"
            label={t("privacy.deletion.password")}
            autoComplete="current-password"
            withAsterisk
          />
          <TextField
            control={control}
            name="confirmacao"
            label={t("privacy.deletion.word", { word: DELETION_WORD })}
            autoComplete="off"
            withAsterisk
          />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Button type="submit" color="red" loading={formState.isSubmitting}>
            {t("privacy.deletion.submit")}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
