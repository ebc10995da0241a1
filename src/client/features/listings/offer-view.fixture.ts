import type { OfferCard, OfferView } from "../../../shared/contracts/listings";

export const OFFER_ID = "7b0e6c2a-4f1d-4b8e-9a3c-2d5e6f7a8b9c";

/** A search result's card: a furnished-less one-bedroom in Campinas, no photo unless given. */
export function offerCard(patch: Partial<OfferCard> = {}): OfferCard {
  return {
    id: OFFER_ID,
    tipo: "apartamento",
    bairro: "Centro",
    cidade: "Campinas",
    uf: "SP",
    quartos: 1,
    banheiros: 1,
    vagas: 0,
    areaM2: 40,
    mobiliado: false,
    aceitaPets: true,
    aluguel: 150000,
    total: 180000,
    capa: null,
    capaInfo: null,
    publishedAt: "2026-01-10T12:00:00.000Z",
    ...patch,
  };
}

/** A published offer as the API answers a visitor (no street number, CEP or complement). */
export function offerView(patch: Partial<OfferView> = {}): OfferView {
  return {
    id: OFFER_ID,
    status: "publicada",
    aluguel: 250000,
    condominio: 45000,
    iptu: 8000,
    seguroIncendio: 4500,
    total: 307500,
    garantias: ["fiador", "caucao"],
    caucaoMeses: 1,
    prazoMeses: 30,
    reajuste: "IGP-M",
    disponivelEm: "2026-03-01",
    descricao: "",
    publishedAt: "2026-01-10T12:00:00.000Z",
    createdAt: "2026-01-10T12:00:00.000Z",
    updatedAt: "2026-01-10T12:00:00.000Z",
    anunciante: "Helena",
    isOwner: false,
    recebePropostas: true,
    unidade: {
      id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
      tipo: "apartamento",
      cep: null,
      logradouro: "Rua Coronel Quirino",
      numero: null,
      complemento: null,
      bairro: "Cambuí",
      cidade: "Campinas",
      uf: "SP",
      areaM2: 68,
      quartos: 1,
      banheiros: 1,
      vagas: 0,
      mobiliado: false,
      aceitaPets: true,
      descricao: "",
      fotos: [],
      fotosInfo: {},
      createdAt: "2026-01-10T12:00:00.000Z",
      updatedAt: "2026-01-10T12:00:00.000Z",
    },
    ...patch,
  };
}
