import { Button, Card, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { InspectionView } from "../../../shared/contracts/inspections";
import { useErrorText } from "../../lib/error-text";
import { useInviteInspector, useUninviteInspector } from "./api";

/**
 * The landlord's invitation to someone who fills the draft on their own phone (an inspector, a
 * relative, an agent): one e-mail of an account, for this report only; withdrawn at any time.
 */
export function InviteInspector({ report }: { report: InspectionView }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const [email, setEmail] = useState("");
  const invite = useInviteInspector(report.id);
  const uninvite = useUninviteInspector(report.id);
  const failed = invite.error ?? uninvite.error;
  return (
    <Card withBorder padding="sm" data-testid="inspection-inspector">
      <Stack gap="xs">
        <Text fw={600}>{t("inspection.inviteTitle")}</Text>
        {report.vistoriador ? (
          <>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {t("inspection.invited", { email: report.vistoriador })}
            </Text>
            <Button
              variant="subtle"
              color="red"
              loading={uninvite.isPending}
              onClick={() => uninvite.mutate()}
              style={{ alignSelf: "flex-start" }}
            >
              {t("inspection.uninvite")}
            </Button>
          </>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              invite.mutate(email.trim(), { onSuccess: () => setEmail("") });
            }}
          >
            <Stack gap="xs">
              <Text size="xs" c="dimmed">
                {t("inspection.inviteLead")}
              </Text>
              <Group align="flex-end" wrap="nowrap" gap="xs">
                <TextInput
                  type="email"
                  autoComplete="off"
                  inputMode="email"
                  label={t("inspection.inviteEmail")}
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  required
                  style={{ flex: 1, minWidth: 0 }}
                />
                <Button type="submit" loading={invite.isPending}>
                  {t("inspection.invite")}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {failed && (
          <Text size="sm" c="red" role="alert">
            {errors.message(failed)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
