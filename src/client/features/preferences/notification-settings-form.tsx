import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  CHOSEN_KINDS,
  NOTICE_CHANNELS,
  type NotificationSettings,
  type NotificationSettingsInput,
  notificationSettingsInput,
} from "../../../shared/contracts/preferences";
import { RadioGroupField } from "../../components/fields/radio-group-field";
import { SelectField } from "../../components/fields/select-field";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";
import { useSaveNotificationSettings } from "./api/preferences";

/**
 * For each kind of notice: in the app, by e-mail at once, in the daily digest (at the hour
 * chosen), or not at all. What a contract depends on is always sent, and the screen says why.
 */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettings }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const save = useSaveNotificationSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<NotificationSettingsInput, unknown, NotificationSettings>({
    resolver: zodResolver(notificationSettingsInput),
    defaultValues: initial,
  });
  const { control, handleSubmit, formState, setError, reset } = form;
  // Settings changed elsewhere (a version restored, an e-mail's unsubscribe, another device) are
  // shown at once, unless the person is changing them here.
  useEffect(() => {
    if (!formState.isDirty) reset(initial);
  }, [initial, formState.isDirty, reset]);
  const canais = useWatch({ control, name: "canais" });
  const digest = CHOSEN_KINDS.some((k) => canais[k] === "digest");
  const submit = handleSubmit(async (v) => {
    setProblem(null);
    try {
      // What was saved is the form's new starting point: changes from elsewhere show again.
      reset(await save.mutateAsync(v));
      notifications.show({ color: "teal", message: t("notify.saved") });
    } catch (e) {
      applyIssues(e, setError, ["horaResumo"]);
      setProblem(err.message(e));
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="notification-settings">
      <Stack gap="md">
        {CHOSEN_KINDS.map((kind) => (
          <Card key={kind} withBorder padding="md">
            <RadioGroupField
              control={control}
              name={`canais.${kind}`}
              label={t(`notify.kinds.${kind}`)}
              description={t(`notify.kindsLead.${kind}`)}
            >
              <Stack gap={6} mt="xs">
                {NOTICE_CHANNELS.map((c) => (
                  <Radio key={c} value={c} label={t(`notify.channels.${c}`)} />
                ))}
              </Stack>
            </RadioGroupField>
          </Card>
        ))}
        {digest && (
          <SelectField
            control={control}
            name="horaResumo"
            label={t("notify.digestHour")}
            description={t("notify.digestHourLead")}
            data={Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${h}h` }))}
            parse={Number}
            allowDeselect={false}
            maw={220}
          />
        )}
        <Card withBorder padding="md" data-testid="always-sent">
          <Title order={2} size="h5">
            {t("notify.alwaysTitle")}
          </Title>
          <Text size="sm" mt={4}>
            {t("notify.alwaysContract")}
          </Text>
        </Card>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {t("notify.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
