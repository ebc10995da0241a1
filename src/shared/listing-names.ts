/*
 * The unit types and UFs and how offers are named: plain constants, apart from the zod contracts
 * (contracts/listings re-exports them) so a screen that only names offers does not load zod.
 */

export const UNIT_TYPES = [
  "apartamento",
  "casa",
  "studio",
  "sala_comercial",
  "loja",
  "vaga_garagem",
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** The pt-BR names the server writes (e-mails, contracts, seed data); screens use the locale files. */
export const UNIT_TYPE_NAMES: Record<UnitType, string> = {
  apartamento: "Apartamento",
  casa: "Casa",
  studio: "Studio",
  sala_comercial: "Sala comercial",
  loja: "Loja",
  vaga_garagem: "Vaga de garagem",
};

/**
 * "Apartamento no bairro Pinheiros", as the cards say it (locale key listings.cardTitle). A
 * bairro's own article cannot be known from its name ("no Centro", "na Lapa", "em Copacabana"),
 * and "em Centro" reads wrong, so the bairro is named as one, which is right for every name.
 */
export function offerTitle(tipo: string, bairro: string): string {
  return `${UNIT_TYPE_NAMES[tipo as UnitType] ?? "Imóvel"} no bairro ${bairro}`;
}

export const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;
export type Uf = (typeof UFS)[number];
