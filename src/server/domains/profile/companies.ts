import { randomUUID } from "node:crypto";
import type pg from "pg";
import { cleanCnpj } from "../../../shared/cnpj";
import type { CompanyData, CompanyView } from "../../../shared/contracts/companies";
import { signerIssue } from "../../../shared/contracts/contracts";
import { AppError, errorMessage } from "../../../shared/errors";
import { emailsOf } from "../../auth/users.repository";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import { ownedDocumentCount } from "../proposals/proposals.repository";
import {
  type Company,
  companiesOf,
  companyOf,
  deleteCompany,
  insertCompany,
  updateCompany,
} from "./companies.repository";
import type { ProfileService } from "./service";

/*
 * The companies an account acts for (issue 34, decision 058). Only the account that registered a
 * company sees or changes it; the account holder is a representative, with a complete profile
 * (the contract qualifies them by it); any other representative is someone else, with their own
 * e-mail and CPF; and the documents that give the power are the account's own uploads.
 */

export function companyView(r: Company & { em_uso: boolean }): CompanyView {
  return {
    id: r.id,
    razaoSocial: r.razao_social,
    nomeFantasia: r.nome_fantasia,
    cnpj: r.cnpj,
    endereco: {
      cep: r.cep,
      logradouro: r.logradouro,
      numero: r.numero,
      complemento: r.complemento,
      bairro: r.bairro,
      cidade: r.cidade,
      uf: r.uf,
    },
    cargo: r.cargo,
    instrumento: r.instrumento,
    documentoId: r.documento_id,
    chavePix: r.pix_key,
    outrosRepresentantes: r.outros_representantes,
    emUso: r.em_uso,
    updatedAt: r.updated_at.toISOString(),
  };
}

export class CompanyService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly profiles: ProfileService,
  ) {}

  async list(userId: string): Promise<{ empresas: CompanyView[] }> {
    return { empresas: (await companiesOf(this.pool, userId)).map(companyView) };
  }

  async create(userId: string, d: CompanyData): Promise<CompanyView> {
    return withTransaction(this.pool, async (c) => {
      await this.check(c, userId, d);
      const id = randomUUID();
      try {
        await insertCompany(c, id, userId, d);
      } catch (err) {
        if ((err as { code?: string }).code === "23505") throw new AppError("cnpj-taken");
        throw err;
      }
      return companyView({ ...((await companyOf(c, userId, id)) as Company & { em_uso: boolean }) });
    });
  }

  async update(userId: string, id: string, d: CompanyData): Promise<CompanyView> {
    return withTransaction(this.pool, async (c) => {
      const current = await companyOf(c, userId, id, true);
      if (!current) throw new AppError("company-not-found");
      // A contract or a proposal names it by this CNPJ: another CNPJ is another company.
      if (current.em_uso && cleanCnpj(d.cnpj) !== current.cnpj) throw new AppError("company-in-use");
      await this.check(c, userId, d);
      try {
        await updateCompany(c, id, d);
      } catch (err) {
        if ((err as { code?: string }).code === "23505") throw new AppError("cnpj-taken");
        throw err;
      }
      return companyView((await companyOf(c, userId, id)) as Company & { em_uso: boolean });
    });
  }

  async remove(userId: string, id: string): Promise<void> {
    await withTransaction(this.pool, async (c) => {
      const current = await companyOf(c, userId, id, true);
      if (!current) throw new AppError("company-not-found");
      if (current.em_uso) throw new AppError("company-in-use");
      await deleteCompany(c, id);
    });
  }

  /** `companyId` when it is `userId`'s (a unit or a proposal in its name); 400 invalid-company if not. */
  async requireOwn(c: Queryable, userId: string, companyId: string): Promise<Company> {
    const company = await companyOf(c, userId, companyId);
    if (!company) throw new AppError("invalid-company");
    return company;
  }

  private async check(c: Queryable, userId: string, d: CompanyData): Promise<void> {
    // The account holder signs for the company: the contract qualifies them by their profile.
    const holder = await this.profiles.requireComplete(userId, c);
    const docs = [...new Set([d.documentoId, ...d.outrosRepresentantes.map((r) => r.documentoId)])];
    if ((await ownedDocumentCount(c, docs, userId)) !== docs.length) throw new AppError("invalid-document");
    // Every representative is someone else, with their own e-mail and CPF (decision 017's rules).
    const [email] = await emailsOf(c, [userId]);
    const issue = signerIssue(
      [
        { email: email ?? "", cpf: holder.personal?.cpf ?? "", named: false },
        ...d.outrosRepresentantes.map((r) => ({ email: r.email, cpf: r.cpf, named: true })),
      ],
      email ? [email] : [],
    );
    if (issue)
      throw new AppError(issue.code === "signer-is-party" ? "representative-is-holder" : issue.code, {
        issues: [
          {
            path: `outrosRepresentantes.${Math.max(0, issue.index - 1)}.${issue.path}`,
            message: errorMessage(issue.code === "signer-is-party" ? "representative-is-holder" : issue.code),
          },
        ],
      });
  }
}
