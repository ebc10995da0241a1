import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { offerTitle } from "../../../shared/listing-names";
import { formatBRL } from "../../../shared/money";
import { useErrorText } from "../../lib/error-text";
import { favoritesQuery } from "./api/preferences";
import { FavoriteButton } from "./favorite-button";

/** One's favourites with where each stands now: a closed or rented offer stays, marked so. */
export function FavoritesList() {
  const { t } = useTranslation();
  const err = useErrorText();
  const favorites = useQuery(favoritesQuery());
  if (favorites.isPending) return <Loader />;
  if (favorites.isError) return <Alert color="red">{err.of(favorites.error)}</Alert>;
  if (favorites.data.length === 0) return <Text c="dimmed">{t("favorites.none")}</Text>;
  return (
    <Stack gap="sm">
      {favorites.data.map(({ offer, status }) => (
        <Card key={offer.id} withBorder padding="sm" data-testid="favorite-offer" data-status={status}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/AluguelOferta?id=${offer.id}`} fw={600}>
                {offerTitle(offer.tipo, offer.bairro)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {offer.cidade} – {offer.uf} · {formatBRL(offer.total)}
              </Text>
              {status !== "publicada" && (
                <Badge color="gray" variant="light" mt={4}>
                  {t(`favorites.status.${status}`)}
                </Badge>
              )}
            </div>
            <FavoriteButton offerId={offer.id} size="md" />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
