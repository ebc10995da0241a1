import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconMailForward, IconX } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type AgencyInvitationView,
  type AgencyView,
  type InvitationInput,
  invitationInput,
} from "../../../shared/contracts/agencies";
import { TextField } from "../../components/fields/text-fields";
import { ApiError, errorCodeOf } from "../../lib/api";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";
import { useCancelInvitation, useInvite } from "./api/agencies";
import { dayOf, RoleBadge, RoleField } from "./role-field";

/** A label that wraps on a phone instead of being cut. */
const WRAP = { h: "auto", mih: 36, py: 6, styles: { label: { whiteSpace: "normal" as const } } };

/** Invites someone by e-mail with a role (administradores); the e-mail tells them where to answer. */
export function InviteForm({ agencyId }: { agencyId: string }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const invite = useInvite(agencyId);
  const { control, handleSubmit, formState, setError, reset } = useForm<InvitationInput>({
    resolver: zodResolver(invitationInput) as never,
    defaultValues: { email: "", papel: "corretor" },
    mode: "onTouched",
  });
  const submit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      notifications.show({ color: "teal", message: t("agencies.invite.sent", { email: values.email }) });
      reset({ email: "", papel: values.papel });
      invite.reset();
    } catch (e) {
      // Someone already on the team: said under the e-mail.
      if (errorCodeOf(e) === "already-member" && e instanceof ApiError)
        setError("email", { message: e.message });
      else applyIssues(e, setError, ["email", "papel"]);
    }
  });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="invite-person">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="invite-person">
            {t("agencies.invite.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("agencies.invite.lead")}
          </Text>
          <TextField
            control={control}
            name="email"
            label={t("agencies.invite.email")}
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
          />
          <RoleField control={control} name="papel" label={t("agencies.invite.role")} />
          {invite.isError && (
            <Alert color="red" role="alert" p="xs">
              <Text size="sm">{err.message(invite.error)}</Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={formState.isSubmitting}
              leftSection={<IconMailForward size={16} />}
              {...WRAP}
            >
              {t("agencies.invite.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PendingCard({ agencyId, invitation: inv }: { agencyId: string; invitation: AgencyInvitationView }) {
  const { t, i18n } = useTranslation();
  const err = useErrorText();
  const cancel = useCancelInvitation(agencyId);
  const date = dayOf(inv.expiraEm, i18n.language);
  return (
    <Card withBorder padding="sm" component="li" data-testid="pending-invitation">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
          <Text fw={600} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
            {inv.email}
          </Text>
          <RoleBadge role={inv.papel} />
        </Group>
        <Text size="xs" c="dimmed">
          {inv.convidadoPor
            ? t("agencies.pending.by", { by: inv.convidadoPor, date })
            : t("agencies.pending.until", { date })}
        </Text>
        {cancel.isError && (
          <Text c="red" size="sm" role="alert">
            {err.message(cancel.error)}
          </Text>
        )}
        <Group mt={4}>
          <Button
            size="xs"
            color="red"
            variant="subtle"
            leftSection={<IconX size={14} />}
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(inv.id, {
                onSuccess: () =>
                  notifications.show({
                    color: "teal",
                    message: t("agencies.pending.canceled", { email: inv.email }),
                  }),
              })
            }
            h="auto"
            mih={30}
            py={4}
            styles={{ label: { whiteSpace: "normal" } }}
          >
            {t("agencies.pending.cancel")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The invitations not yet answered (administradores), each to withdraw. */
export function PendingInvitations({ agency }: { agency: AgencyView }) {
  const { t } = useTranslation();
  if (agency.convites.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-invitations">
      <Title order={2} size="h4" id="pending-invitations">
        {t("agencies.pending.title")}
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {agency.convites.map((inv) => (
          <PendingCard key={inv.id} agencyId={agency.id} invitation={inv} />
        ))}
      </Stack>
    </Stack>
  );
}
