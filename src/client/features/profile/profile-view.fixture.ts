import type { ProfileView } from "../../../shared/contracts/profile";

/** A complete profile as the API shows it, for screen tests; `rendaMensal` in centavos. */
export function completeProfileOf(rendaMensal = 900_000): ProfileView {
  return {
    personal: {
      nomeCompleto: "Rafael Costa Lima",
      cpf: "52998224725",
      rg: "12.345.678-9",
      rgOrgaoEmissor: "SSP/MG",
      genero: "masculino",
      dataNascimento: "1992-07-14",
      estadoCivil: "solteiro",
      profissao: "Analista",
      nacionalidade: "brasileira",
      telefone: "(31) 99876-5432",
    },
    address: {
      cep: "30110000",
      logradouro: "Avenida Afonso Pena",
      numero: "1500",
      complemento: "",
      bairro: "Centro",
      cidade: "Belo Horizonte",
      uf: "MG",
      rendaMensal,
      ocupacao: "clt",
      chavePix: "",
    },
    complete: true,
  };
}
