import { Button, Card, Group, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../app/auth";
import { OfferDetails } from "../../features/listings/offer-details";
import { EditOffer, OfferPage, ProposeButton } from "../../features/listings/offer-page";
import { OwnerTools } from "../../features/listings/owner-tools";
import { FavoriteButton } from "../../features/preferences/favorite-button";
import { PublishNeeds, usePublishReady } from "./publish-needs";

/**
 * /AluguelOferta: `?id=` an offer (anyone once published; its owner edits, publishes, closes);
 * `?unidade=` a new offer for one's unit.
 */
export function AluguelOfertaScreen() {
  const { t } = useTranslation();
  const signedIn = useAuth().state.status === "signed-in";
  const canPublish = usePublishReady(signedIn);
  return (
    <OfferPage
      signedIn={signedIn}
      basePath="/AluguelOferta"
      otherPath="/AluguelOfertaOLD"
      otherLabel={t("offer.oldVersion")}
      newOfferNotice={signedIn && <PublishNeeds />}
      render={(offer, editing, setEditing, saved) => (
        <Stack gap="md">
          {offer.isOwner && (
            <Card withBorder padding="md">
              <OwnerTools
                offer={offer}
                onEdit={() => setEditing(true)}
                canPublish={canPublish}
                publishNeeds={<PublishNeeds />}
              />
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
          {/* Sticks to the bottom of the screen while the offer is read: on a phone, "Fazer proposta"
              is always in reach, not after the whole page (issue 29). Its owner has none to make. */}
          {!offer.isOwner && (
            <Group
              justify="center"
              gap="sm"
              data-testid="offer-actions"
              pos="sticky"
              bottom={0}
              py="sm"
              style={{
                zIndex: 3,
                background: "var(--mantine-color-body)",
                borderTop: "1px solid var(--mantine-color-default-border)",
              }}
            >
              <ProposeButton offer={offer} signedIn={signedIn} />
              {/* One keeps others' offers: its price drops are told (/preferences/favoritos). */}
              {signedIn && <FavoriteButton offerId={offer.id} />}
            </Group>
          )}
        </Stack>
      )}
    />
  );
}
