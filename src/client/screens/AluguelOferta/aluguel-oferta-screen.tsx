import { Button, Card, Group, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { OfferDetails } from "../../features/listings/offer-details";
import { OwnerTools } from "../../features/listings/owner-tools";
import { EditOffer, OfferPage, ProposeButton } from "./offer-page";

/**
 * /AluguelOferta: `?id=` an offer (anyone once published; its owner edits, publishes, closes);
 * `?unidade=` a new offer for one's unit.
 */
export function AluguelOfertaScreen() {
  const { t } = useTranslation();
  return (
    <OfferPage
      basePath="/AluguelOferta"
      otherPath="/AluguelOfertaOLD"
      otherLabel={t("offer.oldVersion")}
      render={(offer, editing, setEditing, saved) => (
        <Stack gap="md">
          {offer.isOwner && (
            <Card withBorder padding="md">
              <OwnerTools offer={offer} onEdit={() => setEditing(true)} />
            </Card>
          )}
          {editing ? (
            <>
              <EditOffer offer={offer} onSaved={saved} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(false)}>
                  {t("offer.cancel")}
                </Button>
              </Group>
            </>
          ) : (
            <OfferDetails offer={offer} />
          )}
          <Group justify="center">
            <ProposeButton offer={offer} />
          </Group>
        </Stack>
      )}
    />
  );
}
