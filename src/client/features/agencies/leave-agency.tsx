import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconLogout } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AgencyView } from "../../../shared/contracts/agencies";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useErrorText } from "../../lib/error-text";
import { useRemoveMember } from "./api/agencies";

/**
 * Leaving the agency, asked first. The last administrador cannot: the server says so (409
 * last-admin), and the dialog shows its words.
 */
export function LeaveAgency({ agency, selfId }: { agency: AgencyView; selfId: string }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [asking, setAsking] = useState(false);
  const leave = useRemoveMember(agency.id, selfId);
  const name = agency.nomeFantasia ?? agency.razaoSocial;
  const close = () => {
    setAsking(false);
    leave.reset();
  };
  // Awaited, not mutate's callbacks: once one has left, this part of the screen goes.
  const confirm = async () => {
    try {
      await leave.mutateAsync(selfId);
    } catch {
      return; // Said in the dialog (leave.error): the last administrador's 409, say.
    }
    notifications.show({ color: "teal", message: t("agencies.leave.done", { agency: name }) });
    close();
  };
  return (
    <Group>
      <Button
        color="red"
        variant="outline"
        leftSection={<IconLogout size={16} />}
        onClick={() => setAsking(true)}
        h="auto"
        mih={36}
        py={6}
        styles={{ label: { whiteSpace: "normal" } }}
      >
        {t("agencies.leave.button")}
      </Button>
      <ConfirmDialog
        opened={asking}
        onClose={close}
        title={t("agencies.leave.title")}
        error={leave.isError ? err.message(leave.error) : null}
        confirmLabel={t("agencies.leave.button")}
        confirmColor="red"
        pending={leave.isPending}
        onConfirm={() => void confirm()}
      >
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {t("agencies.leave.text", { agency: name })}
        </Text>
      </ConfirmDialog>
    </Group>
  );
}
