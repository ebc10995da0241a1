import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { formatCnpj } from "../../../shared/cnpj";
import type { PowerInstrument } from "../../../shared/contracts/companies";
import { formatCpf, type Gender } from "../../../shared/contracts/profile";
import { leaseLastDay } from "../../../shared/dates";
import type { SealedAmendment } from "../../../shared/lease/amendments";
import { ensureRoom, footer, NBSP, openWriter, write } from "./pdf-writer";
import { moneyWithWords, numberInWords } from "./words";

/*
 * The lease contract (Lei 8.245/91): residential, or non-residential (arts. 51–57) for commercial
 * units, written as a PDF with an embedded font (DejaVu Sans) so every accent renders in any
 * reader. Its clauses were read against published models (docs/decisions/032-lease-template.md).
 */

export interface ContractParty {
  nome: string;
  cpf: string;
  /** How the words agree with the person; absent or "nao_informado": the neutral "(a)" forms. */
  genero?: Gender;
  nacionalidade?: string;
  estadoCivil?: string;
  profissao?: string;
  rg?: string;
  /** The RG's issuer ("SSP/SP"). */
  rgOrgaoEmissor?: string;
  endereco?: string;
  email?: string;
  /** A witness: the party who named them. */
  indicadoPor?: "locador" | "locatario";
  /** The guarantor: how the tenant knows them. */
  parentesco?: string;
  /** A married guarantor's spouse, who consents to the surety (CC art. 1.647, III). */
  conjuge?: ContractParty | null;
  /**
   * The company this party is (issue 34, decision 058): the person above is its representative,
   * who signs for it; the contract names the company as the party.
   */
  empresa?: ContractCompany;
}

/** A company party: a pessoa jurídica, with the office and power of the person who signs for it. */
export interface ContractCompany {
  /** Its row (companies.id): where the rent's Pix key is read at each charge. */
  id?: string;
  razaoSocial: string;
  nomeFantasia?: string;
  /** 14 characters (numeric or alphanumeric, IN RFB 2.229/2024). */
  cnpj: string;
  /** The registered office, as an address is written. */
  sede: string;
  /** The representative's office ("sócia-administradora"). */
  cargo: string;
  instrumento: PowerInstrument;
  /** Who else signs for it, jointly: each signs by link (role "representante"). */
  representantes?: CompanyRepresentative[];
}

/** A representative besides the account holder, as the contract names and its envelope reaches them. */
export type CompanyRepresentative = ContractParty & {
  email: string;
  cargo: string;
  instrumento: PowerInstrument;
};

/** The party's name as documents show it: a company's razão social, a person's name. */
export const partyName = (p: Pick<ContractParty, "nome" | "empresa">) => p.empresa?.razaoSocial ?? p.nome;

/** The party's tax id as documents show it: "CNPJ 12.ABC.345/01DE-35" or "CPF 123.456.789-09". */
export const partyTaxId = (p: Pick<ContractParty, "cpf" | "empresa">) =>
  p.empresa ? `CNPJ ${formatCnpj(p.empresa.cnpj)}` : `CPF ${formatCpf(p.cpf)}`;

/**
 * A party named briefly, as the documents after the lease name it: "Helena Prado, CPF …", or
 * "ALFA IMÓVEIS LTDA., CNPJ …, representada por Helena Prado, CPF …".
 */
export const partyBrief = (p: Pick<ContractParty, "nome" | "cpf" | "empresa">) =>
  p.empresa
    ? `${p.empresa.razaoSocial}, CNPJ ${formatCnpj(p.empresa.cnpj)}, representada por ${p.nome}, CPF ${formatCpf(p.cpf)}`
    : `${p.nome}, CPF ${formatCpf(p.cpf)}`;

/**
 * A company party's representatives besides the account holder, each carrying the company so its
 * signature line names it; none for a person.
 */
export const representativesOf = (p: ContractParty): CompanyRepresentative[] =>
  p.empresa ? (p.empresa.representantes ?? []).map((r) => ({ ...r, empresa: p.empresa })) : [];

/** How a party's words agree: a company is "a LOCADORA" (a empresa), a person as they said. */
export const partyGender = (p: Pick<ContractParty, "genero" | "empresa">): Gender | undefined =>
  p.empresa ? "feminino" : p.genero;

export interface ContractData {
  numero: string;
  dataEmissao: string;
  locador: ContractParty;
  locatario: ContractParty;
  colocatarios: ContractParty[];
  fiador: ContractParty | null;
  testemunhas: ContractParty[];
  imovel: {
    tipo: string;
    endereco: string;
    cidade: string;
    uf: string;
    matricula: string;
    /** Commercial units (sala comercial, loja) are let for a business (arts. 51–57). */
    naoResidencial?: boolean;
    mobiliado?: boolean;
    /** The furniture and fittings let with a furnished unit, when the landlord listed them. */
    inventario?: string;
    /** Whether the unit's listing accepts pets. */
    aceitaPets?: boolean;
  };
  termos: {
    aluguel: number;
    condominio: number;
    iptu: number;
    seguroIncendio: number;
    dataInicio: string;
    prazoMeses: number;
    reajuste: string;
    garantia: "fiador" | "seguro_fianca" | "caucao" | "titulo_capitalizacao";
    caucaoMeses: number | null;
    diaVencimento: number;
    /** The tenant said they live with pets (the proposal), and the landlord approved it. */
    pets?: boolean;
    /** The offer's "Condições e observações", agreed by the proposal's approval. */
    condicoes?: string;
  };
}

/** What contracts.data holds: the contract's data and the parties' account e-mails at the draft. */
export type StoredContractData = ContractData & {
  emails: { locador: string; locatario: string };
  /** The lease's sealed amendments (issue 33), in the order sealed: what its money and term follow. */
  aditivos?: SealedAmendment[];
  /** The lease ended (issue 33): the keys' day and its sealed termo de rescisão. */
  encerramento?: {
    entrega: string;
    contratoId: string;
    numero: string;
    total: number;
    /** The settlement's lines as the termo states them (what the final charge bills). */
    linhas?: { tipo: string; referencia: string; valor: number; texto: string }[];
  };
};

type Known = "feminino" | "masculino" | undefined;
const known = (g: Gender | undefined): Known => (g === "feminino" || g === "masculino" ? g : undefined);

/** The word for a person: masculine, feminine, or the neutral form of Brazilian practice. */
function agree(g: Gender | undefined, masculine: string, feminine: string, neutral: string): string {
  const k = known(g);
  return k === "feminino" ? feminine : k === "masculino" ? masculine : neutral;
}

/** A role's name and its articles, agreeing with the person who holds it. */
export interface Role {
  /** "LOCADORA" */
  name: string;
  /** "a LOCADORA" */
  the: string;
  /** "A LOCADORA" */
  The: string;
  /** "à LOCADORA" */
  to: string;
  /** "da LOCADORA" */
  of: string;
  /** "pela LOCADORA" */
  by: string;
}

export function role(base: "LOCADOR" | "LOCATÁRIO" | "FIADOR", g: Gender | undefined): Role {
  const feminine = base === "LOCATÁRIO" ? "LOCATÁRIA" : `${base}A`;
  const neutral = base === "LOCATÁRIO" ? "LOCATÁRIO(A)" : `${base}(A)`;
  const name = agree(g, base, feminine, neutral);
  const art = (m: string, f: string, n: string) => `${agree(g, m, f, n)} ${name}`;
  return {
    name,
    the: art("o", "a", "o(a)"),
    The: art("O", "A", "O(A)"),
    to: art("ao", "à", "ao(à)"),
    of: art("do", "da", "do(a)"),
    by: art("pelo", "pela", "pelo(a)"),
  };
}

const MARITAL_NEUTRAL: Record<string, string> = {
  solteiro: "estado civil: solteiro(a)",
  casado: "estado civil: casado(a)",
  uniao_estavel: "em união estável",
  divorciado: "estado civil: divorciado(a)",
  separado: "estado civil: separado(a) judicialmente",
  viuvo: "estado civil: viúvo(a)",
};
const MARITAL_WORDS: Record<string, [string, string]> = {
  solteiro: ["solteiro", "solteira"],
  casado: ["casado", "casada"],
  uniao_estavel: ["em união estável", "em união estável"],
  divorciado: ["divorciado", "divorciada"],
  separado: ["separado judicialmente", "separada judicialmente"],
  viuvo: ["viúvo", "viúva"],
};

const FEMININE_ENDING: Record<string, string> = { ão: "ã", ês: "esa", o: "a" };
const MASCULINE_ENDING: Record<string, string> = { ã: "ão", esa: "ês", ola: "ol", a: "o" };
/** Nationalities that do not vary: "belga", "israelita", "canadense", "pianista"… */
const INVARIABLE = /^(belga|.*(ita|ense|ista))$/;

/**
 * A nationality as the words after "de nacionalidade" (feminine, agreeing with the noun), whatever
 * form the person typed: "Brasileiro" → "brasileira", "português" → "portuguesa", "alemão" →
 * "alemã", "brasileiro(a)" → "brasileira"; "estadunidense" and "belga" stay as they are.
 */
export function nationalityWords(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((typedWord) => {
      const word = typedWord.replace(/\((a|o)\)$/, "");
      // Short words ("do", "de") are not adjectives of nationality.
      return word.length < 4 ? word : word.replace(/(ão|ês|o)$/, (end) => FEMININE_ENDING[end] ?? end);
    })
    .join(" ");
}

/**
 * A nationality agreeing with a man ("brasileira" → "brasileiro", "portuguesa" → "português",
 * "alemã" → "alemão"); words that do not vary ("belga", "estadunidense") stay.
 */
function masculineNationality(typed: string): string {
  return nationalityWords(typed)
    .split(" ")
    .map((word) =>
      word.length < 4 || INVARIABLE.test(word)
        ? word
        : word.replace(/(ã|esa|ola|a)$/, (end) => MASCULINE_ENDING[end] ?? end),
    )
    .join(" ");
}

const rgWords = (p: ContractParty) =>
  p.rg ? `${p.rg}${p.rgOrgaoEmissor ? `${NBSP}${p.rgOrgaoEmissor.trim()}` : ""}` : undefined;

/**
 * A person's qualification as Brazilian contracts write it. When the person's gender is known the
 * words agree ("HELENA PRADO, brasileira, casada, médica, portadora do RG nº …, inscrita no CPF
 * sob o nº …, residente e domiciliada em …"); when not, they do not pretend to: "de nacionalidade
 * brasileira" (the noun decides the form), "estado civil: casado(a)", "RG nº", "CPF nº", "com
 * residência e domicílio em".
 */
export function qualification(p: ContractParty): string {
  if (p.empresa) return companyQualification(p.empresa, p);
  return personQualification(p);
}

/** What gives the representative the power to sign, as the qualification says it. */
const POWER_WORDS: Record<PowerInstrument, string> = {
  contrato_social: "pelo contrato social",
  estatuto_social: "pelo estatuto social",
  ata: "por ata de eleição",
  procuracao: "por procuração",
};

/**
 * A company's qualification as Brazilian contracts write it: "ALFA IMÓVEIS LTDA., pessoa jurídica
 * de direito privado, inscrita no CNPJ sob o nº 12.ABC.345/01DE-35, com sede em …, neste ato
 * representada por HELENA PRADO, brasileira, …, na qualidade de sócia-administradora, com poderes
 * conferidos pelo contrato social".
 */
function companyQualification(e: ContractCompany, holder: ContractParty): string {
  const name = e.nomeFantasia
    ? `${e.razaoSocial.toUpperCase()} (nome fantasia ${e.nomeFantasia})`
    : e.razaoSocial.toUpperCase();
  const representative = (p: ContractParty, cargo: string, instrumento: PowerInstrument) =>
    `${personQualification(p)}, na qualidade de ${cargo}, com poderes conferidos ${POWER_WORDS[instrumento]}`;
  const all = [
    representative(holder, e.cargo, e.instrumento),
    ...(e.representantes ?? []).map((r) => representative(r, r.cargo, r.instrumento)),
  ];
  return [
    name,
    "pessoa jurídica de direito privado",
    `inscrita no CNPJ sob o nº${NBSP}${formatCnpj(e.cnpj)}`,
    `com sede em ${e.sede}`,
    `neste ato representada por ${all.join(", e por ")}`,
  ].join(", ");
}

function personQualification(p: ContractParty): string {
  const g = known(p.genero);
  const rg = rgWords(p);
  if (!g) {
    const parts = [
      p.nome.toUpperCase(),
      p.nacionalidade?.trim() ? `de nacionalidade ${nationalityWords(p.nacionalidade)}` : undefined,
      p.estadoCivil ? (MARITAL_NEUTRAL[p.estadoCivil] ?? `estado civil: ${p.estadoCivil}`) : undefined,
      p.profissao ? `profissão: ${p.profissao}` : undefined,
      rg ? `RG nº${NBSP}${rg}` : undefined,
      `CPF nº${NBSP}${formatCpf(p.cpf)}`,
      p.endereco ? `com residência e domicílio em ${p.endereco}` : undefined,
    ];
    return parts.filter(Boolean).join(", ");
  }
  const f = g === "feminino";
  const marital = p.estadoCivil ? MARITAL_WORDS[p.estadoCivil] : undefined;
  const parts = [
    p.nome.toUpperCase(),
    p.nacionalidade?.trim()
      ? f
        ? nationalityWords(p.nacionalidade)
        : masculineNationality(p.nacionalidade)
      : undefined,
    marital ? marital[f ? 1 : 0] : p.estadoCivil,
    p.profissao?.trim() ? p.profissao.trim() : undefined,
    rg ? `${f ? "portadora" : "portador"} do RG nº${NBSP}${rg}` : undefined,
    `${f ? "inscrita" : "inscrito"} no CPF sob o nº${NBSP}${formatCpf(p.cpf)}`,
    p.endereco ? `${f ? "residente e domiciliada" : "residente e domiciliado"} em ${p.endereco}` : undefined,
  ];
  return parts.filter(Boolean).join(", ");
}

function dateBR(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}

/** The roles of this contract, each agreeing with its person. */
function rolesOf(data: ContractData) {
  return {
    locador: role("LOCADOR", partyGender(data.locador)),
    locatario: role("LOCATÁRIO", partyGender(data.locatario)),
    fiador: role("FIADOR", data.fiador?.genero),
  };
}

function guaranteeClause(data: ContractData): string {
  const t = data.termos;
  const { locador: L, locatario: T, fiador: F } = rolesOf(data);
  switch (t.garantia) {
    case "fiador": {
      if (!data.fiador)
        return `A garantia desta locação é a fiança; ${F.the} será qualificado(a) e assinará este instrumento antes do início da locação.`;
      const principal = agree(
        data.fiador.genero,
        "principal pagador",
        "principal pagadora",
        "principal pagador(a)",
      );
      const spouse = data.fiador.conjuge
        ? ` A fiança é prestada com a anuência do cônjuge ${F.of}, ${qualification(data.fiador.conjuge)}, que também assina este contrato (art. 1.647, III, do Código Civil; Súmula 332 do STJ).`
        : "";
      return `Assina este contrato como ${F.name} e ${principal}, solidariamente responsável com ${T.the} por todas as obrigações aqui assumidas, ${qualification(data.fiador)}, que renuncia expressamente aos benefícios de ordem e de divisão (arts. 827 e 829 do Código Civil).${spouse} A responsabilidade ${F.of} perdura até a efetiva devolução das chaves, ainda que o contrato seja prorrogado por prazo indeterminado (art. 39 da Lei 8.245/91), ressalvada a exoneração prevista no art. 40, X, da mesma lei.`;
    }
    case "caucao": {
      const months = t.caucaoMeses ?? 1;
      return `Em garantia das obrigações deste contrato, ${T.the} presta caução em dinheiro no valor de ${moneyWithWords(months * t.aluguel)}, equivalente a ${numberInWords(months)} ${months === 1 ? "mês" : "meses"} de aluguel, dentro do limite de três meses do art. 38, § 2º, da Lei 8.245/91, a ser depositada em caderneta de poupança e devolvida ao final da locação com os rendimentos, descontados eventuais débitos.`;
    }
    case "seguro_fianca":
      return `Em garantia das obrigações deste contrato, ${T.the} contrata seguro de fiança locatícia (art. 37, III, da Lei 8.245/91), com cobertura de todos os aluguéis e encargos, mantendo-o vigente durante toda a locação e suas prorrogações; a falta de renovação é infração contratual.`;
    case "titulo_capitalizacao":
      return `Em garantia das obrigações deste contrato, ${T.the} cede ${L.to} título de capitalização (art. 37, IV, da Lei 8.245/91) em valor não inferior a três aluguéis, resgatável ao final da locação se não houver débitos.`;
  }
}

function petsClause(data: ContractData): string {
  const { locador: L, locatario: T } = rolesOf(data);
  const rules = "respeitadas a convenção e o regimento interno do condomínio, quando houver";
  if (data.termos.pets)
    return `${T.The} declarou na proposta que mantém animais de estimação, o que ${L.the} aceitou: é permitida a sua permanência no imóvel, ${rules}, respondendo ${T.the} pelos danos e incômodos que causarem.`;
  if (data.imovel.aceitaPets)
    return `O imóvel aceita animais de estimação, ${rules}, respondendo ${T.the} pelos danos e incômodos que causarem.`;
  return `${T.The} declarou na proposta não manter animais de estimação; a permanência de animais no imóvel depende de consentimento escrito ${L.of}.`;
}

/** Text typed in lines, as sentences: each line ends with its stop ("Proibido fumar. Devolver pintado."). */
const sentences = (typed: string) =>
  typed
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => (/[.!?;:]$/.test(line) ? line : `${line}.`))
    .join(" ");

/** The clauses, in order, each a title and its text. */
export function clauses(data: ContractData): [string, string][] {
  const t = data.termos;
  const { locador: L, locatario: T } = rolesOf(data);
  const commercial = data.imovel.naoResidencial === true;
  const fim = leaseLastDay(t.dataInicio, t.prazoMeses);
  const encargos = [
    t.condominio > 0 ? `taxa de condomínio (atualmente ${moneyWithWords(t.condominio)} por mês)` : null,
    t.iptu > 0 ? `IPTU (atualmente ${moneyWithWords(t.iptu)} por mês)` : null,
    t.seguroIncendio > 0
      ? `seguro contra incêndio (atualmente ${moneyWithWords(t.seguroIncendio)} por mês)`
      : null,
  ].filter(Boolean);
  const furnished = data.imovel.mobiliado
    ? ` O imóvel é locado mobiliado${data.imovel.inventario?.trim() ? `, com os seguintes móveis e utensílios: ${data.imovel.inventario.trim()}` : ""}; os móveis e utensílios, descritos no laudo de vistoria, serão devolvidos no estado em que foram recebidos, salvo o desgaste natural.`
    : "";
  const list: [string, string][] = [
    [
      "Do imóvel",
      `${L.The} dá em locação ${T.to} o imóvel (${data.imovel.tipo.toLowerCase()}) situado em ${data.imovel.endereco}${data.imovel.matricula ? `, matrícula nº${NBSP}${data.imovel.matricula}` : ""}, no estado descrito no laudo de vistoria que integra este contrato.${furnished}`,
    ],
    [
      "Da finalidade",
      commercial
        ? `O imóvel destina-se exclusivamente ao exercício, ${T.by}, de atividade empresarial ou profissional lícita, compatível com a legislação municipal de uso do solo e com a convenção do condomínio, cabendo ${T.to} obter e manter as licenças e alvarás que a sua atividade exigir; é vedado o uso residencial e a mudança de atividade sem autorização escrita ${L.of}. Esta locação não residencial rege-se pelos arts. 51 a 57 da Lei 8.245/91.`
        : `O imóvel destina-se exclusivamente à residência ${T.of} e de sua família, vedado qualquer outro uso sem autorização escrita ${L.of}.`,
    ],
    [
      "Do prazo",
      commercial
        ? `A locação vigora por ${numberInWords(t.prazoMeses)} (${t.prazoMeses}) meses, de ${dateBR(t.dataInicio)} a ${dateBR(fim)}, e cessa de pleno direito findo o prazo, independentemente de notificação (art. 56 da Lei 8.245/91). Permanecendo ${T.the} no imóvel por mais de trinta dias sem oposição ${L.of}, presume-se prorrogada a locação por prazo indeterminado (art. 56, parágrafo único), podendo então ser denunciada por escrito, com trinta dias para a desocupação (art. 57). ${T.The} terá direito à renovação do contrato nas condições do art. 51 da Lei 8.245/91.`
        : `A locação vigora por ${numberInWords(t.prazoMeses)} (${t.prazoMeses}) meses, de ${dateBR(t.dataInicio)} a ${dateBR(fim)}. Findo o prazo sem oposição, a locação prorroga-se por prazo indeterminado (art. 46 da Lei 8.245/91).`,
    ],
    [
      "Do aluguel e do vencimento",
      `O aluguel mensal é de ${moneyWithWords(t.aluguel)}, pago até o dia ${t.diaVencimento} de cada mês seguinte ao vencido, por Pix, transferência ou boleto indicados ${L.by}. O primeiro aluguel e os encargos do primeiro mês são proporcionais aos dias entre o início da locação e o fim daquele mês, e os do último mês aos dias até o fim da locação; os demais correspondem a cada mês civil. Vencendo em dia não útil, o pagamento pode ser feito no primeiro dia útil seguinte (art. 132, § 1º, do Código Civil). ${L.The} dará recibo discriminado de cada pagamento (art. 22, VI, da Lei 8.245/91).`,
    ],
    [
      "Do reajuste",
      `O aluguel será reajustado a cada doze meses, a contar do início da locação, pela variação acumulada do ${t.reajuste} nos doze meses divulgados que terminam dois meses antes do mês do reajuste, ou, na sua extinção, pelo índice oficial que o substituir. Sendo negativa a variação acumulada, o aluguel permanece inalterado.`,
    ],
    [
      "Dos encargos",
      `Além do aluguel, cabem ${T.to} ${encargos.length > 0 ? `${encargos.join("; ")}; ` : ""}as contas de consumo de água, energia elétrica e gás, e as demais despesas ordinárias do imóvel (art. 23 da Lei 8.245/91).`,
    ],
    ["Da garantia", guaranteeClause(data)],
    [
      "Da multa por atraso",
      `O pagamento em atraso sujeita ${T.the} a multa de 10% (dez por cento) sobre o valor devido e a juros de mora de 1% (um por cento) ao mês sobre o valor devido, calculados dia a dia.`,
    ],
    [
      "Da multa rescisória",
      `Devolvendo o imóvel antes do fim do prazo, ${T.the} pagará multa equivalente a três aluguéis, reduzida proporcionalmente ao tempo de contrato já cumprido (art. 4º da Lei 8.245/91)${commercial ? "" : ", salvo nas hipóteses do parágrafo único do mesmo artigo"}.`,
    ],
    [
      "Da conservação",
      `${T.The} manterá o imóvel limpo e em bom estado, fará os reparos dos danos que causar e não fará modificações sem consentimento escrito ${L.of}.`,
    ],
    [
      "Das benfeitorias",
      `As benfeitorias necessárias feitas ${T.by}, ainda que não autorizadas, e as úteis, desde que autorizadas por escrito, serão indenizadas e permitem o direito de retenção (art. 35 da Lei 8.245/91). As benfeitorias voluptuárias não são indenizáveis e podem ser levantadas ${T.by} ao fim da locação, desde que a retirada não afete a estrutura e a substância do imóvel (art. 36).`,
    ],
    ["Dos animais de estimação", petsClause(data)],
    [
      "Da sublocação",
      `São vedadas a sublocação, a cessão e o empréstimo do imóvel, no todo ou em parte, sem prévio consentimento escrito ${L.of} (art. 13 da Lei 8.245/91).`,
    ],
    [
      "Da vistoria",
      `As partes farão vistoria na entrega e na devolução das chaves. O laudo de entrada, elaborado na entrega das chaves e assinado por ambas em até ${LAUDO_DAYS} (${LAUDO_DAYS_WORDS}) dias dela, identifica este contrato pelo número e pelo SHA-256 do seu arquivo, descreve o estado do imóvel e integra este contrato (art. 22, V, da Lei 8.245/91).`,
    ],
    [
      "Da venda do imóvel e do direito de preferência",
      `No caso de venda, promessa de venda, cessão ou promessa de cessão de direitos ou dação em pagamento, ${T.the} tem preferência para adquirir o imóvel em igualdade de condições com terceiros, devendo ${L.the} dar-lhe conhecimento do negócio por notificação, com todas as suas condições; o direito caduca se não manifestada aceitação integral em trinta dias (arts. 27 a 34 da Lei 8.245/91). As partes convencionam que esta locação continuará em vigor em caso de alienação do imóvel: averbado este contrato na matrícula, o adquirente deverá respeitá-lo até o fim do prazo (art. 8º da Lei 8.245/91), e a averbação feita trinta dias antes da alienação permite ${T.to} haver o imóvel preterido (art. 33).`,
    ],
  ];
  if (t.condicoes?.trim())
    list.push([
      "Das condições anunciadas",
      `Integram este contrato as condições e observações da oferta, aceitas ${T.by} na proposta: ${sentences(t.condicoes)}`,
    ]);
  list.push(
    [
      "Da infração contratual",
      `A infração de qualquer obrigação legal ou contratual permite à parte inocente rescindir a locação (art. 9º, II, da Lei 8.245/91), respondendo a parte infratora pelas perdas e danos; a tolerância de uma parte quanto a uma infração não altera este contrato nem impede a cobrança posterior.`,
    ],
    [
      "Da devolução das chaves",
      `Ao fim da locação, ${T.the} devolverá as chaves com o imóvel no estado em que o recebeu, salvo o desgaste natural, e com as contas de consumo quitadas.`,
    ],
    [
      "Do foro",
      `Fica eleito o foro da comarca de ${data.imovel.cidade} – ${data.imovel.uf} para dirimir as questões deste contrato (art. 58, II, da Lei 8.245/91). As partes o assinam eletronicamente, reconhecendo a validade da assinatura eletrônica (MP 2.200-2/2001, art. 10, § 2º).`,
    ],
  );
  return list.map(([title, text], i) => [`Cláusula ${i + 1}ª – ${title}`, text]);
}

/** The title of the contract: non-residential for commercial units (Lei 8.245/91, arts. 51–57). */
export const contractTitle = (data: ContractData) =>
  data.imovel.naoResidencial ? "CONTRATO DE LOCAÇÃO NÃO RESIDENCIAL" : "CONTRATO DE LOCAÇÃO RESIDENCIAL";

/** The line each signer signs on; signature-stamps.ts finds these lines in the PDF by this text. */
/**
 * The days after the keys within which the entry laudo is signed: it is a separate envelope after
 * the lease's (decision 053), and the clause says when it comes. Not set by law; the review window
 * (INSPECTION_REVIEW_DAYS, 5 by default) and the answers fit in it with room to spare.
 */
const LAUDO_DAYS = 30;
const LAUDO_DAYS_WORDS = "trinta";

export const SIGNATURE_LINE = "______________________________________________";

/** Points left blank above each signature line for the drawn signature (signature-stamps.ts). */
export const SIGNATURE_SPACE = 40;

/**
 * The words under a signature line: the role, the name and the CPF; for a company, the company
 * and the representative who signs for it ("LOCADORA: ALFA LTDA., CNPJ …, por HELENA PRADO – CPF …").
 */
export function signatureName(label: string, p: Pick<ContractParty, "nome" | "cpf" | "empresa">): string {
  const person = `${p.nome} – CPF ${formatCpf(p.cpf)}`;
  return p.empresa
    ? `${label}: ${p.empresa.razaoSocial}, CNPJ ${formatCnpj(p.empresa.cnpj)}, por ${person}`
    : `${label}: ${person}`;
}

/** Each signer's line, in the order of plannedSigners (the signers' positions). */
export function signatureLines(data: ContractData): [string, ContractParty][] {
  const { locador: L, locatario: T, fiador: F } = rolesOf(data);
  return [
    [L.name, data.locador],
    [T.name, data.locatario],
    ...data.colocatarios.map((c): [string, ContractParty] => [
      agree(c.genero, "COLOCATÁRIO", "COLOCATÁRIA", "COLOCATÁRIO(A)"),
      c,
    ]),
    ...(data.termos.garantia === "fiador" && data.fiador
      ? [[F.name, data.fiador] as [string, ContractParty]]
      : []),
    ...(data.termos.garantia === "fiador" && data.fiador?.conjuge
      ? [[`CÔNJUGE ${F.of.toUpperCase()}, ANUENTE`, data.fiador.conjuge] as [string, ContractParty]]
      : []),
    // A company's other representatives sign for it after everyone else but the witnesses.
    ...representativesOf(data.locador).map((r): [string, ContractParty] => [L.name, r]),
    ...representativesOf(data.locatario).map((r): [string, ContractParty] => [T.name, r]),
    ...data.testemunhas.map((t, i): [string, ContractParty] => [`TESTEMUNHA ${i + 1}`, t]),
  ];
}

/** The contract as a PDF, and the SHA-256 of its bytes. */
export async function renderContract(
  data: ContractData,
): Promise<{ bytes: Uint8Array; sha256: string; pages: number }> {
  const doc = await PDFDocument.create();
  const title = contractTitle(data);
  doc.setTitle(`${title.charAt(0)}${title.slice(1).toLowerCase()} nº ${data.numero}`);
  doc.setAuthor("Chave");
  doc.setCreator("Chave");
  doc.setProducer("Chave");
  doc.setLanguage("pt-BR");
  // Fixed dates keep the bytes (and the hash) the same for the same contract.
  const issued = new Date(`${data.dataEmissao}T12:00:00Z`);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const w = await openWriter(doc);

  write(w, title, { bold: true, size: 14, center: true, gap: 2 });
  write(w, `Nº ${data.numero} · Lei nº 8.245, de 18 de outubro de 1991`, { size: 9, center: true, gap: 14 });
  write(w, "Das partes", { bold: true, size: 11 });
  const roles = rolesOf(data);
  write(w, `${roles.locador.name}: ${qualification(data.locador)}.`);
  write(w, `${roles.locatario.name}: ${qualification(data.locatario)}.`);
  for (const c of data.colocatarios)
    write(
      w,
      `${agree(c.genero, "COLOCATÁRIO", "COLOCATÁRIA", "COLOCATÁRIO(A)")}, solidariamente responsável: ${qualification(c)}.`,
    );
  if (data.termos.garantia === "fiador" && data.fiador) {
    write(w, `${roles.fiador.name}: ${qualification(data.fiador)}.`);
    if (data.fiador.conjuge)
      write(w, `CÔNJUGE ${roles.fiador.of.toUpperCase()}, anuente: ${qualification(data.fiador.conjuge)}.`);
  }
  write(w, "As partes acima têm entre si justo e contratado o seguinte:", { gap: 10 });
  for (const [title, text] of clauses(data)) {
    // A clause title never sits alone at the foot of a page.
    ensureRoom(w, 60);
    write(w, title, { bold: true, size: 10.5, gap: 2 });
    write(w, text, { gap: 8 });
  }
  write(w, `${data.imovel.cidade} – ${data.imovel.uf}, ${dateBR(data.dataEmissao)}.`, { gap: 18 });
  for (const [label, p] of signatureLines(data)) {
    // The space for the drawn signature, its line and the name stay on one page.
    ensureRoom(w, SIGNATURE_SPACE + 30);
    w.y -= SIGNATURE_SPACE;
    write(w, SIGNATURE_LINE, { gap: 0, keepWithNext: 30 });
    write(w, signatureName(label, p), { size: 9, gap: 8 });
  }
  write(w, "Assinado eletronicamente; a trilha de auditoria segue no certificado de conclusão anexo.", {
    size: 8,
  });

  const pages = doc.getPages();
  footer(pages, w.regular, (i, n) => `Contrato nº ${data.numero} · Página ${i} de ${n}`);
  const bytes = await doc.save({ useObjectStreams: false });
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex"), pages: pages.length };
}
