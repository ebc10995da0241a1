import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { formatCpf } from "../../../shared/contracts/profile";
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

const MARITAL: Record<string, string> = {
  solteiro: "solteiro(a)",
  casado: "casado(a)",
  uniao_estavel: "em união estável",
  divorciado: "divorciado(a)",
  separado: "separado(a) judicialmente",
  viuvo: "viúvo(a)",
};

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
export function contractFonts() {
  fontBytes ??= {
    regular: fs.readFileSync(path.join(fontDir, "DejaVuSans.ttf")),
    bold: fs.readFileSync(path.join(fontDir, "DejaVuSans-Bold.ttf")),
  };
  return fontBytes;
}

export function qualification(p: ContractParty): string {
  const parts = [
    p.nome.toUpperCase(),
    p.nacionalidade,
    p.estadoCivil ? (MARITAL[p.estadoCivil] ?? p.estadoCivil) : undefined,
    p.profissao,
    p.rg ? `portador(a) do RG nº ${p.rg}` : undefined,
    `inscrito(a) no CPF sob o nº ${formatCpf(p.cpf)}`,
    p.endereco ? `residente e domiciliado(a) em ${p.endereco}` : undefined,
  ];
  return parts.filter(Boolean).join(", ");
}

function dateBR(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}

function addMonths(iso: string, months: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

function guaranteeClause(data: ContractData): string {
  const t = data.termos;
  switch (t.garantia) {
    case "fiador":
      return data.fiador
        ? `Assina este contrato como FIADOR(A) e principal pagador(a), solidariamente responsável com o(a) LOCATÁRIO(A) por todas as obrigações aqui assumidas, ${qualification(data.fiador)}, que renuncia expressamente aos benefícios de ordem e de divisão (arts. 827 e 829 do Código Civil). A responsabilidade do(a) FIADOR(A) perdura até a efetiva devolução das chaves, ainda que o contrato seja prorrogado por prazo indeterminado (art. 39 da Lei 8.245/91).`
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
  const fim = addMonths(t.dataInicio, t.prazoMeses);
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

interface Writer {
  doc: PDFDocument;
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;
const BOTTOM = 64;

/** Breaks text into lines that fit `width`, measuring each word once (layout is the costly part). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const space = font.widthOfTextAtSize(" ", size);
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const w = font.widthOfTextAtSize(word, size);
      if (line && lineWidth + space + w > width) {
        lines.push(line);
        line = word;
        lineWidth = w;
      } else {
        line = line ? `${line} ${word}` : word;
        lineWidth = line === word ? w : lineWidth + space + w;
      }
    }
    lines.push(line);
  }
  return lines;
}

function write(
  w: Writer,
  text: string,
  options: { bold?: boolean; size?: number; gap?: number; center?: boolean } = {},
) {
  const size = options.size ?? 10;
  const font = options.bold ? w.bold : w.regular;
  const leading = size * 1.45;
  for (const line of wrap(text, font, size, WIDTH)) {
    if (w.y - leading < BOTTOM) {
      w.page = w.doc.addPage(A4);
      w.y = A4[1] - MARGIN;
    }
    const x = options.center ? (A4[0] - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
    w.page.drawText(line, { x, y: w.y - size, size, font, color: rgb(0.1, 0.1, 0.12) });
    w.y -= leading;
  }
  w.y -= options.gap ?? 6;
}

/** The contract as a PDF, and the SHA-256 of its bytes. */
export async function renderContract(
  data: ContractData,
): Promise<{ bytes: Uint8Array; sha256: string; pages: number }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const f = contractFonts();
  const regular = await doc.embedFont(f.regular, { subset: true });
  const bold = await doc.embedFont(f.bold, { subset: true });
  doc.setTitle(`Contrato de locação residencial nº ${data.numero}`);
  doc.setAuthor("Chave");
  doc.setCreator("Chave");
  doc.setProducer("Chave");
  doc.setLanguage("pt-BR");
  // Fixed dates keep the bytes (and the hash) the same for the same contract.
  const issued = new Date(`${data.dataEmissao}T12:00:00Z`);
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const w: Writer = { doc, page: doc.addPage(A4), y: A4[1] - MARGIN, regular, bold };

  write(w, "CONTRATO DE LOCAÇÃO RESIDENCIAL", { bold: true, size: 14, center: true, gap: 2 });
  write(w, `Nº ${data.numero} · Lei nº 8.245, de 18 de outubro de 1991`, { size: 9, center: true, gap: 14 });
  write(w, "Das partes", { bold: true, size: 11 });
  write(w, `LOCADOR(A): ${qualification(data.locador)}.`);
  write(w, `LOCATÁRIO(A): ${qualification(data.locatario)}.`);
  for (const c of data.colocatarios)
    write(w, `COLOCATÁRIO(A), solidariamente responsável: ${qualification(c)}.`);
  if (data.termos.garantia === "fiador" && data.fiador) write(w, `FIADOR(A): ${qualification(data.fiador)}.`);
  write(w, "As partes acima têm entre si justo e contratado o seguinte:", { gap: 10 });
  for (const [title, text] of clauses(data)) {
    // A clause title never sits alone at the foot of a page.
    if (w.y - 60 < BOTTOM) {
      w.page = doc.addPage(A4);
      w.y = A4[1] - MARGIN;
    }
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
    ...data.testemunhas.map((t, i): [string, ContractParty] => [`TESTEMUNHA ${i + 1}`, t]),
  ];
  for (const [role, p] of signers) {
    write(w, "______________________________________________", { gap: 0 });
    write(w, `${role}: ${p.nome} – CPF ${formatCpf(p.cpf)}`, { size: 9, gap: 14 });
  }
  write(w, "Assinado eletronicamente; a trilha de auditoria segue no certificado de conclusão anexo.", {
    size: 8,
  });

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const label = `Contrato nº ${data.numero} · Página ${i + 1} de ${pages.length}`;
    page.drawText(label, {
      x: (A4[0] - regular.widthOfTextAtSize(label, 8)) / 2,
      y: 32,
      size: 8,
      font: regular,
      color: rgb(0.4, 0.4, 0.45),
    });
  });
  const bytes = await doc.save({ useObjectStreams: false });
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex"), pages: pages.length };
}
