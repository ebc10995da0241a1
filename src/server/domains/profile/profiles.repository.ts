import type { AddressData, PersonalData } from "../../../shared/contracts/profile";
import type { Queryable, RowOf } from "../../db/rows";
import type { users } from "../../db/schema/auth";
import type { profiles } from "../../db/schema/proposals";

/**
 * The profiles table (decision 019): the personal data and address that qualify a party in a
 * contract, one row per user, written in two halves from /Config.
 */
export type Profile = RowOf<typeof profiles>;

/** A user's profile, or undefined before the first save. */
export async function profileOf(c: Queryable, userId: string): Promise<Profile | undefined> {
  const { rows } = await c.query<Profile>("SELECT * FROM profiles WHERE user_id = $1", [userId]);
  return rows[0];
}

/** The profiles of `userIds` that exist (a user with none is absent). */
export async function profilesOf(c: Queryable, userIds: string[]): Promise<Profile[]> {
  if (userIds.length === 0) return [];
  const { rows } = await c.query<Profile>("SELECT * FROM profiles WHERE user_id = ANY($1::text[])", [
    [...new Set(userIds)],
  ]);
  return rows;
}

/** Saves the personal half. A CPF another profile holds fails with 23505 (unique violation). */
export async function upsertPersonal(c: Queryable, userId: string, p: PersonalData): Promise<void> {
  await c.query(
    `INSERT INTO profiles (user_id, nome_completo, cpf, rg, data_nascimento, estado_civil, profissao, nacionalidade, telefone,
       rg_orgao_emissor, genero)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)
     ON CONFLICT (user_id) DO UPDATE SET nome_completo=$2, cpf=$3, rg=$4, data_nascimento=$5, estado_civil=$6,
       profissao=$7, nacionalidade=$8, telefone=$9, rg_orgao_emissor=$10, genero=$11, updated_at=now()`,
    [
      userId,
      p.nomeCompleto,
      p.cpf,
      p.rg,
      p.dataNascimento,
      p.estadoCivil,
      p.profissao,
      p.nacionalidade,
      p.telefone,
      p.rgOrgaoEmissor ?? null,
      p.genero,
    ],
  );
}

/** Saves the address half, with the monthly income and occupation. */
export async function upsertAddress(c: Queryable, userId: string, a: AddressData): Promise<void> {
  await c.query(
    `INSERT INTO profiles (user_id, cep, logradouro, numero, complemento, bairro, cidade, uf, renda_mensal, ocupacao,
                           pix_key)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,nullif($11, ''))
     ON CONFLICT (user_id) DO UPDATE SET cep=$2, logradouro=$3, numero=$4, complemento=$5, bairro=$6, cidade=$7, uf=$8,
       renda_mensal=$9, ocupacao=$10,
       -- A client that does not send the key (older than the rent) keeps the one saved.
       pix_key = CASE WHEN $11::text IS NULL THEN profiles.pix_key ELSE nullif($11, '') END,
       updated_at=now()`,
    [
      userId,
      a.cep,
      a.logradouro,
      a.numero,
      a.complemento,
      a.bairro,
      a.cidade,
      a.uf,
      a.rendaMensal,
      a.ocupacao,
      a.chavePix ?? null,
    ],
  );
}

/** An account's e-mail with its profile's CPF (null before the personal data is saved). */
export type AccountIdentity = Pick<RowOf<typeof users>, "id" | "email"> & Pick<Profile, "cpf">;

/** The accounts of these users with their CPFs, in no particular order. */
export async function accountIdentities(c: Queryable, userIds: string[]): Promise<AccountIdentity[]> {
  const { rows } = await c.query<AccountIdentity>(
    "SELECT u.id, u.email, p.cpf FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ANY($1::text[])",
    [userIds],
  );
  return rows;
}

/** An account deleted (decision 022): its personal data goes. */
export async function deleteProfile(c: Queryable, userId: string): Promise<void> {
  await c.query("DELETE FROM profiles WHERE user_id = $1", [userId]);
}

/** A CPF with valid check digits from nine base digits (the seed's made-up people). */
export function cpfFromBase(base: string): string {
  const d = base.padStart(9, "0").slice(-9).split("").map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += (d[i] as number) * (len + 1 - i);
    const rest = (sum * 10) % 11;
    d.push(rest === 10 ? 0 : rest);
  }
  return d.join("");
}

/**
 * Complete profiles for the seed's landlords (decision 041: what is published can close), made
 * up from their names; an existing profile is kept.
 */
export async function insertSeedProfiles(
  c: Queryable,
  people: { userId: string; name: string; index: number }[],
): Promise<void> {
  if (people.length === 0) return;
  await c.query(
    `INSERT INTO profiles (user_id, nome_completo, cpf, rg, rg_orgao_emissor, genero, data_nascimento, estado_civil,
       profissao, nacionalidade, telefone, cep, logradouro, numero, bairro, cidade, uf, renda_mensal, ocupacao)
     SELECT u, n, cpf, '12.345.678-9', 'SSP/SP', 'nao_informado', '1975-05-20', 'solteiro', 'Administrador', 'brasileira',
       '(11) 98765-4321', '01310-100', 'Avenida Paulista', '1000', 'Bela Vista', 'São Paulo', 'SP', 2000000, 'empresario'
     FROM unnest($1::text[], $2::text[], $3::text[]) AS t(u, n, cpf)
     ON CONFLICT DO NOTHING`,
    [
      people.map((p) => p.userId),
      people.map((p) => p.name),
      people.map((p) => cpfFromBase(String(900_000_000 + p.index))),
    ],
  );
}
