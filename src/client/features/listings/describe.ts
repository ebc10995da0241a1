import type { TFunction } from "i18next";
import type { OfferCard } from "../../../shared/contracts/listings";

/**
 * "Apartamento no bairro Pinheiros". A bairro's article cannot be known from its name ("no
 * Centro", "na Lapa", "em Copacabana"), so the title names it as a bairro, which reads right for
 * every name; English says "in".
 */
export function cardTitle(t: TFunction, o: Pick<OfferCard, "tipo" | "bairro">): string {
  return t("listings.cardTitle", { tipo: t(`listings.types.${o.tipo}`), bairro: o.bairro });
}

/** "2 quartos · 68 m² · 1 vaga"; no bedrooms are left out, no parking says "sem vaga". */
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

/** "1 mês", "30 meses". */
export function monthsText(t: TFunction, months: number): string {
  return t("listings.months", { count: months });
}
