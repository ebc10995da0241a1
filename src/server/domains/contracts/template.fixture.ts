import { CONTRACT_EVENTS } from "../../../shared/contracts/contracts";
import type { CompletionInfo } from "./seal";
import type { ContractData } from "./template";

/** A complete contract for the tests: every party, accents in names, a guarantor. */
export const base: ContractData = {
  numero: "2026-0001",
  dataEmissao: "2026-11-21",
  locador: {
    nome: "Helena Castro Prado",
    cpf: "52998224725",
    nacionalidade: "brasileira",
    estadoCivil: "casado",
    profissao: "médica",
    rg: "MG-12.345.678",
    endereco: "Rua da Bahia, 100, Centro, Belo Horizonte – MG, CEP 30130-010",
  },
  locatario: {
    nome: "João Conceição Araújo",
    cpf: "11144477735",
    nacionalidade: "brasileiro",
    estadoCivil: "solteiro",
    profissao: "analista de sistemas",
    rg: "12.345.678-9",
    endereco: "Avenida Afonso Pena, 1500, Centro, Belo Horizonte – MG",
  },
  colocatarios: [{ nome: "Pedro Souza", cpf: "39053344705" }],
  fiador: {
    nome: "Antônio Fiador Gonçalves",
    cpf: "71428793860",
    nacionalidade: "brasileiro",
    estadoCivil: "viuvo",
    profissao: "aposentado",
    rg: "9.876.543",
  },
  testemunhas: [{ nome: "Maria Testemunha", cpf: "87748248800" }],
  imovel: {
    tipo: "Apartamento",
    endereco: "Rua Pernambuco, 550, apto 301, Savassi, Belo Horizonte – MG, CEP 30140-071",
    cidade: "Belo Horizonte",
    uf: "MG",
    matricula: "45.678",
  },
  termos: {
    aluguel: 250_000,
    condominio: 60_000,
    iptu: 9_000,
    seguroIncendio: 3_000,
    dataInicio: "2026-12-10",
    prazoMeses: 30,
    reajuste: "IGP-M",
    garantia: "fiador",
    caucaoMeses: null,
    diaVencimento: 10,
  },
};

const longAddress =
  "Rua Desembargador Doutor Antônio Cândido de Figueiredo Albuquerque, 12.345, Bloco B, Torre Norte, apartamento 1.802, Conjunto Residencial Jardim das Palmeiras Imperiais, Bairro Nossa Senhora das Graças, São José dos Campos – SP, CEP 12245-020";

/** Parties with long names and addresses, two co-tenants, a married guarantor and the spouse, two witnesses. */
export const crowded: ContractData = {
  ...base,
  numero: "2026-000123",
  locador: {
    ...base.locador,
    nome: "Maria da Conceição Aparecida dos Santos Albuquerque de Oliveira e Silva Bragança",
    profissao: "engenheira civil e administradora de imóveis próprios",
    endereco: longAddress,
  },
  locatario: {
    ...base.locatario,
    nome: "João Pedro Araújo Conceição de Vasconcelos Cavalcanti Filho",
    endereco: longAddress,
  },
  colocatarios: [
    {
      nome: "Ana Beatriz Gonçalves de Magalhães Araújo Cavalcanti",
      cpf: "39053344705",
      nacionalidade: "portuguesa",
      estadoCivil: "uniao_estavel",
      profissao: "professora universitária",
      rg: "12.345.678-9 SSP/SP",
      endereco: longAddress,
    },
    { nome: "Pedro Henrique Souza", cpf: "15350946056" },
  ],
  fiador: {
    ...(base.fiador as NonNullable<ContractData["fiador"]>),
    nome: "Antônio Carlos Fiador Gonçalves de Albuquerque Lins e Silva Neto",
    estadoCivil: "casado",
    endereco: longAddress,
    // Married: the spouse consents and signs as anuente (CC art. 1.647, III).
    conjuge: {
      nome: "Francisca Helena Cônjuge de Albuquerque Lins e Silva Gonçalves",
      cpf: "29537914806",
      nacionalidade: "brasileira",
      estadoCivil: "casado",
      profissao: "arquiteta e urbanista",
      rg: "23.456.789-0 SSP/SP",
      endereco: longAddress,
    },
  },
  testemunhas: [
    { nome: "Maria Testemunha de Souza Aragão", cpf: "87748248800", indicadoPor: "locador" },
    { nome: "Joaquim José da Silva Xavier Testemunha", cpf: "46802578091", indicadoPor: "locatario" },
  ],
  imovel: { ...base.imovel, endereco: longAddress, cidade: "São José dos Campos", uf: "SP" },
};

export const crowdedSigners: CompletionInfo["signers"] = [
  ["LOCADOR(A)", crowded.locador],
  ["LOCATÁRIO(A)", crowded.locatario],
  ["COLOCATÁRIO(A)", crowded.colocatarios[0]],
  ["COLOCATÁRIO(A)", crowded.colocatarios[1]],
  ["FIADOR(A)", crowded.fiador],
  ["CÔNJUGE DO(A) FIADOR(A), ANUENTE", crowded.fiador?.conjuge],
  ["TESTEMUNHA", crowded.testemunhas[0]],
].map(([roleLabel, p], i, all) => {
  const party = p as ContractData["locador"];
  return {
    roleLabel: roleLabel as string,
    nome: party.nome,
    cpf: party.cpf,
    email: `${party.nome.toLowerCase().replace(/[^a-z]+/g, ".")}@escritorio-de-advocacia-exemplo.com.br`,
    // The last (a witness) has not signed.
    signedAt: i === all.length - 1 ? null : `2${i}/11/2026, 1${i}:0${i}:3${i}`,
  };
});

/** 60 steps of every kind, with long reasons and IPv6 addresses. */
export const crowdedEvents: CompletionInfo["events"] = Array.from({ length: 60 }, (_, i) => {
  const type = CONTRACT_EVENTS[i % CONTRACT_EVENTS.length] as string;
  return {
    at: `${String(1 + (i % 28)).padStart(2, "0")}/11/2026, 10:${String(i % 60).padStart(2, "0")}:00`,
    actor: i % 4 === 0 ? null : (crowdedSigners[i % crowdedSigners.length]?.nome ?? null),
    type,
    detail:
      type === "recusado" || type === "cancelado"
        ? "O prazo de início não é o combinado na proposta e o valor do condomínio mudou desde a visita ao imóvel."
        : type === "codigo_incorreto"
          ? `código errado: ${1 + (i % 9)} de 10 tentativas`
          : null,
    ip: i % 3 === 0 ? "2001:0db8:85a3:0000:0000:8a2e:0370:7334" : i % 3 === 1 ? "189.45.120.7" : null,
  };
});
