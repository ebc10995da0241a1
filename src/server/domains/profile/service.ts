import type pg from "pg";
import type { AddressData, PersonalData, ProfileView } from "../../../shared/contracts/profile";
import { AppError, errorMessage } from "../../../shared/errors";
import { renameUser } from "../../auth/users.repository";
import type { Queryable } from "../../db/rows";
import { type Profile, profileOf, profilesOf, upsertAddress, upsertPersonal } from "./profiles.repository";

export function profileView(r: Profile | undefined): ProfileView {
  const personal: PersonalData | null =
    r?.cpf && r.nome_completo
      ? {
          nomeCompleto: r.nome_completo,
          cpf: r.cpf,
          rg: r.rg ?? "",
          rgOrgaoEmissor: r.rg_orgao_emissor ?? undefined,
          genero: r.genero ?? "nao_informado",
          dataNascimento: r.data_nascimento ?? "",
          estadoCivil: r.estado_civil as PersonalData["estadoCivil"],
          profissao: r.profissao ?? "",
          nacionalidade: r.nacionalidade ?? "",
          telefone: r.telefone ?? "",
        }
      : null;
  const address: (AddressData & { chavePix: string }) | null =
    r?.cep && r.ocupacao
      ? {
          cep: r.cep,
          logradouro: r.logradouro ?? "",
          numero: r.numero ?? "",
          complemento: r.complemento ?? "",
          bairro: r.bairro ?? "",
          cidade: r.cidade ?? "",
          uf: r.uf as AddressData["uf"],
          rendaMensal: r.renda_mensal ?? 0,
          ocupacao: r.ocupacao as AddressData["ocupacao"],
          chavePix: r.pix_key ?? "",
        }
      : null;
  return { personal, address, complete: personal !== null && address !== null };
}

/** The parts of a profile a contract still needs: "personal", "address", both, or none. */
export function missingForContract(profile: ProfileView): ("personal" | "address")[] {
  return [
    ...(profile.personal ? [] : ["personal" as const]),
    ...(profile.address ? [] : ["address" as const]),
  ];
}

/**
 * 409 profile-incomplete naming what is missing (decision 041): the message says which half to
 * complete, and an issue per half ("personal", "address") lets a client link to it.
 */
export function profileIncomplete(missing: ("personal" | "address")[]): AppError {
  const personal = errorMessage("profile-personal-missing");
  const address = errorMessage("profile-address-missing");
  return new AppError("profile-incomplete", {
    ...(missing.length === 1 ? { message: missing[0] === "personal" ? personal : address } : {}),
    issues: missing.map((path) => ({ path, message: path === "personal" ? personal : address })),
  });
}

export class ProfileService {
  constructor(private readonly pool: pg.Pool) {}

  async get(userId: string, client: Queryable = this.pool): Promise<ProfileView> {
    return profileView(await profileOf(client, userId));
  }

  async savePersonal(userId: string, p: PersonalData): Promise<ProfileView> {
    try {
      await upsertPersonal(this.pool, userId, p);
    } catch (err) {
      if ((err as { code?: string }).code === "23505") throw new AppError("cpf-taken");
      throw err;
    }
    return this.get(userId);
  }

  async saveAddress(userId: string, a: AddressData): Promise<ProfileView> {
    await upsertAddress(this.pool, userId, a);
    return this.get(userId);
  }

  /** Changes the name others see; better-auth's own update-user is not served (decision 015). */
  async saveName(userId: string, name: string): Promise<{ id: string; name: string; email: string }> {
    const row = await renameUser(this.pool, userId, name);
    if (!row) throw new AppError("unauthenticated");
    return row;
  }

  /**
   * 409 profile-incomplete unless both parts are filled: the contract qualifies the parties. The
   * answer names the missing part (profileIncomplete).
   */
  async requireComplete(userId: string, client?: Queryable): Promise<ProfileView> {
    const profile = await this.get(userId, client);
    if (!profile.complete) throw profileIncomplete(missingForContract(profile));
    return profile;
  }

  /** Which of `userIds` have the complete profile a contract needs. */
  async completeAmong(userIds: string[], client: Queryable = this.pool): Promise<Set<string>> {
    const rows = await profilesOf(client, userIds);
    return new Set(rows.filter((r) => profileView(r).complete).map((r) => r.user_id));
  }
}
