import type { TFunction } from "i18next";
import type { OfferCard } from "../../../shared/contracts/listings";

/** "Apartamento em Pinheiros" */
export function cardTitle(t: TFunction, o: Pick<OfferCard, "tipo" | "bairro">): string {
  return t("listings.cardTitle", { tipo: t(`listings.types.${o.tipo}`), bairro: o.bairro });
}

/** "2 quartos · 68 m² · 1 vaga" */
export function features(t: TFunction, o: Pick<OfferCard, "quartos" | "areaM2" | "vagas">): string {
  return [
    ...(o.quartos > 0 ? [t("listings.bedrooms", { count: o.quartos })] : []),
    t("listings.area", { area: o.areaM2.toLocaleString("pt-BR") }),
    t("listings.parking", { count: o.vagas }),
  ].join(" · ");
}

export function place(t: TFunction, o: Pick<OfferCard, "bairro" | "cidade" | "uf">): string {
  return t("listings.place", o);
}
