import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { EDITABLE_STATUSES, type OfferView } from "../../../shared/contracts/listings";
import { useErrorText } from "../../lib/error-text";
import { refreshPaths } from "../../lib/query";
import { listingsApi } from "./api";
import { StatusBadge } from "./offer-details";

/** Status, and the owner's actions on it: edit, publish, close (with confirmation). */
export function OwnerTools({ offer, onEdit }: { offer: OfferView; onEdit: () => void }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const queryClient = useQueryClient();
  const [confirming, confirm] = useDisclosure(false);
  const refresh = (next: OfferView) => {
    queryClient.setQueryData([`/api/offers/${next.id}`], next);
    void refreshPaths(queryClient, ["/api/units"]);
    void refreshPaths(queryClient, ["/api/search"]);
  };
  const publish = useMutation({
    mutationFn: () => listingsApi.publish(offer.id),
    onSuccess: (next) => {
      refresh(next);
      notifications.show({ color: "teal", message: t("offer.published") });
    },
  });
  const close = useMutation({
    mutationFn: () => listingsApi.close(offer.id),
    onSuccess: (next) => {
      refresh(next);
      confirm.close();
      notifications.show({ message: t("offer.closed") });
    },
  });
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
            <Button size="sm" onClick={() => publish.mutate()} loading={publish.isPending}>
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
            <Button color="red" loading={close.isPending} onClick={() => close.mutate()}>
              {t("offer.close")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
