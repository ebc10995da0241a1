import type { Queryable } from "../../db/rows";
import { maskCpf } from "../contracts/seal";

/*
 * Everything Chave holds about one person, read for their data export (LGPD art. 18, II and V).
 * Reads only: each table is written by its owner (decision 019).
 *
 * Allow-listed (issue 28): each section names the columns it exports, so a column added later
 * stays out until someone decides it belongs to the person. Left out: secrets (password hashes,
 * session tokens, signing-link and code hashes), the machinery's own fields (code expiry and
 * failure counters, retry schedules, search keys, dedupe keys, provider references) and other
 * people's data. Others appear only as the screens show them: a name and a masked CPF
 * (***.456.789-**, as contract views mask it); their drawn signatures, addresses, RGs, IPs and
 * user agents never (LGPD art. 18, § 4º: the right of access ends where another holder's begins).
 */

type Json = Record<string, unknown>;

/** Who the export is for: their id and their own CPF (digits), the only CPF shown in full. */
export interface Holder {
  userId: string;
  cpf: string | null;
}

export interface Section {
  /** The key in meus-dados.json. */
  name: string;
  /** Its title in the readable copy (meus-dados.txt). */
  title: string;
  /** One jsonb `r` a record, its fields named one by one; `$1` is the person's id. */
  sql: string;
  /** Records that carry others' data are shaped here, after the query. */
  shape?: (r: Json, holder: Holder) => Json;
}

const digits = (cpf: unknown) => (typeof cpf === "string" ? cpf.replace(/\D/g, "") : "");

/** The person's own CPF in full; anyone else's masked as the contract screens mask it. */
export function cpfFor(cpf: unknown, holder: Holder): string | null {
  if (typeof cpf !== "string" || cpf === "") return null;
  return holder.cpf && digits(cpf) === holder.cpf ? cpf : maskCpf(cpf);
}

/** Another person named in a proposal (a co-tenant, a guarantor): what the screens show. */
function otherPerson(p: unknown, holder: Holder, fields: readonly string[]): Json | null {
  if (!p || typeof p !== "object") return null;
  const o = p as Json;
  const own = holder.cpf !== null && digits(o.cpf) === holder.cpf;
  if (own) return o;
  const out: Json = { nome: o.nome ?? null, cpf: cpfFor(o.cpf, holder) };
  for (const f of fields) if (f in o) out[f] = o[f];
  return out;
}

/** A party of a contract's data: themselves in full; anyone else by name, role and masked CPF. */
function contractParty(p: unknown, holder: Holder): Json | null {
  if (!p || typeof p !== "object") return null;
  const o = p as Json;
  // One's own qualification in full; a spouse named in it is someone else.
  if (holder.cpf !== null && digits(o.cpf) === holder.cpf)
    return o.conjuge ? { ...o, conjuge: contractParty(o.conjuge, holder) } : o;
  const out: Json = { nome: o.nome ?? null, cpf: cpfFor(o.cpf, holder) };
  if (o.indicadoPor) out.indicadoPor = o.indicadoPor;
  if (o.parentesco) out.parentesco = o.parentesco;
  if (o.conjuge) out.conjuge = contractParty(o.conjuge, holder);
  return out;
}

function shapeProposal(r: Json, holder: Holder): Json {
  const cotenants = Array.isArray(r.cotenants) ? r.cotenants : [];
  const refused = Array.isArray(r.fiadores_recusados) ? r.fiadores_recusados : [];
  return {
    ...r,
    fiador: otherPerson(r.fiador, holder, ["parentesco"]),
    cotenants: cotenants.map((c) => otherPerson(c, holder, ["renda"])),
    fiadores_recusados: refused.map((c) => cpfFor(c, holder)),
  };
}

function shapeContract(r: Json, holder: Holder): Json {
  const d = (r.data ?? {}) as Json;
  const parties = (v: unknown) => (Array.isArray(v) ? v.map((p) => contractParty(p, holder)) : []);
  const signers = Array.isArray(r.signatarios) ? (r.signatarios as Json[]) : [];
  return {
    ...r,
    data: {
      numero: d.numero ?? null,
      dataEmissao: d.dataEmissao ?? null,
      locador: contractParty(d.locador, holder),
      locatario: contractParty(d.locatario, holder),
      colocatarios: parties(d.colocatarios),
      fiador: contractParty(d.fiador, holder),
      testemunhas: parties(d.testemunhas),
      imovel: d.imovel ?? null,
      termos: d.termos ?? null,
    },
    signatarios: signers.map((s) => {
      const { voce, cpf, email, assinatura_desenhada, recusa_motivo, ...rest } = s;
      // Only one's own drawing, e-mail and reason: another signer's are theirs.
      return voce
        ? { voce, ...rest, cpf, email, recusa_motivo, assinatura_desenhada }
        : { voce, ...rest, cpf: cpfFor(cpf, holder) };
    }),
  };
}

/** The person's records, section by section, in the order the export writes them. */
export const SECTIONS: Section[] = [
  {
    name: "conta",
    title: "Conta",
    sql: `SELECT jsonb_build_object('id', u.id, 'nome', u.name, 'email', u.email,
                   'email_verificado', u.email_verified, 'imagem', u.image,
                   'created_at', u.created_at, 'updated_at', u.updated_at) AS r
            FROM users u WHERE u.id = $1`,
  },
  {
    name: "perfil",
    title: "Perfil",
    sql: `SELECT jsonb_build_object('nome_completo', p.nome_completo, 'cpf', p.cpf, 'rg', p.rg,
                   'rg_orgao_emissor', p.rg_orgao_emissor, 'genero', p.genero,
                   'data_nascimento', p.data_nascimento, 'estado_civil', p.estado_civil,
                   'profissao', p.profissao, 'nacionalidade', p.nacionalidade, 'telefone', p.telefone,
                   'cep', p.cep, 'logradouro', p.logradouro, 'numero', p.numero,
                   'complemento', p.complemento, 'bairro', p.bairro, 'cidade', p.cidade, 'uf', p.uf,
                   'renda_mensal', p.renda_mensal, 'ocupacao', p.ocupacao, 'updated_at', p.updated_at) AS r
            FROM profiles p WHERE p.user_id = $1`,
  },
  {
    name: "sessoes",
    title: "Sessões (aparelhos conectados)",
    sql: `SELECT jsonb_build_object('created_at', s.created_at, 'updated_at', s.updated_at,
                   'expires_at', s.expires_at, 'ip', s.ip_address, 'navegador', s.user_agent) AS r
            FROM sessions s WHERE s.user_id = $1 ORDER BY s.created_at`,
  },
  {
    name: "contas_de_acesso",
    title: "Formas de entrar",
    sql: `SELECT jsonb_build_object('provedor', a.provider_id, 'created_at', a.created_at,
                   'updated_at', a.updated_at) AS r
            FROM accounts a WHERE a.user_id = $1`,
  },
  {
    name: "consentimentos",
    title: "Consentimentos",
    sql: `SELECT jsonb_build_object('analytics', c.analytics, 'versao_da_politica', c.policy_version,
                   'decided_at', c.decided_at) AS r
            FROM consents c WHERE c.user_id = $1 ORDER BY c.decided_at`,
  },
  {
    name: "avisos_configuracao",
    title: "Configuração de avisos",
    sql: `SELECT jsonb_build_object('canais', n.canais, 'hora_resumo', n.hora_resumo,
                   'updated_at', n.updated_at) AS r
            FROM notification_settings n WHERE n.user_id = $1`,
  },
  {
    name: "empresas",
    title: "Empresas",
    sql: `SELECT jsonb_build_object('id', e.id, 'cnpj', e.cnpj, 'razao_social', e.razao_social,
                   'nome_fantasia', e.nome_fantasia, 'cep', e.cep, 'logradouro', e.logradouro,
                   'numero', e.numero, 'complemento', e.complemento, 'bairro', e.bairro,
                   'cidade', e.cidade, 'uf', e.uf, 'cargo', e.cargo, 'instrumento', e.instrumento,
                   'documento', e.documento_id, 'outros_representantes', e.outros_representantes,
                   'created_at', e.created_at, 'updated_at', e.updated_at) AS r
            FROM companies e WHERE e.user_id = $1 ORDER BY e.created_at`,
  },
  {
    name: "imobiliarias",
    title: "Imobiliárias em que trabalha",
    sql: `SELECT jsonb_build_object('imobiliaria', a.razao_social, 'cnpj', a.cnpj, 'papel', m.role,
                   'creci_numero', m.creci_numero, 'creci_uf', m.creci_uf, 'desde', m.joined_at) AS r
            FROM agency_members m JOIN agencies a ON a.id = m.agency_id WHERE m.user_id = $1
           ORDER BY m.joined_at`,
  },
  {
    name: "imoveis",
    title: "Imóveis",
    sql: `SELECT jsonb_build_object('id', u.id, 'tipo', u.tipo, 'cep', u.cep, 'logradouro', u.logradouro,
                   'numero', u.numero, 'complemento', u.complemento, 'bairro', u.bairro,
                   'cidade', u.cidade, 'uf', u.uf, 'area_m2', u.area_m2, 'quartos', u.quartos,
                   'banheiros', u.banheiros, 'vagas', u.vagas, 'mobiliado', u.mobiliado,
                   'aceita_pets', u.aceita_pets, 'descricao', u.descricao, 'matricula', u.matricula,
                   'fotos', u.fotos, 'empresa', u.company_id, 'created_at', u.created_at,
                   'updated_at', u.updated_at) AS r
            FROM units u WHERE u.owner_id = $1 ORDER BY u.created_at`,
  },
  {
    name: "ofertas",
    title: "Ofertas",
    sql: `SELECT jsonb_build_object('id', o.id, 'imovel', o.unit_id, 'status', o.status,
                   'aluguel', o.aluguel, 'condominio', o.condominio, 'iptu', o.iptu,
                   'seguro_incendio', o.seguro_incendio, 'total', o.total, 'garantias', o.garantias,
                   'caucao_meses', o.caucao_meses, 'prazo_meses', o.prazo_meses, 'reajuste', o.reajuste,
                   'disponivel_em', o.disponivel_em, 'descricao', o.descricao,
                   'published_at', o.published_at, 'created_at', o.created_at,
                   'updated_at', o.updated_at) AS r
            FROM offers o WHERE o.owner_id = $1 ORDER BY o.created_at`,
  },
  {
    name: "propostas",
    title: "Propostas",
    sql: `SELECT jsonb_build_object('id', p.id, 'oferta', p.offer_id,
                   'seu_papel', CASE WHEN p.tenant_id = $1 THEN 'interessado' ELSE 'proprietario' END,
                   'status', p.status, 'deadline', p.deadline, 'aluguel', p.aluguel,
                   'data_entrada', p.data_entrada, 'prazo_meses', p.prazo_meses, 'garantia', p.garantia,
                   'caucao_meses', p.caucao_meses, 'fiador', p.fiador,
                   'fiadores_recusados', p.fiadores_recusados, 'moradores', p.moradores, 'pets', p.pets,
                   'renda', p.renda, 'cotenants', p.cotenants, 'documentos', p.documentos,
                   'documentos_solicitados', p.documentos_solicitados, 'mensagem', p.mensagem,
                   'created_at', p.created_at, 'updated_at', p.updated_at,
                   'linha_do_tempo',
                   (SELECT coalesce(jsonb_agg(jsonb_build_object('quem', e.actor, 'type', e.type,
                              'mudancas', e.changes, 'detail', e.detail, 'created_at', e.created_at)
                            ORDER BY e.created_at, e.id), '[]')
                      FROM proposal_events e WHERE e.proposal_id = p.id)) AS r
            FROM proposals p WHERE p.tenant_id = $1 OR p.landlord_id = $1 ORDER BY p.created_at`,
    shape: shapeProposal,
  },
  {
    name: "mensagens",
    title: "Mensagens",
    sql: `SELECT jsonb_build_object('id', m.id, 'proposta', m.proposal_id,
                   'enviada_por_voce', m.sender_id = $1, 'body', m.body, 'anexos', m.attachments,
                   'created_at', m.created_at, 'read_at', m.read_at) AS r
            FROM messages m WHERE m.sender_id = $1 OR m.recipient_id = $1
           ORDER BY m.created_at, m.id`,
  },
  {
    name: "contratos",
    title: "Contratos",
    sql: `SELECT jsonb_build_object('id', k.id, 'numero', k.numero, 'proposta', k.proposal_id,
                   'oferta', k.offer_id, 'status', k.status, 'provedor', k.provider,
                   'data', k.data, 'sha256', k.sha256, 'documento_assinado', k.sealed_document_id,
                   'sha256_assinado', k.sealed_sha256, 'expires_at', k.expires_at,
                   'created_at', k.created_at, 'updated_at', k.updated_at,
                   'signatarios',
                   (SELECT coalesce(jsonb_agg(jsonb_build_object('voce', s.user_id IS NOT DISTINCT FROM $1,
                              'papel', s.role, 'nome', s.nome, 'cpf', s.cpf, 'email', s.email,
                              'status', s.status, 'signed_at', s.signed_at,
                              'recusa_motivo', s.refused_reason,
                              'assinatura_desenhada', CASE WHEN s.user_id = $1 THEN s.signature_image END)
                            ORDER BY s.position), '[]')
                      FROM contract_signers s WHERE s.contract_id = k.id),
                   'trilha_de_auditoria',
                   (SELECT coalesce(jsonb_agg(jsonb_build_object('type', e.type, 'detail', e.detail,
                              'sha256_do_documento', e.document_sha256, 'created_at', e.created_at,
                              'voce', s.user_id IS NOT DISTINCT FROM $1 AND s.id IS NOT NULL,
                              -- Where a step came from only for one's own steps.
                              'ip', CASE WHEN s.user_id = $1 THEN e.ip END,
                              'navegador', CASE WHEN s.user_id = $1 THEN e.user_agent END)
                            ORDER BY e.created_at, e.id), '[]')
                      FROM contract_events e LEFT JOIN contract_signers s ON s.id = e.signer_id
                     WHERE e.contract_id = k.id)) AS r
            FROM contracts k
           WHERE k.landlord_id = $1 OR k.tenant_id = $1
              OR EXISTS (SELECT 1 FROM contract_signers s WHERE s.contract_id = k.id AND s.user_id = $1)
           ORDER BY k.created_at`,
    shape: shapeContract,
  },
  {
    name: "documentos",
    title: "Documentos",
    sql: `SELECT jsonb_build_object('id', d.id, 'kind', d.kind, 'pasta', d.folder, 'nome', d.file_name,
                   'tipo', d.content_type, 'tamanho', d.size, 'sha256', d.sha256, 'contrato', d.contract_id,
                   'created_at', d.created_at, 'updated_at', d.updated_at) AS r
            FROM documents d WHERE d.owner_id = $1 ORDER BY d.created_at, d.id`,
  },
  {
    name: "buscas_salvas",
    title: "Buscas salvas",
    sql: `SELECT jsonb_build_object('id', s.id, 'nome', s.nome, 'filtros', s.filtros, 'ativa', s.ativa,
                   'created_at', s.created_at, 'updated_at', s.updated_at) AS r
            FROM saved_searches s WHERE s.user_id = $1 ORDER BY s.created_at`,
  },
  {
    name: "favoritos",
    title: "Favoritos",
    sql: `SELECT jsonb_build_object('offer_id', f.offer_id, 'created_at', f.created_at) AS r
            FROM favorites f WHERE f.user_id = $1 ORDER BY f.created_at`,
  },
  {
    name: "historico_de_preferencias",
    title: "Histórico de preferências",
    sql: `SELECT jsonb_build_object('acao', v.action, 'preferencias', v.snapshot, 'avisos', v.settings,
                   'created_at', v.created_at) AS r
            FROM preference_versions v WHERE v.user_id = $1 ORDER BY v.created_at`,
  },
  {
    name: "avisos",
    title: "Avisos",
    sql: `SELECT jsonb_build_object('tipo', n.kind, 'title', n.title, 'body', n.body, 'path', n.path,
                   'created_at', n.created_at, 'read_at', n.read_at, 'emailed_at', n.emailed_at) AS r
            FROM notifications n WHERE n.user_id = $1 ORDER BY n.created_at`,
  },
  {
    name: "configuracoes",
    title: "Configurações",
    sql: `SELECT jsonb_build_object('layout_da_inicial', a.home_layout, 'updated_at', a.updated_at) AS r
            FROM account_settings a WHERE a.user_id = $1`,
  },
  {
    name: "exclusao_da_conta",
    title: "Pedido de exclusão da conta",
    sql: `SELECT jsonb_build_object('status', d.status, 'requested_at', d.requested_at, 'due_at', d.due_at,
                   'done_at', d.done_at) AS r
            FROM account_deletions d WHERE d.user_id = $1`,
  },
];

/** The person the export is for, with their own CPF (digits) when the profile has one. */
export async function holderOf(c: Queryable, userId: string): Promise<Holder> {
  const { rows } = await c.query<{ cpf: string | null }>("SELECT cpf FROM profiles WHERE user_id = $1", [
    userId,
  ]);
  const cpf = digits(rows[0]?.cpf ?? "");
  return { userId, cpf: cpf.length === 11 ? cpf : null };
}

/** One section's records, shaped for the person. */
export async function sectionRows(c: Queryable, s: Section, holder: Holder): Promise<Json[]> {
  const rows = (await c.query<{ r: Json }>(s.sql, [holder.userId])).rows.map((x) => x.r);
  return s.shape ? rows.map((r) => (s.shape as NonNullable<Section["shape"]>)(r, holder)) : rows;
}

export interface ExportFile {
  /** The document's id, which is also its object's key. */
  id: string;
  file_name: string;
  folder: string;
  size: number;
}

/**
 * The files that go in the export: the person's own documents, and the sealed PDFs of the
 * contracts they are a party to (stored as the landlord's).
 */
export async function exportFiles(c: Queryable, userId: string): Promise<ExportFile[]> {
  const { rows: files } = await c.query<ExportFile>(
    `SELECT d.id, d.file_name, d.folder, d.size FROM documents d WHERE d.owner_id = $1
     UNION
     SELECT d.id, d.file_name, 'contratos', d.size FROM contracts k JOIN documents d ON d.id = k.sealed_document_id
      WHERE k.tenant_id = $1
         OR EXISTS (SELECT 1 FROM contract_signers s WHERE s.contract_id = k.id AND s.user_id = $1)
     ORDER BY 1`,
    [userId],
  );
  return files.map((f) => ({ ...f, size: Number(f.size) }));
}

/** The bytes the person's files take (an export's zip is about that, plus its JSON). */
export async function filesBytes(c: Queryable, userId: string): Promise<number> {
  return (await exportFiles(c, userId)).reduce((sum, f) => sum + f.size, 0);
}
