import { randomBytes, randomUUID } from "node:crypto";
import { UNIT_TYPE_NAMES, type UnitType } from "../../../shared/contracts/listings";
import { withTransaction } from "../../db/client";
import { type ContractsContext, recordEvent, storeContractPdf } from "./context";
import { type ContractData, type ContractParty, renderContract } from "./template";

const cep = (v: unknown) => String(v).replace(/^(\d{5})(\d{3})$/, "$1-$2");

/**
 * The `contract.draft` job, sent with an approval: gathers the parties and terms and writes the
 * draft. Runs once per proposal: a retry, or a second delivery, finds the contract written.
 */
export async function draftContract(ctx: ContractsContext, proposalId: string): Promise<string | null> {
  return withTransaction(ctx.pool, async (c) => {
    // Two copies of the job at once: the second waits here, then finds the first one's contract.
    await c.query("SELECT 1 FROM proposals WHERE id = $1 FOR UPDATE", [proposalId]);
    const existing = await c.query<{ id: string }>("SELECT id FROM contracts WHERE proposal_id = $1", [
      proposalId,
    ]);
    if (existing.rows[0]) return existing.rows[0].id;
    const { rows } = await c.query<Record<string, unknown>>(
      `SELECT p.*, o.condominio, o.iptu, o.seguro_incendio, o.reajuste, o.caucao_meses AS offer_caucao,
         u.tipo AS u_tipo, u.logradouro AS u_logradouro, u.numero AS u_numero, u.complemento AS u_complemento,
         u.bairro AS u_bairro, u.cidade AS u_cidade, u.uf AS u_uf, u.cep AS u_cep, u.matricula AS u_matricula,
         row_to_json(lp.*) AS lp, row_to_json(tp.*) AS tp, lu.email AS l_email, tu.email AS t_email
       FROM proposals p JOIN offers o ON o.id = p.offer_id JOIN units u ON u.id = o.unit_id
       JOIN profiles lp ON lp.user_id = p.landlord_id JOIN profiles tp ON tp.user_id = p.tenant_id
       JOIN users lu ON lu.id = p.landlord_id JOIN users tu ON tu.id = p.tenant_id
       WHERE p.id = $1 AND p.status = 'aprovada'`,
      [proposalId],
    );
    const r = rows[0];
    if (!r) {
      // Not (or no longer) approved: nothing to write, and retrying will not change that.
      ctx.log.warn({ proposalId }, "no approved proposal to write a contract for");
      return null;
    }
    const party = (p: Record<string, string | null>, email: string): ContractParty & { email: string } => ({
      nome: p.nome_completo ?? "",
      cpf: p.cpf ?? "",
      nacionalidade: p.nacionalidade ?? undefined,
      estadoCivil: p.estado_civil ?? undefined,
      profissao: p.profissao ?? undefined,
      rg: p.rg ?? undefined,
      endereco: `${p.logradouro}, ${p.numero}${p.complemento ? `, ${p.complemento}` : ""}, ${p.bairro}, ${p.cidade} – ${p.uf}, CEP ${cep(p.cep)}`,
      email,
    });
    const now = ctx.clock.now();
    const id = randomUUID();
    const numero = `${now.getFullYear()}-${randomBytes(3).toString("hex").toUpperCase()}`;
    const garantia = r.garantia as ContractData["termos"]["garantia"];
    const data: ContractData & { emails: { locador: string; locatario: string } } = {
      numero,
      dataEmissao: now.toISOString().slice(0, 10),
      locador: party(r.lp as Record<string, string | null>, r.l_email as string),
      locatario: party(r.tp as Record<string, string | null>, r.t_email as string),
      colocatarios: (r.cotenants as { nome: string; cpf: string; email: string }[]).map((x) => ({
        nome: x.nome,
        cpf: x.cpf,
        email: x.email,
      })),
      // The guarantor the tenant named and the landlord accepted (decision 017).
      fiador:
        garantia === "fiador" && r.fiador
          ? (() => {
              const f = r.fiador as { nome: string; cpf: string; email: string; parentesco: string };
              return { nome: f.nome, cpf: f.cpf, email: f.email, parentesco: f.parentesco };
            })()
          : null,
      testemunhas: [],
      imovel: {
        tipo: UNIT_TYPE_NAMES[r.u_tipo as UnitType] ?? "Imóvel",
        endereco: `${r.u_logradouro}, ${r.u_numero}${r.u_complemento ? `, ${r.u_complemento}` : ""}, ${r.u_bairro}, ${r.u_cidade} – ${r.u_uf}, CEP ${cep(r.u_cep)}`,
        cidade: r.u_cidade as string,
        uf: r.u_uf as string,
        matricula: (r.u_matricula as string) ?? "",
      },
      termos: {
        aluguel: Number(r.aluguel),
        condominio: Number(r.condominio),
        iptu: Number(r.iptu),
        seguroIncendio: Number(r.seguro_incendio),
        dataInicio: String(r.data_entrada),
        prazoMeses: Number(r.prazo_meses),
        reajuste: r.reajuste as string,
        garantia,
        caucaoMeses: garantia === "caucao" ? Number(r.caucao_meses ?? r.offer_caucao ?? 1) : null,
        diaVencimento: 10,
      },
      emails: { locador: r.l_email as string, locatario: r.t_email as string },
    };
    const { bytes, sha256 } = await renderContract(data);
    const row = { id, landlord_id: r.landlord_id as string, tenant_id: r.tenant_id as string };
    await c.query(
      `INSERT INTO contracts (id, numero, proposal_id, offer_id, landlord_id, tenant_id, status, data, sha256)
       VALUES ($1,$2,$3,$4,$5,$6,'rascunho',$7,$8)`,
      [id, numero, proposalId, r.offer_id, r.landlord_id, r.tenant_id, JSON.stringify(data), sha256],
    );
    const documentId = await storeContractPdf(ctx, c, row, bytes, sha256, `Contrato ${numero}.pdf`);
    await c.query("UPDATE contracts SET document_id = $2 WHERE id = $1", [id, documentId]);
    await recordEvent(c, id, "gerado", { sha256 });
    return id;
  });
}
