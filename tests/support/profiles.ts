import { randomCpf } from "./files";

/*
 * Valid profile bodies, for Vitest and Playwright alike (no test runner imported here): the one
 * place a test takes a person's data from, so a new required field is added once.
 */

/** A valid `PUT /api/profile/personal` body; override a field to test its rule. */
export function personalProfileOf(name: string, over: Record<string, unknown> = {}) {
  return {
    nomeCompleto: `${name} da Silva`,
    cpf: randomCpf(),
    rg: "12.345.678-9",
    dataNascimento: "1988-02-03",
    estadoCivil: "casado",
    profissao: "Professora",
    nacionalidade: "brasileira",
    telefone: "(21) 98765-4321",
    ...over,
  };
}

/** A valid `PUT /api/profile/address` body (income R$ 15.000). */
export function addressProfileOf(over: Record<string, unknown> = {}) {
  return {
    cep: "22290-140",
    logradouro: "Rua Voluntários da Pátria",
    numero: "45",
    bairro: "Botafogo",
    cidade: "Rio de Janeiro",
    uf: "RJ",
    rendaMensal: 1_500_000,
    ocupacao: "servidor",
    ...over,
  };
}
