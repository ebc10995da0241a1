import type { Queryable } from "../../db/rows";

/*
 * Everything Chave holds about one person, read for their data export (LGPD art. 18, II and V).
 * Reads only: each table is written by its owner (decision 019). Secrets are left out: password
 * hashes, session tokens, signing-link and code hashes.
 */

type Json = Record<string, unknown>;

/** The person's records, section by section, in the order the export writes them. */
export const SECTIONS: { name: string; sql: string }[] = [
  {
    name: "conta",
    sql: "SELECT to_jsonb(u) AS r FROM users u WHERE u.id = $1",
  },
  { name: "perfil", sql: "SELECT to_jsonb(p) AS r FROM profiles p WHERE p.user_id = $1" },
  {
    name: "sessoes",
    sql: `SELECT to_jsonb(s) - 'token' AS r FROM sessions s WHERE s.user_id = $1 ORDER BY s.created_at`,
  },
  {
    name: "contas_de_acesso",
    sql: `SELECT to_jsonb(a) - 'password' - 'access_token' - 'refresh_token' - 'id_token' AS r
            FROM accounts a WHERE a.user_id = $1`,
  },
  {
    name: "consentimentos",
    sql: "SELECT to_jsonb(c) AS r FROM consents c WHERE c.user_id = $1 ORDER BY c.decided_at",
  },
  {
    name: "avisos_configuracao",
    sql: "SELECT to_jsonb(n) AS r FROM notification_settings n WHERE n.user_id = $1",
  },
  {
    name: "imoveis",
    sql: "SELECT to_jsonb(u) AS r FROM units u WHERE u.owner_id = $1 ORDER BY u.created_at",
  },
  {
    name: "ofertas",
    sql: "SELECT to_jsonb(o) AS r FROM offers o WHERE o.owner_id = $1 ORDER BY o.created_at",
  },
  {
    name: "propostas",
    sql: `SELECT to_jsonb(p) || jsonb_build_object('linha_do_tempo',
                  (SELECT coalesce(jsonb_agg(to_jsonb(e) ORDER BY e.created_at, e.id), '[]') FROM proposal_events e
                    WHERE e.proposal_id = p.id)) AS r
            FROM proposals p WHERE p.tenant_id = $1 OR p.landlord_id = $1 ORDER BY p.created_at`,
  },
  {
    name: "mensagens",
    sql: `SELECT to_jsonb(m) AS r FROM messages m WHERE m.sender_id = $1 OR m.recipient_id = $1
           ORDER BY m.created_at, m.id`,
  },
  {
    name: "contratos",
    sql: `SELECT to_jsonb(k) || jsonb_build_object(
                   'signatarios', (SELECT coalesce(jsonb_agg(to_jsonb(s) - 'token_hash' - 'code_hash' ORDER BY s.position), '[]')
                                     FROM contract_signers s WHERE s.contract_id = k.id),
                   'trilha_de_auditoria', (SELECT coalesce(jsonb_agg(to_jsonb(e) ORDER BY e.created_at, e.id), '[]')
                                             FROM contract_events e WHERE e.contract_id = k.id)) AS r
            FROM contracts k
           WHERE k.landlord_id = $1 OR k.tenant_id = $1
              OR EXISTS (SELECT 1 FROM contract_signers s WHERE s.contract_id = k.id AND s.user_id = $1)
           ORDER BY k.created_at`,
  },
  {
    name: "documentos",
    sql: "SELECT to_jsonb(d) AS r FROM documents d WHERE d.owner_id = $1 ORDER BY d.created_at, d.id",
  },
  {
    name: "buscas_salvas",
    sql: `SELECT jsonb_build_object('id', s.id, 'nome', s.nome, 'filtros', s.filtros, 'ativa', s.ativa,
                   'created_at', s.created_at, 'updated_at', s.updated_at) AS r
            FROM saved_searches s WHERE s.user_id = $1 ORDER BY s.created_at`,
  },
  {
    name: "favoritos",
    sql: "SELECT to_jsonb(f) AS r FROM favorites f WHERE f.user_id = $1 ORDER BY f.created_at",
  },
  {
    name: "historico_de_preferencias",
    sql: "SELECT to_jsonb(v) AS r FROM preference_versions v WHERE v.user_id = $1 ORDER BY v.created_at",
  },
  {
    name: "avisos",
    sql: "SELECT to_jsonb(n) - 'dedupe' AS r FROM notifications n WHERE n.user_id = $1 ORDER BY n.created_at",
  },
  {
    name: "configuracoes",
    sql: "SELECT to_jsonb(a) AS r FROM account_settings a WHERE a.user_id = $1",
  },
  {
    name: "exclusao_da_conta",
    sql: "SELECT to_jsonb(d) AS r FROM account_deletions d WHERE d.user_id = $1",
  },
];

/** One section's records (its SQL selects one jsonb `r` a record). */
export async function sectionRows(c: Queryable, sql: string, userId: string): Promise<Json[]> {
  return (await c.query<{ r: Json }>(sql, [userId])).rows.map((x) => x.r);
}

export interface ExportFile {
  /** The document's id, which is also its object's key. */
  id: string;
  file_name: string;
  folder: string;
}

/**
 * The files that go in the export: the person's own documents, and the sealed PDFs of the
 * contracts they are a party to (stored as the landlord's).
 */
export async function exportFiles(c: Queryable, userId: string): Promise<ExportFile[]> {
  const { rows: files } = await c.query<ExportFile>(
    `SELECT d.id, d.file_name, d.folder FROM documents d WHERE d.owner_id = $1
     UNION
     SELECT d.id, d.file_name, 'contratos' FROM contracts k JOIN documents d ON d.id = k.sealed_document_id
      WHERE k.tenant_id = $1
         OR EXISTS (SELECT 1 FROM contract_signers s WHERE s.contract_id = k.id AND s.user_id = $1)
     ORDER BY 1`,
    [userId],
  );
  return files;
}
