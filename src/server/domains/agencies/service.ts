import { randomUUID } from "node:crypto";
import type pg from "pg";
import {
  type AgencyArea,
  type AgencyData,
  type AgencyView,
  type InvitationInput,
  invitationInput,
  type MemberUpdate,
  type MyAgencies,
  mayWork,
  memberUpdate,
  ROLE_AREAS,
} from "../../../shared/contracts/agencies";
import { AppError } from "../../../shared/errors";
import { emailsOf } from "../../auth/users.repository";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import type { MailOutbox } from "../../mail/outbox";
import { noticeMail } from "../../mail/templates";
import { mailWords } from "../../mail/words";
import type { ProfileService } from "../profile/service";
import { type Agency, agencyById, insertAgency, updateAgency } from "./agencies.repository";
import { recordAgencyEvent } from "./agency-events.repository";
import {
  deleteInvitation,
  invitationsOf,
  invitationsTo,
  lockedInvitation,
  upsertInvitation,
} from "./agency-invitations.repository";
import {
  type AgencyMember,
  deleteMember,
  insertMember,
  lockedAdminCount,
  membershipOf,
  membershipsOf,
  membersOf,
  updateMember,
} from "./agency-members.repository";

/*
 * Imobiliárias (issue 34, decision 059): an agency is created by a person, who becomes its first
 * administrador; administradores invite people by e-mail with a role, change roles and remove
 * members; anyone may leave; an agency always keeps an administrador. Only members see the
 * agency; only administradores see its invitations or change it.
 */

/** Days an invitation stays open. */
export const INVITATION_DAYS = 7;

export interface AgencyDeps {
  pool: pg.Pool;
  clock: Clock;
  outbox: MailOutbox;
  profiles: ProfileService;
  publicUrl: string;
}

const nameOf = (a: Pick<Agency, "razao_social" | "nome_fantasia">) => a.nome_fantasia ?? a.razao_social;

export class AgencyService {
  constructor(private readonly deps: AgencyDeps) {}

  /**
   * `userId`'s membership of `agencyId` when its role may work in `area`: 404 agency-not-found for
   * someone outside it (nothing says it exists), 403 unauthorized for a member whose role may not.
   */
  async require(
    c: Queryable,
    userId: string,
    agencyId: string,
    area: AgencyArea,
    lock = false,
  ): Promise<AgencyMember> {
    const member = await membershipOf(c, agencyId, userId, lock);
    if (!member) throw new AppError("agency-not-found");
    if (!mayWork(member.role, area)) throw new AppError("unauthorized");
    return member;
  }

  async mine(userId: string): Promise<MyAgencies> {
    const [email] = await emailsOf(this.deps.pool, [userId]);
    const memberships = await membershipsOf(this.deps.pool, userId);
    const invitations = email ? await invitationsTo(this.deps.pool, email, this.deps.clock.now()) : [];
    const mine = new Set(memberships.map((m) => m.agency_id));
    return {
      agencias: memberships.map((m) => ({
        id: m.agency_id,
        nome: nameOf(m),
        papel: m.role,
        areas: [...ROLE_AREAS[m.role]],
      })),
      convites: invitations
        .filter((i) => !mine.has(i.agency_id))
        .map((i) => ({
          id: i.id,
          agencia: nameOf(i),
          papel: i.role,
          convidadoPor: i.inviter ?? "",
          expiraEm: i.expires_at.toISOString(),
        })),
    };
  }

  async create(userId: string, d: AgencyData): Promise<AgencyView> {
    const id = randomUUID();
    await withTransaction(this.deps.pool, async (c) => {
      // Whoever creates it answers for it first: the contracts it signs will qualify them.
      await this.deps.profiles.requireComplete(userId, c);
      try {
        await insertAgency(c, id, userId, d);
      } catch (err) {
        if ((err as { code?: string }).code === "23505") throw new AppError("agency-cnpj-taken");
        throw err;
      }
      await insertMember(c, id, userId, "administrador");
      await recordAgencyEvent(c, { agency_id: id, actor_id: userId, action: "criou" });
    });
    return this.view(userId, id);
  }

  async view(userId: string, agencyId: string, c: Queryable = this.deps.pool): Promise<AgencyView> {
    const member = await membershipOf(c, agencyId, userId);
    const agency = member ? await agencyById(c, agencyId) : undefined;
    if (!member || !agency) throw new AppError("agency-not-found");
    const admin = mayWork(member.role, "equipe");
    return {
      id: agency.id,
      razaoSocial: agency.razao_social,
      nomeFantasia: agency.nome_fantasia,
      cnpj: agency.cnpj,
      endereco: {
        cep: agency.cep,
        logradouro: agency.logradouro,
        numero: agency.numero,
        complemento: agency.complemento,
        bairro: agency.bairro,
        cidade: agency.cidade,
        uf: agency.uf,
      },
      creci: { numero: agency.creci_numero, uf: agency.creci_uf },
      meuPapel: member.role,
      areas: [...ROLE_AREAS[member.role]],
      membros: (await membersOf(c, agencyId)).map((m) => ({
        userId: m.user_id,
        nome: m.name,
        // A team sees each other's e-mail; nobody outside does.
        email: m.email,
        papel: m.role,
        creci: m.creci_numero && m.creci_uf ? { numero: m.creci_numero, uf: m.creci_uf } : null,
        desde: m.joined_at.toISOString(),
      })),
      convites: admin
        ? (await invitationsOf(c, agencyId, this.deps.clock.now())).map((i) => ({
            id: i.id,
            email: i.email,
            papel: i.role,
            convidadoPor: i.inviter ?? "",
            expiraEm: i.expires_at.toISOString(),
          }))
        : [],
    };
  }

  async update(userId: string, agencyId: string, d: AgencyData): Promise<AgencyView> {
    await withTransaction(this.deps.pool, async (c) => {
      await this.require(c, userId, agencyId, "equipe");
      try {
        await updateAgency(c, agencyId, d);
      } catch (err) {
        if ((err as { code?: string }).code === "23505") throw new AppError("agency-cnpj-taken");
        throw err;
      }
      await recordAgencyEvent(c, { agency_id: agencyId, actor_id: userId, action: "editou_agencia" });
    });
    return this.view(userId, agencyId);
  }

  async invite(userId: string, agencyId: string, input: InvitationInput): Promise<AgencyView> {
    const { email, papel } = invitationInput.parse(input);
    await withTransaction(this.deps.pool, async (c) => {
      await this.require(c, userId, agencyId, "equipe");
      const members = await membersOf(c, agencyId);
      if (members.some((m) => m.email.toLowerCase() === email)) throw new AppError("already-member");
      const agency = (await agencyById(c, agencyId)) as Agency;
      const inviter = members.find((m) => m.user_id === userId)?.name ?? "";
      const expires = new Date(this.deps.clock.now().getTime() + INVITATION_DAYS * 86_400_000);
      await upsertInvitation(c, {
        id: randomUUID(),
        agency_id: agencyId,
        email,
        role: papel,
        invited_by: userId,
        expires_at: expires,
      });
      await recordAgencyEvent(c, {
        agency_id: agencyId,
        actor_id: userId,
        action: "convidou",
        subject: `convite:${email}`,
        detail: papel,
      });
      // The invitation goes by e-mail, in the language of the account with that e-mail if any; it
      // is accepted signed in with that (confirmed) e-mail, from /Imobiliaria.
      const language = await this.deps.outbox.languageOf(c, email);
      const words = mailWords(
        {
          key: "agency.invite",
          params: {
            agency: nameOf(agency),
            inviter,
            role: { t: `agencies.roleArea.${papel}` },
            days: INVITATION_DAYS,
          },
        },
        `${this.deps.publicUrl}/Imobiliaria`,
      )(language);
      await this.deps.outbox.queue(c, email, noticeMail({ name: "", language, ...words }));
    });
    return this.view(userId, agencyId);
  }

  async revokeInvitation(userId: string, agencyId: string, invitationId: string): Promise<AgencyView> {
    await withTransaction(this.deps.pool, async (c) => {
      await this.require(c, userId, agencyId, "equipe");
      const invitation = await lockedInvitation(c, invitationId);
      if (invitation?.agency_id !== agencyId) throw new AppError("invitation-not-found");
      await deleteInvitation(c, invitationId);
      await recordAgencyEvent(c, {
        agency_id: agencyId,
        actor_id: userId,
        action: "cancelou_convite",
        subject: `convite:${invitation.email}`,
      });
    });
    return this.view(userId, agencyId);
  }

  /** Accepts (or declines) an invitation addressed to the caller's own e-mail. */
  async answer(userId: string, invitationId: string, accept: boolean): Promise<MyAgencies> {
    await withTransaction(this.deps.pool, async (c) => {
      const invitation = await lockedInvitation(c, invitationId);
      const [email] = await emailsOf(c, [userId]);
      // Someone else's invitation does not exist for the caller.
      if (!invitation || !email || invitation.email.toLowerCase() !== email.toLowerCase())
        throw new AppError("invitation-not-found");
      if (invitation.expires_at <= this.deps.clock.now()) throw new AppError("invitation-expired");
      await deleteInvitation(c, invitationId);
      if (!accept) {
        await recordAgencyEvent(c, {
          agency_id: invitation.agency_id,
          actor_id: userId,
          action: "recusou_convite",
          subject: `membro:${userId}`,
        });
        return;
      }
      if (await membershipOf(c, invitation.agency_id, userId)) return;
      await insertMember(c, invitation.agency_id, userId, invitation.role);
      await recordAgencyEvent(c, {
        agency_id: invitation.agency_id,
        actor_id: userId,
        action: "entrou",
        subject: `membro:${userId}`,
        detail: invitation.role,
      });
    });
    return this.mine(userId);
  }

  async updateMember(
    userId: string,
    agencyId: string,
    memberId: string,
    input: MemberUpdate,
  ): Promise<AgencyView> {
    const { papel, creci } = memberUpdate.parse(input);
    await withTransaction(this.deps.pool, async (c) => {
      await this.require(c, userId, agencyId, "equipe");
      const admins = await lockedAdminCount(c, agencyId);
      const member = await membershipOf(c, agencyId, memberId, true);
      if (!member) throw new AppError("member-not-found");
      if (member.role === "administrador" && papel !== "administrador" && admins <= 1)
        throw new AppError("last-admin");
      const keep =
        member.creci_numero && member.creci_uf ? { numero: member.creci_numero, uf: member.creci_uf } : null;
      await updateMember(c, agencyId, memberId, papel, creci === undefined ? keep : creci);
      await recordAgencyEvent(c, {
        agency_id: agencyId,
        actor_id: userId,
        action: "mudou_papel",
        subject: `membro:${memberId}`,
        detail: papel,
      });
    });
    return this.view(userId, agencyId);
  }

  /** An administrador removes a member, or a member leaves; the last administrador stays. */
  async removeMember(userId: string, agencyId: string, memberId: string): Promise<void> {
    await withTransaction(this.deps.pool, async (c) => {
      if (memberId !== userId) await this.require(c, userId, agencyId, "equipe");
      else if (!(await membershipOf(c, agencyId, userId))) throw new AppError("agency-not-found");
      const admins = await lockedAdminCount(c, agencyId);
      const member = await membershipOf(c, agencyId, memberId, true);
      if (!member) throw new AppError("member-not-found");
      if (member.role === "administrador" && admins <= 1) throw new AppError("last-admin");
      await deleteMember(c, agencyId, memberId);
      await recordAgencyEvent(c, {
        agency_id: agencyId,
        actor_id: userId,
        action: memberId === userId ? "saiu" : "removeu",
        subject: `membro:${memberId}`,
      });
    });
  }
}
