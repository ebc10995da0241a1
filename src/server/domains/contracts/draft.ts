import { randomUUID } from "node:crypto";
import type { Cotenant } from "../../../shared/contracts/proposals";
import { UNIT_TYPE_NAMES, type UnitType } from "../../../shared/listing-names";
import type { ContractsContext } from "./context";
import type { PartyProfile } from "./contracts.repository";
import { contractIdOfProposal, draftSource, lockProposalToDraft } from "./contracts.repository";
import { newNumero, writeDraft } from "./documents/create";
import { withDocumentFiles } from "./documents/files";
import { LEASE } from "./documents/kind";
import { cep, cotenantParty, guarantorParty } from "./parties";
import { queueReviewNotice, REVIEW_REMINDER_HOURS } from "./review-reminder";
import type { ContractData, ContractParty, StoredContractData } from "./template";

/** The unit types let for a business, whose lease is the non-residential one (Lei 8.245/91, arts. 51–57). */
const NON_RESIDENTIAL: readonly UnitType[] = ["sala_comercial", "loja"];

/**
 * The `contract.draft` job, sent with an approval: gathers the parties and terms and writes the
 * draft. Runs once per proposal: a retry, or a second delivery, finds the contract written.
 */
export async function draftContract(ctx: ContractsContext, proposalId: string): Promise<string | null> {
  return withDocumentFiles(ctx, async (c) => {
    // Two copies of the job at once: the second waits here, then finds the first one's contract.
    await lockProposalToDraft(c, proposalId);
    const existing = await contractIdOfProposal(c, proposalId);
    if (existing) return existing;
    const r = await draftSource(c, proposalId);
    if (!r) {
      // Not (or no longer) approved: nothing to write, and retrying will not change that.
      ctx.log.warn({ proposalId }, "no approved proposal to write a contract for");
      return null;
    }
    const party = (p: PartyProfile, email: string): ContractParty & { email: string } => ({
      nome: p.nome_completo ?? "",
      cpf: p.cpf ?? "",
      ...(p.genero ? { genero: p.genero } : {}),
      nacionalidade: p.nacionalidade ?? undefined,
      estadoCivil: p.estado_civil ?? undefined,
      profissao: p.profissao ?? undefined,
      rg: p.rg ?? undefined,
      ...(p.rg_orgao_emissor ? { rgOrgaoEmissor: p.rg_orgao_emissor } : {}),
      endereco: `${p.logradouro}, ${p.numero}${p.complemento ? `, ${p.complemento}` : ""}, ${p.bairro}, ${p.cidade} – ${p.uf}, CEP ${cep(p.cep)}`,
      email,
    });
    // A company party (issue 34): the company as the party, the account holder signing for it.
    const company = (e: NonNullable<typeof r.lc>) => ({
      empresa: {
        id: e.id,
        razaoSocial: e.razao_social,
        ...(e.nome_fantasia ? { nomeFantasia: e.nome_fantasia } : {}),
        cnpj: e.cnpj,
        sede: `${e.logradouro}, ${e.numero}${e.complemento ? `, ${e.complemento}` : ""}, ${e.bairro}, ${e.cidade} – ${e.uf}, CEP ${cep(e.cep)}`,
        cargo: e.cargo,
        instrumento: e.instrumento,
        // Who signs with the account holder, by link (each qualified as they were named).
        representantes: e.outros_representantes.map((x) => ({
          nome: x.nome,
          cpf: x.cpf,
          email: x.email,
          ...(x.genero ? { genero: x.genero } : {}),
          ...(x.nacionalidade ? { nacionalidade: x.nacionalidade } : {}),
          ...(x.estadoCivil ? { estadoCivil: x.estadoCivil } : {}),
          ...(x.profissao ? { profissao: x.profissao } : {}),
          ...(x.rg ? { rg: x.rg } : {}),
          ...(x.rgOrgaoEmissor ? { rgOrgaoEmissor: x.rgOrgaoEmissor } : {}),
          cargo: x.cargo,
          instrumento: x.instrumento,
        })),
      },
    });
    const now = ctx.clock.now();
    const id = randomUUID();
    const numero = newNumero(now);
    const garantia = r.garantia as ContractData["termos"]["garantia"];
    const data: StoredContractData = {
      numero,
      dataEmissao: now.toISOString().slice(0, 10),
      locador: { ...party(r.lp, r.l_email), ...(r.lc ? company(r.lc) : {}) },
      locatario: { ...party(r.tp, r.t_email), ...(r.tc ? company(r.tc) : {}) },
      colocatarios: (r.cotenants as Cotenant[]).map(cotenantParty),
      // The guarantor the tenant named and the landlord accepted (decision 017).
      fiador: garantia === "fiador" && r.fiador ? guarantorParty(r.fiador) : null,
      testemunhas: [],
      imovel: {
        tipo: UNIT_TYPE_NAMES[r.u_tipo as UnitType] ?? "Imóvel",
        endereco: `${r.u_logradouro}, ${r.u_numero}${r.u_complemento ? `, ${r.u_complemento}` : ""}, ${r.u_bairro}, ${r.u_cidade} – ${r.u_uf}, CEP ${cep(r.u_cep)}`,
        cidade: r.u_cidade,
        uf: r.u_uf,
        matricula: r.u_matricula ?? "",
        // Commercial units are let for a business: the non-residential lease (arts. 51–57).
        naoResidencial: NON_RESIDENTIAL.includes(r.u_tipo as UnitType),
        mobiliado: r.u_mobiliado,
        // What the landlord listed of a furnished unit's furniture; an unfurnished one lets none.
        ...(r.u_mobiliado && r.u_inventario?.trim() ? { inventario: r.u_inventario.trim() } : {}),
        aceitaPets: r.u_aceita_pets,
      },
      termos: {
        aluguel: Number(r.aluguel),
        condominio: Number(r.condominio),
        iptu: Number(r.iptu),
        seguroIncendio: Number(r.seguro_incendio),
        dataInicio: String(r.data_entrada),
        prazoMeses: Number(r.prazo_meses),
        reajuste: r.reajuste,
        garantia,
        caucaoMeses: garantia === "caucao" ? Number(r.caucao_meses ?? r.offer_caucao ?? 1) : null,
        diaVencimento: 10,
        pets: r.pets,
        condicoes: r.offer_descricao ?? "",
      },
      emails: { locador: r.l_email, locatario: r.t_email },
    };
    // The lease is the document machine's first kind (decision 047): its template renders it.
    await writeDraft(ctx, c, {
      id,
      numero,
      kind: LEASE,
      parent_id: null,
      proposal_id: proposalId,
      offer_id: r.offer_id,
      landlord_id: r.landlord_id,
      tenant_id: r.tenant_id,
      data,
      review_remind_at: new Date(now.getTime() + REVIEW_REMINDER_HOURS * 3_600_000),
    });
    // The contract goes nowhere until the landlord reviews and sends it: she is told so at once.
    await queueReviewNotice(ctx, c, { id, numero, data }, false);
    return id;
  });
}
