import { ActionIcon } from "@mantine/core";
import { IconHeart, IconHeartFilled } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { favoritesQuery, useToggleFavorite } from "./api/preferences";

/**
 * The heart on an offer: keeps it among one's favourites (its price drops are told) or lets it go.
 * Only for someone signed in; the screen decides (a visitor has no favourites).
 */
export function FavoriteButton({ offerId, size = "lg" }: { offerId: string; size?: "md" | "lg" }) {
  const { t } = useTranslation();
  const favorites = useQuery(favoritesQuery());
  const toggle = useToggleFavorite();
  const kept = (favorites.data ?? []).some((f) => f.offer.id === offerId);
  const label = kept ? t("favorites.remove") : t("favorites.add");
  return (
    <ActionIcon
      variant={kept ? "filled" : "default"}
      color="red"
      size={size === "lg" ? 44 : 36}
      radius="xl"
      aria-label={label}
      title={label}
      aria-pressed={kept}
      data-testid="favorite"
      loading={toggle.isPending}
      disabled={favorites.isPending}
      onClick={(e) => {
        // On a card that is a link, the heart keeps the offer without opening it.
        e.preventDefault();
        e.stopPropagation();
        toggle.mutate({ offerId, keep: !kept });
      }}
    >
      {kept ? <IconHeartFilled size={18} /> : <IconHeart size={18} />}
    </ActionIcon>
  );
}
