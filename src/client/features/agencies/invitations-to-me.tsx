import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MyAgencies } from "../../../shared/contracts/agencies";
import { useErrorText } from "../../lib/error-text";
import { useAnswerInvitation } from "./api/agencies";
import { dayOf } from "./role-field";

type Invitation = MyAgencies["convites"][number];

function InvitationCard({
  invitation: inv,
  onAccepted,
}: {
  invitation: Invitation;
  /** The agency an accepted invitation brought one into. */
  onAccepted?: (agencyId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const err = useErrorText();
  const answer = useAnswerInvitation();
  const [answering, setAnswering] = useState<boolean | null>(null);
  // Awaited, not mutate's callbacks: the card goes from the list as soon as the answer is in.
  const reply = async (aceitar: boolean) => {
    setAnswering(aceitar);
    try {
      const { joined } = await answer.mutateAsync({ id: inv.id, aceitar });
      notifications.show({
        color: "teal",
        message: aceitar
          ? t("agencies.invitations.accepted", { agency: inv.agencia })
          : t("agencies.invitations.declined"),
      });
      if (joined) onAccepted?.(joined);
    } catch {
      // Said on the card (answer.error).
    }
  };
  const words = { agency: inv.agencia, area: t(`agencies.roleArea.${inv.papel}`), by: inv.convidadoPor };
  return (
    <Card withBorder padding="md" data-testid="invitation-to-me">
      <Stack gap="xs">
        <Text style={{ overflowWrap: "anywhere" }}>
          {inv.convidadoPor
            ? t("agencies.invitations.text", words)
            : t("agencies.invitations.textNoInviter", words)}
        </Text>
        <Text size="sm" c="dimmed">
          {t(`agencies.roles.${inv.papel}`)}: {t(`agencies.roleHelp.${inv.papel}`)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="invitation-expires">
          {t("agencies.invitations.expires", { date: dayOf(inv.expiraEm, i18n.language) })}
        </Text>
        {answer.isError && (
          <Alert color="red" role="alert" p="xs">
            <Text size="sm">{err.message(answer.error)}</Text>
          </Alert>
        )}
        <Group gap="sm">
          <Button
            onClick={() => void reply(true)}
            loading={answer.isPending && answering === true}
            disabled={answer.isPending && answering !== true}
          >
            {t("agencies.invitations.accept")}
          </Button>
          <Button
            variant="default"
            onClick={() => void reply(false)}
            loading={answer.isPending && answering === false}
            disabled={answer.isPending && answering !== false}
          >
            {t("agencies.invitations.decline")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The invitations addressed to one's e-mail, each to accept or decline; nothing when there are none. */
export function InvitationsToMe({
  invitations,
  onAccepted,
}: {
  invitations: MyAgencies["convites"];
  /** The agency an accepted invitation brought one into. */
  onAccepted?: (agencyId: string) => void;
}) {
  const { t } = useTranslation();
  if (invitations.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="invitations-to-me">
      <Title order={2} size="h4" id="invitations-to-me">
        {t("agencies.invitations.title")}
      </Title>
      {invitations.map((inv) => (
        <InvitationCard key={inv.id} invitation={inv} onAccepted={onAccepted} />
      ))}
    </Stack>
  );
}
