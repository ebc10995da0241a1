import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { changePasswordInput } from "../../../shared/contracts/auth";
import { displayNameInput } from "../../../shared/contracts/profile";
import { announceAuthChange, useAuth } from "../../app/auth";
import { PasswordField } from "../../components/fields/password-field";
import { TextField } from "../../components/fields/text-fields";
import { PageHeader } from "../../components/page-header";
import {
  sessionQuery,
  sessionsQuery,
  useChangePassword,
  useRevokeOtherSessions,
  useRevokeSession,
} from "../../features/auth/api/session";
import { ConfirmPasswordField, NewPasswordField, withConfirmation } from "../../features/auth/password-field";
import { AccountDeletion } from "../../features/privacy/account-deletion";
import { DataExport } from "../../features/privacy/data-export";
import { HomeLayoutSelect } from "../../features/privacy/home-layout-select";
import { PrivacySettings } from "../../features/privacy/privacy-settings";
import { useSaveDisplayName } from "../../features/profile/api/profile";
import { errorCodeOf } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { LANGUAGES, type Language, setLanguage } from "../../lib/i18n";

function Preferences() {
  const { t, i18n } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Select
          label={t("config.language")}
          description={t("config.languageHelp")}
          data={LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
          value={i18n.language}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return;
            setLanguage(value as Language).catch(() =>
              notifications.show({ color: "red", message: t("config.languageFailed") }),
            );
          }}
          maw={320}
        />
        <HomeLayoutSelect />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="theme-label">
            {t("config.theme")}
          </Text>
          <SegmentedControl
            aria-labelledby="theme-label"
            value={colorScheme}
            onChange={(value) => setColorScheme(value as "light" | "dark" | "auto")}
            data={[
              { value: "light", label: t("config.themeLight") },
              { value: "dark", label: t("config.themeDark") },
              { value: "auto", label: t("config.themeAuto") },
            ]}
            maw={360}
          />
        </Stack>
      </Stack>
    </Card>
  );
}

/** One settings section: a bordered card with its title and what it is for. */
function Section({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {lead}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

const changeForm = withConfirmation(changePasswordInput);

/** The name others see on one's offers and messages (the contract uses the legal name of /profile). */
function DisplayName({ current }: { current: string }) {
  const { t } = useTranslation();
  const text = useErrorText();
  const { refresh } = useAuth();
  const saveName = useSaveDisplayName();
  const form = useForm({ resolver: zodResolver(displayNameInput), defaultValues: { name: current } });
  const { isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await saveName.mutateAsync(name);
      form.reset({ name });
      notifications.show({ color: "green", message: t("config.nameSaved") });
      await refresh();
      announceAuthChange();
    } catch (err) {
      form.setError("name", { message: text.message(err) });
    }
  });
  return (
    <Section title={t("config.nameTitle")} lead={t("config.nameLead")}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextField
            control={form.control}
            name="name"
            label={t("config.nameLabel")}
            autoComplete="name"
            maw={420}
          />
          <Group>
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              {t("config.nameSubmit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const text = useErrorText();
  const changePassword = useChangePassword();
  const form = useForm({
    resolver: zodResolver(changeForm),
    defaultValues: { currentPassword: "", newPassword: "", confirm: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword, revokeOtherSessions: true });
      form.reset();
      notifications.show({ color: "green", message: t("config.passwordChanged") });
      announceAuthChange();
    } catch (err) {
      const code = errorCodeOf(err);
      if (code === "wrong-current-password") form.setError("currentPassword", { message: code });
      else if (code.startsWith("password-")) form.setError("newPassword", { message: code });
      else form.setError("root", { message: text.of(err) });
    }
  });

  return (
    <Section title={t("config.changePasswordTitle")} lead={t("config.changePasswordLead")}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {errors.root?.message && (
            <Alert color="red" role="alert">
              {errors.root.message}
            </Alert>
          )}
          <PasswordField
            control={form.control}
            name="currentPassword"
            label={t("auth.currentPassword")}
            autoComplete="current-password"
            required
            maw={420}
          />
          <NewPasswordField
            control={form.control}
            name="newPassword"
            label={t("auth.newPassword")}
            maw={420}
          />
          <ConfirmPasswordField control={form.control} name="confirm" maw={420} />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              {t("config.changePasswordSubmit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

/** A short, readable name for a user agent: enough to recognise one's own devices. */
function deviceName(userAgent: string | null | undefined, fallback: string): string {
  if (!userAgent) return fallback;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const os = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return [browser, os].filter(Boolean).join(" · ") || fallback;
}

function Sessions() {
  const { t, i18n } = useTranslation();
  const text = useErrorText();
  const { refresh } = useAuth();
  const sessions = useQuery(sessionsQuery());
  const current = useQuery(sessionQuery());
  const currentToken = current.data?.session.token;

  const onDone = (message: string) => notifications.show({ color: "green", message });
  const onError = async (err: unknown) => {
    notifications.show({ color: "red", message: text.of(err) });
    if (errorCodeOf(err) === "unauthenticated") await refresh();
  };
  const revokeOne = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();

  const list = [...(sessions.data ?? [])].sort((a, b) =>
    a.token === currentToken ? -1 : b.token === currentToken ? 1 : b.createdAt.localeCompare(a.createdAt),
  );
  const others = list.filter((s) => s.token !== currentToken);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });

  return (
    <Section title={t("config.sessionsTitle")} lead={t("config.sessionsLead")}>
      {sessions.isPending && <Loader size="sm" aria-label={t("app.loading")} />}
      {sessions.isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <span>{text.of(sessions.error)}</span>
            <Button size="xs" variant="white" onClick={() => void sessions.refetch()}>
              {t("auth.tryAgain")}
            </Button>
          </Group>
        </Alert>
      )}
      <Stack gap="xs" data-testid="session-list">
        {list.map((s) => (
          <Group key={s.id} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {deviceName(s.userAgent, t("config.unknownDevice"))}
                </Text>
                {s.token === currentToken && (
                  <Badge size="sm" variant="light" color="green">
                    {t("config.thisSession")}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {t("config.sessionStarted", { date: dateFormat.format(new Date(s.createdAt)) })}
                {s.ipAddress ? ` · ${t("config.sessionIp", { ip: s.ipAddress })}` : ""}
              </Text>
            </Stack>
            {s.token !== currentToken && (
              <Button
                size="xs"
                variant="light"
                color="red"
                // The session's line wraps; the button keeps its whole word on a phone.
                style={{ flexShrink: 0 }}
                loading={revokeOne.isPending && revokeOne.variables === s.token}
                onClick={() =>
                  revokeOne.mutate(s.token, { onSuccess: () => onDone(t("config.sessionEnded")), onError })
                }
              >
                {t("config.endSession")}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {sessions.isSuccess &&
        (others.length > 0 ? (
          <Group>
            <Button
              variant="default"
              color="red"
              loading={revokeOthers.isPending}
              onClick={() =>
                revokeOthers.mutate(undefined, { onSuccess: () => onDone(t("config.othersEnded")), onError })
              }
            >
              {t("config.endOthers")}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t("config.noOtherSessions")}
          </Text>
        ))}
    </Section>
  );
}

/** How one is told of things: chosen on /preferences2. */
function Notices() {
  const { t } = useTranslation();
  return (
    <Section title={t("config.noticesTitle")} lead={t("config.noticesLead")}>
      <Anchor component={Link} to="/preferences2">
        {t("config.noticesLink")}
      </Anchor>
    </Section>
  );
}

/** `/Config`: language, theme, name, notices, privacy, password and sessions. */
export function ConfigScreen() {
  const { t } = useTranslation();
  const { state } = useAuth();
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <PageHeader
          title={t("config.title")}
          lead={
            state.status === "signed-in" ? t("config.signedInAs", { email: state.user.email }) : undefined
          }
          gap={2}
        />
        <Preferences />
        {state.status === "signed-in" && <DisplayName current={state.user.name} />}
        <Notices />
        <PrivacySettings />
        <DataExport />
        <ChangePassword />
        <Sessions />
        <AccountDeletion />
      </Stack>
    </Container>
  );
}
