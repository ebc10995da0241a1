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
