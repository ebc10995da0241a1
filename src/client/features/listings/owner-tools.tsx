import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { EDITABLE_STATUSES, type OfferView } from "../../../shared/contracts/listings";
import { useErrorText } from "../../lib/error-text";
import { useCloseOffer, usePublishOffer } from "./api/offers";
import { StatusBadge } from "./offer-details";

/** Status, and the owner's actions on it: edit, publish, close (with confirmation). */
export function OwnerTools({ offer, onEdit }: { offer: OfferView; onEdit: () => void }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [confirming, confirm] = useDisclosure(false);
  const publish = usePublishOffer();
  const close = useCloseOffer();
  const failure = publish.error ?? close.error;
  return (
    <Stack gap="xs" data-testid="owner-tools">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>{t("offer.ownerTools")}</Text>
          <StatusBadge status={offer.status} />
        </Group>
        <Group gap="xs">
          {EDITABLE_STATUSES.includes(offer.status) && (
            <Button variant="default" size="sm" onClick={onEdit}>
              {t("offer.edit")}
            </Button>
          )}
          {offer.status === "rascunho" && (
            <Button
              size="sm"
              onClick={() =>
                publish.mutate(offer.id, {
                  onSuccess: () => notifications.show({ color: "teal", message: t("offer.published") }),
                })
              }
              loading={publish.isPending}
            >
              {t("offer.publish")}
            </Button>
          )}
          {offer.status !== "encerrada" && (
            <Button size="sm" color="red" variant="light" onClick={confirm.open}>
              {t("offer.close")}
            </Button>
          )}
        </Group>
      </Group>
      {offer.status === "rascunho" && (
        <Text size="sm" c="dimmed">
          {t("offer.draftNotice")}
        </Text>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {err.message(failure)}
        </Alert>
      )}
      <Modal opened={confirming} onClose={confirm.close} title={t("offer.closeTitle")} centered>
        <Stack>
          <Text size="sm">{t("offer.closeText")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              {t("offer.cancel")}
            </Button>
            <Button
              color="red"
              loading={close.isPending}
              onClick={() =>
                close.mutate(offer.id, {
                  onSuccess: () => {
                    confirm.close();
                    notifications.show({ message: t("offer.closed") });
                  },
                })
              }
            >
              {t("offer.close")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
