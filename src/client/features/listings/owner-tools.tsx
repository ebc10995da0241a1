import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EDITABLE_STATUSES, type OfferView } from "../../../shared/contracts/listings";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useErrorText } from "../../lib/error-text";
import { useCloseOffer, usePublishOffer } from "./api/offers";
import { StatusBadge } from "./offer-details";

/**
 * Status, and the owner's actions on it: edit, publish, close (with confirmation). `canPublish`
 * false (the owner's profile lacks what the contract needs, decision 041) shows `publishNeeds`
 * instead of "Publicar".
 */
export function OwnerTools({
  offer,
  onEdit,
  canPublish = true,
  publishNeeds = null,
}: {
  offer: OfferView;
  onEdit: () => void;
  canPublish?: boolean | null;
  publishNeeds?: ReactNode;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [confirming, confirm] = useDisclosure(false);
  const publish = usePublishOffer();
  const close = useCloseOffer();
  const failure = publish.error ?? close.error;
  // The server publishes no offer whose unit has no photo: said before, with the way to add one.
  const needsPhoto = offer.status === "rascunho" && offer.unidade.fotos.length === 0;
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
          {offer.status === "rascunho" && canPublish !== false && !needsPhoto && (
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
      {/* Publishing needs the profile the contract needs: the way to it instead of a refused button. */}
      {offer.status === "rascunho" && publishNeeds}
      {needsPhoto && (
        <Alert color="orange" data-testid="publish-needs-photo">
          {t("errors.photo-required")}{" "}
          <Anchor component={Link} to={`/AdicionarUnidade/${offer.unidade.id}`} inherit>
            {t("offer.addPhotos")}
          </Anchor>
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {err.message(failure)}
        </Alert>
      )}
      <ConfirmDialog
        opened={confirming}
        onClose={confirm.close}
        title={t("offer.closeTitle")}
        error={close.error ? err.message(close.error) : null}
        confirmLabel={t("offer.close")}
        confirmColor="red"
        pending={close.isPending}
        onConfirm={() =>
          close.mutate(offer.id, {
            onSuccess: () => {
              confirm.close();
              notifications.show({ message: t("offer.closed") });
            },
          })
        }
      >
        <Text size="sm">{t("offer.closeText")}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
