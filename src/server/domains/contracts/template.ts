import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { formatCpf } from "../../../shared/contracts/profile";
import { leaseLastDay } from "../../../shared/dates";
import { ensureRoom, footer, NBSP, openWriter, write } from "./pdf-writer";
import { moneyWithWords, numberInWords } from "./words";

/*
 * The "contrato de locação residencial" (Lei 8.245/91), written as a PDF with an embedded font
 * (DejaVu Sans) so every accent renders in any reader.
 */

export interface ContractParty {
  nome: string;
  cpf: string;
  nacionalidade?: string;
  estadoCivil?: string;
  profissao?: string;
  rg?: string;
  endereco?: string;
  email?: string;
  /** A witness: the party who named them. */
  indicadoPor?: "locador" | "locatario";
  /** The guarantor: how the tenant knows them. */
  parentesco?: string;
  /** A married guarantor's spouse, who consents to the surety (CC art. 1.647, III). */
  conjuge?: ContractParty | null;
}

export interface ContractData {
  numero: string;
  dataEmissao: string;
  locador: ContractParty;
  locatario: ContractParty;
  colocatarios: ContractParty[];
  fiador: ContractParty | null;
  testemunhas: ContractParty[];
  imovel: { tipo: string; endereco: string; cidade: string; uf: string; matricula: string };
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
  };
}

/** What contracts.data holds: the contract's data and the parties' account e-mails at the draft. */
export type StoredContractData = ContractData & { emails: { locador: string; locatario: string } };

/*
 * The qualification of a party does not know whether the person is a man or a woman, so its words
 * do not pretend to: "de nacionalidade brasileira" (the noun "nacionalidade" decides the form, so
 * "brasileiro" and "brasileira" typed in the profile both read right), "CPF nº" instead of
 * "inscrito(a) no CPF", "com residência e domicílio em" instead of "residente e domiciliado(a)",
 * "RG nº" instead of "portador(a) do RG". The marital status keeps the "(a)" of Brazilian forms
 * behind the label "estado civil:", where it reads as the name of a status, not as a guess.
 */
const MARITAL: Record<string, string> = {
  solteiro: "estado civil: solteiro(a)",
  casado: "estado civil: casado(a)",
  uniao_estavel: "em união estável",
  divorciado: "estado civil: divorciado(a)",
  separado: "estado civil: separado(a) judicialmente",
  viuvo: "estado civil: viúvo(a)",
};

const FEMININE_ENDING: Record<string, string> = { ão: "ã", ês: "esa", o: "a" };

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

export function qualification(p: ContractParty): string {
  const parts = [
    p.nome.toUpperCase(),
    p.nacionalidade?.trim() ? `de nacionalidade ${nationalityWords(p.nacionalidade)}` : undefined,
    p.estadoCivil ? (MARITAL[p.estadoCivil] ?? `estado civil: ${p.estadoCivil}`) : undefined,
    p.profissao ? `profissão: ${p.profissao}` : undefined,
    p.rg ? `RG nº${NBSP}${p.rg}` : undefined,
    `CPF nº${NBSP}${formatCpf(p.cpf)}`,
    p.endereco ? `com residência e domicílio em ${p.endereco}` : undefined,
  ];
  return parts.filter(Boolean).join(", ");
}

function dateBR(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}

function guaranteeClause(data: ContractData): string {
  const t = data.termos;
  switch (t.garantia) {
    case "fiador":
      return data.fiador
        ? `Assina este contrato como FIADOR(A) e principal pagador(a), solidariamente responsável com o(a) LOCATÁRIO(A) por todas as obrigações aqui assumidas, ${qualification(data.fiador)}, que renuncia expressamente aos benefícios de ordem e de divisão (arts. 827 e 829 do Código Civil).${data.fiador.conjuge ? ` A fiança é prestada com a anuência do cônjuge do(a) FIADOR(A), ${qualification(data.fiador.conjuge)}, que também assina este contrato (art. 1.647, III, do Código Civil).` : ""} A responsabilidade do(a) FIADOR(A) perdura até a efetiva devolução das chaves, ainda que o contrato seja prorrogado por prazo indeterminado (art. 39 da Lei 8.245/91).`
        : "A garantia desta locação é a fiança; o(a) FIADOR(A) será qualificado(a) e assinará este instrumento antes do início da locação.";
    case "caucao": {
      const months = t.caucaoMeses ?? 1;
      return `Em garantia das obrigações deste contrato, o(a) LOCATÁRIO(A) presta caução em dinheiro no valor de ${moneyWithWords(months * t.aluguel)}, equivalente a ${numberInWords(months)} ${months === 1 ? "mês" : "meses"} de aluguel, dentro do limite de três meses do art. 38, § 2º, da Lei 8.245/91, a ser depositada em caderneta de poupança e devolvida ao final da locação com os rendimentos, descontados eventuais débitos.`;
    }
    case "seguro_fianca":
      return "Em garantia das obrigações deste contrato, o(a) LOCATÁRIO(A) contrata seguro de fiança locatícia (art. 37, III, da Lei 8.245/91), com cobertura de todos os aluguéis e encargos, mantendo-o vigente durante toda a locação e suas prorrogações; a falta de renovação é infração contratual.";
    case "titulo_capitalizacao":
      return "Em garantia das obrigações deste contrato, o(a) LOCATÁRIO(A) cede ao(à) LOCADOR(A) título de capitalização (art. 37, IV, da Lei 8.245/91) em valor não inferior a três aluguéis, resgatável ao final da locação se não houver débitos.";
  }
}

/** The clauses, in order, each a title and its text. */
export function clauses(data: ContractData): [string, string][] {
  const t = data.termos;
  const fim = leaseLastDay(t.dataInicio, t.prazoMeses);
  const encargos = [
    t.condominio > 0 ? `taxa de condomínio (atualmente ${moneyWithWords(t.condominio)} por mês)` : null,
    t.iptu > 0 ? `IPTU (atualmente ${moneyWithWords(t.iptu)} por mês)` : null,
    t.seguroIncendio > 0
      ? `seguro contra incêndio (atualmente ${moneyWithWords(t.seguroIncendio)} por mês)`
      : null,
  ].filter(Boolean);
  return [
    [
      "Cláusula 1ª – Do imóvel",
      `O(A) LOCADOR(A) dá em locação ao(à) LOCATÁRIO(A) o imóvel (${data.imovel.tipo.toLowerCase()}) situado em ${data.imovel.endereco}${data.imovel.matricula ? `, matrícula nº ${data.imovel.matricula}` : ""}, no estado descrito no laudo de vistoria que integra este contrato.`,
    ],
    [
      "Cláusula 2ª – Da finalidade",
      "O imóvel destina-se exclusivamente à residência do(a) LOCATÁRIO(A) e de sua família, vedado qualquer outro uso sem autorização escrita do(a) LOCADOR(A).",
    ],
    [
      "Cláusula 3ª – Do prazo",
      `A locação vigora por ${numberInWords(t.prazoMeses)} (${t.prazoMeses}) meses, de ${dateBR(t.dataInicio)} a ${dateBR(fim)}. Findo o prazo sem oposição, a locação prorroga-se por prazo indeterminado (art. 46 da Lei 8.245/91).`,
    ],
    [
      "Cláusula 4ª – Do aluguel e do vencimento",
      `O aluguel mensal é de ${moneyWithWords(t.aluguel)}, pago até o dia ${t.diaVencimento} de cada mês seguinte ao vencido, por transferência ou boleto indicados pelo(a) LOCADOR(A).`,
    ],
    [
      "Cláusula 5ª – Do reajuste",
      `O aluguel será reajustado a cada doze meses pela variação acumulada do ${t.reajuste}, ou, na sua extinção, pelo índice oficial que o substituir.`,
    ],
    [
      "Cláusula 6ª – Dos encargos",
      `Além do aluguel, cabem ao(à) LOCATÁRIO(A) ${encargos.length > 0 ? `${encargos.join("; ")}; ` : ""}as contas de consumo de água, energia elétrica e gás, e as demais despesas ordinárias do imóvel (art. 23 da Lei 8.245/91).`,
    ],
    ["Cláusula 7ª – Da garantia", guaranteeClause(data)],
    [
      "Cláusula 8ª – Da multa por atraso",
      "O pagamento em atraso sujeita o(a) LOCATÁRIO(A) a multa de 10% (dez por cento) sobre o valor devido, juros de 1% (um por cento) ao mês e correção monetária.",
    ],
    [
      "Cláusula 9ª – Da multa rescisória",
      "Devolvendo o imóvel antes do fim do prazo, o(a) LOCATÁRIO(A) pagará multa equivalente a três aluguéis, reduzida proporcionalmente ao tempo de contrato já cumprido (art. 4º da Lei 8.245/91), salvo nas hipóteses do parágrafo único do mesmo artigo.",
    ],
    [
      "Cláusula 10ª – Da conservação",
      "O(A) LOCATÁRIO(A) manterá o imóvel limpo e em bom estado, fará os reparos dos danos que causar e não fará modificações sem consentimento escrito do(a) LOCADOR(A).",
    ],
    [
      "Cláusula 11ª – Da sublocação",
      "São vedadas a sublocação, a cessão e o empréstimo do imóvel, no todo ou em parte, sem prévio consentimento escrito do(a) LOCADOR(A) (art. 13 da Lei 8.245/91).",
    ],
    [
      "Cláusula 12ª – Da vistoria",
      "As partes farão vistoria na entrega e na devolução das chaves; o laudo de entrada, assinado por ambas, descreve o estado do imóvel e integra este contrato.",
    ],
    [
      "Cláusula 13ª – Da devolução das chaves",
      "Ao fim da locação, o(a) LOCATÁRIO(A) devolverá as chaves com o imóvel no estado em que o recebeu, salvo o desgaste natural, e com as contas de consumo quitadas.",
    ],
    [
      "Cláusula 14ª – Do foro",
      `Fica eleito o foro da comarca de ${data.imovel.cidade} – ${data.imovel.uf} para dirimir as questões deste contrato. As partes o assinam eletronicamente, reconhecendo a validade da assinatura eletrônica (MP 2.200-2/2001, art. 10, § 2º).`,
    ],
  ];
}

/** The contract as a PDF, and the SHA-256 of its bytes. */
export async function renderContract(
  data: ContractData,
): Promise<{ bytes: Uint8Array; sha256: string; pages: number }> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Contrato de locação residencial nº ${data.numero}`);
  doc.setAuthor("Chave");
  doc.setCreator("Chave");
  doc.setProducer("Chave");
  doc.setLanguage("pt-BR");
  // Fixed dates keep the bytes (and the hash) the same for the same contract.
  const issued = new Date(`${data.dataEmissao}T12:00:00Z`);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const w = await openWriter(doc);

  write(w, "CONTRATO DE LOCAÇÃO RESIDENCIAL", { bold: true, size: 14, center: true, gap: 2 });
  write(w, `Nº ${data.numero} · Lei nº 8.245, de 18 de outubro de 1991`, { size: 9, center: true, gap: 14 });
  write(w, "Das partes", { bold: true, size: 11 });
  write(w, `LOCADOR(A): ${qualification(data.locador)}.`);
  write(w, `LOCATÁRIO(A): ${qualification(data.locatario)}.`);
  for (const c of data.colocatarios)
    write(w, `COLOCATÁRIO(A), solidariamente responsável: ${qualification(c)}.`);
  if (data.termos.garantia === "fiador" && data.fiador) {
    write(w, `FIADOR(A): ${qualification(data.fiador)}.`);
    if (data.fiador.conjuge)
      write(w, `CÔNJUGE DO(A) FIADOR(A), anuente: ${qualification(data.fiador.conjuge)}.`);
  }
  write(w, "As partes acima têm entre si justo e contratado o seguinte:", { gap: 10 });
  for (const [title, text] of clauses(data)) {
    // A clause title never sits alone at the foot of a page.
    ensureRoom(w, 60);
    write(w, title, { bold: true, size: 10.5, gap: 2 });
    write(w, text, { gap: 8 });
  }
  write(w, `${data.imovel.cidade} – ${data.imovel.uf}, ${dateBR(data.dataEmissao)}.`, { gap: 18 });
  const signers: [string, ContractParty][] = [
    ["LOCADOR(A)", data.locador],
    ["LOCATÁRIO(A)", data.locatario],
    ...data.colocatarios.map((c): [string, ContractParty] => ["COLOCATÁRIO(A)", c]),
    ...(data.termos.garantia === "fiador" && data.fiador
      ? [["FIADOR(A)", data.fiador] as [string, ContractParty]]
      : []),
    ...(data.termos.garantia === "fiador" && data.fiador?.conjuge
      ? [["CÔNJUGE DO(A) FIADOR(A), ANUENTE", data.fiador.conjuge] as [string, ContractParty]]
      : []),
    ...data.testemunhas.map((t, i): [string, ContractParty] => [`TESTEMUNHA ${i + 1}`, t]),
  ];
  for (const [role, p] of signers) {
    // The signature line and its name stay on one page.
    write(w, "______________________________________________", { gap: 0, keepWithNext: 30 });
    write(w, `${role}: ${p.nome} – CPF ${formatCpf(p.cpf)}`, { size: 9, gap: 14 });
  }
  write(w, "Assinado eletronicamente; a trilha de auditoria segue no certificado de conclusão anexo.", {
    size: 8,
  });

  const pages = doc.getPages();
  footer(pages, w.regular, (i, n) => `Contrato nº ${data.numero} · Página ${i} de ${n}`);
  const bytes = await doc.save({ useObjectStreams: false });
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex"), pages: pages.length };
}
