import type { Cotenant, Guarantor } from "../../../shared/contracts/proposals";
import type { ContractParty } from "./template";

/*
 * The people a tenant names (a co-tenant, a guarantor and the spouse who consents) as a contract
 * names its parties: the lease's draft takes them from the approved proposal, a termo aditivo
 * (issue 33) from the amendment that brings them in.
 */

/** What a guarantor, spouse or co-tenant gave of their qualification (optional before 2026-11-27). */
function qualificationOf(
  x: Partial<Pick<Cotenant, "genero" | "nacionalidade" | "profissao" | "rg" | "rgOrgaoEmissor">>,
) {
  return {
    ...(x.genero ? { genero: x.genero } : {}),
    ...(x.nacionalidade ? { nacionalidade: x.nacionalidade } : {}),
    ...(x.profissao ? { profissao: x.profissao } : {}),
    ...(x.rg ? { rg: x.rg } : {}),
    ...(x.rgOrgaoEmissor ? { rgOrgaoEmissor: x.rgOrgaoEmissor } : {}),
  };
}

/** A CEP as an address writes it: "22250-040". */
export const cep = (v: unknown) => String(v).replace(/^(\d{5})(\d{3})$/, "$1-$2");

/** A co-tenant as the contract names one. */
export function cotenantParty(x: Cotenant): ContractParty & { email: string } {
  return { nome: x.nome, cpf: x.cpf, email: x.email, ...qualificationOf(x) };
}

/** A guarantor as the contract names one: with the spouse who consents when married, and the address. */
export function guarantorParty(f: Guarantor): ContractParty & { email: string } {
  return {
    nome: f.nome,
    cpf: f.cpf,
    email: f.email,
    parentesco: f.parentesco,
    ...qualificationOf(f),
    ...(f.estadoCivil ? { estadoCivil: f.estadoCivil } : {}),
    conjuge: f.conjuge
      ? {
          nome: f.conjuge.nome,
          cpf: f.conjuge.cpf,
          email: f.conjuge.email,
          ...qualificationOf(f.conjuge),
          // The spouse of a married guarantor is married too.
          estadoCivil: "casado",
        }
      : null,
    ...(f.endereco
      ? {
          endereco: `${f.endereco.logradouro}, ${f.endereco.numero}${f.endereco.complemento ? `, ${f.endereco.complemento}` : ""}, ${f.endereco.bairro}, ${f.endereco.cidade} – ${f.endereco.uf}, CEP ${cep(f.endereco.cep)}`,
        }
      : {}),
  };
}
