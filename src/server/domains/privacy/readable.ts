/*
 * The export's copy for reading (issue 28): meus-dados.txt, in pt-BR, beside meus-dados.json
 * (LGPD art. 19, § 2º: "em formato simplificado" or complete, and art. 9: information "de forma
 * clara"). Field names become words, money R$, dates Brasília time, yes/no "sim"/"não"; one's own
 * drawn signatures become PNG files of their own.
 */

import ptBR from "../../../shared/locales/pt-BR.json";

type Json = Record<string, unknown>;
type Words = Record<string, string>;

/**
 * Words for the values of coded fields (an occupation, a document's kind, a role), from the
 * screens' own pt-BR words: a person reads "Autônomo" and "RG (frente)", not "autonomo" and
 * "rg_frente". A status or an event is worded by the section it is in. A value without words is
 * written as it is.
 */
const VALUE_WORDS: Record<string, Words[]> = {
  ocupacao: [ptBR.profile.occupation],
  estado_civil: [ptBR.profile.marital],
  genero: [{ feminino: "Feminino", masculino: "Masculino", nao_informado: "Prefiro não dizer" }],
  kind: [ptBR.documents.kinds],
  tipo: [ptBR.listings.types, ptBR.documents.kinds],
  garantia: [ptBR.listings.guarantees],
  garantias: [ptBR.listings.guarantees],
  quem: [{ ...ptBR.proposal.actors, system: "Chave (automático)" }],
  papel: [ptBR.contract.roles],
  indicadoPor: [ptBR.contract.roles],
  seu_papel: [{ ...ptBR.contract.roles, ...ptBR.proposal.actors }],
  provedor: [{ credential: "E-mail e senha" }],
  provedor_assinatura: [{ builtin: "Assinatura da própria Chave", clicksign: "Clicksign" }],
};
const SECTION_WORDS: Record<string, Record<string, Words[]>> = {
  ofertas: { status: [ptBR.listings.status] },
  propostas: { status: [ptBR.proposal.status], type: [ptBR.proposal.events] },
  contratos: {
    status: [ptBR.contract.status, ptBR.contract.signerStatus],
    type: [ptBR.contract.events],
  },
};

function worded(section: string, key: string, v: unknown): unknown {
  if (typeof v !== "string") return v;
  for (const words of SECTION_WORDS[section]?.[key] ?? VALUE_WORDS[key] ?? []) {
    const word = words[v];
    if (typeof word === "string") return word;
  }
  return v;
}

/** Words for the export's field names; any other name is written out from its letters. */
const LABELS: Record<string, string> = {
  id: "Identificador",
  nome: "Nome",
  nome_completo: "Nome completo",
  email: "E-mail",
  email_verificado: "E-mail confirmado",
  imagem: "Imagem",
  cpf: "CPF",
  rg: "RG",
  rg_orgao_emissor: "Órgão emissor do RG",
  genero: "Gênero",
  data_nascimento: "Data de nascimento",
  estado_civil: "Estado civil",
  profissao: "Profissão",
  nacionalidade: "Nacionalidade",
  telefone: "Telefone",
  cep: "CEP",
  logradouro: "Logradouro",
  numero: "Número",
  complemento: "Complemento",
  bairro: "Bairro",
  cidade: "Cidade",
  uf: "UF",
  renda_mensal: "Renda mensal",
  ocupacao: "Ocupação",
  created_at: "Criado em",
  updated_at: "Atualizado em",
  expires_at: "Vale até",
  ip: "Endereço IP",
  navegador: "Navegador",
  provedor: "Provedor",
  analytics: "Aceitou análise de uso",
  versao_da_politica: "Versão da política",
  decided_at: "Decidido em",
  canais: "Canais",
  hora_resumo: "Hora do resumo",
  tipo: "Tipo",
  area_m2: "Área (m²)",
  quartos: "Quartos",
  banheiros: "Banheiros",
  vagas: "Vagas",
  mobiliado: "Mobiliado",
  aceita_pets: "Aceita animais",
  descricao: "Descrição",
  matricula: "Matrícula",
  fotos: "Fotos",
  imovel: "Imóvel",
  status: "Situação",
  aluguel: "Aluguel",
  condominio: "Condomínio",
  iptu: "IPTU",
  seguro_incendio: "Seguro incêndio",
  seguroIncendio: "Seguro incêndio",
  total: "Total",
  garantias: "Garantias",
  garantia: "Garantia",
  caucao_meses: "Caução (meses)",
  caucaoMeses: "Caução (meses)",
  prazo_meses: "Prazo (meses)",
  prazoMeses: "Prazo (meses)",
  reajuste: "Reajuste",
  disponivel_em: "Disponível em",
  published_at: "Publicada em",
  oferta: "Oferta",
  seu_papel: "Seu papel",
  deadline: "Prazo para responder",
  data_entrada: "Data de entrada",
  fiador: "Fiador",
  fiadores_recusados: "Fiadores recusados (CPF)",
  moradores: "Moradores",
  pets: "Animais",
  renda: "Renda",
  cotenants: "Colocatários",
  documentos: "Documentos",
  documentos_solicitados: "Documentos pedidos",
  mensagem: "Mensagem",
  linha_do_tempo: "Linha do tempo",
  quem: "Quem",
  type: "O que aconteceu",
  mudancas: "Mudanças",
  detail: "Detalhe",
  proposta: "Proposta",
  enviada_por_voce: "Enviada por você",
  body: "Texto",
  anexos: "Anexos",
  read_at: "Lida em",
  provedor_assinatura: "Provedor de assinatura",
  data: "Dados do contrato",
  sha256: "SHA-256",
  documento_assinado: "Contrato assinado (arquivo)",
  sha256_assinado: "SHA-256 do contrato assinado",
  signatarios: "Signatários",
  voce: "É você",
  papel: "Papel",
  signed_at: "Assinou em",
  recusa_motivo: "Motivo da recusa",
  assinatura_desenhada: "Assinatura desenhada",
  trilha_de_auditoria: "Trilha de auditoria",
  sha256_do_documento: "SHA-256 do documento",
  locador: "Parte locadora",
  locatario: "Parte locatária",
  colocatarios: "Colocatários",
  testemunhas: "Testemunhas",
  termos: "Termos",
  kind: "Tipo de documento",
  pasta: "Pasta",
  tamanho: "Tamanho (bytes)",
  contrato: "Contrato",
  filtros: "Filtros",
  ativa: "Ativa",
  offer_id: "Oferta",
  acao: "Ação",
  preferencias: "Preferências",
  avisos: "Avisos",
  title: "Título",
  path: "Endereço na Chave",
  emailed_at: "Enviado por e-mail em",
  layout_da_inicial: "Layout da página inicial",
  requested_at: "Pedida em",
  due_at: "Prevista para",
  done_at: "Feita em",
};

/** Fields in centavos. */
const MONEY = new Set([
  "aluguel",
  "condominio",
  "iptu",
  "seguro_incendio",
  "seguroIncendio",
  "total",
  "renda",
  "renda_mensal",
]);

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const when = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  dateStyle: "short",
  timeStyle: "short",
});

const labelOf = (key: string) =>
  LABELS[key] ??
  key
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

const SIGNATURE = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/;

function scalar(key: string, v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "boolean") return v ? "sim" : "não";
  if (typeof v === "number") return MONEY.has(key) ? brl.format(v / 100) : String(v);
  if (typeof v === "string") {
    if (SIGNATURE.test(v)) return "(a imagem está na pasta assinaturas/)";
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) {
      const d = new Date(v);
      if (!Number.isNaN(d.getTime())) return `${when.format(d)} (horário de Brasília)`;
    }
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v.split("-").reverse().join("/");
    return v.replace(/\s*\n\s*/g, " ");
  }
  return String(v);
}

function lines(section: string, key: string, raw: unknown, indent: string, out: string[]): void {
  const label = labelOf(key);
  const v = Array.isArray(raw) ? raw.map((x) => worded(section, key, x)) : worded(section, key, raw);
  if (Array.isArray(v)) {
    if (v.length === 0) {
      out.push(`${indent}${label}: nenhum`);
      return;
    }
    if (v.every((x) => x === null || typeof x !== "object")) {
      out.push(`${indent}${label}: ${v.map((x) => scalar(key, x)).join(", ")}`);
      return;
    }
    out.push(`${indent}${label}:`);
    for (const [i, x] of v.entries()) {
      out.push(`${indent}  ${i + 1}.`);
      record(section, x as Json, `${indent}     `, out);
    }
    return;
  }
  if (v !== null && typeof v === "object") {
    out.push(`${indent}${label}:`);
    record(section, v as Json, `${indent}  `, out);
    return;
  }
  out.push(`${indent}${label}: ${scalar(key, v)}`);
}

function record(section: string, r: Json, indent: string, out: string[]): void {
  for (const [k, v] of Object.entries(r)) lines(section, k, v, indent, out);
}

export interface ReadableCopy {
  text: string;
  /** One's own drawn signatures, as the PNGs they were drawn as. */
  signatures: { name: string; png: Buffer }[];
}

/** meus-dados.txt and the signature images, from the export's sections. */
export function readableCopy(
  data: Record<string, unknown>,
  sections: readonly { name: string; title: string }[],
  now: Date,
): ReadableCopy {
  const out = [
    "SEUS DADOS NA CHAVE",
    `Preparado em ${when.format(now)} (horário de Brasília).`,
    "Valores em reais; datas e horas no horário de Brasília. Os mesmos dados, completos, estão em meus-dados.json.",
    "",
  ];
  for (const s of sections) {
    const rows = (data[s.name] as Json[] | undefined) ?? [];
    out.push(`== ${s.title} (${rows.length}) ==`);
    if (rows.length === 0) out.push("  Nada guardado.");
    for (const [i, r] of rows.entries()) {
      if (rows.length > 1) out.push(`  -- ${i + 1} --`);
      record(s.name, r, "  ", out);
    }
    out.push("");
  }
  const signatures: ReadableCopy["signatures"] = [];
  for (const k of (data.contratos as Json[] | undefined) ?? [])
    for (const s of (k.signatarios as Json[] | undefined) ?? []) {
      const m = typeof s.assinatura_desenhada === "string" ? SIGNATURE.exec(s.assinatura_desenhada) : null;
      if (s.voce === true && m?.[1])
        signatures.push({
          name: `assinaturas/contrato-${String(k.numero ?? k.id).replace(/[^\p{L}\p{N}_-]+/gu, "_")}.png`,
          png: Buffer.from(m[1], "base64"),
        });
    }
  return { text: `${out.join("\n")}\n`, signatures };
}
