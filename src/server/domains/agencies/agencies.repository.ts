import type { AgencyData } from "../../../shared/contracts/agencies";
import type { Queryable, RowOf } from "../../db/rows";
import type { agencies } from "../../db/schema/agencies";

/** The agencies table (decision 059): each imobiliária's own data. */
export type Agency = RowOf<typeof agencies>;

export async function agencyById(c: Queryable, id: string): Promise<Agency | undefined> {
  const { rows } = await c.query<Agency>("SELECT * FROM agencies WHERE id = $1", [id]);
  return rows[0];
}

const columns = (d: AgencyData) => [
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
  d.creci.numero,
  d.creci.uf,
];

/** A new agency; a CNPJ another agency holds fails with 23505 (unique violation). */
export async function insertAgency(
  c: Queryable,
  id: string,
  createdBy: string,
  d: AgencyData,
): Promise<void> {
  await c.query(
    `INSERT INTO agencies (id, cnpj, razao_social, nome_fantasia, cep, logradouro, numero, complemento, bairro,
       cidade, uf, creci_numero, creci_uf, created_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
    [id, ...columns(d), createdBy],
  );
}

export async function updateAgency(c: Queryable, id: string, d: AgencyData): Promise<void> {
  await c.query(
    `UPDATE agencies SET cnpj=$2, razao_social=$3, nome_fantasia=$4, cep=$5, logradouro=$6, numero=$7,
       complemento=$8, bairro=$9, cidade=$10, uf=$11, creci_numero=$12, creci_uf=$13, updated_at=now()
     WHERE id = $1`,
    [id, ...columns(d)],
  );
}
