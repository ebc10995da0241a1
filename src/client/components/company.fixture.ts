import type { CompanyView } from "../../shared/contracts/companies";

/** A company as GET /api/companies shows it, for screen and form tests (issue 34). */
export function companyViewOf(over: Partial<CompanyView> = {}): CompanyView {
  return {
    id: "c0a1b2c3-0000-4000-8000-000000000001",
    razaoSocial: "Alfa Comércio de Imóveis Ltda.",
    nomeFantasia: "Alfa Imóveis",
    // An alphanumeric CNPJ (IN RFB 2.229/2024), kept as its 14 characters.
    cnpj: "12ABC34501DE35",
    endereco: {
      cep: "01310100",
      logradouro: "Avenida Paulista",
      numero: "1000",
      complemento: "conj. 101",
      bairro: "Bela Vista",
      cidade: "São Paulo",
      uf: "SP",
    },
    cargo: "sócia-administradora",
    instrumento: "contrato_social",
    documentoId: "d0c00000-0000-4000-8000-000000000034",
    chavePix: null,
    outrosRepresentantes: [],
    emUso: false,
    updatedAt: "2026-08-01T12:00:00.000Z",
    ...over,
  };
}
