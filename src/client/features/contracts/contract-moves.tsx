import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { type ContractView, cancelInput } from "../../../shared/contracts/contracts";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { TextareaField } from "../../components/fields/text-fields";
import { useErrorText } from "../../lib/error-text";
import { useCancelContract, useMyLink } from "./api/contracts";

/** The landlord calls off a contract not yet signed, with a reason the other signers read. */
export function CancelContract({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [open, setOpen] = useState(false);
  const cancel = useCancelContract(contract.id);
  const form = useForm<z.input<typeof cancelInput>, unknown, z.output<typeof cancelInput>>({
    resolver: zodResolver(cancelInput),
    defaultValues: { motivo: "" },
    reValidateMode: "onSubmit",
  });
  const confirm = form.handleSubmit(({ motivo }) =>
    cancel.mutate(motivo, {
      onSuccess: () => {
        setOpen(false);
        notifications.show({ message: t("contract.cancelled") });
      },
    }),
  );
  return (
    <>
      <Group>
        <Button color="red" variant="subtle" size="xs" onClick={() => setOpen(true)}>
          {t("contract.cancel")}
        </Button>
      </Group>
      <ConfirmDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t("contract.cancelTitle")}
        error={cancel.isError ? err.message(cancel.error) : null}
        confirmLabel={t("contract.cancel")}
        confirmColor="red"
        pending={cancel.isPending}
        onConfirm={() => void confirm()}
      >
        <Text size="sm">{t("contract.cancelText")}</Text>
        <TextareaField
          control={form.control}
          name="motivo"
          label={t("contract.reason")}
          minRows={3}
          autosize
          maxLength={1000}
        />
      </ConfirmDialog>
    </>
  );
}

/** A signed-in signer signs from here: a fresh link of their own, then the usual ceremony. */
export function SignNow({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const navigate = useNavigate();
  const link = useMyLink(contract.id);
  const signNow = () =>
    link.mutate(undefined, {
      onSuccess: ({ token }) => void navigate(`/Clicksign?contrato=${contract.id}&token=${token}`),
    });
  return (
    <Alert color="orange" title={t("contract.signNow")}>
      <Stack gap="xs">
        <Text size="sm">{t("contract.signNowLead")}</Text>
        {link.isError && (
          <Text c="red" size="sm">
            {err.message(link.error)}
          </Text>
        )}
        <Group>
          <Button onClick={signNow} loading={link.isPending} data-testid="sign-now">
            {t("contract.signNow")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
