import type { SignerRole } from "../../../shared/contracts/contracts";
import type { Gender } from "../../../shared/contracts/profile";
import { brazilDateTime } from "../../../shared/contracts/proposals";
import { agree } from "../../../shared/gender";
import type { ContractParty, StoredContractData } from "./template";

/*
 * What an invitation to sign says (decision 044): who asks (the landlord and the tenant, by name),
 * the home (its address as the contract gives it), the signer's role and what it means in one
 * sentence, and until when the link works. Words agree with each person's gender when the
 * contract knows it, and are neutral otherwise — never "(a)".
 */

/** The party a signer is in the contract's data: their gender and qualification. */
export function partyOf(
  data: StoredContractData,
  role: SignerRole,
  cpf: string,
): ContractParty | null | undefined {
  const same = (p: ContractParty | null | undefined) =>
    p && p.cpf.replace(/\D/g, "") === cpf.replace(/\D/g, "");
  switch (role) {
    case "locador":
      return data.locador;
    case "locatario":
      return data.locatario;
    case "colocatario":
      return data.colocatarios.find(same);
    case "fiador":
      return data.fiador;
    case "anuente":
      return data.fiador?.conjuge;
    case "testemunha":
      return data.testemunhas.find(same);
  }
}

const g = (p: { genero?: Gender } | null | undefined) => p?.genero;

/** "a locadora Marta Souza", "o locador …", or "Marta Souza (parte locadora)". */
export function landlordNamed(data: StoredContractData): string {
  return agree(g(data.locador), {
    feminine: `a locadora ${data.locador.nome}`,
    masculine: `o locador ${data.locador.nome}`,
    neutral: `${data.locador.nome} (parte locadora)`,
  });
}

/** "a locatária Ana Lima", "o locatário …", or "Ana Lima (parte locatária)". */
export function tenantNamed(data: StoredContractData): string {
  return agree(g(data.locatario), {
    feminine: `a locatária ${data.locatario.nome}`,
    masculine: `o locatário ${data.locatario.nome}`,
    neutral: `${data.locatario.nome} (parte locatária)`,
  });
}

/** The role's name and, in one sentence, what signing in it means for the signer. */
export function roleWords(
  role: SignerRole,
  signer: { genero?: Gender } | null | undefined,
  data: StoredContractData,
): { name: string; meaning: string } {
  const tenant = agree(g(data.locatario), {
    feminine: "a locatária",
    masculine: "o locatário",
    neutral: "a parte locatária",
  });
  const s = g(signer);
  switch (role) {
    case "locador":
      return {
        name: agree(s, { feminine: "locadora", masculine: "locador", neutral: "parte locadora" }),
        meaning: "você entrega o imóvel e recebe o aluguel nas condições do contrato",
      };
    case "locatario":
      return {
        name: agree(s, { feminine: "locatária", masculine: "locatário", neutral: "parte locatária" }),
        meaning: "você recebe o imóvel e se obriga a pagar o aluguel e os encargos e a cuidar do imóvel",
      };
    case "colocatario":
      return {
        name: agree(s, { feminine: "colocatária", masculine: "colocatário", neutral: "parte colocatária" }),
        meaning: `você responde junto com ${tenant} pelo aluguel, pelos encargos e por todas as obrigações do contrato`,
      };
    case "fiador":
      return {
        name: agree(s, {
          feminine: "fiadora e principal pagadora",
          masculine: "fiador e principal pagador",
          neutral: "garantia por fiança (fiador ou fiadora e principal pagador)",
        }),
        meaning: `você responde pelo aluguel e pelos encargos se ${tenant} não pagar`,
      };
    case "anuente": {
      const guarantor = agree(g(data.fiador), {
        feminine: "da fiadora",
        masculine: "do fiador",
        neutral: "de quem presta a fiança",
      });
      return {
        name: `cônjuge ${guarantor}, com anuência`,
        meaning:
          "você consente com a fiança que seu cônjuge presta, como a lei exige de pessoas casadas (Código Civil, art. 1.647)",
      };
    }
    case "testemunha":
      return {
        name: "testemunha",
        meaning: "você atesta que as partes assinaram o contrato e não assume nenhuma obrigação nele",
      };
  }
}

/** The invitation's (or its reminder's) subject and lines; `closesAt` is when the link stops working. */
export function invitationWords(
  data: StoredContractData,
  numero: string,
  signer: { role: SignerRole; cpf: string },
  closesAt: Date | null,
  reminder: boolean,
): { subject: string; lines: string[]; bell: string[] } {
  const party = partyOf(data, signer.role, signer.cpf);
  const role = roleWords(signer.role, party, data);
  const home = data.imovel.endereco;
  const when = closesAt ? brazilDateTime(closesAt) : null;
  const who =
    signer.role === "locador"
      ? `O contrato de locação nº ${numero} do imóvel em ${home}, com ${tenantNamed(data)}, está pronto para a sua assinatura.`
      : signer.role === "locatario"
        ? `${capital(landlordNamed(data))} enviou para a sua assinatura o contrato de locação nº ${numero} do imóvel em ${home}.`
        : `${capital(landlordNamed(data))} e ${tenantNamed(data)} pedem a sua assinatura no contrato de locação nº ${numero} do imóvel em ${home}.`;
  const asRole = `Você assina como ${role.name}: ${role.meaning}.`;
  const deadline = when
    ? `${reminder ? "O contrato espera a sua assinatura" : "Assine"} até ${when} (horário de Brasília). Depois disso, o link deixa de funcionar e o contrato precisa ser enviado de novo.`
    : null;
  const about = `Assine o contrato de locação do imóvel em ${shortAddress(home)}`;
  const subject = reminder
    ? `Lembrete: o prazo para assinar o contrato de locação do imóvel em ${shortAddress(home)} termina em ${when}`
    : signer.role === "locador"
      ? about
      : signer.role === "locatario"
        ? `${about}, enviado por ${firstName(data.locador.nome)}`
        : `${about}: pedido de ${firstName(data.locador.nome)} e ${firstName(data.locatario.nome)}`;
  return {
    subject,
    lines: [
      who,
      asRole,
      ...(deadline ? [deadline] : []),
      "Abra o link, leia o contrato, confirme sua identidade com o código que enviaremos por e-mail e assine.",
      "Este link é pessoal: não o encaminhe. Se você não conhece as pessoas acima, não assine e ignore este e-mail.",
    ],
    // The bell (a signer with an account): the same, shorter.
    bell: [
      `Contrato de locação do imóvel em ${shortAddress(home)}: você assina como ${role.name}.`,
      ...(when ? [`Assine até ${when}.`] : []),
    ],
  };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const firstName = (nome: string) => nome.split(" ")[0] ?? nome;

/** The street, number and bairro of "Rua X, 10, apto 2, Bairro, Cidade – UF, CEP …". */
export function shortAddress(endereco: string): string {
  const beforeCity = endereco.split(/, [^,]* – [A-Z]{2}, CEP/)[0] ?? endereco;
  return beforeCity;
}
