import type { CompanyData } from "../../../shared/contracts/companies";
import type { Queryable, RowOf } from "../../db/rows";
import type { companies } from "../../db/schema/companies";

/** The companies table (decision 058): the companies an account acts for, as landlord or tenant. */
export type Company = RowOf<typeof companies>;

export async function companiesOf(c: Queryable, userId: string): Promise<(Company & { em_uso: boolean })[]> {
  const { rows } = await c.query<Company & { em_uso: boolean }>(
    `SELECT co.*, (EXISTS (SELECT 1 FROM units u WHERE u.company_id = co.id)
                   OR EXISTS (SELECT 1 FROM proposals p WHERE p.company_id = co.id)) AS em_uso
       FROM companies co WHERE co.user_id = $1 ORDER BY co.razao_social, co.created_at`,
    [userId],
  );
  return rows;
}

/** One of `userId`'s companies (undefined when it is not theirs), locked when `lock`. */
export async function companyOf(
  c: Queryable,
  userId: string,
  id: string,
  lock = false,
): Promise<(Company & { em_uso: boolean }) | undefined> {
  const { rows } = await c.query<Company & { em_uso: boolean }>(
    `SELECT co.*, (EXISTS (SELECT 1 FROM units u WHERE u.company_id = co.id)
                   OR EXISTS (SELECT 1 FROM proposals p WHERE p.company_id = co.id)) AS em_uso
       FROM companies co WHERE co.id = $1 AND co.user_id = $2${lock ? " FOR UPDATE OF co" : ""}`,
    [id, userId],
  );
  return rows[0];
}

/** Any company by id (the contract's draft reads the one a unit or proposal names). */
export async function companyById(c: Queryable, id: string): Promise<Company | undefined> {
  const { rows } = await c.query<Company>("SELECT * FROM companies WHERE id = $1", [id]);
  return rows[0];
}

const columns = (d: CompanyData) => [
  d.cnpj,
  d.razaoSocial,
  d.nomeFantasia ?? null,
  d.endereco.cep,
  d.endereco.logradouro,
  d.endereco.numero,
  d.endereco.complemento ?? "",
  d.endereco.bairro,
  d.endereco.cidade,
  d.endereco.uf,
  d.cargo,
  d.instrumento,
  d.documentoId,
  JSON.stringify(d.outrosRepresentantes),
  // Not sent: the key saved stays (SQL below); "": none.
  d.chavePix === undefined ? null : d.chavePix,
  d.chavePix === undefined,
];

/** A new company. The same account registering a CNPJ twice fails with 23505 (unique violation). */
export async function insertCompany(c: Queryable, id: string, userId: string, d: CompanyData): Promise<void> {
  await c.query(
    `INSERT INTO companies (id, user_id, cnpj, razao_social, nome_fantasia, cep, logradouro, numero, complemento,
       bairro, cidade, uf, cargo, instrumento, documento_id, outros_representantes, pix_key)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,nullif($17, ''))`,
    [id, userId, ...columns(d).slice(0, -1)],
  );
}

export async function updateCompany(c: Queryable, id: string, d: CompanyData): Promise<void> {
  await c.query(
    `UPDATE companies SET cnpj=$2, razao_social=$3, nome_fantasia=$4, cep=$5, logradouro=$6, numero=$7,
       complemento=$8, bairro=$9, cidade=$10, uf=$11, cargo=$12, instrumento=$13, documento_id=$14,
       outros_representantes=$15,
       pix_key = CASE WHEN $17 THEN pix_key ELSE nullif($16, '') END, updated_at=now()
     WHERE id = $1`,
    [id, ...columns(d)],
  );
}

export async function deleteCompany(c: Queryable, id: string): Promise<void> {
  await c.query("DELETE FROM companies WHERE id = $1", [id]);
}

/**
 * An erased account (decision 022): its companies go, but those a unit or proposal kept for a
 * signed lease still names, which lose the other representatives' personal data (the lease's
 * own data keeps what it was signed with). The number deleted.
 */
export async function eraseCompaniesOf(c: Queryable, userId: string): Promise<number> {
  const { rowCount } = await c.query(
    `DELETE FROM companies co WHERE co.user_id = $1
       AND NOT EXISTS (SELECT 1 FROM units u WHERE u.company_id = co.id)
       AND NOT EXISTS (SELECT 1 FROM proposals p WHERE p.company_id = co.id)`,
    [userId],
  );
  await c.query("UPDATE companies SET outros_representantes = '[]', updated_at = now() WHERE user_id = $1", [
    userId,
  ]);
  return rowCount ?? 0;
}
