import type { SignerRole } from "../../../shared/contracts/contracts";
import type { Gender } from "../../../shared/contracts/profile";
import { genderContext } from "../../../shared/gender";
import type { NoticeParam, NoticeText } from "../../mail/notice-gateway";
import { renderNotice } from "../../mail/words";
import {
  type ContractParty,
  partyGender,
  partyName,
  representativesOf,
  type StoredContractData,
} from "./template";

/*
 * What an invitation to sign says (decision 044): who asks (the landlord and the tenant, by name),
 * the home (its address as the contract gives it), the signer's role and what it means in one
 * sentence, and until when the link works. Words (notices.contract.invite*, decision 048) agree with
 * each person's gender when the contract knows it, and are neutral otherwise — never "(a)".
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
    case "representante":
      return [...representativesOf(data.locador), ...representativesOf(data.locatario)].find(same);
    case "testemunha":
      return data.testemunhas.find(same);
  }
}

const g = (p: { genero?: Gender } | null | undefined) => genderContext(p?.genero);
const W = "notices.contract.inviteWords";

/** The role's name and, in one sentence, what signing in it means for the signer (locale entries). */
function roleParams(
  role: SignerRole,
  signer: { genero?: Gender } | null | undefined,
  data: StoredContractData,
): { role: NoticeParam; meaning: NoticeParam } {
  const tenant: NoticeParam = { t: `${W}.tenant`, context: g(data.locatario) };
  return {
    role: {
      t: `${W}.roles.${role}`,
      context: g(signer),
      params:
        role === "anuente"
          ? { guarantor: { t: `${W}.guarantorOf`, context: g(data.fiador) } }
          : role === "representante"
            ? { company: (signer as ContractParty | null | undefined)?.empresa?.razaoSocial ?? "" }
            : {},
    },
    meaning: { t: `${W}.meanings.${role}`, params: { tenant } },
  };
}

/**
 * The invitation (or its reminder) as a notice (decision 048): `notices.contract.invite`, by the
 * signer's role, worded in the reader's language; `closesAt` is when the link stops working.
 */
export function invitationText(
  data: StoredContractData,
  numero: string,
  signer: { role: SignerRole; cpf: string },
  closesAt: Date | null,
  reminder: boolean,
): NoticeText {
  const party = partyOf(data, signer.role, signer.cpf);
  const home = data.imovel.endereco;
  const until: NoticeParam = closesAt ? { date: closesAt.toISOString() } : null;
  const tenant: NoticeParam = {
    t: "notices.contract.tenantNamed",
    params: { name: partyName(data.locatario) },
    context: genderContext(partyGender(data.locatario)),
  };
  const landlord: NoticeParam = {
    t: `${W}.LandlordNamed`,
    params: { name: partyName(data.locador) },
    context: genderContext(partyGender(data.locador)),
  };
  const context = reminder
    ? "reminder"
    : signer.role === "locador" || signer.role === "locatario"
      ? signer.role
      : undefined;
  return {
    key: "contract.invite",
    ...(context ? { context } : {}),
    params: {
      who: {
        t: `${W}.who`,
        context: signer.role === "locador" || signer.role === "locatario" ? signer.role : undefined,
        params: { numero, home, tenant, landlord },
      },
      ...roleParams(signer.role, party, data),
      deadline: until ? { t: `${W}.${reminder ? "deadlineReminder" : "deadline"}`, params: { until } } : null,
      until,
      short: shortAddress(home),
      // A company is named whole ("Alfa Imóveis Ltda."), a person by the first name.
      landlordFirst: data.locador.empresa ? partyName(data.locador) : firstName(data.locador.nome),
      tenantFirst: data.locatario.empresa ? partyName(data.locatario) : firstName(data.locatario.nome),
    },
  };
}

/** The invitation's pt-BR words (what its tests read). */
export function invitationWords(
  data: StoredContractData,
  numero: string,
  signer: { role: SignerRole; cpf: string },
  closesAt: Date | null,
  reminder: boolean,
): { subject: string; lines: string[]; bell: string[] } {
  const w = renderNotice("pt-BR", invitationText(data, numero, signer, closesAt, reminder));
  return { subject: w.title, lines: w.lines, bell: w.bell ?? [] };
}

const firstName = (nome: string) => nome.split(" ")[0] ?? nome;

/** The street, number and bairro of "Rua X, 10, apto 2, Bairro, Cidade – UF, CEP …". */
export function shortAddress(endereco: string): string {
  const beforeCity = endereco.split(/, [^,]* – [A-Z]{2}, CEP/)[0] ?? endereco;
  return beforeCity;
}
