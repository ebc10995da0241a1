import type pg from "pg";
import type { AddressData, PersonalData, ProfileView } from "../../../shared/contracts/profile";
import { AppError } from "../../../shared/errors";

interface ProfileRow {
  nome_completo: string | null;
  cpf: string | null;
  rg: string | null;
  data_nascimento: string | null;
  estado_civil: string | null;
  profissao: string | null;
  nacionalidade: string | null;
  telefone: string | null;
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  renda_mensal: string | null;
  ocupacao: string | null;
}

export function profileView(r: ProfileRow | undefined): ProfileView {
  const personal: PersonalData | null =
    r?.cpf && r.nome_completo
      ? {
          nomeCompleto: r.nome_completo,
          cpf: r.cpf,
          rg: r.rg ?? "",
          dataNascimento: r.data_nascimento ?? "",
          estadoCivil: r.estado_civil as PersonalData["estadoCivil"],
          profissao: r.profissao ?? "",
          nacionalidade: r.nacionalidade ?? "",
          telefone: r.telefone ?? "",
        }
      : null;
  const address: AddressData | null =
    r?.cep && r.ocupacao
      ? {
          cep: r.cep,
          logradouro: r.logradouro ?? "",
          numero: r.numero ?? "",
          complemento: r.complemento ?? "",
          bairro: r.bairro ?? "",
          cidade: r.cidade ?? "",
          uf: r.uf as AddressData["uf"],
          rendaMensal: Number(r.renda_mensal ?? 0),
          ocupacao: r.ocupacao as AddressData["ocupacao"],
        }
      : null;
  return { personal, address, complete: personal !== null && address !== null };
}

export class ProfileService {
  constructor(private readonly pool: pg.Pool) {}

  async get(userId: string, client: pg.Pool | pg.PoolClient = this.pool): Promise<ProfileView> {
    const { rows } = await client.query<ProfileRow>("SELECT * FROM profiles WHERE user_id = $1", [userId]);
    return profileView(rows[0]);
  }

  async savePersonal(userId: string, p: PersonalData): Promise<ProfileView> {
    try {
      await this.pool.query(
        `INSERT INTO profiles (user_id, nome_completo, cpf, rg, data_nascimento, estado_civil, profissao, nacionalidade, telefone)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)
         ON CONFLICT (user_id) DO UPDATE SET nome_completo=$2, cpf=$3, rg=$4, data_nascimento=$5, estado_civil=$6,
           profissao=$7, nacionalidade=$8, telefone=$9, updated_at=now()`,
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
        ],
      );
    } catch (err) {
      if ((err as { code?: string }).code === "23505") throw new AppError("cpf-taken");
      throw err;
    }
    return this.get(userId);
  }

  async saveAddress(userId: string, a: AddressData): Promise<ProfileView> {
    await this.pool.query(
      `INSERT INTO profiles (user_id, cep, logradouro, numero, complemento, bairro, cidade, uf, renda_mensal, ocupacao)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)
       ON CONFLICT (user_id) DO UPDATE SET cep=$2, logradouro=$3, numero=$4, complemento=$5, bairro=$6, cidade=$7, uf=$8,
         renda_mensal=$9, ocupacao=$10, updated_at=now()`,
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
      ],
    );
    return this.get(userId);
  }

  /** 409 profile-incomplete unless both parts are filled: the contract qualifies the parties. */
  /** Changes the name others see; better-auth's own update-user is not served (decision 015). */
  async saveName(userId: string, name: string): Promise<{ id: string; name: string; email: string }> {
    const { rows } = await this.pool.query<{ id: string; name: string; email: string }>(
      "UPDATE users SET name = $2, updated_at = now() WHERE id = $1 RETURNING id, name, email",
      [userId, name],
    );
    const row = rows[0];
    if (!row) throw new AppError("unauthenticated");
    return row;
  }

  async requireComplete(userId: string, client?: pg.PoolClient): Promise<ProfileView> {
    const profile = await this.get(userId, client);
    if (!profile.complete) throw new AppError("profile-incomplete");
    return profile;
  }
}
